// What the HTTP tests of a test app share: a call with an optional bearer token, signing in a
// demo account (failing loudly when it cannot, so no test runs on an account that is not
// there), the first shop of an owner, an order placed with its checkout to come, and an online
// payment through the sandbox provider.
import {
  shopLedgerSchema,
  authResponseSchema,
  processPaymentResponseSchema,
  type AuthResponse,
  type sandboxActionParamsSchema,
} from '@soko/contract';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { shops } from '../src/platform/schema';
import type { TestApp } from './harness';
import { DELIVERY_FORM, orderBody, type FixtureProduct } from './order-fixtures';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function httpClient(app: () => TestApp) {
  const call = (
    method: Method,
    url: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app().app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  const signIn = async (email: string): Promise<AuthResponse> => {
    const res = await call('POST', '/api/user/signin', undefined, {
      email,
      password: 'soko-demo-pass',
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
    return authResponseSchema.parse(res.json());
  };

  const shopOf = async (token: string): Promise<string> => {
    const res = await call('GET', '/api/property/shop/getall', token);
    const id = (res.json() as { _id: string }[])[0]?._id;
    if (!id) throw new Error(`no shop: ${res.body}`);
    return id;
  };

  /**
   * An order of `quantity` of each product, placed by `token` as the cart does, and its final
   * checkout ready to send (it confirms an order paid on delivery). `headers` go with both calls
   * (a browser's `cookie`, say).
   */
  const placeOrder = async (
    token: string | undefined,
    items: FixtureProduct[],
    quantity = 2,
    headers: Record<string, string> = {},
  ) => {
    const body = orderBody(items.map((product) => ({ product, quantity })));
    const created = await call('POST', '/api/order/create', token, body, headers);
    if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
    const { _id, totalPrice } = created.json() as { _id: string; totalPrice: number };
    const checkout = () =>
      call(
        'POST',
        '/api/order/checkout',
        token,
        {
          ...DELIVERY_FORM,
          orderId: _id,
          totalPrice,
          shipping: body.shipping,
          discount: body.discount,
        },
        headers,
      );
    return { _id, totalPrice, checkout };
  };

  /** Starts paying `orderId` online as `token` (the sandbox provider): its tracking id. */
  const startSandboxPayment = async (token: string, orderId: string): Promise<string> => {
    const started = await call('POST', '/api/payments/process', token, {
      orderId,
      formData: DELIVERY_FORM,
    });
    if (started.statusCode !== 200) throw new Error(`payment start failed: ${started.body}`);
    return processPaymentResponseSchema.parse(started.json()).trackingId;
  };

  /** What the shopper does on the sandbox's page ('pay', 'fail'), or its 'reverse' later. */
  const sandbox = (
    trackingId: string,
    action: z.infer<typeof sandboxActionParamsSchema>['action'],
  ) => call('POST', `/api/payments/sandbox/${trackingId}/${action}`, undefined, {});

  /** Ships and delivers each shop's part of `orderId`, as its owner (`token`). */
  const deliverParts = async (
    orderId: string,
    owners: ReadonlyArray<readonly [string, string]>,
  ) => {
    for (const [shopId, token] of owners) {
      for (const action of ['ship', 'deliver']) {
        const res = await call(
          'POST',
          `/api/property/shop/${shopId}/orders/${orderId}/${action}`,
          token,
          {},
        );
        if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.body}`);
      }
    }
  };

  /** The shop's ledger entry for its sale in `orderId`, read as its owner (`token`). */
  const saleOf = async (orderId: string, shopId: string, token: string) => {
    const ledger = shopLedgerSchema.parse(
      (await call('GET', `/api/property/shop/${shopId}/ledger`, token)).json(),
    );
    const sale = ledger.entries.find((entry) => entry.orderId === orderId && entry.kind === 'sale');
    if (!sale) throw new Error(`no sale for ${shopId}`);
    return sale;
  };

  return {
    call,
    signIn,
    shopOf,
    placeOrder,
    startSandboxPayment,
    sandbox,
    deliverParts,
    saleOf,
  };
}

/**
 * The demo marketplace as the order tests use it: its four accounts signed in, and the two demo
 * shops (owner@ and owner2@ own them) set to take payment online or on delivery.
 */
export async function demoMarket(t: TestApp, payOnOrder: boolean) {
  const { signIn, shopOf } = httpClient(() => t);
  const [admin, owner, owner2, shopper] = await Promise.all([
    signIn('admin@soko.test'),
    signIn('owner@soko.test'),
    signIn('owner2@soko.test'),
    signIn('shopper@soko.test'),
  ]);
  const [shopA, shopB] = await Promise.all([shopOf(owner.token), shopOf(owner2.token)]);
  await t.database.db
    .update(shops)
    .set({ payOnOrder })
    .where(inArray(shops.id, [shopA, shopB]));
  return { admin, owner, owner2, shopper, shopA, shopB };
}
