import { describe, expect, it } from 'vitest';
import { saveRatingBodySchema, saveRatingResponseSchema } from './ratings';

const PRODUCT_ID = '3f1c2a8e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';

describe('saveRatingBodySchema', () => {
  it.each([1, 2, 3, 4, 5])('accepts %s stars', (rating) => {
    expect(saveRatingBodySchema.safeParse({ productId: PRODUCT_ID, rating }).success).toBe(true);
  });

  it.each([0, 6, 4.5, '5', null])('rejects %j stars', (rating) => {
    expect(saveRatingBodySchema.safeParse({ productId: PRODUCT_ID, rating }).success).toBe(false);
  });

  it('rejects a malformed product id and unknown keys', () => {
    expect(saveRatingBodySchema.safeParse({ productId: 'abc', rating: 5 }).success).toBe(false);
    expect(
      saveRatingBodySchema.safeParse({ productId: PRODUCT_ID, rating: 5, userId: PRODUCT_ID })
        .success,
    ).toBe(false);
  });

  it('reads the new average', () => {
    expect(
      saveRatingResponseSchema.parse({ productId: PRODUCT_ID, rating: 4, average: 4.5, count: 2 })
        .average,
    ).toBe(4.5);
  });
});
