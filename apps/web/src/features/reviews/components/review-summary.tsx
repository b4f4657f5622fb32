import type { ProductReviews } from '@soko/contract';
import { useT } from '../../../lib/i18n';
import { averageText, distributionRows, reviewCountText } from '../review-figures';
import { Stars } from './stars';

/** The average, the count and one bar per number of stars. */
export function ReviewSummary({ figures }: { figures: ProductReviews }) {
  const t = useT();
  if (figures.count === 0) {
    return <p className="text-stone-700">{t('reviews.none')}</p>;
  }
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-10">
      <div className="space-y-1">
        <p className="text-3xl font-bold text-stone-900">{figures.average.toFixed(1)}</p>
        <Stars rating={figures.average} />
        <p className="text-sm text-stone-700">
          <span className="sr-only">{`${averageText(figures.average, t)}, `}</span>
          {reviewCountText(figures.count, t)}
        </p>
      </div>
      <ul className="w-full max-w-sm space-y-1" aria-label={t('reviews.byStars')}>
        {distributionRows(figures.distribution, t).map((row) => (
          <li key={row.stars} className="flex items-center gap-2 text-sm text-stone-700">
            <span className="sr-only">{row.label}</span>
            <span aria-hidden="true" className="w-12 shrink-0">
              {t('reviews.starColumn', { stars: row.stars })}
            </span>
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded bg-stone-200">
              <span className="block h-full bg-amber-400" style={{ width: `${row.percent}%` }} />
            </span>
            <span aria-hidden="true" className="w-8 shrink-0 text-right">
              {row.count}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
