import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERROR_CODES,
  ERROR_STATUS,
  apiErrorSchema,
  fieldErrors,
  outOfStockDetailsSchema,
  parseApiError,
  totalMismatchDetailsSchema,
} from './errors';

describe('error bodies', () => {
  it('has a status for every code', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_STATUS.out_of_stock).toBe(409);
    expect(ERROR_STATUS.validation_failed).toBe(400);
    expect(ERROR_STATUS.rate_limited).toBe(429);
  });

  it('reads an error with fields and details', () => {
    const body = {
      error: {
        code: 'out_of_stock',
        message: 'Aloe Vera Gel (50ml): only 1 left.',
        details: { productId: 'p1', variantId: 'v1', available: 1 },
      },
    };
    const parsed = parseApiError(body);
    expect(parsed?.error.code).toBe('out_of_stock');
    expect(outOfStockDetailsSchema.parse(parsed?.error.details).available).toBe(1);
    expect(
      totalMismatchDetailsSchema.parse({
        expected: 2560,
        subtotal: 2550,
        discount: 0,
        shipping: 10,
        items: [{ productId: 'p1', variantId: null, price: 1275 }],
      }).expected,
    ).toBe(2560);
    expect(
      apiErrorSchema.safeParse({
        error: { code: 'validation_failed', message: 'Check the form.', fields: { email: 'Bad' } },
      }).success,
    ).toBe(true);
  });

  it('returns null for bodies that are not errors', () => {
    expect(parseApiError({ message: 'nope' })).toBeNull();
    expect(parseApiError('Internal Server Error')).toBeNull();
    expect(parseApiError(null)).toBeNull();
  });
});

describe('fieldErrors', () => {
  it('gives the first message per dotted path', () => {
    const schema = z.object({
      email: z.string().min(3, 'Too short').email('Not an email'),
      items: z.array(z.object({ quantity: z.number().min(1, 'At least 1') })),
    });
    const result = schema.safeParse({ email: 'a', items: [{ quantity: 1 }, { quantity: 0 }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      email: 'Too short',
      'items.1.quantity': 'At least 1',
    });
  });
});
