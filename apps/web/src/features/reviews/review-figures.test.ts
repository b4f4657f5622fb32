import { describe, expect, it } from 'vitest';
import { reviewAuthorName } from '@soko/contract';
import { averageText, distributionRows, formatReviewDate, reviewCountText } from './review-figures';

describe('distributionRows', () => {
  it('lists 5 stars first with each share of the reviews and words for screen readers', () => {
    const rows = distributionRows({ 1: 1, 2: 0, 3: 1, 4: 2, 5: 12 });
    expect(rows.map((row) => row.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.map((row) => row.percent)).toEqual([75, 13, 6, 0, 6]);
    expect(rows[0]?.label).toBe('5 stars: 12 reviews');
    expect(rows[4]?.label).toBe('1 star: 1 review');
    expect(rows[3]?.label).toBe('2 stars: 0 reviews');
  });

  it('draws empty bars, not NaN, when there are no reviews', () => {
    expect(distributionRows({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }).map((row) => row.percent)).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  it('fills the whole bar for a single rating', () => {
    expect(distributionRows({ 1: 0, 2: 0, 3: 3, 4: 0, 5: 0 })[2]?.percent).toBe(100);
  });
});

describe('words', () => {
  it('counts reviews in words', () => {
    expect(reviewCountText(0)).toBe('0 reviews');
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(12)).toBe('12 reviews');
    expect(averageText(4.25)).toBe('4.3 out of 5 stars');
  });

  it('names the author by first name and last initial', () => {
    expect(reviewAuthorName('Wanjiru', 'Kamau')).toBe('Wanjiru K.');
  });

  it('dates a review by the day in Nairobi (UTC+3)', () => {
    expect(formatReviewDate('2026-05-03T10:00:00.000Z')).toBe('3 May 2026');
    // 22:30 UTC on 31 December is already New Year's Day in Nairobi.
    expect(formatReviewDate('2025-12-31T22:30:00.000Z')).toBe('1 Jan 2026');
    expect(formatReviewDate('not a date')).toBe('');
  });
});
