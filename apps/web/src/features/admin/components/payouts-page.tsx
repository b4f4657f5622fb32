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
      setDownloadFailure('Failed to download the CSV. Please try again.');
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
          Payouts
        </h1>
        <Link to="/admin" className={`text-sm font-semibold text-brand-800 underline ${focusRing}`}>
          Back to the dashboard
        </Link>
      </div>
      <FormStatus message={status} />
      <FormAlert>{downloadFailure}</FormAlert>
      {owed.isPending ? (
        <Loading>Loading what each shop is owed...</Loading>
      ) : owed.isError ? (
        <LoadFailed onRetry={owed.refetch}>
          Failed to load what each shop is owed. Please try again later.
        </LoadFailed>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4">
            <p>
              <span className="block text-sm text-stone-600">Owed to all shops</span>
              <span className="text-2xl font-bold tabular-nums">
                {formatKsh(owed.data.totalOwed)}
              </span>
              <span className="block text-sm text-stone-600">
                {formatKsh(owed.data.totalAvailable)} available to pay out,{' '}
                {formatKsh(owed.data.totalPending)} pending delivery
              </span>
              <span className="block text-sm text-stone-600">
                Commission unless a shop has its own: {owed.data.defaultCommissionPercent}%
              </span>
            </p>
            <button
              type="button"
              disabled={downloading}
              onClick={() => void download()}
              className={secondaryButton}
            >
              {downloading ? 'Preparing the CSV...' : 'Download CSV'}
            </button>
          </div>
          {owed.data.shops.length === 0 ? (
            <p className="text-stone-600">There are no shops yet.</p>
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
            <Pagination page={page} pageCount={pages} onPageChange={go} label="Shop pages" />
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
          <span className="block text-sm text-stone-600">Owed</span>
          <span className="text-xl font-bold tabular-nums">{formatKsh(shop.balance)}</span>
        </p>
      </header>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-stone-600">Available</dt>
          <dd className="font-semibold tabular-nums">{formatKsh(shop.available)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Pending delivery</dt>
          <dd className="tabular-nums">{formatKsh(shop.pending)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Earned</dt>
          <dd className="tabular-nums">{formatKsh(shop.earned)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Paid out</dt>
          <dd className="tabular-nums">{formatKsh(shop.paidOut)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Commission</dt>
          <dd>
            {shop.commissionPercent}%{shop.commissionIsDefault ? ' (default)' : ''}
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
            Record payout
          </button>
          <button type="button" onClick={() => setOpen('commission')} className={secondaryButton}>
            Set commission
          </button>
          <Link
            to={`/shops/${encodeURIComponent(shop.shopId)}/balance`}
            aria-label={`History of ${shop.shopName}`}
            className={`${secondaryButton} inline-flex items-center`}
          >
            History
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
      onDone(`Recorded a payout of ${formatKsh(payout.amount)} to ${shop.shopName}.`);
    } catch (caught) {
      applyServerFieldErrors(form, caught);
      setFailure(failureText(caught, 'Failed to record the payout. Please try again.'));
    } finally {
      // Either way the balance may have moved (another admin, a cancelled order).
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all() });
    }
  });

  return (
    <form
      noValidate
      aria-label={`Payout to ${shop.shopName}`}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3 rounded-md border border-stone-200 bg-stone-50 p-3"
    >
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Amount (Ksh)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          hint={`At most ${formatKsh(shop.available)}, what the shop is owed for delivered orders.`}
          error={errors.amount?.message}
          {...form.register('amount', { valueAsNumber: true })}
        />
        <Field
          label="Paid by"
          options={METHOD_OPTIONS}
          error={errors.method?.message}
          {...form.register('method')}
        />
        <Field
          label="Reference"
          hint="The M-Pesa code or bank reference."
          autoComplete="off"
          error={errors.reference?.message}
          {...form.register('reference')}
        />
        <Field label="Note (optional)" error={errors.note?.message} {...form.register('note')} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Recording...' : 'Record payout'}
        </button>
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// Blank means the marketplace's rate; anything else is the shop's own.
const commissionFormSchema = z.object({
  commissionPercent: z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === '') return null;
      const parsed = commissionPercentSchema.safeParse(Number(text));
      if (parsed.success) return parsed.data;
      context.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? 'Must be a percentage.',
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
  const queryClient = useQueryClient();
  const form = useZodForm(commissionFormSchema, {
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
          ? `${shop.shopName} pays the marketplace's commission (${defaultPercent}%) on new sales.`
          : `${shop.shopName} pays ${commissionPercent}% commission on new sales.`,
      );
    } catch (caught) {
      applyServerFieldErrors(form, caught);
      setFailure(failureText(caught, 'Failed to save the commission. Please try again.'));
    }
  });

  return (
    <form
      noValidate
      aria-label={`Commission of ${shop.shopName}`}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3 rounded-md border border-stone-200 bg-stone-50 p-3"
    >
      <FormAlert>{failure}</FormAlert>
      <Field
        label="Commission (%)"
        inputMode="decimal"
        hint={`Blank for the marketplace's rate (${defaultPercent}%). Applies to new sales only.`}
        error={errors.commissionPercent?.message}
        {...form.register('commissionPercent')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Saving...' : 'Save commission'}
        </button>
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}
