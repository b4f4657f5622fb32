import { z } from 'zod';
import { uuidSchema } from './common';
import { RATING_MAX, RATING_MIN } from './ratings-rules';

export * from './ratings-rules';

export const saveRatingBodySchema = z.strictObject({
  productId: uuidSchema,
  rating: z
    .number()
    .int('A rating is a whole number of stars.')
    .min(RATING_MIN, 'A rating is 1 to 5 stars.')
    .max(RATING_MAX, 'A rating is 1 to 5 stars.'),
});
export type SaveRatingBody = z.infer<typeof saveRatingBodySchema>;

/** The caller's rating and the product's new average over all raters. */
export const saveRatingResponseSchema = z.object({
  productId: uuidSchema,
  rating: z.number().int(),
  average: z.number(),
  count: z.number().int(),
});
export type SaveRatingResponse = z.infer<typeof saveRatingResponseSchema>;
