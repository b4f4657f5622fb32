import { randomUUID } from 'node:crypto';
import { saveRatingBodySchema, saveRatingResponseSchema } from '@soko/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { publicWriteRateLimit } from '../../platform/rate-limit';
import { saveRating, type Rater } from './service';

const DEVICE_COOKIE = 'soko_device';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A signed-in rater is their account; an anonymous one is one browser, a random id kept in an
 * httpOnly cookie.
 */
function raterFor(request: FastifyRequest, reply: FastifyReply, secure: boolean): Rater {
  if (request.caller) return { key: `user:${request.caller.id}`, userId: request.caller.id };
  let device = request.cookies[DEVICE_COOKIE];
  if (!device || !/^[0-9a-f-]{36}$/.test(device)) {
    device = randomUUID();
    void reply.setCookie(DEVICE_COOKIE, device, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: ONE_YEAR_SECONDS,
    });
  }
  return { key: `device:${device}`, userId: null };
}

export function registerRatingRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/listing/saverating',
    {
      config: { access: 'public', rateLimit: publicWriteRateLimit(ctx.config) },
      schema: {
        tags: ['storefront'],
        summary: 'Rate a product 1 to 5 (one rating per rater; a new one replaces the old)',
        body: saveRatingBodySchema,
        response: { 200: saveRatingResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const rater = raterFor(request, reply, ctx.config.publicUrl.startsWith('https:'));
      const result = await saveRating(ctx.db, rater, request.body.productId, request.body.rating);
      ctx.cache.invalidate([CACHE_TAGS.catalog, CACHE_TAGS.product(result.productId)]);
      return result;
    },
  );
}
