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
import { downloadCatalogueCsv, uploadCatalogueCsv } from '../api/shop-catalogue';
import { usePageHeading } from './use-page-heading';

export const CATALOGUE_EXPORT_FAILED = 'The catalogue could not be exported. Please try again.';

export function ShopCataloguePage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopCatalogue key={shopId} shopId={shopId} />;
}

type Phase = 'idle' | 'checking' | 'checked' | 'importing' | 'done';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function summary(result: CatalogueImportResult, done: boolean): string {
  const { created, updated, unchanged } = result.products;
  const rows = plural(result.rows, 'row');
  return done
    ? `Imported ${rows}: ${plural(created, 'product')} created, ${updated} updated, ${unchanged} unchanged.`
    : `Ready to import ${rows}: ${plural(created, 'product')} to create, ${updated} to update, ${unchanged} unchanged.`;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/** A refused import's rows (400 invalid_rows), or none for any other failure. */
function refusedRows(error: unknown): { errors: CatalogueRowError[]; errorCount: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'invalid_rows') return null;
  const parsed = catalogueImportRefusalSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

function ShopCatalogue({ shopId }: { shopId: string }) {
  usePageHeading('Catalogue');
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
      setFailure(messageOf(error));
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
      setFailure(CATALOGUE_EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  const busy = phase === 'checking' || phase === 'importing';
  const ready = phase === 'checked' && result !== null && result.errorCount === 0;

  return (
    <section aria-labelledby="catalogue-heading" className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="catalogue-heading" className="text-2xl font-bold text-stone-900">
          Catalogue
        </h1>
        <Link to="/shops" className={`text-sm font-semibold text-brand-800 underline ${focusRing}`}>
          Back to shops
        </Link>
      </div>

      <section aria-labelledby="export-heading" className="space-y-2">
        <h2 id="export-heading" className="text-lg font-semibold">
          Export
        </h2>
        <p className="text-sm text-stone-600">
          Every product as a row (a row per option), with its SKU, price in Ksh, stock, category and
          picture links. Edit it in a spreadsheet and import it back.
        </p>
        <button
          type="button"
          className={secondaryButton}
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </section>

      <section aria-labelledby="import-heading" className="space-y-3">
        <h2 id="import-heading" className="text-lg font-semibold">
          Import CSV
        </h2>
        <p className="text-sm text-stone-600">
          Products are matched by SKU: a known SKU is updated, a new one created. The file is
          checked first; nothing is written until you import a file without errors.
        </p>
        <label className="block text-sm font-medium text-stone-800">
          CSV file
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
              {phase === 'checking' ? 'Checking the file...' : 'Importing...'}
              {progress < 1
                ? ` ${Math.round(progress * 100)}% sent`
                : ' Sent; waiting for the server.'}
            </p>
            <progress
              aria-label="Upload progress"
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
              {plural(rowErrors.errorCount, 'error')} in the file: fix{' '}
              {rowErrors.errorCount === 1 ? 'it' : 'them'} and choose the file again.
              {rowErrors.errors.length < rowErrors.errorCount &&
                ` The first ${rowErrors.errors.length} are listed.`}
            </p>
            <ul aria-label="Row errors" className="list-disc space-y-1 pl-5 text-sm text-red-800">
              {rowErrors.errors.map((error) => (
                <li key={`${error.row}-${error.column}`}>
                  Row {error.row}, {error.column}: {error.message}
                </li>
              ))}
            </ul>
          </div>
        )}

        <FormStatus
          message={
            result && result.errorCount === 0 && (phase === 'checked' || phase === 'done')
              ? summary(result, phase === 'done')
              : null
          }
        />
        {ready && result.newCategories.length > 0 && (
          <p className="text-sm text-stone-700">
            New categories: {result.newCategories.join(', ')}.
          </p>
        )}
        {ready && file && (
          <button type="button" className={primaryButton} onClick={() => void send(file, false)}>
            Import
          </button>
        )}
        {phase === 'done' && (
          <Link
            to={`/add-products/${encodeURIComponent(shopId)}`}
            className={`inline-block font-semibold text-brand-800 underline ${focusRing}`}
          >
            See the products
          </Link>
        )}
      </section>
    </section>
  );
}
