// /shops/:shopId/balance: what the marketplace owes the shop, and every entry that made it so,
// newest first with the balance after each: sales credited less the commission, their undoing
// when a part is cancelled or its payment reversed, and the payouts an admin recorded.
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import {
  formatKsh,
  LEDGER_ENTRY_LABELS,
  LEDGER_PAGE_SIZE,
  pageCount,
  parsePageParam,
  PAYOUT_METHOD_LABELS,
  type LedgerEntry,
} from '@soko/contract';
import { focusRing } from '../../../components/form-styles';
import { useSession } from '../../../lib/session';
import { useShopLedger } from '../api/shop-ledger';
import { usePageHeading } from './use-page-heading';
import { Pagination } from '../../catalog';
import { LoadFailed, Loading } from '../../../components/load-state';
import { type OwnerKey, type Translate } from '../../../lib/i18n';
import { useOwnerT } from '../../../lib/staff-i18n';

const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

export function ShopBalancePage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopBalance key={shopId} shopId={shopId} />;
}

/** What an entry was, in the owner's words. */
function entryText(entry: LedgerEntry, t: Translate<OwnerKey>): string {
  if (entry.kind === 'payout') {
    const payout = entry.method
      ? t('owner.balance.payoutBy', { method: PAYOUT_METHOD_LABELS[entry.method] })
      : t('owner.balance.payout');
    return entry.reference
      ? t('owner.balance.withReference', { text: payout, reference: entry.reference })
      : payout;
  }
  const label = LEDGER_ENTRY_LABELS[entry.kind];
  if (entry.gross === null || entry.commission === null) return label;
  return t('owner.balance.sale', {
    label,
    gross: formatKsh(Math.abs(entry.gross)),
    commission: formatKsh(Math.abs(entry.commission)),
    percent: entry.commissionPercent ?? 0,
  });
}

function ShopBalance({ shopId }: { shopId: string }) {
  const t = useOwnerT();
  usePageHeading(t('owner.balance.balance'));
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const ledger = useShopLedger(shopId, page);
  const pages = pageCount(ledger.data?.total ?? 0, LEDGER_PAGE_SIZE);
  const go = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});

  return (
    <section
      aria-labelledby="balance-heading"
      aria-busy={ledger.isFetching}
      className="mx-auto max-w-4xl space-y-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="balance-heading" className="text-2xl font-bold text-stone-900">
          {ledger.data
            ? t('owner.common.titleOfShop', {
                title: t('owner.balance.balance'),
                shopName: ledger.data.shopName,
              })
            : t('owner.balance.balance')}
        </h1>
        <Link to="/shops" className={`text-sm font-semibold text-brand-800 underline ${focusRing}`}>
          {t('owner.common.backToShops')}
        </Link>
      </div>
      {ledger.isPending ? (
        <Loading>{t('owner.balance.loadingTheBalance')}</Loading>
      ) : ledger.isError ? (
        <LoadFailed onRetry={ledger.refetch}>
          {t('owner.balance.failedToLoadTheBalance')}
        </LoadFailed>
      ) : (
        <>
          <dl className="grid gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-stone-600">{t('owner.balance.owedToTheShop')}</dt>
              <dd className="text-3xl font-bold tabular-nums text-stone-900">
                {formatKsh(ledger.data.balance)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">{t('owner.balance.availableToPayOut')}</dt>
              <dd className="text-lg font-semibold tabular-nums text-stone-900">
                {formatKsh(ledger.data.available)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">{t('owner.balance.pendingDelivery')}</dt>
              <dd className="text-lg font-semibold tabular-nums text-stone-900">
                {formatKsh(ledger.data.pending)}
              </dd>
              <dd className="text-sm text-stone-600">
                {t('owner.balance.paidSalesBecomeAvailableOnce')}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">{t('owner.balance.commissionOnNewSales')}</dt>
              <dd className="text-lg font-semibold text-stone-900">
                {ledger.data.commissionPercent}%
                {ledger.data.commissionIsDefault ? t('owner.balance.marketplaceRate') : ''}
              </dd>
            </div>
          </dl>
          {ledger.data.entries.length === 0 ? (
            <p className="text-stone-600">{t('owner.balance.nothingYetASaleShows')}</p>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-stone-200">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">
                  {t('owner.balance.balanceHistoryNewestFirst')}
                </caption>
                <thead className="bg-stone-100 text-stone-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t('owner.balance.date')}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('owner.balance.what')}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('owner.balance.order')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t('owner.balance.amount')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t('owner.balance.balance')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-200">
                  {ledger.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {when.format(new Date(entry.at))}
                      </td>
                      <td className="px-3 py-2">{entryText(entry, t)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{entry.orderNumber ?? ''}</td>
                      <td
                        className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${entry.amount < 0 ? 'text-red-800' : 'text-green-800'}`}
                      >
                        {entry.amount > 0 ? '+' : ''}
                        {formatKsh(entry.amount)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatKsh(entry.balanceAfter)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <Pagination
              page={page}
              pageCount={pages}
              onPageChange={go}
              label={t('owner.balance.historyPages')}
            />
          )}
        </>
      )}
    </section>
  );
}
