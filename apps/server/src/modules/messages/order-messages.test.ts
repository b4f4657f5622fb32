// An order's people hear of it (issue 30, decision 034), through HTTP on a real database with a
// real SMTP server on loopback: every move writes one event; the events' messages go out once,
// to the right person, with the right words, even with two followers racing.
import { fitsOneSmsPart, orderSchema, type AuthResponse, type Order } from '@soko/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, type FixtureProduct } from '../../../test/order-fixtures';
import { startSmtpInbox, type SmtpInbox, type ReceivedMail } from '../../../test/smtp-inbox';
import { messages, orderEvents, orders, shopDelivery, shops, users } from '../../platform/schema';
import { TenantDirectory } from '../../platform/tenant';
import { smtpChannel } from './email';
import { createMessageWorker } from './outbox';
import { orderMessagesFollower } from './service';

let t: TestApp;
let inbox: SmtpInbox;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;
const { call, placeOrder, startSandboxPayment, sandbox } = httpClient(() => t);

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: inbox.url, MAIL_FROM: 'orders@soko.test', PUBLIC_URL: 'https://soko.test' },
  });
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, false));
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const shopper1 = DELIVERY_FORM.email;

/** Every mail to `address` whose subject holds `text`, once the app's workers have sent them. */
async function mailsAbout(address: string, text: string, count: number): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = inbox.mailsTo(address).filter((mail) => mail.header('subject')?.includes(text));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const eventsOf = async (orderId: string) =>
  (
    await t.database.db
      .select({ kind: orderEvents.kind, shopId: orderEvents.shopId })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.at))
  ).map((event) => (event.shopId ? `${event.kind}@${event.shopId}` : event.kind));

const ownerEmailOf = async (shopId: string) => {
  const [shop] = await t.database.db
    .select({ email: shops.ownerEmail, name: shops.name })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop) throw new Error(`no shop ${shopId}`);
  return shop;
};

async function placeConfirmed(items: FixtureProduct[]): Promise<Order> {
  const confirmed = await (await placeOrder(shopper.token, items, 2)).checkout();
  if (confirmed.statusCode !== 200) throw new Error(`checkout failed: ${confirmed.body}`);
  return orderSchema.parse(confirmed.json());
}

const act = (token: string, shopId: string, orderId: string, action: string, body = {}) =>
  call('POST', `/api/property/shop/${shopId}/orders/${orderId}/${action}`, token, body);

describe('an order’s messages', () => {
  it('tells the shopper the order was received, and each shop’s owner what to send', async () => {
    const a = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopA,
      name: 'Kiondo basket',
    });
    const b = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopB,
      name: 'Sisal mat',
    });
    // The first shop's owner has a verified phone, the second's none: only the first is texted.
    await t.database.db
      .update(users)
      .set({ phone: '+254700111222', phoneVerifiedAt: new Date() })
      .where(eq(users.id, owner.user._id));
    const order = await placeConfirmed([a, b]);

    const [received, ...more] = await mailsAbout(shopper1, order.orderId, 1);
    expect(more).toHaveLength(0);
    expect(received?.header('subject')).toMatch(new RegExp(`order ${order.orderId}$`));
    const text = received?.text ?? '';
    expect(text).toContain('Hello Achieng,');
    expect(text).toContain('- 2 x Kiondo basket: Ksh 2,000');
    expect(text).toContain('- 2 x Sisal mat: Ksh 2,000');
    expect(text).toContain(`Total: Ksh ${order.totalPrice.toLocaleString('en-US')}`);
    expect(text).toContain('delivery to Oginga Odinga St 4, Kisumu, Kisumu');
    expect(text).toContain('Payment: Pay on delivery');
    expect(text).toContain(`https://soko.test/orders/${order._id}`);

    for (const [shopId, item] of [
      [shopA, 'Kiondo basket'],
      [shopB, 'Sisal mat'],
    ] as const) {
      const shop = await ownerEmailOf(shopId);
      const mails = await mailsAbout(shop.email, order.orderId, 1);
      expect(mails, shop.email).toHaveLength(1);
      expect(mails[0]?.header('subject')).toBe(`New order ${order.orderId} for ${shop.name}`);
      expect(mails[0]?.text).toContain(`- 2 x ${item}`);
      expect(mails[0]?.text).not.toContain(item === 'Sisal mat' ? 'Kiondo' : 'Sisal');
    }

    // The order's own phone hears of it by SMS too, and the owner with a verified phone: held
    // until an SMS provider is set, each in one part.
    const sms = await t.database.db
      .select({
        kind: messages.kind,
        recipient: messages.recipient,
        status: messages.status,
        body: messages.body,
      })
      .from(messages)
      .where(sql`${messages.orderId} = ${order._id} and ${messages.channel} = 'sms'`)
      .orderBy(asc(messages.kind));
    expect(sms).toEqual([
      expect.objectContaining({
        kind: 'order_received',
        recipient: '+254712345678',
        status: 'held',
      }),
      expect.objectContaining({
        kind: 'owner_new_part',
        recipient: '+254700111222',
        status: 'held',
      }),
    ]);
    for (const text of sms) expect(fitsOneSmsPart(text.body), text.body).toBe(true);
    expect(await eventsOf(order._id)).toEqual(['order.placed', 'order.confirmed']);
  });

  it('tells of each part shipped, delivered or cancelled, and the owner of an admin’s cancel', async () => {
    const a = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA });
    const b = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB });
    const order = await placeConfirmed([a, b]);
    await mailsAbout(shopper1, order.orderId, 1);
    const shopAName = (await ownerEmailOf(shopA)).name;
    const shopB_ = await ownerEmailOf(shopB);

    const shipped = await act(owner.token, shopA, order._id, 'ship', { trackingNote: 'G4S 88231' });
    expect(shipped.statusCode).toBe(200);
    const [onItsWay] = await mailsAbout(
      shopper1,
      `Part of your order ${order.orderId} is on its way`,
      1,
    );
    expect(onItsWay?.text).toContain(`${shopAName} has sent these items:`);
    expect(onItsWay?.text).toContain('Tracking: G4S 88231');

    expect((await act(owner.token, shopA, order._id, 'deliver')).statusCode).toBe(200);
    expect(
      await mailsAbout(shopper1, `Part of your order ${order.orderId} was delivered`, 1),
    ).toHaveLength(1);

    expect((await act(admin.token, shopB, order._id, 'cancel')).statusCode).toBe(200);
    const [cancelled] = await mailsAbout(
      shopper1,
      `Part of your order ${order.orderId} was cancelled`,
      1,
    );
    expect(cancelled?.text).toContain(`${shopB_.name} has cancelled these items:`);
    const [toOwner] = await mailsAbout(shopB_.email, `Order ${order.orderId} was cancelled`, 1);
    expect(toOwner?.text).toContain('An administrator cancelled');

    // One event per move: the order followed its parts to delivered (no message of its own).
    expect(await eventsOf(order._id)).toEqual([
      'order.placed',
      'order.confirmed',
      `part.shipped@${shopA}`,
      `part.delivered@${shopA}`,
      `part.cancelled@${shopB}`,
      'order.delivered',
    ]);
    // Each message once: nothing more came for this order.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = inbox.mailsTo(shopper1).filter((mail) => mail.text.includes(order._id));
    expect(all).toHaveLength(4);
    expect(
      inbox.mailsTo(owner2.user.email).filter((m) => m.text.includes(order.orderId)),
    ).toHaveLength(2);
  });

  it('tells the shopper a failed online payment, with a link to pay again', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: true, shopId: shopA });
    await t.database.db.update(shops).set({ payOnOrder: true }).where(eq(shops.id, shopA));
    try {
      const placed = await placeOrder(shopper.token, [product], 1);
      const trackingId = await startSandboxPayment(shopper.token, placed._id);
      expect((await sandbox(trackingId, 'fail')).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed._id));
      const [failed] = await mailsAbout(shopper1, `payment for order ${row?.orderNumber}`, 1);
      expect(failed?.header('subject')).toBe(
        `Your payment for order ${row?.orderNumber} did not go through`,
      );
      expect(failed?.text).toContain(`Pay again: https://soko.test/orders/${placed._id}`);
    } finally {
      await t.database.db.update(shops).set({ payOnOrder: false }).where(eq(shops.id, shopA));
    }
  });

  it('tells of an order an admin cancels after payment, its owners not to send it, and the refund', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: true, shopId: shopA });
    await t.database.db.update(shops).set({ payOnOrder: true }).where(eq(shops.id, shopA));
    try {
      const placed = await placeOrder(shopper.token, [product], 1);
      const trackingId = await startSandboxPayment(shopper.token, placed._id);
      expect((await sandbox(trackingId, 'pay')).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed._id));
      const number = row?.orderNumber ?? '';
      expect(await mailsAbout(shopper1, `order ${number}`, 1)).toHaveLength(1);

      const cancel = await call('POST', `/api/order/${placed._id}/cancel`, admin.token, {});
      expect(cancel.statusCode, cancel.body).toBe(200);
      const [cancelled] = await mailsAbout(shopper1, `Your order ${number} was cancelled`, 1);
      expect(cancelled?.text).toContain('The money you paid for it will be refunded');
      const shop = await ownerEmailOf(shopA);
      const [toOwner] = await mailsAbout(shop.email, `Order ${number} was cancelled`, 1);
      expect(toOwner?.text).toContain(`An administrator cancelled ${shop.name}'s part`);

      const refund = await call('POST', `/api/order/${placed._id}/refund`, admin.token, {});
      expect(refund.statusCode, refund.body).toBe(200);
      const [refunded] = await mailsAbout(shopper1, `refunded for order ${number}`, 1);
      expect(refunded?.header('subject')).toBe(
        `Ksh ${placed.totalPrice.toLocaleString('en-US')} refunded for order ${number}`,
      );
      expect(await eventsOf(placed._id)).toEqual([
        'order.placed',
        'order.paid',
        'order.confirmed',
        'order.cancelled',
        'refund.completed',
        'order.refunded',
      ]);
    } finally {
      await t.database.db.update(shops).set({ payOnOrder: false }).where(eq(shops.id, shopA));
    }
  });

  it('says where each shop’s part goes: a pickup counter, or the door, each with its fee', async () => {
    const counter = {
      name: 'Moi Avenue counter',
      address: 'Moi Avenue 12, Nairobi',
      hours: '8-18',
    };
    const saved = await call('PUT', `/api/property/shop/${shopA}/delivery`, owner.token, {
      zones: [],
      restOfKenya: { standard: { fee: 400, days: '2-3 days' }, express: { fee: 700 } },
      freeFrom: null,
      pickupCounters: [{ ...counter, fee: 50 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const counterId = (saved.json() as { pickupCounters: { id: string }[] }).pickupCounters[0]
        ?.id;
      const a = await makeProduct(t.database.db, {
        payOnOrder: false,
        shopId: shopA,
        name: 'Kikoi wrap',
        priceKsh: 1000,
      });
      const b = await makeProduct(t.database.db, {
        payOnOrder: false,
        shopId: shopB,
        name: 'Soapstone bowl',
        priceKsh: 1000,
      });
      const items = [a, b].map((product) => ({
        name: product.name,
        productId: product.id,
        quantity: 1,
        price: product.unitCents / 100,
        selectedVariant: null,
      }));
      const order = {
        items,
        // Shop A's counter (Ksh 50) and shop B's door at the spec's Ksh 10.
        totalPrice: 2060,
        shipping: 'standard',
        discount: 0,
        county: 'Kisumu',
        pickup: [{ shopId: shopA, counterId }],
      };
      const created = await call('POST', '/api/order/create', shopper.token, order);
      expect(created.statusCode, created.body).toBe(201);
      const { _id, orderId } = created.json() as { _id: string; orderId: string };
      const confirmed = await call('POST', '/api/order/checkout', shopper.token, {
        ...DELIVERY_FORM,
        orderId: _id,
        totalPrice: 2060,
        shipping: 'standard',
        discount: 0,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      const [received] = await mailsAbout(shopper1, orderId, 1);
      const shopName = async (id: string) => (await ownerEmailOf(id)).name;
      // Mail text ends its lines with CRLF.
      const lines = (received?.text ?? '').split(/\r?\n/);
      const at = lines.indexOf('Delivery, by shop:');
      // One line a shop, in the order's order of parts (made in one statement: any order here).
      expect(lines[at]).toBe('Delivery, by shop:');
      expect(lines.slice(at + 1, at + 3).sort()).toEqual(
        [
          `- ${await shopName(shopA)}: Pickup at Moi Avenue counter, Moi Avenue 12, Nairobi (open 8-18), Ksh 50`,
          `- ${await shopName(shopB)}: Standard delivery to Oginga Odinga St 4, Kisumu, Kisumu, Ksh 10`,
        ].sort(),
      );
      const [toOwnerA] = await mailsAbout((await ownerEmailOf(shopA)).email, orderId, 1);
      expect(toOwnerA?.text).toContain('Delivery fee: Ksh 50');
      expect(toOwnerA?.text).toContain('Pickup at Moi Avenue counter, Moi Avenue 12, Nairobi');
      const [toOwnerB] = await mailsAbout((await ownerEmailOf(shopB)).email, orderId, 1);
      expect(toOwnerB?.text).toContain('Standard delivery to Oginga Odinga St 4, Kisumu, Kisumu');
    } finally {
      await t.database.db.delete(shopDelivery).where(eq(shopDelivery.shopId, shopA));
    }
  });

  it('writes each order’s own messages when one round follows many orders', async () => {
    const context = {
      db: t.database.db,
      tenants: new TenantDirectory(t.database.db),
      config: t.config,
    };
    const inA = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA, stock: 100 });
    const inB = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB, stock: 100 });
    // Orders to different people and shops, each confirmed again by events written in one
    // statement: the round that takes them (this follower's or the app's) reads them all at once.
    const placed = await Promise.all(
      [[inA], [inB], [inA, inB], [inB], [inA]].map((items) => placeConfirmed(items)),
    );
    const ids = placed.map((order) => order._id);
    const unfollowed = async () =>
      (
        await t.database.db
          .select({ id: orderEvents.id })
          .from(orderEvents)
          .where(sql`${orderEvents.followedAt} is null and ${orderEvents.orderId} in ${ids}`)
      ).length;
    // The checkouts' own events go first (the app's follower takes them within a second).
    for (let wait = 0; (await unfollowed()) > 0; wait++) {
      if (wait > 100) throw new Error('the checkouts’ events were never followed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const people = placed.map((order, i) => ({
      order,
      email: `round-${i}@example.com`,
      phone: `+25471100000${i}`,
    }));
    for (const { order, email, phone } of people) {
      await t.database.db
        .update(orders)
        .set({ email, phoneNumber: phone })
        .where(eq(orders.id, order._id));
    }
    const since = new Date(Date.now() - 1);
    await t.database.db.execute(
      sql`insert into order_events (order_id, kind, actor)
          select unnest(${`{${ids.join(',')}}`}::uuid[]), 'order.confirmed', 'system'`,
    );
    const held = {};
    const follower = orderMessagesFollower(context, held, (error) => {
      throw error;
    });
    await follower.drain();

    const ownerOf = { [shopA]: await ownerEmailOf(shopA), [shopB]: await ownerEmailOf(shopB) };
    for (const { order, email, phone } of people) {
      const rows = await t.database.db
        .select({
          kind: messages.kind,
          channel: messages.channel,
          recipient: messages.recipient,
          subject: messages.subject,
          body: messages.body,
        })
        .from(messages)
        .where(sql`${messages.orderId} = ${order._id} and ${messages.createdAt} >= ${since}`);
      const received = rows.filter((row) => row.kind === 'order_received');
      expect(received.map((row) => [row.channel, row.recipient]).sort()).toEqual([
        ['email', email],
        ['sms', phone],
      ]);
      for (const row of received) expect(row.body).toContain(order.orderId);
      const shopsOfOrder = [...new Set(order.parts.map((part) => part.shopId ?? ''))].sort();
      const toOwners = rows.filter(
        (row) => row.kind === 'owner_new_part' && row.channel === 'email',
      );
      expect(toOwners.map((row) => row.recipient).sort()).toEqual(
        shopsOfOrder.map((shopId) => ownerOf[shopId]?.email).sort(),
      );
      for (const row of toOwners) expect(row.subject).toContain(order.orderId);
    }
  });

  it('writes each event’s messages once when two followers race for the same events', async () => {
    const context = {
      db: t.database.db,
      tenants: new TenantDirectory(t.database.db),
      config: t.config,
    };
    // Two followers of their own race the app's (which polls every quarter second) for events.
    const item = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB, stock: 100 });
    const held = { email: smtpChannel(inbox.url, 'orders@soko.test', 10) };
    try {
      // A second confirmation of each, written straight into the table as another process's
      // move would leave it.
      const orderList = await Promise.all(Array.from({ length: 6 }, () => placeConfirmed([item])));
      const ids = orderList.map((order) => order._id);
      await t.database.db.execute(
        sql`insert into order_events (order_id, kind, actor)
            select unnest(${`{${ids.join(',')}}`}::uuid[]), 'order.confirmed', 'system'`,
      );
      const [first, second] = [
        orderMessagesFollower(context, held),
        orderMessagesFollower(context, held),
      ];
      await Promise.all([first.drain(), second.drain()]);
      await createMessageWorker(t.database.db, held, { retryBaseMs: 20 }).drain();
      for (const id of ids) {
        const rows = await t.database.db
          .select({ kind: messages.kind, recipient: messages.recipient })
          .from(messages)
          .where(sql`${messages.orderId} = ${id} and ${messages.channel} = 'email'`);
        // Twice confirmed (the checkout's event and the one written above): two of each, no more.
        expect(
          rows.filter((row) => row.kind === 'order_received'),
          id,
        ).toHaveLength(2);
        expect(
          rows.filter((row) => row.kind === 'owner_new_part'),
          id,
        ).toHaveLength(2);
      }
    } finally {
      held.email.close();
    }
  });
});
