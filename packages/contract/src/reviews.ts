import { z } from 'zod';
import { requiredText, uuidSchema } from './common';
import { RATING_MAX, RATING_MIN } from './ratings-rules';
import { REVIEW_BODY_MAX } from './reviews-rules';

export * from './reviews-rules';

/** POST /api/reviews/{productId}: the shopper's stars and words (stored as plain text). */
export const reviewInputSchema = z.strictObject({
  rating: z
    .number('Choose 1 to 5 stars.')
    .int('Choose 1 to 5 stars.')
    .min(RATING_MIN, 'Choose 1 to 5 stars.')
    .max(RATING_MAX, 'Choose 1 to 5 stars.'),
  body: requiredText(REVIEW_BODY_MAX, 'Write a few words about the product.'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
export type ReviewFormValues = z.input<typeof reviewInputSchema>;

export const reviewParamsSchema = z.strictObject({ productId: uuidSchema });
export const reviewIdParamsSchema = z.strictObject({ reviewId: uuidSchema });
export const reviewsQuerySchema = z.strictObject({
  page: z.coerce.number('Must be a page number.').int().min(1).max(10_000).default(1),
});

export const reviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  /** Plain text: shown as text, never as HTML. */
  body: z.string(),
  /** First name and last initial ('Wanjiru K.'). */
  author: z.string(),
  /** Every review comes from a shopper whose order holds the product. */
  verified: z.literal(true),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

const starCount = z.number().int().min(0);
/** How many visible reviews gave each number of stars. */
export const reviewDistributionSchema = z.object({
  1: starCount,
  2: starCount,
  3: starCount,
  4: starCount,
  5: starCount,
});
export type ReviewDistribution = z.infer<typeof reviewDistributionSchema>;

/** GET /api/reviews/{productId}?page=: figures over visible reviews, and one page of them. */
export const productReviewsSchema = z.object({
  average: z.number(),
  count: z.number().int(),
  distribution: reviewDistributionSchema,
  /** Newest first. */
  reviews: z.array(reviewSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** GET /api/reviews/{productId}/mine: whether the product page offers the form. */
export const myReviewSchema = z.object({
  canReview: z.boolean(),
  review: reviewSchema.nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** POST /api/reviews/{reviewId}/hide and /unhide (admins). */
export const reviewModerationSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  hidden: z.boolean(),
});
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;
