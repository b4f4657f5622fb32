import { describe, expect, it } from 'vitest';
import {
  REVIEW_BODY_MAX,
  reviewAuthorName,
  reviewAverage,
  reviewInputSchema,
  reviewPageCount,
} from './reviews';

const messageOf = (input: unknown, field: string) => {
  const result = reviewInputSchema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('reviewInputSchema', () => {
  it('takes 1 to 5 whole stars and trims the words', () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(reviewInputSchema.parse({ rating, body: '  Smells lovely. ' })).toEqual({
        rating,
        body: 'Smells lovely.',
      });
    }
  });

  it.each([0, 6, 2.5, '5', null])('refuses %j stars', (rating) => {
    expect(messageOf({ rating, body: 'Fine.' }, 'rating')).toBe('Choose 1 to 5 stars.');
  });

  it('asks for words when there are none, and caps them at 1000 characters', () => {
    expect(messageOf({ rating: 5, body: '   ' }, 'body')).toBe(
      'Write a few words about the product.',
    );
    expect(messageOf({ rating: 5, body: 'x'.repeat(REVIEW_BODY_MAX + 1) }, 'body')).toBe(
      'At most 1000 characters.',
    );
    expect(reviewInputSchema.safeParse({ rating: 5, body: 'x'.repeat(1000) }).success).toBe(true);
  });

  it('refuses fields the shopper may not set', () => {
    expect(
      reviewInputSchema.safeParse({ rating: 5, body: 'Fine.', verified: true, userId: 'x' })
        .success,
    ).toBe(false);
  });
});

describe('reviewAuthorName', () => {
  it('shows the first name and the last initial only', () => {
    expect(reviewAuthorName('Wanjiru', 'Kamau')).toBe('Wanjiru K.');
    expect(reviewAuthorName(' Otieno ', ' ochieng')).toBe('Otieno O.');
    expect(reviewAuthorName('Émile', 'Ñduta')).toBe('Émile Ñ.');
  });

  it('leaves out a missing part rather than showing a blank', () => {
    expect(reviewAuthorName('Amina', '')).toBe('Amina');
    expect(reviewAuthorName('', 'Kariuki')).toBe('K.');
    expect(reviewAuthorName(' ', ' ')).toBe('A shopper');
  });
});

describe('figures', () => {
  it('averages to one decimal and counts pages of five', () => {
    expect(reviewAverage(0, 0)).toBe(0);
    expect(reviewAverage(14, 3)).toBe(4.7);
    expect(reviewPageCount(0)).toBe(1);
    expect(reviewPageCount(5)).toBe(1);
    expect(reviewPageCount(6)).toBe(2);
  });
});
