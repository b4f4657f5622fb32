import { saveRatingBodySchema, saveRatingResponseSchema } from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import { networkKey } from '../../platform/client-key';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { errorResponses } from '../../platform/openapi';
import { publicWriteRateLimit } from '../../platform/rate-limit';
import { proofOfPurchase } from '../orders';
import { saveRating, type Rater } from './service';

/**
 * A rater is their own only when they hold what a review needs (decision 012): an account with a
 * kept, delivered purchase of the product. Anyone else, signed in or not, is their network
 * address, not a cookie or an account: a script that drops a cookie, or signs up five throwaway
 * accounts (issue 29: a rating count moved from 6 to 11 in under a second), would otherwise be a
 * new rater every time and could move any average. The price: shoppers behind one address
 * (carrier-grade NAT on mobile networks, an office) who have not received the product share one
 * rating per product, the last one given (decision 029).
 */
async function raterFor(
  db: Db,
  request: FastifyRequest,
  secret: string,
  productId: string,
): Promise<Rater> {
  const { caller } = request;
  if (caller && (await proofOfPurchase(db, caller.id, productId)) !== null) {
    return { key: `user:${caller.id}`, userId: caller.id };
  }
  return { key: networkKey(secret, request.ip), userId: null };
}

export function registerRatingRoutes(app: App, ctx: AppContext): void {
  const secret = ctx.config.jwtSecret ?? '';
  app.post(
    '/api/listing/saverating',
    {
      config: { access: 'public', rateLimit: publicWriteRateLimit(ctx.config) },
      schema: {
        tags: ['storefront'],
        summary:
          'Rate a product 1 to 5 (one rating per account that received the product, else per network address; a new one replaces the old)',
        body: saveRatingBodySchema,
        response: { 200: saveRatingResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await saveRating(
        ctx.db,
        await raterFor(ctx.db, request, secret, request.body.productId),
        request.body.productId,
        request.body.rating,
      );
      ctx.cache.invalidate([CACHE_TAGS.catalog, CACHE_TAGS.product(result.productId)]);
      return result;
    },
  );
}
