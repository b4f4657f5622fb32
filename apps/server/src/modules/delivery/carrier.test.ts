// Pick Up Mtaani's agent points through HTTP, against a fake of its API (decision 036): the
// owner turns them on, the checkout prices a pickup at an agent from the carrier's quote, a
// shipped part gets exactly one package (retried, raced, or with the carrier down and back), and
// the carrier's webhook is verified, applied once and moves the part to delivered.
import {
  agentPointsResponseSchema,
  agentQuoteSchema,
  apiErrorSchema,
  carrierPackageStateSchema,
  orderSchema,
  shopOrderListResponseSchema,
  shopOrderSchema,
  totalMismatchDetailsSchema,
  type AuthResponse,
  type CreateOrderBody,
} from '@soko/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_PUM_SETTINGS,
  startFakePickupMtaani,
  type FakePickupMtaani,
} from '../../../test/fake-pickup-mtaani';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, type FixtureProduct } from '../../../test/order-fixtures';
import { carrierPackages, orderEvents, orderParts } from '../../platform/schema';
import { createPickupMtaani, sendDuePackages, withCache } from '.';

let t: TestApp;
let fake: FakePickupMtaani;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;

const { call } = httpClient(() => t);
const WEBHOOK = '/api/delivery/carriers/pickup-mtaani/webhook';

beforeAll(async () => {
  fake = await startFakePickupMtaani();
  t = await createTestApp({
    env: {
      PICKUP_MTAANI_URL: fake.url,
      PICKUP_MTAANI_API_KEY: FAKE_PUM_SETTINGS.apiKey,
      PICKUP_MTAANI_WEBHOOK_SECRET: FAKE_PUM_SETTINGS.webhookSecret,
    },
  });
  ({ owner, owner2, shopper, shopA, shopB } = await demoMarket(t, false));
  // Shop A drops its parcels at agent 362; shop B offers no agent points.
  const saved = await call('PUT', `/api/property/shop/${shopA}/delivery`, owner.token, {
    restOfKenya: { standard: { fee: 300 }, express: { fee: 600 } },
    agents: { enabled: true, dropOffAgentId: '362' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  fake.fee('362', '517', 250);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.up();
  fake.fail(200, 0);
  fake.slow(0);
});

const fieldsOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error.fields ?? {};

const product = (shopId: string, priceKsh = 1000) =>
  makeProduct(t.database.db, { payOnOrder: false, shopId, stock: 50, priceKsh });

function body(
  lines: ReadonlyArray<{ product: FixtureProduct; quantity: number }>,
  deliveryKsh: number,
  extra: Partial<CreateOrderBody> = {},
): CreateOrderBody {
  const subtotal = lines.reduce((sum, l) => sum + (l.product.unitCents / 100) * l.quantity, 0);
  return {
    items: lines.map(({ product: p, quantity }) => ({
      name: p.name,
      productId: p.id,
      quantity,
      price: p.unitCents / 100,
      selectedVariant: null,
    })),
    totalPrice: subtotal + deliveryKsh,
    shipping: 'standard',
    discount: 0,
    ...extra,
  };
}

/** An order of shop A's product collected at agent 517, confirmed (paid on delivery). */
async function agentOrder() {
  const p = await product(shopA);
  const order = body([{ product: p, quantity: 1 }], 250, {
    pickup: [{ shopId: shopA, agentId: '517' }],
  });
  const created = await call('POST', '/api/order/create', shopper.token, order);
  expect(created.statusCode, created.body).toBe(201);
  const { _id, totalPrice } = created.json() as { _id: string; totalPrice: number };
  const confirmed = await call('POST', '/api/order/checkout', shopper.token, {
    ...DELIVERY_FORM,
    orderId: _id,
    totalPrice,
    shipping: 'standard',
    discount: 0,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return orderSchema.parse(confirmed.json());
}

const ship = (orderId: string) =>
  call('POST', `/api/property/shop/${shopA}/orders/${orderId}/ship`, owner.token, {});
const packageState = async (orderId: string) => {
  const res = await call(
    'GET',
    `/api/property/shop/${shopA}/orders/${orderId}/package`,
    owner.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return carrierPackageStateSchema.parse(res.json());
};
const packagesOf = (orderId: string) =>
  t.database.db.select().from(carrierPackages).where(eq(carrierPackages.orderId, orderId));
const partStatus = async (orderId: string) => {
  const [part] = await t.database.db
    .select({ status: orderParts.status })
    .from(orderParts)
    .where(and(eq(orderParts.orderId, orderId), eq(orderParts.shopId, shopA)));
  return part?.status;
};

describe('agent points at the checkout', () => {
  it('lists the carrier’s agent points by county', async () => {
    const res = await call('GET', '/api/delivery/agents?county=Kisumu');
    expect(res.statusCode, res.body).toBe(200);
    const list = agentPointsResponseSchema.parse(res.json());
    expect(list).toMatchObject({ enabled: true, carrier: 'pickup-mtaani' });
    expect(list.agents.map((agent) => agent.id)).toEqual(['517']);
    expect(list.agents[0]).toMatchObject({ name: 'Kisumu Mega Agent', area: 'Milimani' });
    expect((await call('GET', '/api/delivery/agents?county=Atlantis')).statusCode).toBe(400);
  });

  it('quotes the carrier’s fee from the shop’s drop-off agent, and refuses a shop without agents', async () => {
    const res = await call('GET', `/api/delivery/agents/quote?shopId=${shopA}&agentId=517`);
    expect(res.statusCode, res.body).toBe(200);
    expect(agentQuoteSchema.parse(res.json())).toMatchObject({ fee: 250, agent: { id: '517' } });
    const none = await call('GET', `/api/delivery/agents/quote?shopId=${shopB}&agentId=517`);
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none.body)).toHaveProperty('agentId');
  });

  it('prices a pickup at an agent by the carrier’s quote, and refuses a tampered fee (409)', async () => {
    const order = await agentOrder();
    expect(order.totalPrice).toBe(1250);
    const [part] = order.parts ?? [];
    expect(part).toMatchObject({
      delivery: 250,
      pickupCounter: { id: '517', name: 'Kisumu Mega Agent', carrier: 'pickup-mtaani' },
    });

    const p = await product(shopA);
    const tampered = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: p, quantity: 1 }], 50, {
        pickup: [{ shopId: shopA, agentId: '517' }],
        deliveryFee: 50,
      }),
    );
    expect(tampered.statusCode, tampered.body).toBe(409);
    const details = totalMismatchDetailsSchema.parse(
      apiErrorSchema.parse(tampered.json()).error.details,
    );
    expect(details.expected).toBe(1250);
    expect(details.delivery?.[0]).toMatchObject({ fee: 250, pickupAgentId: '517' });
  });

  it('keeps the counter choice, and refuses an agent at a shop without agents, or unknown, by field', async () => {
    const p = await product(shopB);
    const refused = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: p, quantity: 1 }], 10, { pickup: [{ shopId: shopB, agentId: '517' }] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused.body)).toHaveProperty(['pickup.0.agentId']);
    const a = await product(shopA);
    const unknown = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: a, quantity: 1 }], 250, { pickup: [{ shopId: shopA, agentId: '999' }] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown.body)).toHaveProperty(['pickup.0.agentId']);
    const both = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: a, quantity: 1 }], 250, {
        pickup: [
          { shopId: shopA, agentId: '517', counterId: '00000000-0000-4000-8000-000000000000' },
        ],
      }),
    );
    expect(both.statusCode).toBe(400);
  });

  it('with the carrier down, refuses the agent choice by field while door delivery still works', async () => {
    fake.down();
    // A drop-off agent the cache has not seen: the quote must ask the carrier.
    fake.fee('362', '454', 120);
    const p = await product(shopA);
    const refused = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: p, quantity: 1 }], 120, { pickup: [{ shopId: shopA, agentId: '454' }] }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(fieldsOf(refused.body)['pickup.0.agentId']).toMatch(/not available just now/);
    const door = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: p, quantity: 1 }], 300, { county: 'Kisumu' }),
    );
    expect(door.statusCode, door.body).toBe(201);
  });

  it('lets an owner turn agents on only with a drop-off agent the carrier knows', async () => {
    const url = `/api/property/shop/${shopB}/delivery`;
    const rates = { restOfKenya: { standard: { fee: 10 }, express: { fee: 20 } } };
    const noAgent = await call('PUT', url, owner2.token, { ...rates, agents: { enabled: true } });
    expect(noAgent.statusCode).toBe(400);
    expect(fieldsOf(noAgent.body)).toHaveProperty(['agents.dropOffAgentId']);
    const unknown = await call('PUT', url, owner2.token, {
      ...rates,
      agents: { enabled: true, dropOffAgentId: '999' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown.body)).toHaveProperty(['agents.dropOffAgentId']);
    // Someone else's shop: refused before anything is asked.
    const other = await call('PUT', url, owner.token, {
      ...rates,
      agents: { enabled: true, dropOffAgentId: '362' },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('a package for each shipped part', () => {
  it('is created once, with the shopper, the agents and the amount to collect', async () => {
    const order = await agentOrder();
    const before = fake.packages.length;
    const shipped = await ship(order._id);
    expect(shipped.statusCode).toBe(200);
    // The owner's answer shows the package the carrier made.
    expect(shopOrderSchema.parse(shipped.json()).carrierPackage).toMatchObject({
      status: 'created',
      carrier: 'pickup-mtaani',
    });
    expect(fake.packages.length).toBe(before + 1);
    expect(fake.packages.at(-1)).toMatchObject({
      senderAgentId: '362',
      receiverAgentId: '517',
      customerName: 'Achieng Odhiambo',
      customerPhoneNumber: '0712345678',
      packageValue: 1000,
      // Paid on delivery: the agent collects the lines and the delivery fee.
      on_delivery_balance: 1250,
    });
    const state = await packageState(order._id);
    expect(state).toMatchObject({ status: 'created', trackingState: 'request', lastError: null });
    expect(state.packageId).toBe(String(fake.packages.at(-1)?.id));

    // The owner presses Ship again: the part is already shipped, no second package.
    expect((await ship(order._id)).statusCode).toBe(409);
    expect(fake.packages.length).toBe(before + 1);
    expect(await packagesOf(order._id)).toHaveLength(1);
  });

  it.runIf(testDbKind() === 'postgres')(
    'is created once, with one call to the carrier, when ship calls and a sweep race',
    async () => {
      const order = await agentOrder();
      const before = fake.packages.length;
      const creationCalls = () =>
        fake.calls.filter((c) => c.method === 'POST' && c.path === '/packages/agent-agent').length;
      const callsBefore = creationCalls();
      // The carrier answers slowly: the sweep comes while the ship's own call is in flight.
      fake.slow(300);
      const carrier = withCache(
        createPickupMtaani({
          baseUrl: fake.url,
          apiKey: FAKE_PUM_SETTINGS.apiKey,
          webhookSecret: undefined,
        }),
      );
      const sweep = async () => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await sendDuePackages(t.database.db, carrier);
      };
      const [answers] = await Promise.all([
        Promise.all([ship(order._id), ship(order._id), ship(order._id)]),
        sweep(),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
      expect(fake.packages.length).toBe(before + 1);
      expect(creationCalls()).toBe(callsBefore + 1);
      expect(await packagesOf(order._id)).toHaveLength(1);
    },
  );

  it('ships by hand with the carrier down, and the package is created once it is back', async () => {
    const order = await agentOrder();
    const before = fake.packages.length;
    fake.down();
    const shipped = await ship(order._id);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shopOrderSchema.parse(shipped.json()).carrierPackage).toMatchObject({
      status: 'queued',
    });
    expect(await partStatus(order._id)).toBe('shipped');
    const queued = await packageState(order._id);
    expect(queued).toMatchObject({ status: 'queued', packageId: null, attempts: 1 });
    expect(queued.lastError).toMatch(/could not be reached/);
    expect(queued.nextAttemptAt).not.toBeNull();

    // Not due yet: the sweep leaves it.
    const carrier = withCache(
      createPickupMtaani({
        baseUrl: fake.url,
        apiKey: FAKE_PUM_SETTINGS.apiKey,
        webhookSecret: undefined,
      }),
    );
    fake.up();
    await sendDuePackages(t.database.db, carrier);
    expect(fake.packages.length).toBe(before);

    // Due: sent once, and a second sweep sends nothing more.
    await t.database.db
      .update(carrierPackages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(carrierPackages.orderId, order._id));
    await sendDuePackages(t.database.db, carrier);
    await sendDuePackages(t.database.db, carrier);
    expect(fake.packages.length).toBe(before + 1);
    expect(await packageState(order._id)).toMatchObject({ status: 'created', attempts: 2 });
    // The owner's orders list shows it too.
    const list = await call(
      'GET',
      `/api/property/shop/${shopA}/orders?status=shipped&pageSize=100`,
      owner.token,
    );
    const listed = shopOrderListResponseSchema
      .parse(list.json())
      .find((each) => each._id === order._id);
    expect(listed?.carrierPackage).toMatchObject({ status: 'created', attempts: 2 });
  });

  it('a carrier error answer (503) keeps the package queued too', async () => {
    const order = await agentOrder();
    fake.fail(503, 1);
    expect((await ship(order._id)).statusCode).toBe(200);
    expect(await packageState(order._id)).toMatchObject({ status: 'queued', attempts: 1 });
  });
});

describe('the carrier’s webhook', () => {
  async function shippedPackage() {
    const order = await agentOrder();
    expect((await ship(order._id)).statusCode).toBe(200);
    const { packageId } = await packageState(order._id);
    if (!packageId) throw new Error('no package was created');
    return { orderId: order._id, packageId };
  }
  const post = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-pickupmtaani-signature': signature }),
      },
    });

  it('refuses a body not signed with the secret (401) and changes nothing', async () => {
    const { orderId, packageId } = await shippedPackage();
    const forged = fake.webhook('package.delivered', packageId, { secret: 'not-the-secret' });
    expect((await post(forged.body, forged.signature)).statusCode).toBe(401);
    expect((await post(forged.body)).statusCode).toBe(401);
    // A genuine signature over other bytes.
    const genuine = fake.webhook('package.delivered', packageId);
    expect(
      (await post(genuine.body.replace('"agent"', '"doorstep"'), genuine.signature)).statusCode,
    ).toBe(401);
    expect(await partStatus(orderId)).toBe('shipped');
    expect((await packageState(orderId)).trackingState).toBe('request');
  });

  it('stores other states for tracking, and delivered moves the part once (a replay changes nothing)', async () => {
    const { orderId, packageId } = await shippedPackage();
    const moving = fake.webhook('package.state_changed', packageId, {
      id: `evt-${packageId}-1`,
      state: 'in_transit',
    });
    expect((await post(moving.body, moving.signature)).statusCode).toBe(200);
    expect((await packageState(orderId)).trackingState).toBe('in_transit');
    expect(await partStatus(orderId)).toBe('shipped');
    const atAgent = fake.webhook('package.state_changed', packageId, {
      id: `evt-${packageId}-1b`,
      state: 'at_agent',
    });
    expect((await post(atAgent.body, atAgent.signature)).statusCode).toBe(200);
    // The first event again: replayed, so the later state stands.
    const replayed = await post(moving.body, moving.signature);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ outcome: 'replayed' });
    expect((await packageState(orderId)).trackingState).toBe('at_agent');

    const delivered = fake.webhook('package.delivered', packageId, { id: `evt-${packageId}-2` });
    const first = await post(delivered.body, delivered.signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    expect(await partStatus(orderId)).toBe('delivered');
    const order = orderSchema.parse(
      (await call('GET', `/api/orders/${orderId}`, shopper.token)).json(),
    );
    expect(order.status).toBe('delivered');

    for (let i = 0; i < 3; i++) {
      const again = await post(delivered.body, delivered.signature);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ outcome: 'replayed' });
    }
    // One move to delivered: one event for it.
    const events = await t.database.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.kind === 'part.delivered')).toHaveLength(1);
    // A late state after delivery does not overwrite it.
    const late = fake.webhook('package.state_changed', packageId, { id: `evt-${packageId}-3` });
    expect((await post(late.body, late.signature)).statusCode).toBe(200);
    expect((await packageState(orderId)).trackingState).toBe('delivered');
  });

  it.runIf(testDbKind() === 'postgres')(
    'applies one delivered event sent five times at once',
    async () => {
      const { orderId, packageId } = await shippedPackage();
      const delivered = fake.webhook('package.delivered', packageId, { id: `evt-${packageId}-x` });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post(delivered.body, delivered.signature)),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(
        answers.filter((res) => (res.json() as { outcome: string }).outcome === 'applied'),
      ).toHaveLength(1);
      expect(await partStatus(orderId)).toBe('delivered');
      const events = await t.database.db
        .select({ kind: orderEvents.kind })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId));
      expect(events.filter((event) => event.kind === 'part.delivered')).toHaveLength(1);
    },
  );

  it('answers 200 and changes nothing for a package it does not know, 400 for a body that is not an event', async () => {
    const unknown = fake.webhook('package.delivered', '123456789', { id: 'evt-unknown' });
    const res = await post(unknown.body, unknown.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
    const notEvent = '{"hello":"world"}';
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', FAKE_PUM_SETTINGS.webhookSecret)
      .update(notEvent)
      .digest('hex');
    expect((await post(notEvent, signature)).statusCode).toBe(400);
  });
});

describe('who may call what', () => {
  it('has each carrier route in the access table with its rule', () => {
    const ruleOf = (method: string, url: string) => {
      const row = t.app.accessTable.find((each) => each.method === method && each.url === url);
      if (!row) throw new Error(`${method} ${url} is not in the access table`);
      return typeof row.access === 'object' ? 'shop owner or admin' : row.access;
    };
    expect(ruleOf('GET', '/api/delivery/agents')).toBe('public');
    expect(ruleOf('GET', '/api/delivery/agents/quote')).toBe('public');
    expect(ruleOf('POST', WEBHOOK)).toBe('public');
    expect(ruleOf('GET', '/api/property/shop/:shopId/orders/:orderId/package')).toBe(
      'shop owner or admin',
    );
  });

  it('shows a part’s package to its shop’s owner only', async () => {
    const order = await agentOrder();
    expect((await ship(order._id)).statusCode).toBe(200);
    const url = `/api/property/shop/${shopA}/orders/${order._id}/package`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, shopper.token)).statusCode).toBe(403);
    expect((await call('GET', url, owner2.token)).statusCode).toBe(403);
    // Another shop's path with this order: no package of that shop.
    expect(
      (await call('GET', `/api/property/shop/${shopB}/orders/${order._id}/package`, owner2.token))
        .statusCode,
    ).toBe(404);
  });
});

describe('with no carrier set', () => {
  it('lists no agent points, refuses turning them on and every webhook', async () => {
    const bare = await createTestApp();
    try {
      const { call: bareCall, signIn, shopOf } = httpClient(() => bare);
      const list = await bareCall('GET', '/api/delivery/agents');
      expect(agentPointsResponseSchema.parse(list.json())).toEqual({
        enabled: false,
        carrier: null,
        agents: [],
      });
      const o = await signIn('owner@soko.test');
      const shop = await shopOf(o.token);
      const res = await bareCall('PUT', `/api/property/shop/${shop}/delivery`, o.token, {
        restOfKenya: { standard: { fee: 10 }, express: { fee: 20 } },
        agents: { enabled: true, dropOffAgentId: '362' },
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.body)).toHaveProperty(['agents.enabled']);
      const hook = fake.webhook('package.delivered', '1');
      const refused = await bare.app.inject({
        method: 'POST',
        url: WEBHOOK,
        payload: hook.body,
        headers: { 'content-type': 'application/json', 'x-pickupmtaani-signature': hook.signature },
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
