// A shop's delivery (issue 31): its owner (or an admin) reads and replaces it; anyone asks what
// delivery to a county costs. Quotes are answered from the response cache, dropped at once when
// the owner saves (decision 035). The carrier's agent points, a shop's fee to one, a part's
// package for its owner, and the carrier's signed webhook (decision 036).
import {
  agentPointsQuerySchema,
  agentPointsResponseSchema,
  agentQuoteQuerySchema,
  agentQuoteSchema,
  carrierPackageStateSchema,
  deliveryQuoteQuerySchema,
  deliveryQuoteSchema,
  deliverySettingsInputSchema,
  quoteDelivery,
  shopDeliveryResponseSchema,
  shopIdParamsSchema,
  uuidSchema,
} from '@soko/contract';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../platform/access';
import { sendCached } from '../../platform/cache';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { runPeriodically } from '../../platform/periodic';
import { AppError, notFound } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import { shopInPath } from '../shops';
import { carrierRefusal, checkAgentSettings, quoteAgent } from './agents';
import type { CachedCarrier } from './carrier';
import { applyCarrierEvent, packageOfPart, sendDuePackages, type DeliverPart } from './packages';
import { PICKUP_MTAANI_SIGNATURE_HEADER } from './pickup-mtaani';
import { deliveryOf, readShopDelivery, replaceShopDelivery } from './store';

/** The sweep that retries packages the carrier did not take (decision 036). */
const PACKAGE_SWEEP_MS = 60_000;
/** A webhook is a small JSON document; anything larger is not the carrier's. */
const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;
const AGENT_LIST_MAX_AGE_S = 300;

/** Set by the access hook on the owner's routes (none of them is public). */
const callerOf = (request: FastifyRequest): Caller => request.caller as Caller;
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

const partParamsSchema = z.strictObject({ shopId: uuidSchema, orderId: uuidSchema });

export function registerDeliveryRoutes(
  app: App,
  ctx: AppContext,
  carrier: CachedCarrier | undefined,
  deliverPart: DeliverPart,
): void {
  const { db, cache } = ctx;

  app.get(
    '/api/property/shop/:shopId/delivery',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: "A shop's delivery: rates per county group, free threshold, pickup counters",
        params: shopIdParamsSchema,
        response: { 200: shopDeliveryResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return readShopDelivery(db, request.params.shopId, callerOf(request));
    },
  );

  app.put(
    '/api/property/shop/:shopId/delivery',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: "Replace a shop's delivery settings (the whole of them)",
        params: shopIdParamsSchema,
        body: deliverySettingsInputSchema,
        response: { 200: shopDeliveryResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { shopId } = request.params;
      await checkAgentSettings(carrier, request.body.agents);
      const saved = await replaceShopDelivery(db, shopId, request.body, callerOf(request));
      cache.invalidate([CACHE_TAGS.delivery(shopId)]);
      return saved;
    },
  );

  app.get(
    '/api/delivery/quote',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: "What delivery to a county costs from a product's (or a shop's) shop",
        querystring: deliveryQuoteQuerySchema,
        response: { 200: deliveryQuoteSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { county, productId, shopId } = request.query;
      const target = productId ? `product:${productId}` : `shop:${shopId ?? ''}`;
      const cached = await cache.get(
        `delivery-quote:${target}:${county}`,
        // A deleted product or shop drops its quotes too.
        [CACHE_TAGS.shops, ...(productId ? [CACHE_TAGS.product(productId)] : [])],
        async () => {
          const found = await deliveryOf(db, { productId, shopId });
          if (!found) throw notFound(productId ? 'Product not found.' : 'Shop not found.');
          return quoteDelivery(found.shop, found.settings, county);
        },
        { tagsOf: (quote) => [CACHE_TAGS.delivery(quote.shopId)] },
      );
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/delivery/agents',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: "The carrier's agent points a shopper may collect at, in one county when named",
        querystring: agentPointsQuerySchema,
        response: { 200: agentPointsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!carrier) return { enabled: false, carrier: null, agents: [] };
      const agents = await carrier.listAgents().catch((error: unknown) => {
        carrierRefusal(error, 'county', 'Agent points cannot be listed just now.');
      });
      const county = request.query.county?.toLowerCase();
      void reply.header('cache-control', `public, max-age=${AGENT_LIST_MAX_AGE_S}`);
      return {
        enabled: true,
        carrier: carrier.name,
        agents: county ? agents.filter((agent) => agent.county.toLowerCase() === county) : agents,
      };
    },
  );

  app.get(
    '/api/delivery/agents/quote',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: "What a shop's delivery to one agent point costs (the carrier's quote)",
        querystring: agentQuoteQuerySchema,
        response: { 200: agentQuoteSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { shopId, agentId } = request.query;
      const found = await deliveryOf(db, { shopId });
      if (!found) throw notFound('Shop not found.');
      const quote = await quoteAgent(carrier, found.settings.agents, agentId, 'agentId');
      return { shopId, agent: quote.agent, fee: quote.fee };
    },
  );

  app.get(
    '/api/property/shop/:shopId/orders/:orderId/package',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: "The carrier package of a shop's part sent to an agent point: queued or created",
        params: partParamsSchema,
        response: { 200: carrierPackageStateSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { shopId, orderId } = request.params;
      const state = await packageOfPart(db, shopId, orderId);
      if (!state) throw notFound('This part has no carrier package.');
      return state;
    },
  );

  // The carrier's webhook: its raw bytes are what is signed, so this scope reads JSON as bytes.
  void app.register(async (plugin) => {
    plugin.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    plugin.post(
      '/api/delivery/carriers/pickup-mtaani/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['delivery'],
          summary:
            "Pick Up Mtaani's package webhooks, signed with the shared secret; each applied once",
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers[PICKUP_MTAANI_SIGNATURE_HEADER];
        if (
          !carrier ||
          !carrier.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)
        ) {
          throw new AppError(401, 'unauthorized', 'This webhook is not signed by the carrier.');
        }
        const event = carrier.parseWebhook(raw);
        if (!event) {
          throw new AppError(400, 'validation_failed', 'Not a package event of this carrier.');
        }
        const outcome = await applyCarrierEvent(db, carrier.name, event, deliverPart);
        request.log.info({ eventId: event.eventId, kind: event.kind, outcome }, 'carrier webhook');
        return reply.status(200).send({ received: true, outcome });
      },
    );
  });

  if (carrier) {
    runPeriodically(app, 'carrier package sweep', PACKAGE_SWEEP_MS, async () => {
      const tried = await sendDuePackages(db, carrier);
      if (tried > 0) app.log.info({ tried }, 'sent queued carrier packages');
    });
  }
}
