// The reviews section's pure parts: what the bars say and how wide they are, counts in words,
// and dates as Kenyan shoppers read them, in the page's language. No React, so they are tested
// on their own.
import { formatDate, type Locale, type ReviewDistribution } from '@soko/contract';
import type { Translate } from '../../lib/i18n';

export interface DistributionRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** The bar's width, 0 to 100, rounded to a whole percent. */
  percent: number;
  /** What a screen reader hears: '5 stars: 12 reviews'. */
  label: string;
}

export const reviewCountText = (count: number, t: Translate) => t('reviews.count', { count });

/** Five rows, 5 stars first, as review sites list them. */
export function distributionRows(
  distribution: ReviewDistribution,
  t: Translate,
): DistributionRow[] {
  const total = ([1, 2, 3, 4, 5] as const).reduce((sum, stars) => sum + distribution[stars], 0);
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = distribution[stars];
    return {
      stars,
      count,
      percent: total === 0 ? 0 : Math.round((count / total) * 100),
      label: t('reviews.starsRow', { stars, count }),
    };
  });
}

/** '3 May 2026' / '3 Mei 2026', the day in Nairobi. */
export function formatReviewDate(iso: string, locale: Locale): string {
  if (Number.isNaN(Date.parse(iso))) return '';
  return formatDate(iso, locale);
}

/** '4.3 out of 5 stars'. */
export const averageText = (average: number, t: Translate) =>
  t('reviews.average', { average: average.toFixed(1) });
