import {
  apiErrorSchema,
  mpesaCallbackAckSchema,
  mpesaCallbackParamsSchema,
  mpesaCallbackSchema,
  mpesaTransactionResultSchema,
  mpesaTransactionTimeoutSchema,
  paybillClaimBodySchema,
  paybillClaimSchema,
  paybillInstructionsSchema,
  paymentMethodsSchema,
  paymentStatusEventSchema,
  pesapalIpnAckSchema,
  pesapalIpnSchema,
  processPaymentBodySchema,
  processPaymentResponseSchema,
  sandboxActionParamsSchema,
  sandboxTransactionSchema,
  trackingIdParamsSchema,
  orderIdParamsSchema,
  orderSchema,
  refundQueueSchema,
  refundResultSchema,
  resolveRefundBodySchema,
  type MpesaCallback,
  type PesapalIpn,
} from '@soko/contract';
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unauthorized } from '../../platform/access';
import { AppError, notFound } from '../../platform/errors';
import { users } from '../../platform/schema';
import { productIdsOf, readOrder, refundQueue, resolveRefundByHand } from '../orders';
import { checkRequestedRefunds, refundOrder } from './refunds';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../platform/config';
import { CACHE_TAGS, productTags, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { runPeriodically } from '../../platform/periodic';
import { orderRateLimits, publicWriteRateLimit } from '../../platform/rate-limit';
import { attachStatusChannel } from './channel';
import type { PaymentProvider } from './provider';
import { isMpesaProvider, readTransactionResult } from './mpesa';
import {
  applyTransactionResult,
  applyTransactionTimeout,
  claimPaybillPayment,
  PAYBILL_RESULT_PATH,
  PAYBILL_TIMEOUT_PATH,
  paybillInstructions,
  type PaybillDeps,
} from './paybill';
import { actOnSandboxTransaction, readSandboxTransaction } from './sandbox';
import {
  finalStatus,
  handleNotification,
  paymentStatus,
  startPayment,
  sweepPendingPayments,
  type NotificationFields,
  type PaymentDeps,
} from './service';

const errors = {
  ...errorResponses,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
};
const MINUTE_MS = 60_000;
const IPN_BODY_LIMIT_BYTES = 4_096;
/** How often pending payments nobody has heard of lately are re-checked with the provider. */
const PAYMENT_SWEEP_MS = 60_000;
/** Below it, the secret token: `${PUBLIC_URL}${MPESA_CALLBACK_PATH}/<token>` is the CallBackURL. */
export const MPESA_CALLBACK_PATH = '/api/payments/mpesa/callback';
// A published STK callback is well under 1 KiB.
const MPESA_CALLBACK_BODY_LIMIT_BYTES = 8_192;

export function registerPaymentRoutes(
  app: App,
  ctx: AppContext,
  providers: readonly PaymentProvider[],
): void {
  const { db, config, cache } = ctx;
  // A provider that cannot be used (keys refused) stops the start: fail closed.
  app.addHook('onReady', async () => {
    await Promise.all(providers.map((provider) => provider.start()));
  });
  const channel = attachStatusChannel(app, {
    redisUrl: config.redisUrl,
    site: { publicUrl: config.publicUrl, trustProxy: config.trustProxy },
    finalStatus: (trackingId) => finalStatus(db, trackingId),
  });
  const deps: PaymentDeps = {
    db,
    providers,
    publicUrl: config.publicUrl,
    mpesaPrompts: config.mpesaPrompts,
    publish: (trackingId, event, orderId) => {
      // Stock and units sold may have moved with the payment: its order's products go soon
      // (everything, should they not be found).
      productIdsOf(db, [{ id: orderId }]).then(
        (ids) => cache.invalidateSoon(productTags(ids)),
        () => cache.invalidateSoon([CACHE_TAGS.catalog]),
      );
      channel.publish(trackingId, event);
    },
    settled: (payment) => {
      ctx.metrics.paymentSettled(payment.status);
      app.log.info({ event: `payment.${payment.status}`, ...payment }, 'payment settled');
    },
  };

  const orderLimits = orderRateLimits(app, config);
  app.post(
    '/api/payments/process',
    {
      config: { access: 'public', rateLimit: orderLimits.perClient },
      preValidation: orderLimits.perAddress,
      schema: {
        tags: ['checkout'],
        summary:
          "Start paying an open order online: stores the checkout form with it and answers the provider's page",
        body: processPaymentBodySchema,
        response: { 200: processPaymentResponseSchema, ...errors },
      },
    },
    async (request) => startPayment(deps, request.body, request.caller),
  );

  app.get(
    '/api/payments/methods',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'The payment methods the checkout offers (PAYMENTS), the default first',
        response: { 200: paymentMethodsSchema },
      },
    },
    async (_request, reply) => {
      // Settings only change with a restart.
      void reply.header('cache-control', 'public, max-age=300');
      return { methods: providers.map((provider) => provider.name) };
    },
  );

  app.get(
    '/api/payments/status/:trackingId',
    {
      // Whoever holds the tracking id (a random id the provider made) may follow the payment.
      // Limited: a stale status asks the provider. The checkout polls it every 3 s at most.
      config: { access: 'public', rateLimit: { max: 120, timeWindow: MINUTE_MS } },
      schema: {
        tags: ['checkout'],
        summary:
          'A payment’s status, as the live channel sends it (the fallback when the socket cannot connect)',
        params: trackingIdParamsSchema,
        response: { 200: paymentStatusEventSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return paymentStatus(deps, request.params.trackingId);
    },
  );

  // Pesapal's IPN: registered as POST, answered to GET as well (both are in its API). The
  // notification carries no status; handleNotification asks Pesapal before changing anything.
  const acknowledge = async (ipn: PesapalIpn, reply: FastifyReply) => {
    const ack = {
      orderNotificationType: ipn.OrderNotificationType ?? 'IPNCHANGE',
      orderTrackingId: ipn.OrderTrackingId,
      orderMerchantReference: ipn.OrderMerchantReference ?? '',
    };
    try {
      await handleNotification(deps, {
        trackingId: ipn.OrderTrackingId,
        kind: 'ipn',
        payload: ipn,
      });
      return { ...ack, status: 200 as const };
    } catch (error) {
      app.log.warn(
        { err: error, trackingId: ipn.OrderTrackingId },
        'IPN not applied; Pesapal will retry',
      );
      return reply.status(500).send({ ...ack, status: 500 as const });
    }
  };
  const ipnRoute = {
    // Generous: Pesapal sends from few addresses, and an unknown tracking id costs one read.
    config: {
      access: 'public' as const,
      rateLimit: { max: config.rateLimits.notifications, timeWindow: MINUTE_MS },
    },
  };
  app.post(
    '/api/payments/ipn/pesapal',
    {
      ...ipnRoute,
      // An IPN is three short fields: anything bigger is not one.
      bodyLimit: IPN_BODY_LIMIT_BYTES,
      schema: {
        tags: ['payments'],
        summary: 'Pesapal IPN (POST): verified with GetTransactionStatus, applied once',
        body: pesapalIpnSchema,
        response: { 200: pesapalIpnAckSchema, 500: pesapalIpnAckSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => acknowledge(request.body, reply),
  );
  app.get(
    '/api/payments/ipn/pesapal',
    {
      ...ipnRoute,
      schema: {
        tags: ['payments'],
        summary: 'Pesapal IPN (GET): verified with GetTransactionStatus, applied once',
        querystring: pesapalIpnSchema,
        response: { 200: pesapalIpnAckSchema, 500: pesapalIpnAckSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => acknowledge(request.query, reply),
  );

  if (providers.some((provider) => provider.name === 'sandbox')) {
    registerSandboxRoutes(app, deps, config);
  }
  if (config.mpesa && providers.some((provider) => provider.name === 'mpesa')) {
    registerMpesaCallback(app, deps, config, config.mpesa.callbackToken);
  }
  registerPaybillRoutes(app, deps, config, providers);
  runPeriodically(app, 'payment sweep', PAYMENT_SWEEP_MS, async () => {
    await sweepPendingPayments(deps);
    await checkRequestedRefunds(deps, (trackingId) =>
      handleNotification(deps, { trackingId, kind: 'refund-check', payload: {} }),
    );
  });

  app.get(
    '/api/order/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The refund queue: orders that owe money back (cancelled, paid twice or paid after expiry) until resolved',
        response: { 200: refundQueueSchema, ...errors },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return refundQueue(db);
    },
  );

  app.post(
    '/api/order/:orderId/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Asks the payment provider to give back what the order owes; the order is marked refunded only when the provider confirms',
        params: orderIdParamsSchema,
        response: { 200: refundResultSchema, ...errors },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      const caller = request.caller;
      if (!caller) throw unauthorized();
      const answer = await refundOrder(deps, app.log, orderId, {
        kind: 'admin',
        userId: caller.id,
        name: await adminName(caller.id),
      });
      if (answer.status === 'refused') {
        throw new AppError(
          409,
          'refund_refused',
          `The payment provider refused the refund: ${answer.message}`,
        );
      }
      return { ...answer, order: await readOrder(db, orderId) };
    },
  );

  app.post(
    '/api/order/:orderId/refund/resolve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Marks what an order owes as given back outside Soko, with a note saying how',
        params: orderIdParamsSchema,
        body: resolveRefundBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      await resolveRefundByHand(db, orderId, request.body.note, {
        kind: 'admin',
        userId: request.caller?.id ?? null,
      });
      return readOrder(db, orderId);
    },
  );

  /** Pesapal wants the name of whoever asks for a refund. */
  async function adminName(userId: string): Promise<string> {
    const [row] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row ? `${row.firstName} ${row.lastName}`.trim() || row.email : 'Soko admin';
  }
}

/** The sandbox's hosted page talks to these; they exist only when PAYMENTS=sandbox. */
function registerSandboxRoutes(app: App, deps: PaymentDeps, config: Config): void {
  app.get(
    '/api/payments/sandbox/:trackingId',
    {
      config: { access: 'public', rateLimit: publicWriteRateLimit(config) },
      schema: {
        tags: ['payments'],
        summary: 'The sandbox provider’s view of a payment (for its hosted page)',
        params: trackingIdParamsSchema,
        response: { 200: sandboxTransactionSchema, ...errors },
      },
    },
    async (request) => readSandboxTransaction(deps.db, request.params.trackingId),
  );

  app.post(
    '/api/payments/sandbox/:trackingId/:action',
    {
      config: { access: 'public', rateLimit: publicWriteRateLimit(config) },
      schema: {
        tags: ['payments'],
        summary:
          'Pay, fail or reverse a sandbox payment; the shop is notified as by a real provider',
        params: sandboxActionParamsSchema,
        response: { 200: sandboxTransactionSchema, ...errors },
      },
    },
    async (request) => {
      const { trackingId, action } = request.params;
      const transaction = await actOnSandboxTransaction(deps.db, trackingId, action);
      // The provider's notification, through the same path as Pesapal's IPN.
      await handleNotification(deps, {
        trackingId,
        kind: 'ipn',
        payload: {
          OrderTrackingId: trackingId,
          OrderNotificationType: 'IPNCHANGE',
          OrderMerchantReference: transaction.merchantReference,
        },
      });
      return transaction;
    },
  );
}

/**
 * Safaricom's STK callback. It is unsigned (payments reference 2.6), so: a secret token in the
 * path, the body's shape checked, and then nothing in it believed: handleNotification asks
 * Daraja (STK query) and checks the amount before anything changes, once. Safaricom always gets
 * its acknowledgement; a callback that could not be verified now is settled by the sweep.
 */
function registerMpesaCallback(app: App, deps: PaymentDeps, config: Config, token: string): void {
  const expected = Buffer.from(token);
  app.post(
    `${MPESA_CALLBACK_PATH}/:secretToken`,
    {
      config: {
        access: 'public',
        rateLimit: { max: config.rateLimits.notifications, timeWindow: MINUTE_MS },
      },
      bodyLimit: MPESA_CALLBACK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['payments'],
        summary: 'Daraja STK callback: verified with an STK query and the amount, applied once',
        params: mpesaCallbackParamsSchema,
        body: mpesaCallbackSchema,
        response: { 200: mpesaCallbackAckSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const given = Buffer.from(request.params.secretToken);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw notFound('Not found.');
      }
      const fields = callbackFields(request.body);
      try {
        await handleNotification(deps, {
          trackingId: request.body.Body.stkCallback.CheckoutRequestID,
          kind: 'callback',
          payload: fields,
        });
      } catch (error) {
        app.log.warn(
          { err: error, checkoutRequestId: fields.CheckoutRequestID },
          'M-Pesa callback not verified now; the sweep will ask Daraja again',
        );
      }
      return { ResultCode: 0 as const, ResultDesc: 'Accepted' };
    },
  );
}

/**
 * Paying by hand to the Paybill or Till (decision 042): the steps and the code typed, for whoever
 * may pay the order; and Daraja's Transaction Status result and queue timeout, behind the
 * callback's secret token. Without an initiator no code can be checked: not offered.
 */
function registerPaybillRoutes(
  app: App,
  payment: PaymentDeps,
  config: Config,
  providers: readonly PaymentProvider[],
): void {
  const mpesa = providers.find(isMpesaProvider);
  const deps: PaybillDeps = {
    ...payment,
    mpesa: mpesa?.checksCodes ? mpesa : undefined,
    receiver: config.mpesa?.tillNumber
      ? { kind: 'till', number: config.mpesa.tillNumber }
      : { kind: 'paybill', number: config.mpesa?.shortcode ?? '' },
  };
  app.get(
    '/api/payments/mpesa/paybill/:orderId',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: MINUTE_MS } },
      schema: {
        tags: ['checkout'],
        summary:
          "How to pay an order by hand to the marketplace's M-Pesa Paybill or Till, and the latest code's check",
        params: orderIdParamsSchema,
        response: { 200: paybillInstructionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return paybillInstructions(deps, request.params.orderId, request.caller);
    },
  );
  app.post(
    '/api/payments/mpesa/paybill',
    {
      config: { access: 'public', rateLimit: publicWriteRateLimit(config) },
      schema: {
        tags: ['checkout'],
        summary:
          'The M-Pesa code of an order paid by hand: checked with Daraja before the order is paid',
        body: paybillClaimBodySchema,
        response: { 202: paybillClaimSchema, ...errors },
      },
    },
    async (request, reply) => {
      const claim = await claimPaybillPayment(deps, request.body, request.caller);
      return reply.status(202).send(claim);
    },
  );
  if (!config.mpesa || !deps.mpesa) return;

  const expected = Buffer.from(config.mpesa.callbackToken);
  const tokenMatches = (given: string) => {
    const bytes = Buffer.from(given);
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  };
  const notificationConfig = {
    access: 'public' as const,
    rateLimit: { max: config.rateLimits.notifications, timeWindow: MINUTE_MS },
  };
  const ack = { ResultCode: 0 as const, ResultDesc: 'Accepted' };
  app.post(
    `${PAYBILL_RESULT_PATH}/:secretToken`,
    {
      config: notificationConfig,
      bodyLimit: MPESA_CALLBACK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['payments'],
        summary: 'Daraja Transaction Status result: accepts or refuses the code typed, once',
        params: mpesaCallbackParamsSchema,
        body: mpesaTransactionResultSchema,
        response: { 200: mpesaCallbackAckSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!tokenMatches(request.params.secretToken)) throw notFound('Not found.');
      const result = readTransactionResult(request.body);
      if (result.resultCode !== '0') {
        app.log.info(
          { resultCode: result.resultCode, resultDesc: result.resultDesc },
          'M-Pesa found no completed payment for a code typed',
        );
      }
      await applyTransactionResult(deps, result);
      return ack;
    },
  );
  app.post(
    `${PAYBILL_TIMEOUT_PATH}/:secretToken`,
    {
      config: notificationConfig,
      bodyLimit: MPESA_CALLBACK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['payments'],
        summary: 'Daraja Transaction Status queue timeout: the code is to be typed again',
        params: mpesaCallbackParamsSchema,
        body: mpesaTransactionTimeoutSchema,
        response: { 200: mpesaCallbackAckSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!tokenMatches(request.params.secretToken)) throw notFound('Not found.');
      await applyTransactionTimeout(deps, request.body.Result?.ConversationID ?? null);
      return ack;
    },
  );
}

/** The callback's fields as stored with the payment; metadata items read by Name. */
function callbackFields(callback: MpesaCallback): NotificationFields {
  const stk = callback.Body.stkCallback;
  const item = (name: string) => {
    const value = stk.CallbackMetadata?.Item.find((entry) => entry.Name === name)?.Value;
    return value === undefined ? undefined : String(value);
  };
  const fields: NotificationFields = {
    CheckoutRequestID: stk.CheckoutRequestID,
    MerchantRequestID: stk.MerchantRequestID,
    ResultCode: String(stk.ResultCode),
  };
  const amount = item('Amount');
  const receipt = item('MpesaReceiptNumber');
  if (amount !== undefined) fields.Amount = amount;
  if (receipt !== undefined) fields.MpesaReceiptNumber = receipt;
  return fields;
}
