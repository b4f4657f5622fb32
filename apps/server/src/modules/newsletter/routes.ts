import {
  newsletterBodySchema,
  newsletterResponseSchema,
  sendNewsletterBodySchema,
  sendNewsletterResponseSchema,
} from '@soko/contract';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { publicWriteRateLimit } from '../../platform/rate-limit';
import { requestLocale } from '../../platform/request-locale';
import { senderNameOf } from '../messages';
import type { Outbox } from '../messages';
import { sendNewsletter, subscribe } from './service';

export function registerNewsletterRoutes(app: App, ctx: AppContext, outbox: Outbox): void {
  app.post(
    '/api/newsletter/create',
    {
      config: { access: 'public', rateLimit: publicWriteRateLimit(ctx.config) },
      schema: {
        tags: ['storefront'],
        summary:
          'Subscribe an email to the newsletter, recording the consent (201 new, 200 already subscribed)',
        body: newsletterBodySchema,
        response: {
          200: newsletterResponseSchema,
          201: newsletterResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { created } = await subscribe(
        ctx.db,
        request.body.email,
        request.caller?.id ?? null,
        requestLocale(request.cookies),
      );
      return reply
        .status(created ? 201 : 200)
        .send({ email: request.body.email, subscribed: true });
    },
  );

  app.post(
    '/api/admin/newsletter/send',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Queue the newsletter to every address whose newsletter consent is live',
        body: sendNewsletterBodySchema,
        response: { 202: sendNewsletterResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await ctx.tenants.forRequest(request);
      const [senderName, site] = await Promise.all([
        senderNameOf(ctx.db, tenant),
        ctx.tenants.siteFor(request, ctx.config.publicUrl),
      ]);
      const { queued } = await sendNewsletter(ctx.db, outbox, {
        ...request.body,
        senderName,
        site,
      });
      return reply.status(202).send({ queued });
    },
  );
}
