// /shops/:shopId/catalogue: the shop's products out and in as CSV (decision 039). Export saves
// the file; import first sends the chosen file as a dry run and lists each row's errors, and
// only a file without errors can then be imported, all or nothing, with its upload's progress.
import { useState, type ChangeEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import {
  CATALOGUE_CSV_TOO_LARGE,
  MAX_CATALOGUE_CSV_BYTES,
  catalogueImportRefusalSchema,
  type CatalogueImportResult,
  type CatalogueRowError,
} from '@soko/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { focusRing, primaryButton, secondaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import {
  CATALOGUE_NOT_SENT,
  downloadCatalogueCsv,
  uploadCatalogueCsv,
} from '../api/shop-catalogue';
import { ShopScreen } from './shop-screen';
import { type OwnerKey, type Translate } from '../../../lib/i18n';
import { useOwnerT } from '../../../lib/staff-i18n';

export function ShopCataloguePage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopCatalogue key={shopId} shopId={shopId} />;
}

type Phase = 'idle' | 'checking' | 'checked' | 'importing' | 'done';

function summary(result: CatalogueImportResult, done: boolean, t: Translate<OwnerKey>): string {
  const counts = { rows: result.rows, ...result.products };
  return done ? t('owner.catalogue.imported', counts) : t('owner.catalogue.readyToImport', counts);
}

const messageOf = (error: unknown, t: Translate<OwnerKey>) =>
  !(error instanceof ApiError)
    ? t('owner.catalogue.somethingWentWrong')
    : error.code === CATALOGUE_NOT_SENT
      ? t('owner.catalogue.notSent')
      : error.message;

/** A refused import's rows (400 invalid_rows), or none for any other failure. */
function refusedRows(error: unknown): { errors: CatalogueRowError[]; errorCount: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'invalid_rows') return null;
  const parsed = catalogueImportRefusalSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

function ShopCatalogue({ shopId }: { shopId: string }) {
  const t = useOwnerT();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<CatalogueImportResult | null>(null);
  const [rowErrors, setRowErrors] = useState<{
    errors: CatalogueRowError[];
    errorCount: number;
  } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const send = async (chosen: File, dryRun: boolean) => {
    setPhase(dryRun ? 'checking' : 'importing');
    setProgress(0);
    setFailure(null);
    setRowErrors(null);
    try {
      const answer = await uploadCatalogueCsv(shopId, chosen, dryRun, setProgress);
      setResult(answer);
      if (answer.errorCount > 0) setRowErrors(answer);
      setPhase(dryRun ? 'checked' : 'done');
    } catch (error) {
      setResult(null);
      setRowErrors(refusedRows(error));
      setFailure(messageOf(error, t));
      setPhase('idle');
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setResult(null);
    setRowErrors(null);
    setFailure(null);
    setPhase('idle');
    if (!chosen) return;
    // Refused here rather than after minutes of uploading what the server will not read.
    if (chosen.size > MAX_CATALOGUE_CSV_BYTES) {
      setFailure(CATALOGUE_CSV_TOO_LARGE);
      return;
    }
    void send(chosen, true);
  };

  const exportCsv = async () => {
    setExporting(true);
    setFailure(null);
    try {
      await downloadCatalogueCsv(shopId);
    } catch {
      setFailure(t('owner.catalogue.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const busy = phase === 'checking' || phase === 'importing';
  const ready = phase === 'checked' && result !== null && result.errorCount === 0;

  return (
    <ShopScreen id="catalogue" title={t('owner.catalogue.catalogue')} spacing="space-y-6">
      <section aria-labelledby="export-heading" className="space-y-2">
        <h2 id="export-heading" className="text-lg font-semibold">
          {t('owner.catalogue.export')}
        </h2>
        <p className="text-sm text-stone-600">{t('owner.catalogue.everyProductAsARow')}</p>
        <button
          type="button"
          className={secondaryButton}
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {exporting ? t('owner.catalogue.exporting') : t('owner.catalogue.exportCsv')}
        </button>
      </section>

      <section aria-labelledby="import-heading" className="space-y-3">
        <h2 id="import-heading" className="text-lg font-semibold">
          {t('owner.catalogue.importCsv')}
        </h2>
        <p className="text-sm text-stone-600">{t('owner.catalogue.productsAreMatchedBySku')}</p>
        <label className="block text-sm font-medium text-stone-800">
          {t('owner.catalogue.csvFile')}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={choose}
            disabled={busy}
            className={`mt-1 block w-full text-sm ${focusRing}`}
          />
        </label>

        {busy && (
          <div className="space-y-1">
            <p className="text-sm text-stone-700">
              {phase === 'checking'
                ? t('owner.catalogue.checkingTheFile')
                : t('owner.catalogue.importing')}
              {progress < 1
                ? t('owner.catalogue.sent', { progress: Math.round(progress * 100) })
                : t('owner.catalogue.sentWaitingForTheServer')}
            </p>
            <progress
              aria-label={t('owner.catalogue.uploadProgress')}
              max={1}
              value={progress}
              className="h-2 w-full"
            />
          </div>
        )}

        <FormAlert>{failure}</FormAlert>
        {rowErrors && rowErrors.errorCount > 0 && (
          <div role="alert" className="space-y-2">
            <p className="font-semibold text-red-800">
              {t('owner.catalogue.errorsInFile', { count: rowErrors.errorCount })}
              {rowErrors.errors.length < rowErrors.errorCount &&
                t('owner.catalogue.theFirstAreListed', { errorsCount: rowErrors.errors.length })}
            </p>
            <ul
              aria-label={t('owner.catalogue.rowErrors')}
              className="list-disc space-y-1 pl-5 text-sm text-red-800"
            >
              {rowErrors.errors.map((error) => (
                <li key={`${error.row}-${error.column}`}>
                  {t('owner.catalogue.row', {
                    row: error.row,
                    column: error.column,
                    message: error.message,
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}

        <FormStatus
          message={
            result && result.errorCount === 0 && (phase === 'checked' || phase === 'done')
              ? summary(result, phase === 'done', t)
              : null
          }
        />
        {ready && result.newCategories.length > 0 && (
          <p className="text-sm text-stone-700">
            {t('owner.catalogue.newCategories', { newCategories: result.newCategories.join(', ') })}
          </p>
        )}
        {ready && file && (
          <button type="button" className={primaryButton} onClick={() => void send(file, false)}>
            {t('owner.catalogue.import')}
          </button>
        )}
        {phase === 'done' && (
          <Link
            to={`/add-products/${encodeURIComponent(shopId)}`}
            className={`inline-block font-semibold text-brand-800 underline ${focusRing}`}
          >
            {t('owner.catalogue.seeTheProducts')}
          </Link>
        )}
      </section>
    </ShopScreen>
  );
}
