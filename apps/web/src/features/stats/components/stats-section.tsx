// The dashboards' opening section (issue 15): the last days' sales, orders, average order
// value, orders waiting to ship, sales and orders per day as charts, and the best sellers. Every
// figure comes computed from the server; this only shows it. The charts' library loads on
// demand (daily-chart.tsx), never in the shopper's first load.
import { useId, useState } from 'react';
import { formatKsh, STATS_PERIODS, type StatsOverview } from '@soko/contract';
import { focusRing } from '../../../components/form-styles';
import { useStats, type StatsScope } from '../api/get-stats';
import { DailyChart } from './daily-chart';
import { LoadFailed, Loading } from '../../../components/load-state';
import { useOwnerT } from '../../../lib/staff-i18n';

const wholeNumber = new Intl.NumberFormat('en-US');
const count = (n: number) => wholeNumber.format(n);

export function StatsSection({ shopId = null }: { shopId?: string | null }) {
  const t = useOwnerT();
  const [days, setDays] = useState<number>(30);
  const stats = useStats({ shopId } satisfies StatsScope, days);
  const headingId = useId();
  const title = t('owner.stats.lastDays', { days });

  return (
    <section aria-labelledby={headingId} className="mt-8 min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-stone-900">
          {title}
        </h2>
        <div role="group" aria-label={t('owner.stats.period')} className="flex gap-1">
          {STATS_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === days}
              onClick={() => setDays(period)}
              className={`rounded-md border px-3 py-1 text-sm font-semibold ${focusRing} ${
                period === days
                  ? 'border-brand-800 bg-brand-800 text-white'
                  : 'border-stone-300 text-stone-800 hover:bg-stone-100'
              }`}
            >
              {t('owner.stats.days', { period })}
            </button>
          ))}
        </div>
      </div>

      {stats.isPending ? (
        <Loading>{t('owner.stats.loadingFigures')}</Loading>
      ) : stats.isError && !stats.data ? (
        <LoadFailed onRetry={stats.refetch}>{t('owner.stats.failedToLoadTheFigures')}</LoadFailed>
      ) : (
        <Figures stats={stats.data} days={days} />
      )}
    </section>
  );
}

function Figures({ stats, days }: { stats: StatsOverview; days: number }) {
  const t = useOwnerT();
  const cards = [
    [t('owner.stats.sales'), formatKsh(stats.sales)],
    [t('owner.stats.orders'), count(stats.orders)],
    [t('owner.stats.averageOrderValue'), formatKsh(stats.averageOrderValue)],
    [t('owner.stats.waitingToShip'), count(stats.waitingToShip)],
    // The marketplace's dashboard: orders paid from an unpaid order's reminder (decision 043).
    ...(stats.recovered
      ? [
          [
            t('owner.stats.recoveredOrders'),
            `${count(stats.recovered.orders)} (${formatKsh(stats.recovered.sales)})`,
          ] as const,
        ]
      : []),
  ];
  const period = t('owner.stats.lastDaysInSentence', { days });
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(([term, value]) => (
          <div key={term} className="min-w-0 rounded-lg border border-stone-200 px-3 py-2">
            <dt className="text-sm text-stone-600">{term}</dt>
            <dd className="text-lg font-bold break-words text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-600">
        {t('owner.stats.toNairobiTimeSalesAre', { from: stats.from, to: stats.to })}
      </p>
      {stats.orders === 0 ? (
        <p className="text-stone-700">{t('owner.stats.noSalesInThe', { period })}</p>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <DailyChart
              days={stats.daily}
              field="sales"
              kind="line"
              label={t('owner.stats.salesPerDay', { period })}
              format={formatKsh}
            />
            <DailyChart
              days={stats.daily}
              field="orders"
              kind="bars"
              label={t('owner.stats.ordersPerDay', { period })}
              format={count}
            />
          </div>
          <TopProducts stats={stats} />
        </>
      )}
    </>
  );
}

function TopProducts({ stats }: { stats: StatsOverview }) {
  const t = useOwnerT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold text-stone-900">
        {t('owner.stats.topProducts')}
      </h3>
      <ol className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
        {stats.topProducts.map((product, index) => (
          <li
            key={product.productId ?? `${product.name}-${index}`}
            className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2"
          >
            <span className="min-w-0 font-medium break-words text-stone-900">{product.name}</span>
            <span className="text-sm text-stone-700 tabular-nums">
              {t('owner.stats.sold', {
                units: count(product.units),
                sales: formatKsh(product.sales),
              })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
