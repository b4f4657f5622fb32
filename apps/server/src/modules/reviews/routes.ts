import {
  apiErrorSchema,
  myReviewSchema,
  productReviewsSchema,
  reviewIdParamsSchema,
  reviewInputSchema,
  reviewModerationSchema,
  reviewParamsSchema,
  reviewSchema,
  reviewsQuerySchema,
} from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized, type Caller } from '../../platform/access';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { moderateReview, myReview, postReview, productReviews } from './service';

const MINUTE_MS = 60_000;
const signedInErrors = { ...errorResponses, 401: apiErrorSchema, 403: apiErrorSchema } as const;
/** Reviews a shopper may post a minute: far above honest use, well below a script's. */
const REVIEWS_PER_MINUTE = 10;

/** The access hook has already refused a signed-out caller on these routes. */
function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/**
 * Counted per account, not per address (shoppers behind one mobile-network address are many
 * people), and after the access hook has found the caller: route hooks of a phase run after the
 * app's own, so `request.caller` is set by then.
 */
const perShopperLimit = {
  max: REVIEWS_PER_MINUTE,
  timeWindow: MINUTE_MS,
  hook: 'preValidation' as const,
  keyGenerator: (request: FastifyRequest) =>
    request.caller ? `review:${request.caller.id}` : `review-ip:${request.ip}`,
};

export function registerReviewRoutes(app: App, ctx: AppContext): void {
  const { db, cache } = ctx;
  // The product page's HTML carries the reviews' figures in its JSON-LD: drop it on every change.
  const dropProductPage = (productId: string) => cache.invalidate([CACHE_TAGS.product(productId)]);

  app.post(
    '/api/reviews/:productId',
    {
      config: { access: 'signed-in', rateLimit: perShopperLimit },
      schema: {
        tags: ['reviews'],
        summary:
          'Review a product you received (an order of yours holding it is confirmed, shipped or delivered); one review per product',
        params: reviewParamsSchema,
        body: reviewInputSchema,
        response: { 201: reviewSchema, 409: apiErrorSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const review = await postReview(
        db,
        callerOf(request).id,
        request.params.productId,
        request.body,
      );
      dropProductPage(review.productId);
      return reply.status(201).send(review);
    },
  );

  app.get(
    '/api/reviews/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary:
          'A product’s visible reviews, newest first, 5 a page, with their average and star counts',
        params: reviewParamsSchema,
        querystring: reviewsQuerySchema,
        response: { 200: productReviewsSchema, ...errorResponses },
      },
    },
    // Not cached here: the query is two indexed reads, and a new review shows at once.
    async (request) => productReviews(db, request.params.productId, request.query.page),
  );

  app.get(
    '/api/reviews/:productId/mine',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: 'Whether you may review this product, and your review if you wrote one',
        params: reviewParamsSchema,
        response: { 200: myReviewSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return myReview(db, callerOf(request).id, request.params.productId);
    },
  );

  for (const action of ['hide', 'unhide'] as const) {
    app.post(
      `/api/reviews/:reviewId/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['reviews'],
          summary:
            action === 'hide'
              ? 'Hide a review from the product page and its figures (admins)'
              : 'Show a hidden review again (admins)',
          params: reviewIdParamsSchema,
          response: { 200: reviewModerationSchema, ...signedInErrors },
        },
      },
      async (request) => {
        const hide = action === 'hide' ? { by: callerOf(request).id } : null;
        const result = await moderateReview(db, request.params.reviewId, hide);
        dropProductPage(result.productId);
        return result;
      },
    );
  }
}
