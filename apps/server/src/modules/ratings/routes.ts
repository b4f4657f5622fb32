import { saveRatingBodySchema, saveRatingResponseSchema } from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import { networkKey } from '../../platform/client-key';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { publicWriteRateLimit } from '../../platform/rate-limit';
import { saveRating, type Rater } from './service';

/**
 * A signed-in rater is their account. An anonymous one is their network address, not a cookie:
 * a script that drops a cookie would be a new rater every time and could move any average.
 * The price: shoppers behind one address (carrier-grade NAT on mobile networks, an office)
 * share one anonymous rating per product, the last one given; signing in gives each their own.
 */
function raterFor(request: FastifyRequest, secret: string): Rater {
  if (request.caller) return { key: `user:${request.caller.id}`, userId: request.caller.id };
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
          'Rate a product 1 to 5 (one rating per account, or per network address when signed out; a new one replaces the old)',
        body: saveRatingBodySchema,
        response: { 200: saveRatingResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await saveRating(
        ctx.db,
        raterFor(request, secret),
        request.body.productId,
        request.body.rating,
      );
      ctx.cache.invalidate([CACHE_TAGS.catalog, CACHE_TAGS.product(result.productId)]);
      return result;
    },
  );
}
