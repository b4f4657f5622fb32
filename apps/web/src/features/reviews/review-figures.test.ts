import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { reviewAuthorName } from '@soko/contract';
import type { Translate } from '../../lib/i18n';
import { compileCatalog } from '../../locales/compile-catalog';
import { averageText, distributionRows, formatReviewDate, reviewCountText } from './review-figures';

const translator = (lang: 'en' | 'sw'): Translate => {
  const file = new URL(`../../locales/${lang}.json`, import.meta.url);
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const i18n = setupI18n({ locale: lang, messages: { [lang]: compileCatalog(source) } });
  return (key, values) => i18n._(key, values);
};
const en = translator('en');
const sw = translator('sw');

describe('distributionRows', () => {
  it('lists 5 stars first with each share of the reviews and words for screen readers', () => {
    const rows = distributionRows({ 1: 1, 2: 0, 3: 1, 4: 2, 5: 12 }, en);
    expect(rows.map((row) => row.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.map((row) => row.percent)).toEqual([75, 13, 6, 0, 6]);
    expect(rows[0]?.label).toBe('5 stars: 12 reviews');
    expect(rows[4]?.label).toBe('1 star: 1 review');
    expect(rows[3]?.label).toBe('2 stars: 0 reviews');
  });

  it('draws empty bars, not NaN, when there are no reviews', () => {
    expect(
      distributionRows({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, en).map((row) => row.percent),
    ).toEqual([0, 0, 0, 0, 0]);
  });

  it('fills the whole bar for a single rating', () => {
    expect(distributionRows({ 1: 0, 2: 0, 3: 3, 4: 0, 5: 0 }, en)[2]?.percent).toBe(100);
  });
});

describe('words', () => {
  it('counts reviews in words', () => {
    expect(reviewCountText(0, en)).toBe('0 reviews');
    expect(reviewCountText(1, en)).toBe('1 review');
    expect(reviewCountText(12, en)).toBe('12 reviews');
    expect(averageText(4.25, en)).toBe('4.3 out of 5 stars');
  });

  it('says the same in Kiswahili', () => {
    expect(reviewCountText(1, sw)).toBe('Maoni 1');
    expect(reviewCountText(12, sw)).toBe('Maoni 12');
    expect(averageText(4.25, sw)).toBe('Nyota 4.3 kati ya 5');
    expect(distributionRows({ 1: 1, 2: 0, 3: 1, 4: 2, 5: 12 }, sw)[0]?.label).toBe(
      'Nyota 5: maoni 12',
    );
  });

  it('names the author by first name and last initial', () => {
    expect(reviewAuthorName('Wanjiru', 'Kamau')).toBe('Wanjiru K.');
  });

  it('dates a review by the day in Nairobi (UTC+3)', () => {
    expect(formatReviewDate('2026-05-03T10:00:00.000Z', 'en')).toBe('3 May 2026');
    expect(formatReviewDate('2026-05-03T10:00:00.000Z', 'sw')).toBe('3 Mei 2026');
    // 22:30 UTC on 31 December is already New Year's Day in Nairobi.
    expect(formatReviewDate('2025-12-31T22:30:00.000Z', 'en')).toBe('1 January 2026');
    expect(formatReviewDate('not a date', 'sw')).toBe('');
  });
});
