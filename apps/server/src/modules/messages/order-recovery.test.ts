// The one reminder of an online order that failed or lapsed unpaid (issue 32, decision 043),
// through HTTP on a real database with a real SMTP server on loopback: once, after the delay,
// never when paid since, ordered again, or opted out (by the reminder's link or the account's
// switch); an order placed from its link carries recoveredFrom and the admin's dashboard counts
// it once paid.
import {
  authResponseSchema,
  formatKsh,
  processPaymentResponseSchema,
  statsOverviewSchema,
  type AuthResponse,
} from '@soko/contract';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import {
  DELIVERY_FORM,
  makeProduct,
  orderBody,
  type FixtureProduct,
} from '../../../test/order-fixtures';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../test/smtp-inbox';
import { messages, orders, reminderOptOuts } from '../../platform/schema';
import { TenantDirectory } from '../../platform/tenant';
import { reminderOptOutKey } from '../consents';
import { createRecoveryFollower } from './order-recovery';
import { senderNamesOf } from './service';

const SITE = 'https://soko.test';
let t: TestApp;
let inbox: SmtpInbox;
let admin: AuthResponse;
let shopA: string;
const { call, sandbox } = httpClient(() => t);

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'orders@soko.test',
      PUBLIC_URL: SITE,
      RECOVERY_DELAY_MINUTES: '60',
    },
  });
  ({ admin, shopA } = await demoMarket(t, true));
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

let counter = 0;

/** A new shopper's account, with an email and phone of its own for its orders. */
async function newShopper() {
  const n = ++counter;
  const email = `recover${n}-${Date.now()}@example.test`;
  const res = await call('POST', '/api/user/signup', undefined, {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email,
    password: 'a-long-password',
  });
  expect(res.statusCode, res.body).toBe(201);
  const phone = `+2547110${String(n).padStart(5, '0')}`;
  return { email, phone, token: authResponseSchema.parse(res.json()).token };
}
type Shopper = Awaited<ReturnType<typeof newShopper>>;

const product = (name: string) =>
  makeProduct(t.database.db, { payOnOrder: true, shopId: shopA, name, stock: 50 });

/**
 * Places an online order of `item` and starts paying it: its id, number and tracking id.
 * `headers` go with the order's call (a browser's `lang` cookie, say).
 */
async function placeAndStart(
  who: Shopper,
  item: FixtureProduct,
  recoveredFrom?: string,
  headers: Record<string, string> = {},
) {
  const created = await call(
    'POST',
    '/api/order/create',
    who.token,
    {
      ...orderBody([{ product: item, quantity: 1 }]),
      ...(recoveredFrom ? { recoveredFrom } : {}),
    },
    headers,
  );
  expect(created.statusCode, created.body).toBe(201);
  const { _id, orderId, totalPrice } = created.json() as {
    _id: string;
    orderId: string;
    totalPrice: number;
  };
  const started = await call('POST', '/api/payments/process', who.token, {
    orderId: _id,
    formData: { ...DELIVERY_FORM, email: who.email, phoneNumber: `0${who.phone.slice(4)}` },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { trackingId } = processPaymentResponseSchema.parse(started.json());
  return { id: _id, number: orderId, totalPrice, trackingId };
}

/** An online order whose payment failed. */
async function lapsed(who: Shopper, item: FixtureProduct, headers: Record<string, string> = {}) {
  const placed = await placeAndStart(who, item, undefined, headers);
  expect((await sandbox(placed.trackingId, 'fail')).statusCode).toBe(200);
  return placed;
}

/** Moves the clock: the order lapsed an hour and a minute ago. */
const lapsedAnHourAgo = (orderId: string) =>
  t.database.db
    .update(orders)
    .set({ updatedAt: sql`now() - interval '61 minutes'` })
    .where(eq(orders.id, orderId));

const recoveryOf = async (orderId: string) => {
  const [row] = await t.database.db
    .select({
      status: orders.status,
      checkedAt: orders.recoveryCheckedAt,
      outcome: orders.recoveryOutcome,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
};

/** Waits until the follower decided the order and its mail (if any) left the outbox. */
async function decided(orderId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await recoveryOf(orderId);
    const unsent = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(
        sql`${messages.orderId} = ${orderId} and ${messages.kind} = 'order_recovery'
            and ${messages.channel} = 'email' and ${messages.status} <> 'sent'`,
      );
    if ((row.checkedAt !== null && unsent.length === 0) || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A few of the followers' rounds (four a second). */
const rounds = () => new Promise((resolve) => setTimeout(resolve, 800));

const remindersTo = (email: string, number: string): ReceivedMail[] =>
  inbox
    .mailsTo(email)
    .filter((mail) => mail.header('subject') === `Your order ${number} is waiting for its payment`);

const recoveryRows = (orderId: string) =>
  t.database.db
    .select({ channel: messages.channel, recipient: messages.recipient, body: messages.body })
    .from(messages)
    .where(and(eq(messages.orderId, orderId), eq(messages.kind, 'order_recovery')))
    .orderBy(asc(messages.channel));

/** The reminder's opt-out token, from its one-click header. */
function optOutToken(mail: ReceivedMail): string {
  const found = /^<https:\/\/soko\.test\/api\/reminders\/opt-out\/([A-Za-z0-9_-]{43})>$/.exec(
    mail.header('list-unsubscribe') ?? '',
  );
  if (!found?.[1]) throw new Error(`no opt-out link in:\n${mail.raw}`);
  return found[1];
}

const oneClick = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/reminders/opt-out/${token}`,
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const recoveredStats = async () => {
  const res = await call('GET', '/api/stats/overview?days=7', admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return statsOverviewSchema.parse(res.json()).recovered;
};

describe('the reminder of an unpaid order', () => {
  it('goes once, after the delay and not before, by mail and to the order’s phone, with a link that pays again', async () => {
    const who = await newShopper();
    const order = await lapsed(who, await product('Kikoi wrap'));
    await rounds();
    expect(await recoveryOf(order.id)).toMatchObject({ checkedAt: null, outcome: null });
    expect(remindersTo(who.email, order.number)).toHaveLength(0);

    await lapsedAnHourAgo(order.id);
    expect(await decided(order.id)).toMatchObject({ status: 'payment_failed', outcome: 'sent' });
    const [mail, ...more] = remindersTo(who.email, order.number);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('- 1 x Kikoi wrap');
    expect(mail?.text).toContain(`${SITE}/orders/${order.id}?recover=1`);
    const token = optOutToken(mail as ReceivedMail);
    expect(mail?.text).toContain(`${SITE}/reminders/opt-out/${token}`);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The SMS waits (no SMS provider here), to the order's own phone, with both links.
    const [email, sms] = await recoveryRows(order.id);
    expect(email?.recipient).toBe(who.email);
    expect(sms?.recipient).toBe(who.phone);
    expect(sms?.body).toContain(`${SITE}/orders/${order.id}?recover=1`);
    expect(sms?.body).toContain(`${SITE}/reminders/opt-out/${token}`);

    // Never twice: the order is decided, and the table takes no second reminder of it.
    await lapsedAnHourAgo(order.id);
    await rounds();
    expect(remindersTo(who.email, order.number)).toHaveLength(1);
    await expect(
      t.database.db.insert(messages).values({
        channel: 'email',
        kind: 'order_recovery',
        userId: null,
        recipient: who.email,
        senderName: 'Soko',
        subject: 'again',
        body: 'again',
        status: 'queued',
        orderId: order.id,
      }),
    ).rejects.toThrow();
  });

  it('is written in the order’s language, its links opening the pages in it', async () => {
    const who = await newShopper();
    const order = await lapsed(who, await product('Kikoi cha pwani'), { cookie: 'lang=sw' });
    await lapsedAnHourAgo(order.id);
    expect(await decided(order.id)).toMatchObject({ outcome: 'sent' });
    const subject = `Agizo lako ${order.number} linasubiri malipo yake`;
    const [mail] = inbox.mailsTo(who.email).filter((one) => one.header('subject') === subject);
    const token = optOutToken(mail as ReceivedMail);
    const [email, sms] = await recoveryRows(order.id);
    const [sent] = await t.database.db
      .select({ senderName: messages.senderName })
      .from(messages)
      .where(and(eq(messages.orderId, order.id), eq(messages.kind, 'order_recovery')));
    const sender = sent?.senderName ?? '';
    const link = `${SITE}/orders/${order.id}?recover=1&lang=sw`;
    const optOut = `${SITE}/reminders/opt-out/${token}?lang=sw`;
    expect(email?.body).toBe(
      [
        'Habari Achieng,',
        '',
        `Agizo lako ${order.number} halikulipwa, kwa hivyo halikuwekwa. Bidhaa zake ziko kwa mguso mmoja tu:`,
        '',
        '- 1 x Kikoi cha pwani: Ksh 1,000',
        `Jumla: ${formatKsh(order.totalPrice, 'sw')}`,
        '',
        `Zirudishe kwenye kikapu chako na ulipe: ${link}`,
        'Bei na bidhaa zilizopo hukaguliwa tena unapolipa.',
        '',
        sender,
        SITE,
        '',
        '--',
        'Huu ndio ukumbusho pekee kuhusu agizo hili. Kuacha kupokea ukumbusho wa maagizo ambayo hayajalipwa:',
        optOut,
      ].join('\n'),
    );
    expect(sms?.body).toBe(
      `${sender}: agizo ${order.number} halikulipwa. Lipa sasa: ${link} Acha ukumbusho: ${optOut}`,
    );
    // The one-click header is the API's, in no language.
    expect(mail?.header('list-unsubscribe')).toBe(`<${SITE}/api/reminders/opt-out/${token}>`);
  });

  it('is not sent when the order was paid since (a late payment)', async () => {
    const who = await newShopper();
    const order = await lapsed(who, await product('Sisal bag'));
    expect((await sandbox(order.trackingId, 'pay')).statusCode).toBe(200);
    await lapsedAnHourAgo(order.id);
    await rounds();
    expect(await recoveryOf(order.id)).toMatchObject({ status: 'confirmed', checkedAt: null });
    expect(remindersTo(who.email, order.number)).toHaveLength(0);
  });

  it('is not sent when the shopper paid a later order with the same lines', async () => {
    const who = await newShopper();
    const item = await product('Ankara tote');
    const order = await lapsed(who, item);
    const again = await placeAndStart(who, item);
    expect((await sandbox(again.trackingId, 'pay')).statusCode).toBe(200);
    await lapsedAnHourAgo(order.id);
    expect(await decided(order.id)).toMatchObject({ outcome: 'reordered' });
    expect(remindersTo(who.email, order.number)).toHaveLength(0);
    expect(await recoveryRows(order.id)).toEqual([]);
  });

  it('goes once for a cart tried twice: the later failed order is reminded, the earlier not', async () => {
    const who = await newShopper();
    const item = await product('Kitenge shirt');
    const first = await lapsed(who, item);
    const second = await lapsed(who, item);
    await lapsedAnHourAgo(first.id);
    await lapsedAnHourAgo(second.id);
    expect(await decided(first.id)).toMatchObject({ outcome: 'reordered' });
    expect(await decided(second.id)).toMatchObject({ outcome: 'sent' });
    expect(remindersTo(who.email, first.number)).toHaveLength(0);
    expect(remindersTo(who.email, second.number)).toHaveLength(1);
  });

  it('stops for the order’s addresses by the reminder’s one-click link, refuses a forged one, and comes again once undone', async () => {
    const who = await newShopper();
    const first = await lapsed(who, await product('Kiondo basket'));
    await lapsedAnHourAgo(first.id);
    await decided(first.id);
    const [mail] = remindersTo(who.email, first.number);
    const token = optOutToken(mail as ReceivedMail);

    const forged = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
    const refused = await oneClick(forged);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
    expect((await oneClick('not-a-token')).statusCode).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(reminderOptOuts)
        .where(sql`lower(${reminderOptOuts.email}) = ${who.email}`),
    ).toEqual([]);

    const stopped = await oneClick(token);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ optedOut: true });
    expect((await oneClick(token)).statusCode).toBe(200);
    const recorded = await t.database.db
      .select({
        channel: reminderOptOuts.channel,
        email: reminderOptOuts.email,
        phone: reminderOptOuts.phone,
        via: reminderOptOuts.via,
        withdrawnAt: reminderOptOuts.withdrawnAt,
      })
      .from(reminderOptOuts)
      .where(
        sql`lower(${reminderOptOuts.email}) = ${who.email} or ${reminderOptOuts.phone} = ${who.phone}`,
      )
      .orderBy(asc(reminderOptOuts.channel));
    expect(recorded).toEqual([
      { channel: 'email', email: who.email, phone: null, via: 'one_click', withdrawnAt: null },
      { channel: 'sms', email: null, phone: who.phone, via: 'one_click', withdrawnAt: null },
    ]);

    const second = await lapsed(who, await product('Soapstone bowl'));
    await lapsedAnHourAgo(second.id);
    expect(await decided(second.id)).toMatchObject({ outcome: 'opted_out' });
    expect(remindersTo(who.email, second.number)).toHaveLength(0);
    expect(await recoveryRows(second.id)).toEqual([]);

    // Undone from the confirmation page: the opt-outs are kept, marked withdrawn.
    const undone = await call('POST', `/api/reminders/opt-in/${token}`, undefined, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ optedOut: false });
    const third = await lapsed(who, await product('Maasai shuka'));
    await lapsedAnHourAgo(third.id);
    expect(await decided(third.id)).toMatchObject({ outcome: 'sent' });
    expect(remindersTo(who.email, third.number)).toHaveLength(1);
  });

  it('stops by the account’s switch, and comes again when it is turned back on', async () => {
    const who = await newShopper();
    const get = async () => (await call('GET', '/api/user/reminders', who.token)).json();
    expect(await get()).toEqual({ unpaidOrders: true });
    const off = await call('PUT', '/api/user/reminders', who.token, { unpaidOrders: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ unpaidOrders: false });
    expect(await get()).toEqual({ unpaidOrders: false });
    const bad = await call('PUT', '/api/user/reminders', who.token, { unpaidOrders: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['unpaidOrders']);
    expect((await call('GET', '/api/user/reminders')).statusCode).toBe(401);

    // The order's email is the account's; its opt-out names the account too.
    const order = await lapsed(who, await product('Shea butter'));
    await lapsedAnHourAgo(order.id);
    expect(await decided(order.id)).toMatchObject({ outcome: 'opted_out' });
    expect(remindersTo(who.email, order.number)).toHaveLength(0);

    const on = await call('PUT', '/api/user/reminders', who.token, { unpaidOrders: true });
    expect(on.json()).toEqual({ unpaidOrders: true });
    const [row] = await t.database.db
      .select({ via: reminderOptOuts.via, withdrawnVia: reminderOptOuts.withdrawnVia })
      .from(reminderOptOuts)
      .where(sql`lower(${reminderOptOuts.email}) = ${who.email}`);
    expect(row).toEqual({ via: 'account', withdrawnVia: 'account' });
    const next = await lapsed(who, await product('Beaded sandals'));
    await lapsedAnHourAgo(next.id);
    expect(await decided(next.id)).toMatchObject({ outcome: 'sent' });
    expect(remindersTo(who.email, next.number)).toHaveLength(1);
  });
});

describe('recovered orders', () => {
  it('carry recoveredFrom, keep the lapsed order from its reminder, and count on the dashboard once paid', async () => {
    const who = await newShopper();
    const item = await product('Lamu chest');
    const order = await lapsed(who, item);
    const before = await recoveredStats();
    expect(before).toBeDefined();

    const again = await placeAndStart(who, item, order.id);
    const [row] = await t.database.db
      .select({ recoveredFrom: orders.recoveredFrom })
      .from(orders)
      .where(eq(orders.id, again.id));
    expect(row?.recoveredFrom).toBe(order.id);
    // Not paid yet: not counted. The lapsed order gets no reminder: it was ordered again.
    expect(await recoveredStats()).toEqual(before);
    await lapsedAnHourAgo(order.id);
    expect(await decided(order.id)).toMatchObject({ outcome: 'reordered' });
    expect(remindersTo(who.email, order.number)).toHaveLength(0);

    expect((await sandbox(again.trackingId, 'pay')).statusCode).toBe(200);
    expect(await recoveredStats()).toEqual({
      orders: (before?.orders ?? 0) + 1,
      sales: (before?.sales ?? 0) + again.totalPrice,
    });
    // A shop's own dashboard has no such figure.
    const shop = await call('GET', `/api/property/shop/${shopA}/stats?days=7`, admin.token);
    expect(statsOverviewSchema.parse(shop.json()).recovered).toBeUndefined();
  });

  it('keep the lapsed order’s language when their call names none, else the one it names', async () => {
    const who = await newShopper();
    const item = await product('Kitambaa');
    const swahili = await lapsed(who, item, { cookie: 'lang=sw' });
    const localeOf = async (orderId: string) =>
      (
        await t.database.db
          .select({ locale: orders.locale })
          .from(orders)
          .where(eq(orders.id, orderId))
      )[0]?.locale;
    expect(await localeOf(swahili.id)).toBe('sw');
    // Rebuilt on a phone without the cookie (or with a choice Soko does not know): Swahili still.
    const again = await placeAndStart(who, item, swahili.id);
    expect(await localeOf(again.id)).toBe('sw');
    const unknown = await placeAndStart(who, item, swahili.id, { cookie: 'lang=fr' });
    expect(await localeOf(unknown.id)).toBe('sw');
    // The shopper switched to English since: the order is English.
    const switched = await placeAndStart(who, item, swahili.id, { cookie: 'lang=en' });
    expect(await localeOf(switched.id)).toBe('en');
  });

  it('refuses a recoveredFrom that names no order lapsed unpaid, at the field', async () => {
    const who = await newShopper();
    const item = await product('Kisii stone');
    const paid = await placeAndStart(who, item);
    expect((await sandbox(paid.trackingId, 'pay')).statusCode).toBe(200);
    for (const bad of [randomUUID(), paid.id, 'not-an-id', 42]) {
      const res = await call('POST', '/api/order/create', who.token, {
        ...orderBody([{ product: item, quantity: 1 }]),
        recoveredFrom: bad,
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(Object.keys(res.json().error.fields), String(bad)).toEqual(['recoveredFrom']);
    }
  });
});

describe.runIf(testDbKind() === 'postgres')('the reminder under a race (PostgreSQL)', () => {
  it('writes one reminder an order when followers of several processes race', async () => {
    const who = await newShopper();
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await lapsed(who, await product(`Race item ${i}`)));
    const tenants = new TenantDirectory(t.database.db);
    const follower = () =>
      createRecoveryFollower(
        t.database.db,
        // Queued, so the app's worker sends them: this follower only writes.
        { email: { send: () => Promise.reject(new Error('not sent here')), close: () => {} } },
        {
          sites: () => tenants.sitesOfTenants(SITE),
          senderNames: senderNamesOf,
          optOutKey: reminderOptOutKey(t.config.jwtSecret ?? ''),
          delayMinutes: 60,
        },
        { batchSize: 2 },
      );
    await t.database.db
      .update(orders)
      .set({ updatedAt: sql`now() - interval '61 minutes'` })
      .where(sql`${orders.id} in ${placed.map((order) => order.id)}`);
    // Two followers of their own race the app's (which polls every quarter second).
    await Promise.all([follower().drain(), follower().drain(), follower().drain()]);
    for (const order of placed) {
      expect(await decided(order.id), order.id).toMatchObject({ outcome: 'sent' });
      const rows = await recoveryRows(order.id);
      expect(rows.map((row) => row.channel)).toEqual(['email', 'sms']);
      expect(remindersTo(who.email, order.number)).toHaveLength(1);
    }
  });
});
