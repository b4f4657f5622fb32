// /admin/payouts: what the marketplace owes each shop, most owed first; an admin records money
// paid to a shop (never more than it is owed: the server decides), sets a shop's commission or
// puts it back on the marketplace's rate, and downloads the list as CSV for the bank run.
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  commissionPercentSchema,
  formatKsh,
  LEDGER_SHOPS_PAGE_SIZE,
  pageCount,
  parsePageParam,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  payoutRequestSchema,
  type PayoutRequest,
  type ShopOwed,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton, secondaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import type { AdminKey, Translate } from '../../../lib/i18n';
import {
  downloadLedgerCsv,
  ledgerKeys,
  recordPayout,
  setCommission,
  useLedgerShops,
} from '../api/ledger-api';
import { AdminGuard } from './admin-guard';
import { Pagination } from '../../catalog';
import { LoadFailed, Loading } from '../../../components/load-state';
import { useAdminT } from '../../../lib/staff-i18n';

export function PayoutsPage() {
  return (
    <AdminGuard>
      <Payouts />
    </AdminGuard>
  );
}

/** A failure's words for the form: the server's own when it explains (409, 400), else ours. */
const failureText = (caught: unknown, fallback: string) =>
  caught instanceof ApiError && caught.status < 500 ? caught.message : fallback;

function Payouts() {
  const t = useAdminT();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const owed = useLedgerShops(page);
  const [status, setStatus] = useState<string | null>(null);
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const pages = pageCount(owed.data?.total ?? 0, LEDGER_SHOPS_PAGE_SIZE);
  const go = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});

  const download = async () => {
    setDownloading(true);
    setDownloadFailure(null);
    try {
      await downloadLedgerCsv();
    } catch {
      setDownloadFailure(t('admin.payouts.csvFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section
      aria-labelledby="payouts-heading"
      aria-busy={owed.isFetching}
      className="mx-auto max-w-4xl space-y-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="payouts-heading" className="text-2xl font-bold text-stone-900">
          {t('admin.payouts.payouts')}
        </h1>
        <Link to="/admin" className={`text-sm font-semibold text-brand-800 underline ${focusRing}`}>
          {t('admin.common.backToTheDashboard')}
        </Link>
      </div>
      <FormStatus message={status} />
      <FormAlert>{downloadFailure}</FormAlert>
      {owed.isPending ? (
        <Loading>{t('admin.payouts.loadingWhatEachShopIs')}</Loading>
      ) : owed.isError ? (
        <LoadFailed onRetry={owed.refetch}>{t('admin.payouts.failedToLoadWhatEach')}</LoadFailed>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4">
            <p>
              <span className="block text-sm text-stone-600">
                {t('admin.payouts.owedToAllShops')}
              </span>
              <span className="text-2xl font-bold tabular-nums">
                {formatKsh(owed.data.totalOwed)}
              </span>
              <span className="block text-sm text-stone-600">
                {t('admin.payouts.availableToPayOutPending', {
                  totalAvailable: formatKsh(owed.data.totalAvailable),
                  totalPending: formatKsh(owed.data.totalPending),
                })}
              </span>
              <span className="block text-sm text-stone-600">
                {t('admin.payouts.commissionUnlessAShopHas', {
                  defaultCommissionPercent: owed.data.defaultCommissionPercent,
                })}
              </span>
            </p>
            <button
              type="button"
              disabled={downloading}
              onClick={() => void download()}
              className={secondaryButton}
            >
              {downloading ? t('admin.payouts.preparingTheCsv') : t('admin.payouts.downloadCsv')}
            </button>
          </div>
          {owed.data.shops.length === 0 ? (
            <p className="text-stone-600">{t('admin.payouts.thereAreNoShopsYet')}</p>
          ) : (
            <ul className="space-y-4">
              {owed.data.shops.map((shop) => (
                <li key={shop.shopId}>
                  <ShopCard
                    shop={shop}
                    defaultPercent={owed.data.defaultCommissionPercent}
                    onDone={setStatus}
                  />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <Pagination
              page={page}
              pageCount={pages}
              onPageChange={go}
              label={t('admin.payouts.shopPages')}
            />
          )}
        </>
      )}
    </section>
  );
}

function ShopCard({
  shop,
  defaultPercent,
  onDone,
}: {
  shop: ShopOwed;
  defaultPercent: number;
  onDone: (message: string) => void;
}) {
  const t = useAdminT();
  const [open, setOpen] = useState<'payout' | 'commission' | null>(null);
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-stone-200 p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-semibold">
            {shop.shopName}
          </h2>
          <p className="truncate text-sm text-stone-600">{shop.ownerEmail}</p>
        </div>
        <p className="text-right">
          <span className="block text-sm text-stone-600">{t('admin.payouts.owed')}</span>
          <span className="text-xl font-bold tabular-nums">{formatKsh(shop.balance)}</span>
        </p>
      </header>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-stone-600">{t('admin.payouts.available')}</dt>
          <dd className="font-semibold tabular-nums">{formatKsh(shop.available)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('admin.payouts.pendingDelivery')}</dt>
          <dd className="tabular-nums">{formatKsh(shop.pending)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('admin.payouts.earned')}</dt>
          <dd className="tabular-nums">{formatKsh(shop.earned)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('admin.payouts.paidOut')}</dt>
          <dd className="tabular-nums">{formatKsh(shop.paidOut)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('admin.payouts.commission')}</dt>
          <dd>
            {shop.commissionPercent}%{shop.commissionIsDefault ? t('admin.payouts.default') : ''}
          </dd>
        </div>
      </dl>
      {open === 'payout' ? (
        <PayoutForm
          shop={shop}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            onDone(message);
          }}
        />
      ) : open === 'commission' ? (
        <CommissionForm
          shop={shop}
          defaultPercent={defaultPercent}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            onDone(message);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={shop.available <= 0}
            onClick={() => setOpen('payout')}
            className={primaryButton}
          >
            {t('admin.payouts.recordPayout')}
          </button>
          <button type="button" onClick={() => setOpen('commission')} className={secondaryButton}>
            {t('admin.payouts.setCommission')}
          </button>
          <Link
            to={`/shops/${encodeURIComponent(shop.shopId)}/balance`}
            aria-label={t('admin.payouts.historyOf', { shopName: shop.shopName })}
            className={`${secondaryButton} inline-flex items-center`}
          >
            {t('admin.payouts.history')}
          </Link>
        </div>
      )}
    </article>
  );
}

const METHOD_OPTIONS = PAYOUT_METHODS.map((method) => ({
  value: method,
  label: PAYOUT_METHOD_LABELS[method],
}));

function PayoutForm({
  shop,
  onClose,
  onDone,
}: {
  shop: ShopOwed;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const form = useZodForm(payoutRequestSchema, {
    defaultValues: {
      amount: Math.max(shop.available, 0),
      method: 'mpesa',
      reference: '',
      note: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (payout: PayoutRequest) => {
    setFailure(null);
    try {
      await recordPayout(shop.shopId, payout);
      onDone(
        t('admin.payouts.recorded', { amount: formatKsh(payout.amount), shopName: shop.shopName }),
      );
    } catch (caught) {
      applyServerFieldErrors(form, caught);
      setFailure(failureText(caught, t('admin.payouts.recordFailed')));
    } finally {
      // Either way the balance may have moved (another admin, a cancelled order).
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all() });
    }
  });

  return (
    <form
      noValidate
      aria-label={t('admin.payouts.payoutTo', { shopName: shop.shopName })}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3 rounded-md border border-stone-200 bg-stone-50 p-3"
    >
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('admin.payouts.amountKsh')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          hint={t('admin.payouts.atMostWhatTheShop', { available: formatKsh(shop.available) })}
          error={errors.amount?.message}
          {...form.register('amount', { valueAsNumber: true })}
        />
        <Field
          label={t('admin.payouts.paidBy')}
          options={METHOD_OPTIONS}
          error={errors.method?.message}
          {...form.register('method')}
        />
        <Field
          label={t('admin.payouts.reference')}
          hint={t('admin.payouts.theMPesaCodeOr')}
          autoComplete="off"
          error={errors.reference?.message}
          {...form.register('reference')}
        />
        <Field
          label={t('admin.payouts.noteOptional')}
          error={errors.note?.message}
          {...form.register('note')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('admin.payouts.recording') : t('admin.payouts.recordPayout')}
        </button>
        <button type="button" onClick={onClose} className={secondaryButton}>
          {t('owner.common.cancel')}
        </button>
      </div>
    </form>
  );
}

// Blank means the marketplace's rate; anything else is the shop's own. The contract words a
// refusal; its fallback is the admin's screens' (decision 050).
const makeCommissionFormSchema = (t: Translate<AdminKey>) =>
  z.object({
    commissionPercent: z
      .string()
      .trim()
      .transform((text, context) => {
        if (text === '') return null;
        const parsed = commissionPercentSchema.safeParse(Number(text));
        if (parsed.success) return parsed.data;
        context.addIssue({
          code: 'custom',
          message: parsed.error.issues[0]?.message ?? t('admin.payouts.mustBeAPercentage'),
        });
        return z.NEVER;
      }),
  });

function CommissionForm({
  shop,
  defaultPercent,
  onClose,
  onDone,
}: {
  shop: ShopOwed;
  defaultPercent: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const form = useZodForm(makeCommissionFormSchema(t), {
    defaultValues: {
      commissionPercent: shop.commissionIsDefault ? '' : String(shop.commissionPercent),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ commissionPercent }) => {
    setFailure(null);
    try {
      await setCommission(shop.shopId, commissionPercent);
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all() });
      onDone(
        commissionPercent === null
          ? t('admin.payouts.paysDefault', { shopName: shop.shopName, percent: defaultPercent })
          : t('admin.payouts.paysOwn', { shopName: shop.shopName, percent: commissionPercent }),
      );
    } catch (caught) {
      applyServerFieldErrors(form, caught);
      setFailure(failureText(caught, t('admin.payouts.commissionFailed')));
    }
  });

  return (
    <form
      noValidate
      aria-label={t('admin.payouts.commissionOf', { shopName: shop.shopName })}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3 rounded-md border border-stone-200 bg-stone-50 p-3"
    >
      <FormAlert>{failure}</FormAlert>
      <Field
        label={t('admin.payouts.commissionPercent')}
        inputMode="decimal"
        hint={t('admin.payouts.blankForTheMarketplacesRate', { defaultPercent })}
        error={errors.commissionPercent?.message}
        {...form.register('commissionPercent')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('owner.common.saving') : t('admin.payouts.saveCommission')}
        </button>
        <button type="button" onClick={onClose} className={secondaryButton}>
          {t('owner.common.cancel')}
        </button>
      </div>
    </form>
  );
}
