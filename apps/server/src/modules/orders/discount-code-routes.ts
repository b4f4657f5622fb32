// Running discount codes (issue 32, decision 038): a shop's owner (or an admin) runs that shop's
// codes; admins run the marketplace's and see every code. Shoppers only ever look one up
// (GET /api/discounts/{code}, routes.ts).
import {
  codeIdParamsSchema,
  deletedResponseSchema,
  discountCodeInputSchema,
  discountCodeListSchema,
  discountCodeViewSchema,
  shopCodeParamsSchema,
  shopIdParamsSchema,
} from '@soko/contract';
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { shopInPath } from '../shops';
import { createCode, deleteCode, listCodes, updateCode } from './discount-codes';

const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function registerDiscountCodeRoutes(app: App, { db }: AppContext): void {
  const ownerAccess = { access: { shopOf: shopInPath('shopId') } };
  const shopTags = ['shops'];

  app.get(
    '/api/property/shop/:shopId/discount-codes',
    {
      config: ownerAccess,
      schema: {
        tags: shopTags,
        summary: "A shop's own discount codes, newest first",
        params: shopIdParamsSchema,
        response: { 200: discountCodeListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return { codes: await listCodes(db, { shopId: request.params.shopId }) };
    },
  );

  app.post(
    '/api/property/shop/:shopId/discount-codes',
    {
      config: ownerAccess,
      schema: {
        tags: shopTags,
        summary: 'A new code on this shop’s lines, borne by the shop (201)',
        params: shopIdParamsSchema,
        body: discountCodeInputSchema,
        response: { 201: discountCodeViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const code = await createCode(db, request.params.shopId, request.body);
      return reply.code(201).send(code);
    },
  );

  app.put(
    '/api/property/shop/:shopId/discount-codes/:codeId',
    {
      config: ownerAccess,
      schema: {
        tags: shopTags,
        summary: 'Replace a shop code’s terms (pause it with active: false)',
        params: shopCodeParamsSchema,
        body: discountCodeInputSchema,
        response: { 200: discountCodeViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { shopId, codeId } = request.params;
      return updateCode(db, codeId, { shopId }, request.body);
    },
  );

  app.delete(
    '/api/property/shop/:shopId/discount-codes/:codeId',
    {
      config: ownerAccess,
      schema: {
        tags: shopTags,
        summary: 'Delete a shop code (orders placed with it keep their discount)',
        params: shopCodeParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { shopId, codeId } = request.params;
      await deleteCode(db, codeId, { shopId });
      return { _id: codeId, deleted: true as const };
    },
  );

  app.get(
    '/api/admin/discount-codes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Every code: the marketplace's and every shop's, newest first",
        response: { 200: discountCodeListSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      privateAnswer(reply);
      return { codes: await listCodes(db, 'all') };
    },
  );

  app.post(
    '/api/admin/discount-codes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A new marketplace code on the whole cart, borne by the marketplace (201)',
        body: discountCodeInputSchema,
        response: { 201: discountCodeViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createCode(db, null, request.body)),
  );

  app.put(
    '/api/admin/discount-codes/:codeId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Replace any code's terms",
        params: codeIdParamsSchema,
        body: discountCodeInputSchema,
        response: { 200: discountCodeViewSchema, ...errorResponses },
      },
    },
    async (request) => updateCode(db, request.params.codeId, 'all', request.body),
  );

  app.delete(
    '/api/admin/discount-codes/:codeId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete any code (orders placed with it keep their discount)',
        params: codeIdParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deleteCode(db, request.params.codeId, 'all');
      return { _id: request.params.codeId, deleted: true as const };
    },
  );
}
