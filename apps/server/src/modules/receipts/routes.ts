// Receipts' calls (issue 33, decision 045): an order's receipts for its shopper, one receipt for
// whoever may see it, and a shop's month (JSON, and CSV for its accountant) for its owner or an
// admin. Never kept by a browser or a proxy: a receipt names its buyer, and eTIMS changes it.
import {
  orderIdParamsSchema,
  orderReceiptsSchema,
  receiptPdfFileName,
  receiptSchema,
  receiptsMonthQuerySchema,
  shopIdParamsSchema,
} from '@soko/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { shopInPath } from '../shops';
import { receiptsCsv } from './csv';
import { renderReceiptPdf } from './pdf';
import { readOrderReceipts, readReceipt, receiptView, shopMonthReceipts } from './read';

const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function registerReceiptRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const errors = errorResponses;

  app.get(
    '/api/orders/:orderId/receipts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary:
          "An order's receipts and credit notes, for its shopper (a signed-in shopper's own, or an anonymous order by its id)",
        params: orderIdParamsSchema,
        response: { 200: orderReceiptsSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return readOrderReceipts(db, request.params.orderId, request.caller);
    },
  );

  app.get(
    '/api/receipts/:receiptId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary:
          "One receipt or credit note: for its order's shopper, its shop's owner or an admin",
        params: z.object({ receiptId: z.string().min(1) }),
        response: { 200: receiptSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return readReceipt(db, request.params.receiptId, request.caller);
    },
  );

  app.get(
    '/api/receipts/:receiptId/pdf',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'One receipt or credit note as a PDF, for whoever may read it (as its JSON read)',
        produces: ['application/pdf'],
        params: z.object({ receiptId: z.string().min(1) }),
        response: { 200: z.unknown().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const receipt = await readReceipt(db, request.params.receiptId, request.caller);
      const pdf = await renderReceiptPdf(receipt);
      return privateAnswer(reply)
        .header(
          'content-disposition',
          `attachment; filename="${receiptPdfFileName(receipt.numberText)}"`,
        )
        .type('application/pdf')
        .send(pdf);
    },
  );

  app.get(
    '/api/property/shop/:shopId/receipts',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: "A shop's receipts and credit notes of a month (Nairobi time), in number order",
        params: shopIdParamsSchema,
        querystring: receiptsMonthQuerySchema,
        response: { 200: orderReceiptsSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const rows = await shopMonthReceipts(db, request.params.shopId, request.query.month);
      return rows.map(receiptView);
    },
  );

  app.get(
    '/api/property/shop/:shopId/receipts.csv',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary:
          "A shop's receipts and credit notes of a month as CSV for its accountant (UTF-8 with a BOM)",
        produces: ['text/csv'],
        params: shopIdParamsSchema,
        querystring: receiptsMonthQuerySchema,
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { shopId } = request.params;
      const { month } = request.query;
      const rows = await shopMonthReceipts(db, shopId, month);
      return privateAnswer(reply)
        .header('content-disposition', `attachment; filename="receipts-${shopId}-${month}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(receiptsCsv(rows));
    },
  );
}
