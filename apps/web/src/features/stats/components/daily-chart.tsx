// One figure per day as a chart, and the same figures as a table: the canvas is an image to
// assistive technology, so its accessible name says what it shows and the table says the rest.
import { useEffect, useRef, useState } from 'react';
import type { StatsDay } from '@soko/contract';
import { useOwnerT } from '../../../lib/staff-i18n';

export type DailyChartProps = {
  days: StatsDay[];
  field: 'sales' | 'orders';
  /** The chart's accessible name, e.g. 'Sales per day, last 30 days'. */
  label: string;
  /** How one day's figure reads in the table, e.g. 'Ksh 1,500'. */
  format: (value: number) => string;
  kind: 'line' | 'bars';
};

const BRAND = '#166534';
const HEIGHT = 200;
/** Dates are Nairobi days; drawn at UTC midnight and labelled in UTC, they keep their date. */
const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

export function DailyChart({ days, field, label, format, kind }: DailyChartProps) {
  const t = useOwnerT();
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let remove: (() => void) | undefined;
    let cancelled = false;
    import('./draw-chart')
      .then(({ drawChart }) => {
        if (cancelled) return;
        remove = drawChart(element, {
          x: days.map((d) => secondsOf(d.date)),
          y: days.map((d) => d[field]),
          label,
          kind,
          whole: field === 'orders',
          color: BRAND,
          height: HEIGHT,
        });
      })
      // A chunk that fails to load (a new release meanwhile) leaves the table to say it all.
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [days, field, kind, label]);

  return (
    <figure className="min-w-0 rounded-lg border border-stone-200 p-3">
      <figcaption className="font-semibold text-stone-900">{label}</figcaption>
      <div
        ref={holder}
        role="img"
        aria-label={label}
        className="mt-2 w-full overflow-hidden"
        style={{ minHeight: HEIGHT }}
      />
      {failed && <p className="text-sm text-stone-600">{t('owner.stats.theChartCouldNotBe')}</p>}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-800">
          {t('owner.stats.theFigures', { label })}
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t('owner.stats.day')}</th>
              <th scope="col" className="text-right">
                {field === 'sales' ? t('owner.stats.sales') : t('owner.stats.orders')}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="font-normal">
                  {day.date}
                </th>
                <td className="text-right tabular-nums">{format(day[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
