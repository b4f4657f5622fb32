// Data rights (decision 048): the tenant's privacy notice, the signed-in person's export, and the
// admins' log of data requests.
import {
  DATA_REQUESTS_PAGE_SIZE,
  dataRequestPageSchema,
  dataRequestsQuerySchema,
  exportFileName,
  privacyNoticeSchema,
  updatePrivacyNoticeSchema,
} from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import { exportPersonalData } from './export';
import { dataRightsKey, personReference } from './keys';
import { listDataRequests, logDataRequest } from './log';
import { readPrivacyNotice, updatePrivacyNotice } from './notice';

const callerId = (request: FastifyRequest): string => {
  if (!request.caller) throw new AppError(401, 'unauthorized', 'Please sign in.');
  return request.caller.id;
};

/** Today in Nairobi (UTC+3, no daylight saving), for the file's name. */
const nairobiDay = (now = new Date()) =>
  new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

export function registerDataRightsRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  if (!ctx.config.jwtSecret)
    throw new Error('No server secret to key data request references with');
  const key = dataRightsKey(ctx.config.jwtSecret);

  app.get(
    '/api/privacy',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary:
          'The privacy notice of the shop this address serves (its own, else the built-in one)',
        response: { 200: privacyNoticeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return readPrivacyNotice(db, await ctx.tenants.forRequest(request));
    },
  );

  app.put(
    '/api/privacy',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Replace the privacy notice of the shop this address serves',
        body: updatePrivacyNoticeSchema,
        response: { 200: privacyNoticeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const notice = await updatePrivacyNotice(
        db,
        await ctx.tenants.forRequest(request),
        request.body.text,
        callerId(request),
      );
      // The painted /privacy page carries the notice.
      ctx.cache.invalidate([CACHE_TAGS.shops]);
      void reply.header('cache-control', 'private, no-store');
      return notice;
    },
  );

  app.get(
    '/api/user/me/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary:
          'Everything held about the signed-in person, as a JSON file (soko-data-{date}.json); logged for admins',
        produces: ['application/json'],
        response: { 200: z.unknown().describe('application/json attachment'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = callerId(request);
      const tenant = await ctx.tenants.forRequest(request);
      const { shopName } = await readPrivacyNotice(db, tenant);
      const data = await db.transaction(async (tx) => {
        const exported = await exportPersonalData(tx, userId, shopName);
        await logDataRequest(tx, {
          kind: 'export',
          reference: personReference(key, userId),
          detail: `${exported.orders.length} ${exported.orders.length === 1 ? 'order' : 'orders'}, ${exported.messages.length} messages`,
        });
        return exported;
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${exportFileName(nairobiDay())}"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    '/api/admin/data-requests',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The log of data requests (exports, deletions, unsubscribes), newest first',
        querystring: dataRequestsQuerySchema,
        response: { 200: dataRequestPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listDataRequests(db, request.query.page, DATA_REQUESTS_PAGE_SIZE);
    },
  );
}
