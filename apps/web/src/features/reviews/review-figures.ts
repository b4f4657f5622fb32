// The reviews section's pure parts: what the bars say and how wide they are, counts in words,
// and dates as Kenyan shoppers read them. No React, so they are tested on their own.
import type { ReviewDistribution } from '@soko/contract';

export interface DistributionRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** The bar's width, 0 to 100, rounded to a whole percent. */
  percent: number;
  /** What a screen reader hears: '5 stars: 12 reviews'. */
  label: string;
}

export const reviewCountText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

const starsText = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** Five rows, 5 stars first, as review sites list them. */
export function distributionRows(distribution: ReviewDistribution): DistributionRow[] {
  const total = ([1, 2, 3, 4, 5] as const).reduce((sum, stars) => sum + distribution[stars], 0);
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = distribution[stars];
    return {
      stars,
      count,
      percent: total === 0 ? 0 : Math.round((count / total) * 100),
      label: `${starsText(stars)}: ${reviewCountText(count)}`,
    };
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Kenya keeps East Africa Time all year (UTC+3, no daylight saving), so a fixed offset gives
// the same date on the server-rendered data, in any browser's time zone, and in tests.
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** '3 May 2026', the day in Nairobi. */
export function formatReviewDate(iso: string): string {
  const date = new Date(new Date(iso).getTime() + EAT_OFFSET_MS);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** '4.3 out of 5 stars'. */
export const averageText = (average: number) => `${average.toFixed(1)} out of 5 stars`;
