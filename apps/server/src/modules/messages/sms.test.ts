import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SMS_OPT_OUT_LINE } from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../../platform/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  FAKE_AT_CREDENTIALS,
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../../test/fake-africastalking';
import type { Channels } from './channels';
import { createMessageWorker, enqueueMessage, insertMessages, SmsRecipientRefused } from './outbox';
import { SMS_DELIVERY_REPORT_PATH } from './delivery-report-routes';
import { africasTalkingChannel, limited } from './sms';

// The app runs without SMS_PROVIDER, so its own worker sends nothing: each test drives a worker
// of its own, pointed at the fake Africa's Talking on loopback.
const CALLBACK_TOKEN = 'at-callback-token-0123456789abcdef';
let t: TestApp;
let fake: FakeAfricasTalking;
let channels: Channels;
beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  t = await createTestApp({ env: { AT_CALLBACK_TOKEN: CALLBACK_TOKEN } });
  channels = {
    sms: africasTalkingChannel({ ...FAKE_AT_CREDENTIALS, senderId: 'SOKO', baseUrl: fake.url }),
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const worker = () => createMessageWorker(t.database.db, channels, { retryBaseMs: 20 });

let counter = 0;
/** A new account whose number is verified: its id and number. */
async function accountWithPhone(verified = true) {
  const phone = `+2547${String(10_000_000 + ++counter * 7919 + (Date.now() % 1000)).slice(-8)}`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: `sms${counter}-${randomUUID()}@example.test`,
      firstName: 'Njeri',
      lastName: 'Mwangi',
      passwordHash: 'x',
      phone,
      phoneVerifiedAt: verified ? sql`now()` : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no account');
  return { userId: row.id, phone };
}

async function enqueueSms(body = 'Your order SK-26-000123 is on its way.') {
  const { userId, phone } = await accountWithPhone();
  const id = await enqueueMessage(
    t.database.db,
    {
      channel: 'sms',
      kind: 'part_shipped',
      userId,
      recipient: phone,
      senderName: 'Soko Naturals',
      subject: 'ignored for SMS',
      body,
    },
    channels,
  );
  return { id, phone, body };
}

const rowOf = async (id: string) => {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`message ${id} is gone`);
  return row;
};

async function settle(id: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await worker().runOnce();
    const row = await rowOf(id);
    if (row.status === 'sent' || row.status === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`message still ${row.status} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("SMS through Africa's Talking", () => {
  it('sends an SMS once with the documented form fields and stores its messageId', async () => {
    const { id, phone, body } = await enqueueSms();
    const row = await settle(id);
    const [sms] = fake.sentTo(phone);
    expect(fake.sentTo(phone)).toHaveLength(1);
    expect(sms).toMatchObject({ username: 'sandbox', to: phone, message: body, from: 'SOKO' });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.providerId).toBe(sms?.messageId);
    expect(row.providerStatus).toBe('101 Success');
    const call = fake.calls.find((one) => one.form.to === phone);
    expect(call?.headers.apikey).toBe(FAKE_AT_CREDENTIALS.apiKey);
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(call?.form ?? {}).sort()).toEqual(['from', 'message', 'to', 'username']);
  });

  it('marks an SMS failed at once when the number is refused for good (403), and never retries', async () => {
    const { id, phone } = await enqueueSms();
    fake.answer(phone, 403);
    const row = await settle(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('403 InvalidPhoneNumber');
    expect(await worker().drain()).toBe(0);
    expect(fake.calls.filter((call) => call.form.to === phone)).toHaveLength(1);
    expect(fake.sentTo(phone)).toHaveLength(0);
  });

  it.each([500, 405])(
    'retries while the provider answers %i, then sends the SMS exactly once',
    async (code) => {
      const { id, phone } = await enqueueSms();
      fake.answer(phone, code, 2);
      const row = await settle(id);
      expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(fake.sentTo(phone)).toHaveLength(1);
    },
  );

  it('retries while the provider cannot be reached, and sends once it is back', async () => {
    const { id, phone } = await enqueueSms();
    fake.down();
    try {
      await worker().runOnce();
      const waiting = await rowOf(id);
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      expect(waiting.lastError).toContain("Africa's Talking could not be reached");
    } finally {
      fake.up();
    }
    const row = await settle(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(fake.sentTo(phone)).toHaveLength(1);
  });

  it('never queues an SMS to a number the account has not verified', async () => {
    const { userId, phone } = await accountWithPhone(false);
    const stranger = '+254700000001';
    for (const [recipient, who] of [
      [phone, userId],
      [stranger, userId],
      [stranger, null],
    ] as const) {
      const before = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(eq(messages.recipient, recipient));
      await expect(
        enqueueMessage(
          t.database.db,
          {
            channel: 'sms',
            kind: 'order_received',
            userId: who,
            recipient,
            senderName: 'Soko Naturals',
            subject: '',
            body: 'Hello',
          },
          channels,
        ),
      ).rejects.toBeInstanceOf(SmsRecipientRefused);
      const after = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(eq(messages.recipient, recipient));
      expect(after[0]?.n).toBe(before[0]?.n);
    }
  });
});

describe('SMS delivery reports', () => {
  const report = (formBody: string, token: string | null = CALLBACK_TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: token === null ? SMS_DELIVERY_REPORT_PATH : `${SMS_DELIVERY_REPORT_PATH}?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody,
    });

  async function sentSms() {
    const { id } = await enqueueSms();
    const row = await settle(id);
    if (!row.providerId) throw new Error('no provider id');
    return { id, providerId: row.providerId };
  }

  it('stores the delivery status on the SMS it names, once', async () => {
    const { id, providerId } = await sentSms();
    const res = await fake.sendDeliveryReport(providerId, (body) => report(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const first = await rowOf(id);
    expect(first).toMatchObject({ deliveryStatus: 'Success', deliveryError: null });
    expect(first.deliveredAt).toBeInstanceOf(Date);

    // The same report again, and a late "Buffered", change nothing.
    for (const overrides of [{}, { status: 'Buffered' }] as Record<string, string>[]) {
      const again = await fake.sendDeliveryReport(providerId, (body) => report(body), overrides);
      expect(again.statusCode).toBe(200);
      const row = await rowOf(id);
      expect(row.deliveryStatus).toBe('Success');
      expect(row.deliveredAt).toEqual(first.deliveredAt);
      expect(row.updatedAt).toEqual(first.updatedAt);
    }
  });

  it('stores a failure with its reason', async () => {
    const { id, providerId } = await sentSms();
    const res = await fake.sendDeliveryReport(providerId, (body) => report(body), {
      status: 'Failed',
      failureReason: 'AbsentSubscriber',
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      deliveryStatus: 'Failed',
      deliveryError: 'AbsentSubscriber',
      deliveredAt: null,
    });
  });

  it('refuses a report without the callback token, or with a wrong one, and changes nothing', async () => {
    const { id, providerId } = await sentSms();
    const body = fake.deliveryReport(providerId, { status: 'Failed', failureReason: 'Forged' });
    for (const token of [null, '', 'wrong-token', `${CALLBACK_TOKEN}x`]) {
      const res = await report(body, token);
      expect(res.statusCode, String(token)).toBe(401);
    }
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: null, deliveryError: null });
  });

  it('answers a report of an id it never sent with 200 and changes nothing', async () => {
    const res = await report(fake.deliveryReport('ATXid_never_sent_by_soko'));
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.providerId, 'ATXid_never_sent_by_soko'));
    expect(row?.n).toBe(0);
  });

  it('answers a malformed report with 400, not a failure', async () => {
    for (const body of ['status=Success', 'id=&status=', '%%%', 'id=x&status=' + 'y'.repeat(60)]) {
      const res = await report(body);
      expect(res.statusCode, body).toBe(400);
    }
  });

  it('never writes the callback token to the log', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { AT_CALLBACK_TOKEN: CALLBACK_TOKEN, LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const res = await logged.app.inject({
        method: 'POST',
        url: `${SMS_DELIVERY_REPORT_PATH}?token=${CALLBACK_TOKEN}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id=ATXid_logged&status=Success',
      });
      expect(res.statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain(`"url":"${SMS_DELIVERY_REPORT_PATH}?token=[redacted]"`);
      expect(log).toContain('SMS delivery report');
      expect(log).not.toContain(CALLBACK_TOKEN);
    } finally {
      await logged.close();
    }
  });

  it('takes no report at all when no callback token is set', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: `${SMS_DELIVERY_REPORT_PATH}?token=anything`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id=ATXid_1&status=Success',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('promotional SMS hours', () => {
  /** A promotion to a verified number, queued as enqueueMarketing would leave it. */
  async function queuedPromotion() {
    const { userId, phone } = await accountWithPhone();
    const [id] = await insertMessages(
      t.database.db,
      [
        {
          channel: 'sms',
          kind: 'promotion',
          userId,
          recipient: phone,
          senderName: 'Soko Naturals',
          subject: '',
          body: `Kiondo baskets, 20% off this week.\n${SMS_OPT_OUT_LINE}`,
        },
      ],
      channels,
    );
    if (!id) throw new Error('no promotion written');
    return { id, phone };
  }
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]?.status;
  // 20:30 and 06:30 in Nairobi (UTC+3), then 09:00.
  const at = (utc: string) => () => new Date(`2026-11-27T${utc}:00Z`);

  it('keeps a promotion queued outside 07:00-19:00 in Kenya and sends it in the morning', async () => {
    const promotion = await queuedPromotion();
    const order = await enqueueSms('Your order SK-26-000124 is on its way.');
    for (const night of [at('17:30'), at('03:30')]) {
      await createMessageWorker(t.database.db, channels, { clock: night }).drain();
      expect(await statusOf(promotion.id)).toBe('queued');
    }
    // The order's SMS went at night: only promotions wait.
    expect(await statusOf(order.id)).toBe('sent');
    expect(fake.sent.filter((sms) => sms.to === promotion.phone)).toHaveLength(0);

    await createMessageWorker(t.database.db, channels, { clock: at('06:00') }).drain();
    expect(await statusOf(promotion.id)).toBe('sent');
    expect(fake.sent.filter((sms) => sms.to === promotion.phone)).toHaveLength(1);
  });

  it('keeps an unpaid order’s reminder for the daytime too (decision 043)', async () => {
    const { userId, phone } = await accountWithPhone();
    const [id] = await insertMessages(
      t.database.db,
      [
        {
          channel: 'sms',
          kind: 'order_recovery',
          userId,
          recipient: phone,
          senderName: 'Soko Naturals',
          subject: '',
          body: 'Soko Naturals: order SK-26-000125 was not paid. Pay now: https://soko.test/orders/x',
        },
      ],
      channels,
    );
    if (!id) throw new Error('no reminder written');
    await createMessageWorker(t.database.db, channels, { clock: at('17:30') }).drain();
    expect(await statusOf(id)).toBe('queued');
    await createMessageWorker(t.database.db, channels, { clock: at('06:00') }).drain();
    expect(await statusOf(id)).toBe('sent');
  });
});

describe('requests to Africa’s Talking', () => {
  it('are at most ten at a time, the rest served in the order they came', async () => {
    const inTurn = limited(10);
    let active = 0;
    let most = 0;
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 35 }, (_, i) =>
        inTurn(async () => {
          active++;
          most = Math.max(most, active);
          await new Promise((resolve) => setTimeout(resolve, 2 + (i % 3)));
          active--;
          finished.push(i);
        }),
      ),
    );
    expect(most).toBe(10);
    expect(finished).toHaveLength(35);
    // The last to start came last: none of the waiting overtook another.
    expect(finished.slice(-1)[0]).toBeGreaterThanOrEqual(30);
  });
});
