// The dashboard's figures (issue 15): every shop's for an admin, one shop's for its owner (or
// an admin), under the shop's own /api/property path like its other owner reads.
import { shopIdParamsSchema, statsOverviewSchema, statsQuerySchema } from '@soko/contract';
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { shopInPath } from '../shops';
import { statsOverview } from './service';

// Figures move with every order: never kept by a browser or a proxy.
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function registerStatsRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const errors = errorResponses;

  app.get(
    '/api/stats/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every shop’s sales, orders and best sellers over the last `days` days',
        querystring: statsQuerySchema,
        response: { 200: statsOverviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return statsOverview(db, { shopId: null }, request.query.days);
    },
  );

  app.get(
    '/api/property/shop/:shopId/stats',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: 'A shop’s sales, orders and best sellers over the last `days` days (its lines)',
        params: shopIdParamsSchema,
        querystring: statsQuerySchema,
        response: { 200: statsOverviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return statsOverview(db, { shopId: request.params.shopId }, request.query.days);
    },
  );
}
