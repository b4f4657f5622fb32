// Africa's Talking's delivery reports (decision 031).
import { timingSafeEqual } from 'node:crypto';
import {
  apiErrorSchema,
  smsDeliveryReportQuerySchema,
  smsDeliveryReportSchema,
} from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { recordDeliveryReport } from './delivery-reports';

export const SMS_DELIVERY_REPORT_PATH = '/api/messages/sms/delivery-report';
const MINUTE_MS = 60_000;
// A report is a handful of short fields.
const REPORT_BODY_LIMIT_BYTES = 8_192;

/**
 * Africa's Talking signs nothing, so the callback URL set in its dashboard carries a secret
 * (`?token=AT_CALLBACK_TOKEN`), compared in constant time before the body is even read. Without
 * the setting no report is taken (404): the route is as if it did not exist.
 */
function tokenCheck(expectedToken: string | undefined) {
  const expected = expectedToken ? Buffer.from(expectedToken) : undefined;
  return async (request: FastifyRequest) => {
    if (!expected) throw notFound();
    const raw = (request.query as Record<string, unknown> | undefined)?.token;
    const given = Buffer.from(typeof raw === 'string' ? raw : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError(401, 'unauthorized', 'This report is not signed with the callback token.');
    }
  };
}

export function registerDeliveryReportRoutes(app: App, ctx: AppContext): void {
  const { db, config } = ctx;
  // Form bodies are parsed in this scope only: every other route keeps refusing them (415).
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        // URLSearchParams makes own properties only: a "__proto__" field is just a field.
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post(
      SMS_DELIVERY_REPORT_PATH,
      {
        config: {
          access: 'public',
          rateLimit: { max: config.rateLimits.notifications, timeWindow: MINUTE_MS },
        },
        preValidation: tokenCheck(config.smsCallbackToken),
        schema: {
          tags: ['messages'],
          summary:
            "Africa's Talking delivery report (form-encoded), taken with ?token=AT_CALLBACK_TOKEN; stored once on the SMS it names",
          querystring: smsDeliveryReportQuerySchema,
          body: smsDeliveryReportSchema,
          response: {
            200: z.object({ received: z.literal(true) }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const stored = await recordDeliveryReport(db, request.body);
        request.log.info(
          { providerId: request.body.id, status: request.body.status, stored },
          'SMS delivery report',
        );
        return { received: true as const };
      },
    );
  });
}
