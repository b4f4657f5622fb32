import {
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
  marketingPreferencesSchema,
  unsubscribeResponseSchema,
  updateMarketingPreferencesSchema,
} from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../platform/access';
import type { App, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import { requestLocale } from '../../platform/request-locale';
import { marketingPreferences, updateMarketingPreferences, withdrawConsent } from './service';
import { registerReminderRoutes } from './reminder-routes';
import { dataRightsKey } from '../data-rights';
import { consentIdOf, unsubscribeKey } from './tokens';

const callerOf = (request: FastifyRequest): Caller => {
  if (!request.caller) throw new AppError(401, 'unauthorized', 'Please sign in.');
  return request.caller;
};

const invalidLink = () => new AppError(404, 'not_found', UNSUBSCRIBE_LINK_INVALID_MESSAGE);

/** RFC 8058's body, form-encoded or multipart, says the mail program's one-click sent it. */
const isOneClick = (body: unknown) =>
  typeof body === 'string' && /List-Unsubscribe/i.test(body) && /One-Click/i.test(body);

export function registerConsentRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  if (!ctx.config.jwtSecret) throw new Error('No server secret to check unsubscribe links with');
  const key = unsubscribeKey(ctx.config.jwtSecret);
  const dataKey = dataRightsKey(ctx.config.jwtSecret);
  // Reminders about unpaid orders have their opt-out beside the marketing consents (decision 043).
  registerReminderRoutes(app, ctx);

  // One-click unsubscribe (RFC 8058) and the unsubscribe page's button. Mail programs post
  // `List-Unsubscribe=One-Click` form-encoded (or multipart) with no cookies and no sign-in, so
  // this scope takes any body as text and reads nothing else from it; the rest of the API still
  // refuses form bodies (415). Not rate limited: a forged token is refused by its HMAC before
  // any query, and a mail provider posts many people's unsubscribes from few addresses.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 4_096 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/unsubscribe/:token',
      {
        config: { access: 'public' },
        schema: {
          tags: ['storefront'],
          summary:
            'Withdraw the marketing consent an unsubscribe link names (RFC 8058 one-click); repeating it is fine',
          params: z.object({ token: z.string() }),
          response: { 200: unsubscribeResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const consentId = consentIdOf(key, request.params.token);
        if (!consentId) throw invalidLink();
        const via = isOneClick(request.body) ? 'one_click' : 'unsubscribe_link';
        const withdrawn = await withdrawConsent(db, consentId, via, dataKey);
        // Signed by this server but gone (a restored backup, a wiped table): still not found.
        if (!withdrawn) throw invalidLink();
        void reply.header('cache-control', 'no-store');
        return { unsubscribed: true as const, ...withdrawn };
      },
    );
  });

  app.get(
    '/api/user/marketing',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'The account’s Marketing preference: the newsletter by email, offers by SMS',
        response: { 200: marketingPreferencesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return marketingPreferences(db, callerOf(request).id);
    },
  );

  app.put(
    '/api/user/marketing',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Give or withdraw marketing consent from the account page (recorded as facts)',
        body: updateMarketingPreferencesSchema,
        response: { 200: marketingPreferencesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return updateMarketingPreferences(
        db,
        callerOf(request).id,
        request.body,
        dataKey,
        requestLocale(request.cookies),
      );
    },
  );
}
