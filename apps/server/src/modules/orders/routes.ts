import {
  PROBLEM_TEXTS,
  adminOrdersExportQuerySchema,
  adminOrdersQuerySchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  discountCodeParamsSchema,
  discountQuerySchema,
  discountResponseSchema,
  finalCheckoutBodySchema,
  orderIdParamsSchema,
  orderListResponseSchema,
  orderSchema,
  shopIdParamsSchema,
  shopOrderListResponseSchema,
  shopOrderSchema,
  shopOrdersQuerySchema,
  partActionParamsSchema,
  partActionBodySchema,
  cancelOrderBodySchema,
  orderHistorySchema,
  type ShopIdParams,
  isUuid,
  apiErrorSchema,
  TOTAL_COUNT_HEADER,
} from '@soko/contract';
import { z } from 'zod';
import { clientKeysOf } from '../../platform/device';
import { chosenLocale } from '../../platform/request-locale';
import { productTags, type App, type AppContext } from '../../platform/context';
import { answeredCode, notFound } from '../../platform/errors';
import { sendPackageOfPart, type CachedCarrier } from '../delivery';
import { errorResponses } from '../../platform/openapi';
import { runPeriodically } from '../../platform/periodic';
import { orderRateLimits, publicWriteRateLimit } from '../../platform/rate-limit';
import { lookUpDiscount } from './discount-codes';
import type { FastifyRequest } from 'fastify';
import { ordersCsv } from './orders-csv';
import { cancelOrder, movePart } from './parts';
import {
  countOrders,
  listOrders,
  listShopOrders,
  nairobiMinute,
  orderHistory,
  readOrder,
} from './queries';
import type { Actor } from './transitions';
import { checkoutOrder, readOwnOrder } from './checkout';
import { expireOverdueOrders } from './expiry';
import { createOrder } from './placing';

const errors = {
  ...errorResponses,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
};
/** How often unpaid orders past their hold are expired and their stock given back. */
const EXPIRY_SWEEP_MS = 30_000;
/** An id that is not a UUID names no order: 404, like any other unknown id. */
function orderIdOf(params: { orderId: string }): string {
  if (!isUuid(params.orderId)) throw notFound(PROBLEM_TEXTS.orderNotFound);
  return params.orderId;
}

export function registerOrderRoutes(app: App, ctx: AppContext, carrier?: CachedCarrier): void {
  const { db, config, cache } = ctx;
  const jwtSecret = config.jwtSecret ?? '';
  const settings = {
    orderHoldMinutes: config.orderHoldMinutes,
    maxOpenOrders: config.maxOpenOrdersPerClient,
    maxOpenOrdersPerAddress: config.maxOpenOrdersPerAddress,
    maxHeldUnitsPerShop: config.maxHeldUnitsPerShop,
    heldOrdersWorthPerProduct: config.heldOrdersWorthPerProduct,
    addressHoldFactor: config.addressHoldFactor,
  };
  const limits = orderRateLimits(app, config);

  app.get(
    '/api/discounts/:code',
    {
      // Limited like a write: codes must not be guessable by trying thousands a minute.
      config: { access: 'public', rateLimit: publicWriteRateLimit(config) },
      schema: {
        tags: ['checkout'],
        summary: 'What a discount code takes off a subtotal (404 unknown, expired or used up)',
        params: discountCodeParamsSchema,
        querystring: discountQuerySchema,
        response: { 200: discountResponseSchema, ...errors },
      },
    },
    async (request) => lookUpDiscount(db, request.params.code, request.query.subtotal),
  );

  app.post(
    '/api/order/create',
    {
      config: { access: 'public', rateLimit: limits.perClient },
      preValidation: limits.perAddress,
      // Every refusal, from the rate limits and the body's schema to stock, counted by its code.
      onError: async (request, _reply, error) => {
        const { status, code } = answeredCode(error, request);
        if (status < 500) ctx.metrics.orderRefused(code);
      },
      schema: {
        tags: ['checkout'],
        summary:
          'Create an order: priced by the server, stock and discount-code use taken at once (201)',
        body: createOrderBodySchema,
        response: { 201: createOrderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { caller } = request;
      // The account, else the device (a cookie issued here if the browser has none yet).
      const keys = clientKeysOf(request, reply, caller, jwtSecret);
      const tenant = await ctx.tenants.forRequest(request);
      // The shopper's language, from the cookie the header's switch keeps (decision 050).
      const locale = chosenLocale(request.cookies);
      const created = await createOrder(
        db,
        request.body,
        { caller, ...keys, tenantId: tenant?.id ?? null, locale },
        settings,
        new Date(),
        carrier,
      );
      // Stock moved: the answers showing these products go within STOCK_LAG_MS.
      cache.invalidateSoon(productTags(request.body.items.map((item) => item.productId)));
      ctx.metrics.orderPlaced();
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/order/checkout',
    {
      config: { access: 'public', rateLimit: limits.perClient },
      preValidation: limits.perAddress,
      schema: {
        tags: ['checkout'],
        summary:
          'Final checkout: confirms a pay-on-delivery order (or a paid one) with the delivery form; repeats answer the same order',
        body: finalCheckoutBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const { order, confirmedNow } = await checkoutOrder(db, request.body, request.caller);
      // Units sold rank the popular choices.
      if (confirmedNow)
        cache.invalidateSoon(productTags(order.items.map((item) => item.productId)));
      return order;
    },
  );

  app.get(
    '/api/orders/:orderId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary:
          "One order for its buyer: a signed-in shopper's own, or an anonymous order by its id",
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return readOwnOrder(db, orderIdOf(request.params), request.caller);
    },
  );

  app.get(
    '/api/order/getall',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Orders, newest first, one page (10 unless told; the total in X-Total-Count), found by number, email or phone (q), state, shop and Nairobi days (from, to)',
        querystring: adminOrdersQuerySchema,
        response: { 200: orderListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { page, pageSize, ...filter } = request.query;
      const [list, total] = await Promise.all([
        listOrders(db, filter, pageSize, (page - 1) * pageSize),
        countOrders(db, filter),
      ]);
      void reply.header('cache-control', 'private, no-store');
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return list;
    },
  );

  app.get(
    '/api/order/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Every order the filters of /api/order/getall keep, newest first, as CSV (UTF-8 with a BOM; no row limit)',
        querystring: adminOrdersExportQuerySchema,
        produces: ['text/csv'],
        // A stream, which Fastify sends as it is (no serializer runs on it).
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const today = nairobiMinute(new Date()).slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="orders-${today}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(ordersCsv(db, request.query));
    },
  );

  app.get(
    '/api/order/getorder/:orderId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One order with its items',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => readOrder(db, orderIdOf(request.params)),
  );

  /** The shop named in the path, for the access rule (its owner or an admin). */
  const shopInPath = async (request: FastifyRequest) => {
    const { shopId } = request.params as ShopIdParams;
    return isUuid(shopId) ? shopId : null;
  };
  const actorOf = (request: FastifyRequest): Actor => ({
    kind: request.caller?.role === 'admin' ? 'admin' : 'owner',
    userId: request.caller?.id ?? null,
  });

  app.get(
    '/api/property/shop/:shopId/orders',
    {
      config: { access: { shopOf: shopInPath } },
      schema: {
        tags: ['shops'],
        summary:
          "A shop's part of each placed order, with only its lines: newest first, 10 a page (the total in X-Total-Count)",
        params: shopIdParamsSchema,
        querystring: shopOrdersQuerySchema,
        response: { 200: shopOrderListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Admins pass the ownership check without a lookup: an id that is not one is still a 404.
      if (!isUuid(request.params.shopId)) throw notFound('Shop not found.');
      const { orders: list, total } = await listShopOrders(
        db,
        request.params.shopId,
        request.query,
      );
      void reply.header('cache-control', 'private, no-store');
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return list;
    },
  );

  app.post(
    '/api/property/shop/:shopId/orders/:orderId/:action',
    {
      config: { access: { shopOf: shopInPath } },
      schema: {
        tags: ['shops'],
        summary:
          "Ships, delivers or cancels a shop's part of an order (its owner or an admin); the order follows its parts",
        params: partActionParamsSchema,
        body: partActionBodySchema,
        response: { 200: shopOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { shopId, orderId, action } = request.params;
      if (!isUuid(shopId)) throw notFound('Shop not found.');
      let moved = await movePart(db, shopId, orderId, action, request.body, actorOf(request));
      // A part for an agent point: its package goes to the carrier now (bounded by the carrier's
      // timeout); when the carrier is down it stays queued for the sweep and the ship stands.
      // The answer shows the package as it then is.
      if (action === 'ship' && carrier && moved.carrierPackage) {
        await sendPackageOfPart(db, carrier, shopId, orderId);
        const { orders: [sent] = [] } = await listShopOrders(db, shopId, {
          page: 1,
          pageSize: 1,
          orderId,
        });
        moved = sent ?? moved;
      }
      // A cancelled part's stock is back on sale.
      if (action === 'cancel') {
        cache.invalidateSoon(productTags(moved.items.map((item) => item.productId)));
      }
      return moved;
    },
  );

  app.post(
    '/api/order/:orderId/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Cancels a whole order not yet sent (admins); its stock goes back and a paid one joins the refund queue',
        params: orderIdParamsSchema,
        body: cancelOrderBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const orderId = orderIdOf(request.params);
      await cancelOrder(db, orderId, request.body.note, actorOf(request));
      const order = await readOrder(db, orderId);
      cache.invalidateSoon(productTags(order.items.map((item) => item.productId)));
      return order;
    },
  );

  app.get(
    '/api/order/:orderId/history',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every move of an order and of its parts: who, when, from, to and why',
        params: orderIdParamsSchema,
        response: { 200: orderHistorySchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return orderHistory(db, orderIdOf(request.params));
    },
  );

  // Holds that ran out give their stock back (at start too, for those that ran out while the
  // server was down).
  runPeriodically(app, 'order expiry sweep', EXPIRY_SWEEP_MS, async () => {
    const { expired, productIds } = await expireOverdueOrders(db);
    if (expired > 0) {
      cache.invalidateSoon(productTags(productIds));
      app.log.info({ expired }, 'expired unpaid orders and returned their stock');
    }
  });
}
