// The routes of the reminders about unpaid orders (decision 043): the reminder's opt-out link
// (and its Undo), public and checked by its HMAC before any query, and the account's switch.
import {
  REMINDER_LINK_INVALID_MESSAGE,
  reminderOptOutResponseSchema,
  reminderPreferencesSchema,
  updateReminderPreferencesSchema,
} from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import {
  optInByOrder,
  optOutByOrder,
  reminderPreferences,
  updateReminderPreferences,
} from './reminders';
import { orderIdOfReminderToken, reminderOptOutKey } from './tokens';

const invalidLink = () => new AppError(404, 'not_found', REMINDER_LINK_INVALID_MESSAGE);

/** RFC 8058's body, form-encoded or multipart, says the mail program's one-click sent it. */
const isOneClick = (body: unknown) =>
  typeof body === 'string' && /List-Unsubscribe/i.test(body) && /One-Click/i.test(body);

export function registerReminderRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  if (!ctx.config.jwtSecret) throw new Error('No server secret to check reminder links with');
  const key = reminderOptOutKey(ctx.config.jwtSecret);

  const orderOf = (token: string) => {
    const orderId = orderIdOfReminderToken(key, token);
    if (!orderId) throw invalidLink();
    return orderId;
  };

  // The reminder's link (its page's buttons) and the mail program's one-click: no cookie, no
  // sign-in, any body (as the unsubscribe's scope, decision 033); the token is checked by its
  // HMAC before any query.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 4_096 },
      (_request, body, done) => done(null, body),
    );
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const schema = (summary: string) => ({
      tags: ['storefront'],
      summary,
      params: z.object({ token: z.string().max(200) }),
      response: { 200: reminderOptOutResponseSchema, ...errorResponses },
    });
    typed.post(
      '/api/reminders/opt-out/:token',
      {
        config: { access: 'public' },
        schema: schema(
          'Stop reminders about unpaid orders to the email and phone of the order a reminder names (RFC 8058 one-click); repeating it is fine',
        ),
      },
      async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
        const via = isOneClick(request.body) ? 'one_click' : 'link';
        const done = await optOutByOrder(db, orderOf(request.params.token), via);
        // Signed by this server but gone (a deleted order): still not found.
        if (!done) throw invalidLink();
        void reply.header('cache-control', 'no-store');
        return done;
      },
    );
    typed.post(
      '/api/reminders/opt-in/:token',
      {
        config: { access: 'public' },
        schema: schema('Undo an opt-out made from a reminder’s link: reminders may come again'),
      },
      async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
        const done = await optInByOrder(db, orderOf(request.params.token));
        if (!done) throw invalidLink();
        void reply.header('cache-control', 'no-store');
        return done;
      },
    );
  });

  const callerId = (request: FastifyRequest): string => {
    if (!request.caller) throw new AppError(401, 'unauthorized', 'Please sign in.');
    return request.caller.id;
  };

  app.get(
    '/api/user/reminders',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Whether the account gets reminders about its unpaid orders',
        response: { 200: reminderPreferencesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return reminderPreferences(db, callerId(request));
    },
  );

  app.put(
    '/api/user/reminders',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary:
          'Turn reminders about unpaid orders off (an opt-out recorded for the account’s email and verified phone) or back on',
        body: updateReminderPreferencesSchema,
        response: { 200: reminderPreferencesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return updateReminderPreferences(db, callerId(request), request.body);
    },
  );
}
