import { SMS_RECIPIENT_NOT_ALLOWED } from './admin';
import {
  adminMessageDetailSchema,
  adminMessagePageSchema,
  adminMessageSchema,
  type MessageChannel,
  type MessageKind,
  type MessageStatus,
} from '@soko/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orders } from '../../platform/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { httpClient } from '../../../test/http';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';

// The admin's outbox (decision 032) through HTTP. The app sends its own mail here, through its own
// worker, to a real SMTP server on loopback: what a resend delivers is read from that server.
let t: TestApp;
let inbox: SmtpInbox;
const { call, signIn } = httpClient(() => t);
let admin: string;
let shopper: string;
let owner: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { SMTP_URL: inbox.url, MAIL_FROM: 'no-reply@soko.test' } });
  [admin, shopper, owner] = (
    await Promise.all([
      signIn('admin@soko.test'),
      signIn('shopper@soko.test'),
      signIn('owner@soko.test'),
    ])
  ).map((session) => session.token) as [string, string, string];
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

type Row = {
  channel?: MessageChannel;
  kind?: MessageKind;
  status?: MessageStatus;
  recipient?: string;
  subject?: string;
  orderId?: string | null;
  lastError?: string | null;
};

/** A message as the worker leaves it, written straight to the table (its sending is not tested here). */
async function stored(row: Row): Promise<string> {
  const [written] = await t.database.db
    .insert(messages)
    .values({
      channel: row.channel ?? 'email',
      kind: row.kind ?? 'order_received',
      userId: null,
      recipient: row.recipient ?? `someone-${randomUUID()}@example.test`,
      senderName: 'Soko Naturals',
      subject: row.subject ?? 'Your order',
      body: 'What was said.',
      status: row.status ?? 'failed',
      attempts: row.status === 'held' || row.status === 'queued' ? 0 : 1,
      lastError: row.lastError ?? null,
      orderId: row.orderId ?? null,
      // Out of the worker's way: a stored 'queued' row stays as written.
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: messages.id });
  if (!written) throw new Error('no message written');
  return written.id;
}

const rowOf = async (id: string) => {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`message ${id} is gone`);
  return row;
};

/** Waits until the app's own worker has settled the message (sent or failed). */
async function settled(id: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await rowOf(id);
    if (row.status === 'sent' || row.status === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`message still ${row.status} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function anOrder(): Promise<{ id: string; orderNumber: string }> {
  const [order] = await t.database.db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .limit(1);
  if (!order) throw new Error('the seed placed no order');
  return order;
}

const list = async (query: string, token = admin) => {
  const res = await call('GET', `/api/admin/messages?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return adminMessagePageSchema.parse(res.json());
};
const resend = (id: string, body: object = {}, token = admin) =>
  call('POST', `/api/admin/messages/${id}/resend`, token, body);

describe('the admin’s message list', () => {
  it('lists messages newest first, a page at a time, narrowed by state, channel, kind, order and text', async () => {
    const tag = `tag-${randomUUID().slice(0, 8)}`;
    const order = await anOrder();
    const failed = await stored({ subject: `${tag} one`, status: 'failed', lastError: '550 No' });
    const sent = await stored({ subject: `${tag} two`, status: 'sent', orderId: order.id });
    const sms = await stored({
      subject: `${tag} three`,
      status: 'queued',
      channel: 'sms',
      kind: 'part_shipped',
      recipient: '+254712345678',
    });
    const byRecipient = await stored({ recipient: `${tag}@example.test`, status: 'sent' });

    const all = await list(`q=${tag}`);
    expect(all.total).toBe(4);
    expect(all.messages.map((m) => m._id)).toEqual([byRecipient, sms, sent, failed]);
    expect(all.messages[3]).toMatchObject({
      status: 'failed',
      channel: 'email',
      kind: 'order_received',
      attempts: 1,
      lastError: '550 No',
      resentFromId: null,
      resendable: true,
    });
    expect(all.messages[2]).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber });

    const first = await list(`q=${tag}&pageSize=3`);
    const second = await list(`q=${tag}&pageSize=3&page=2`);
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.messages.map((m) => m._id)).toEqual([byRecipient, sms, sent]);
    expect(second.messages.map((m) => m._id)).toEqual([failed]);

    const ids = async (query: string) =>
      (await list(`q=${tag}&${query}`)).messages.map((m) => m._id);
    expect(await ids('status=failed')).toEqual([failed]);
    expect(await ids('channel=sms')).toEqual([sms]);
    expect(await ids('kind=part_shipped')).toEqual([sms]);
    expect(await ids(`orderId=${order.id}`)).toEqual([sent]);
    expect(await ids('status=sent&channel=sms')).toEqual([]);
    // The text is looked for in the recipient as well as the subject, in any case.
    expect((await list(`q=${tag.toUpperCase()}@EXAMPLE`)).messages.map((m) => m._id)).toEqual([
      byRecipient,
    ]);
    // `%` is a character to find, not a wildcard.
    expect((await list(`q=${tag}%25two`)).total).toBe(0);
  });

  it('refuses filters that are not valid with 400 and the field’s message', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['channel=fax', 'channel'],
      ['kind=spam', 'kind'],
      ['orderId=12', 'orderId'],
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
    ] as const) {
      const res = await call('GET', `/api/admin/messages?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), query).toContain(field);
    }
    expect((await call('GET', '/api/admin/messages?role=admin', admin)).statusCode).toBe(400);
  });

  it('is for admins only: 401 signed out, 403 for a shopper and a shop owner', async () => {
    const id = await stored({});
    const calls = [
      ['GET', '/api/admin/messages'],
      ['GET', `/api/admin/messages/${id}`],
      ['POST', `/api/admin/messages/${id}/resend`],
    ] as const;
    for (const [method, url] of calls) {
      expect(
        (await call(method, url, undefined, method === 'POST' ? {} : undefined)).statusCode,
      ).toBe(401);
      for (const token of [shopper, owner]) {
        const res = await call(method, url, token, method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(
      await t.database.db.select().from(messages).where(eq(messages.resentFromId, id)),
    ).toEqual([]);
  });

  it('answers one message with its body, and 404 for an unknown or malformed id', async () => {
    const id = await stored({ subject: 'About your order' });
    const res = await call('GET', `/api/admin/messages/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(adminMessageDetailSchema.parse(res.json())).toMatchObject({
      _id: id,
      subject: 'About your order',
      body: 'What was said.',
      senderName: 'Soko Naturals',
      resends: [],
    });
    for (const unknown of [randomUUID(), 'not-an-id']) {
      const missing = await call('GET', `/api/admin/messages/${unknown}`, admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Message not found.');
      expect((await resend(unknown)).statusCode).toBe(404);
    }
  });
});

describe('Resend', () => {
  it('sends a failed message again to a corrected address: one new row, one mail there, the first keeps its history', async () => {
    const order = await anOrder();
    const wrong = `wanjiru-${randomUUID().slice(0, 8)}@exmaple.test`;
    const right = wrong.replace('@exmaple.test', '@example.test');
    // A real failure: the app's worker offers the mail and the server refuses the address.
    inbox.refuse(1, 550, 'No such mailbox here');
    const [written] = await t.database.db
      .insert(messages)
      .values({
        channel: 'email',
        kind: 'order_received',
        userId: null,
        recipient: wrong,
        senderName: 'Soko Naturals',
        subject: `Order ${order.orderNumber} received`,
        body: `Thank you for order ${order.orderNumber}.`,
        status: 'queued',
        giveUpAt: new Date(Date.now() + 3_600_000),
        orderId: order.id,
        headers: { 'X-Soko-Test': 'kept' },
      })
      .returning({ id: messages.id });
    const id = written?.id ?? '';
    const original = await settled(id);
    expect(original).toMatchObject({ status: 'failed', attempts: 1 });
    expect(original.lastError).toContain('No such mailbox here');

    const res = await resend(id, { recipient: `  ${right} ` });
    expect(res.statusCode, res.body).toBe(201);
    const copy = adminMessageSchema.parse(res.json());
    expect(copy).toMatchObject({
      recipient: right,
      kind: 'order_received',
      subject: `Order ${order.orderNumber} received`,
      orderId: order.id,
      resentFromId: id,
    });
    expect(['queued', 'sending', 'sent']).toContain(copy.status);

    const mail = await inbox.waitForMailTo(right);
    expect(mail.text).toContain(`Thank you for order ${order.orderNumber}.`);
    expect(mail.header('x-soko-test')).toBe('kept');
    expect(await settled(copy._id)).toMatchObject({ status: 'sent', attempts: 1 });
    // Once: nothing more is due, and the wrong address got nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.mailsTo(right)).toHaveLength(1);
    expect(inbox.mailsTo(wrong)).toHaveLength(0);
    const copies = await t.database.db.select().from(messages).where(eq(messages.resentFromId, id));
    expect(copies.map((row) => row.id)).toEqual([copy._id]);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', recipient: wrong, attempts: 1 });
    expect(original.lastError).toBe((await rowOf(id)).lastError);

    const detail = adminMessageDetailSchema.parse(
      (await call('GET', `/api/admin/messages/${id}`, admin)).json(),
    );
    expect(detail.resends).toEqual([{ _id: copy._id, status: 'sent' }]);
    // The order's panel lists both.
    const forOrder = await list(
      `orderId=${order.id}&q=${encodeURIComponent(wrong.split('@')[0] ?? '')}`,
    );
    expect(forOrder.messages.map((m) => m._id)).toEqual([copy._id, id]);
  });

  it('makes one copy of two clicks, whether they arrive together or one after the other', async () => {
    const id = await stored({ status: 'sent' });
    const [a, b] = await Promise.all([resend(id), resend(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error).toMatchObject({
      code: 'already_resent',
      message:
        'This message was just resent: that copy is on its way. Resend again once it has been sent or has failed.',
    });
    const third = await resend(id);
    expect(third.statusCode).toBe(409);
    const copies = await t.database.db.select().from(messages).where(eq(messages.resentFromId, id));
    expect(copies).toHaveLength(1);
  });

  it('refuses a recipient that its channel cannot send to, with 400 on the field', async () => {
    const email = await stored({});
    const sms = await stored({ channel: 'sms', kind: 'part_shipped', recipient: '+254712345678' });
    for (const [id, recipient, message] of [
      [email, 'not-an-email', 'Please enter a valid email address.'],
      [email, '+254712345678', 'Please enter a valid email address.'],
      [sms, 'someone@example.test', 'Enter a Kenyan mobile number such as +254712345678.'],
      [sms, '+25571234567', 'Enter a Kenyan mobile number such as +254712345678.'],
    ] as const) {
      const res = await resend(id, { recipient });
      expect(res.statusCode, recipient).toBe(400);
      expect(res.json().error.fields).toEqual({ recipient: message });
    }
    const blank = await resend(email, { recipient: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ recipient: 'This field is required.' });
    expect((await resend(email, { recipient: 'a@example.test', status: 'sent' })).statusCode).toBe(
      400,
    );
    for (const id of [email, sms]) {
      const copies = await t.database.db
        .select()
        .from(messages)
        .where(eq(messages.resentFromId, id));
      expect(copies).toEqual([]);
    }
    // A well-formed number that is neither a verified one nor the order's own phone: an admin
    // cannot make Soko text a stranger either (decision 031).
    const stranger = await resend(sms, { recipient: '0722 000 111' });
    expect(stranger.statusCode, stranger.body).toBe(400);
    expect(stranger.json().error.fields).toEqual({ recipient: SMS_RECIPIENT_NOT_ALLOWED });
  });

  it('refuses a password reset, a phone code and a message still waiting to be sent, with 409', async () => {
    const reset = await stored({ kind: 'password_reset' });
    // Its text holds a live link into the account: not shown to admins either.
    const detail = await call('GET', `/api/admin/messages/${reset}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ _id: reset, kind: 'password_reset', body: null });
    const code = await stored({ kind: 'phone_code', channel: 'sms', recipient: '+254712345678' });
    const waiting = await stored({ status: 'queued' });
    const answers = await Promise.all([resend(reset), resend(code), resend(waiting)]);
    expect(answers.map((res) => res.statusCode)).toEqual([409, 409, 409]);
    expect(answers.map((res) => res.json().error.message)).toEqual([
      'A password reset cannot be resent: its link works once, and only for the account’s own address. The person can ask for a new link.',
      'A phone code cannot be resent: it works once. The person can ask for a new code.',
      'This message is still waiting to be sent: resend it once it has been sent or has failed.',
    ]);
    const listed = await list(`q=${encodeURIComponent('Your order')}&pageSize=100`);
    expect(listed.messages.find((m) => m._id === reset)?.resendable).toBe(false);
    expect(listed.messages.find((m) => m._id === waiting)?.resendable).toBe(false);
    for (const id of [reset, code, waiting]) {
      const copies = await t.database.db
        .select()
        .from(messages)
        .where(eq(messages.resentFromId, id));
      expect(copies).toEqual([]);
    }
  });
});
