import { newsletterBodySchema, newsletterResponseSchema } from '@soko/contract';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { publicWriteRateLimit } from '../../platform/rate-limit';
import { subscribe } from './service';

export function registerNewsletterRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/newsletter/create',
    {
      config: { access: 'public', rateLimit: publicWriteRateLimit(ctx.config) },
      schema: {
        tags: ['storefront'],
        summary: 'Subscribe an email to the newsletter (201 new, 200 already subscribed)',
        body: newsletterBodySchema,
        response: {
          200: newsletterResponseSchema,
          201: newsletterResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { created } = await subscribe(ctx.db, request.body.email);
      return reply
        .status(created ? 201 : 200)
        .send({ email: request.body.email, subscribed: true });
    },
  );
}
