// The ledger's calls (issue 17): a shop's balance and history for its owner (or an admin), and
// for admins every shop's balance, its CSV, payouts and commissions.
import {
  bpsFromPercent,
  commissionRequestSchema,
  ledgerQuerySchema,
  ledgerShopsQuerySchema,
  ledgerShopsSchema,
  payoutRequestSchema,
  shopIdParamsSchema,
  shopLedgerSchema,
} from '@soko/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { unauthorized } from '../../platform/access';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { shopInPath } from '../shops';
import { ledgerShops, ledgerShopsCsv, recordPayout, setCommission, shopLedger } from './service';

// Money owed moves with every order: never kept by a browser or a proxy.
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function registerLedgerRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const errors = errorResponses;

  app.get(
    '/api/property/shop/:shopId/ledger',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: 'What the marketplace owes a shop, and a page of its history, newest first',
        params: shopIdParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: shopLedgerSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return shopLedger(db, request.params.shopId, request.query.page);
    },
  );

  app.get(
    '/api/admin/ledger',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every shop and what the marketplace owes it, most owed first',
        querystring: ledgerShopsQuerySchema,
        response: { 200: ledgerShopsSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return ledgerShops(db, request.query.page);
    },
  );

  app.get(
    '/api/admin/ledger/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'What every shop is owed, as CSV (UTF-8 with a BOM)',
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (_request, reply) => {
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="shops-owed-${today}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(ledgerShopsCsv(db));
    },
  );

  app.post(
    '/api/admin/shops/:shopId/payouts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Records money paid to a shop (at most what it is owed)',
        params: shopIdParamsSchema,
        body: payoutRequestSchema,
        response: { 201: shopLedgerSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.caller) throw unauthorized();
      const { shopId } = request.params;
      const { ledger, payoutId, amountCents } = await recordPayout(
        db,
        shopId,
        request.body,
        request.caller.id,
      );
      // Ids and the amount only: the reference and note are whatever the admin typed.
      request.log.info(
        { event: 'payout.recorded', payoutId, shopId, amountCents, method: request.body.method },
        'payout recorded',
      );
      privateAnswer(reply);
      return reply.code(201).send(ledger);
    },
  );

  app.put(
    '/api/admin/shops/:shopId/commission',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Sets a shop’s commission on new sales, or null for the marketplace default',
        params: shopIdParamsSchema,
        body: commissionRequestSchema,
        response: { 200: shopLedgerSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { commissionPercent } = request.body;
      return setCommission(
        db,
        request.params.shopId,
        commissionPercent === null ? null : bpsFromPercent(commissionPercent),
      );
    },
  );
}
