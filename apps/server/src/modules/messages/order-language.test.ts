// An order's language (issue 34, decision 050), through HTTP on a real database with a real SMTP
// server on loopback: the checkout stores the language of the `lang` cookie its calls carry, and
// every message the shopper gets about the order is written in it; without the cookie, or with
// one naming no language Soko speaks, the order and its messages are English, word for word as
// before. Owners still read English.
import { formatKsh, orderSchema, smsLength, type AuthResponse, type Order } from '@soko/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, type FixtureProduct } from '../../../test/order-fixtures';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../test/smtp-inbox';
import { messages, orders, shops } from '../../platform/schema';
import type { NewMessage } from './outbox';

const SITE = 'https://soko.test';
let t: TestApp;
let inbox: SmtpInbox;
let admin: AuthResponse;
let owner: AuthResponse;
let shopA: string;
let shopB: string;
const { call, placeOrder, startSandboxPayment, sandbox } = httpClient(() => t);

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: inbox.url, MAIL_FROM: 'orders@soko.test', PUBLIC_URL: SITE },
  });
  ({ admin, owner, shopA, shopB } = await demoMarket(t, false));
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const SWAHILI = { cookie: 'lang=sw' };

/** Places and confirms a pay-on-delivery order of two of each item, anonymously, with `headers`. */
async function placeConfirmed(
  items: FixtureProduct[],
  headers: Record<string, string> = {},
): Promise<Order> {
  const confirmed = await (await placeOrder(undefined, items, 2, headers)).checkout();
  if (confirmed.statusCode !== 200) throw new Error(`checkout failed: ${confirmed.body}`);
  return orderSchema.parse(confirmed.json());
}

const localeOf = async (orderId: string) => {
  const [row] = await t.database.db
    .select({ locale: orders.locale })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.locale;
};

type Written = { channel: string; subject: string; body: string; senderName: string };

/** The messages of `kind` written for `orderId`, email first, once the follower wrote them. */
async function written(
  orderId: string,
  kind: NewMessage['kind'],
  count: number,
): Promise<Written[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await t.database.db
      .select({
        channel: messages.channel,
        subject: messages.subject,
        body: messages.body,
        senderName: messages.senderName,
      })
      .from(messages)
      .where(and(eq(messages.orderId, orderId), eq(messages.kind, kind)))
      .orderBy(asc(messages.channel));
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The mail to `address` with `subject`, once the outbox has sent it. */
async function mailWithSubject(
  address: string,
  subject: string,
): Promise<ReceivedMail | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = inbox.mailsTo(address).find((mail) => mail.header('subject') === subject);
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const shopName = async (shopId: string) => {
  const [shop] = await t.database.db
    .select({ name: shops.name, email: shops.ownerEmail })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop) throw new Error(`no shop ${shopId}`);
  return shop;
};

const act = (token: string, shopId: string, orderId: string, action: string, body = {}) =>
  call('POST', `/api/property/shop/${shopId}/orders/${orderId}/${action}`, token, body);

describe('an order’s language', () => {
  it('is the checkout’s lang cookie: a Swahili order is confirmed in Swahili by mail and SMS', async () => {
    const item = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopA,
      name: 'Kikapu cha ukili',
    });
    const order = await placeConfirmed([item], SWAHILI);
    expect(await localeOf(order._id)).toBe('sw');

    const [email, sms] = await written(order._id, 'order_received', 2);
    const sender = email?.senderName ?? '';
    const link = `${SITE}/orders/${order._id}?lang=sw`;
    expect(email?.subject).toBe(`Agizo lako ${order.orderId} kutoka ${sender}`);
    expect(email?.body).toBe(
      [
        'Habari Achieng,',
        '',
        `Asante kwa agizo lako ${order.orderId}. Hii ni nakala yako.`,
        '',
        '- 2 x Kikapu cha ukili: Ksh 2,000',
        '',
        'Jumla ndogo: Ksh 2,000',
        `Usafirishaji: ${formatKsh(order.shipping, 'sw')}`,
        `Jumla: ${formatKsh(order.totalPrice, 'sw')}`,
        '',
        'Kufikishwa: Usafirishaji wa kawaida hadi Oginga Odinga St 4, Kisumu, Kisumu',
        'Malipo: Lipa unapopokea, agizo lako litakapofika',
        '',
        `Tazama agizo lako na ulifuatilie: ${link}`,
        '',
        sender,
        SITE,
      ].join('\n'),
    );
    expect(sms?.body).toBe(
      `${sender}: agizo ${order.orderId} limepokelewa, ${formatKsh(order.totalPrice, 'sw')}. ${link}`,
    );
    // Plain GSM-7 letters, one part: a Swahili SMS costs what the English one does.
    expect(smsLength(sms?.body ?? '')).toMatchObject({ encoding: 'gsm7', parts: 1 });

    // And it went out so, through the mail server.
    const mail = await mailWithSubject(DELIVERY_FORM.email, email?.subject ?? '');
    expect(mail?.text).toContain(`Asante kwa agizo lako ${order.orderId}.`);
  });

  it.each([
    ['no cookie', {}],
    ['a language Soko does not speak', { cookie: 'lang=fr' }],
    ['an empty choice', { cookie: 'lang=' }],
  ])('is English with %s, and its messages are English word for word', async (_, headers) => {
    const item = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopA,
      name: 'Kiondo basket',
    });
    const order = await placeConfirmed([item], headers);
    expect(await localeOf(order._id)).toBe('en');

    const [email, sms] = await written(order._id, 'order_received', 2);
    const sender = email?.senderName ?? '';
    const link = `${SITE}/orders/${order._id}`;
    expect(email?.subject).toBe(`Your ${sender} order ${order.orderId}`);
    expect(email?.body).toBe(
      [
        'Hello Achieng,',
        '',
        `Thank you for your order ${order.orderId}. This is your copy of it.`,
        '',
        '- 2 x Kiondo basket: Ksh 2,000',
        '',
        'Subtotal: Ksh 2,000',
        `Delivery: ${formatKsh(order.shipping)}`,
        `Total: ${formatKsh(order.totalPrice)}`,
        '',
        'Delivery: Standard delivery to Oginga Odinga St 4, Kisumu, Kisumu',
        'Payment: Pay on delivery, when your order arrives',
        '',
        `See your order and follow it: ${link}`,
        '',
        sender,
        SITE,
      ].join('\n'),
    );
    expect(sms?.body).toBe(
      `${sender}: order ${order.orderId} received, ${formatKsh(order.totalPrice)}. ${link}`,
    );
  });

  it('tells of a Swahili order’s parts in Swahili, and its owners in English', async () => {
    const a = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA, name: 'Leso' });
    const b = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB, name: 'Mkeka' });
    const order = await placeConfirmed([a, b], SWAHILI);
    await written(order._id, 'order_received', 2);
    const [shopAName, shopBOf] = [(await shopName(shopA)).name, await shopName(shopB)];
    const link = `${SITE}/orders/${order._id}?lang=sw`;

    expect(
      (await act(owner.token, shopA, order._id, 'ship', { trackingNote: 'G4S 88231' })).statusCode,
    ).toBe(200);
    const [shipped, shippedSms] = await written(order._id, 'part_shipped', 2);
    expect(shipped?.subject).toBe(`Sehemu ya agizo lako ${order.orderId} iko njiani`);
    expect(shipped?.body).toBe(
      [
        'Habari Achieng,',
        '',
        `Bidhaa hizi zimetumwa na ${shopAName}:`,
        '- 2 x Leso',
        '',
        'Ufuatiliaji: G4S 88231',
        '',
        `Tazama agizo lako: ${link}`,
        '',
        shipped?.senderName,
        SITE,
      ].join('\n'),
    );
    expect(shippedSms?.body).toBe(
      `${shipped?.senderName}: sehemu ya agizo ${order.orderId} iko njiani. Ufuatiliaji: G4S 88231. ${link}`,
    );
    expect(smsLength(shippedSms?.body ?? '')).toMatchObject({ encoding: 'gsm7', parts: 1 });

    expect((await act(owner.token, shopA, order._id, 'deliver')).statusCode).toBe(200);
    const [delivered] = await written(order._id, 'part_delivered', 1);
    expect(delivered?.subject).toBe(`Sehemu ya agizo lako ${order.orderId} imefikishwa`);
    expect(delivered?.body).toContain(`Bidhaa hizi zimefikishwa na ${shopAName}:\n- 2 x Leso`);

    expect((await act(admin.token, shopB, order._id, 'cancel')).statusCode).toBe(200);
    const [cancelled] = await written(order._id, 'part_cancelled', 1);
    expect(cancelled?.subject).toBe(`Sehemu ya agizo lako ${order.orderId} imeghairiwa`);
    expect(cancelled?.body).toContain(`Bidhaa hizi zimeghairiwa na ${shopBOf.name}:\n- 2 x Mkeka`);
    // The owner is told in English, as every owner is.
    const [toOwner] = await written(order._id, 'owner_part_cancelled', 1);
    expect(toOwner?.subject).toBe(`Order ${order.orderId} was cancelled: do not send it`);
  });

  it('tells a Swahili shopper in Swahili that an online payment did not go through', async () => {
    await t.database.db.update(shops).set({ payOnOrder: true }).where(eq(shops.id, shopB));
    try {
      const item = await makeProduct(t.database.db, {
        payOnOrder: true,
        shopId: shopB,
        name: 'Kanga',
      });
      const placed = await placeOrder(undefined, [item], 1, SWAHILI);
      expect(await localeOf(placed._id)).toBe('sw');
      const tracking = await startSandboxPayment('', placed._id);
      expect((await sandbox(tracking, 'fail')).statusCode).toBe(200);
      const [failed, failedSms] = await written(placed._id, 'payment_failed', 2);
      const [row] = await t.database.db
        .select({ number: orders.orderNumber })
        .from(orders)
        .where(eq(orders.id, placed._id));
      const number = row?.number ?? '';
      const link = `${SITE}/orders/${placed._id}?lang=sw`;
      expect(failed?.subject).toBe(`Malipo ya agizo lako ${number} hayakufanikiwa`);
      expect(failed?.body).toBe(
        [
          'Habari Achieng,',
          '',
          `Malipo ya agizo lako ${number} hayakufanikiwa, kwa hivyo halikuwekwa.`,
          '',
          '- 1 x Kanga: Ksh 1,000',
          `Jumla: ${formatKsh(placed.totalPrice, 'sw')}`,
          '',
          `Lipa tena: ${link}`,
          '',
          failed?.senderName,
          SITE,
        ].join('\n'),
      );
      expect(failedSms?.body).toBe(
        `${failed?.senderName}: malipo ya agizo ${number} hayakufanikiwa. Lipa tena: ${link}`,
      );
    } finally {
      await t.database.db.update(shops).set({ payOnOrder: false }).where(eq(shops.id, shopB));
    }
  });
});
