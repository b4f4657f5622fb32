import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { messages } from '../../platform/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';
import type { Channels } from './channels';
import { smtpChannel } from './email';
import { createMessageWorker, enqueueMessage, type WorkerOptions } from './outbox';

// The app runs without SMTP_URL, so its own worker sends nothing: each test drives workers of
// its own, pointed at a real SMTP server on loopback.
let t: TestApp;
let inbox: SmtpInbox;
const opened: Channels[] = [];
beforeAll(async () => {
  t = await createTestApp();
  inbox = await startSmtpInbox();
});
afterEach(() => {
  for (const channels of opened.splice(0)) channels.email?.close();
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const email = (): Channels => {
  const channels = { email: smtpChannel(inbox.url, 'no-reply@soko.test', 10) };
  opened.push(channels);
  return channels;
};
const worker = (channels: Channels, options: WorkerOptions = {}) =>
  createMessageWorker(t.database.db, channels, { retryBaseMs: 20, ...options });

let counter = 0;
async function enqueue(channels: Channels, recipient = `person${++counter}@example.test`) {
  const id = await enqueueMessage(
    t.database.db,
    {
      channel: 'email',
      kind: 'password_reset',
      userId: null,
      recipient,
      senderName: 'Soko Naturals',
      subject: `Hello ${recipient}`,
      body: `A message for ${recipient}.`,
    },
    channels,
  );
  return { id, recipient };
}

const rowOf = async (id: string) => {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`message ${id} is gone`);
  return row;
};

/** Runs the worker until the message is settled (sent or failed), or 10 s pass. */
async function settle(run: () => Promise<number>, id: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await run();
    const row = await rowOf(id);
    if (row.status === 'sent' || row.status === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`message still ${row.status} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the outbox', () => {
  it('keeps a message held while no channel is set, and sends it once one is', async () => {
    const { id, recipient } = await enqueue({});
    expect((await rowOf(id)).status).toBe('held');
    expect(await worker({}).drain()).toBe(0);
    expect((await rowOf(id)).status).toBe('held');

    await worker(email()).drain();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.providerId).toBe(`<${id}@soko.test>`);
    expect(row.providerStatus).toMatch(/^250 /);
    const [mail] = inbox.mailsTo(recipient);
    expect(inbox.mailsTo(recipient)).toHaveLength(1);
    expect(mail?.header('from')).toBe('Soko Naturals <no-reply@soko.test>');
    expect(mail?.header('subject')).toBe(`Hello ${recipient}`);
    expect(mail?.text).toContain(`A message for ${recipient}.`);
  });

  it('retries while the SMTP server refuses, then sends the message exactly once', async () => {
    const channels = email();
    const { id, recipient } = await enqueue(channels);
    inbox.refuse(3, 451);
    const row = await settle(() => worker(channels).runOnce(), id);
    expect(row).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
    expect(inbox.mailsTo(recipient)).toHaveLength(1);
  });

  it('retries while the SMTP server cannot be reached at all', async () => {
    const down = { email: smtpChannel('smtp://127.0.0.1:9', 'no-reply@soko.test', 10) };
    opened.push(down);
    const { id, recipient } = await enqueue(down);
    await worker(down).runOnce();
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    const row = await settle(() => worker(email()).runOnce(), id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(inbox.mailsTo(recipient)).toHaveLength(1);
  });

  it('marks a message failed at once when the server refuses the address for good', async () => {
    const channels = email();
    const { id, recipient } = await enqueue(channels);
    inbox.refuse(1, 550, 'No such mailbox here');
    const row = await settle(() => worker(channels).runOnce(), id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('No such mailbox here');
    // Nothing more is tried: the row is no longer due.
    expect(await worker(channels).drain()).toBe(0);
    expect(inbox.mailsTo(recipient)).toHaveLength(0);
  });

  it('gives up on a message it could not send within its retry window', async () => {
    const channels = email();
    const { id, recipient } = await enqueueMessage(
      t.database.db,
      {
        channel: 'email',
        kind: 'password_reset',
        userId: null,
        recipient: 'never@example.test',
        senderName: 'Soko Naturals',
        subject: 'Never',
        body: 'Never delivered.',
      },
      channels,
      // Two seconds: room for several attempts even on a busy host.
      2_000,
    ).then((messageId) => ({ id: messageId, recipient: 'never@example.test' }));
    inbox.refuse(1_000, 451);
    try {
      const row = await settle(() => worker(channels, { retryBaseMs: 100 }).runOnce(), id);
      expect(row.status).toBe('failed');
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(row.lastError).toContain('Try again later');
    } finally {
      inbox.refuse(0, 451);
    }
    expect(inbox.mailsTo(recipient)).toHaveLength(0);
  });

  it('sends each message once when two workers claim at the same moment', async () => {
    const channels = email();
    const sent = await Promise.all(Array.from({ length: 20 }, () => enqueue(channels)));
    const [first, second] = [worker(email(), { batchSize: 3 }), worker(email(), { batchSize: 3 })];
    const [a, b] = await Promise.all([first.drain(), second.drain()]);
    expect(a + b).toBe(20);
    for (const { id, recipient } of sent) {
      expect(inbox.mailsTo(recipient), recipient).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });

  it('takes over a message whose worker died while sending it, once its claim has lapsed', async () => {
    const channels = email();
    const { id, recipient } = await enqueue(channels);
    // As a worker leaves it when its process dies after the claim, before recording the send.
    await t.database.db
      .update(messages)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(messages.id, id));
    expect(await worker(channels).drain()).toBe(0);
    await t.database.db
      .update(messages)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(messages.id, id));
    await worker(channels).drain();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(inbox.mailsTo(recipient)).toHaveLength(1);
  });
});

describe('the SMTP pool setting', () => {
  const smtp = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@soko.test' };

  it('opens up to 30 connections unless told otherwise', () => {
    expect(loadConfig(smtp).email?.poolSize).toBe(30);
    expect(loadConfig({ ...smtp, SMTP_POOL_SIZE: '8' }).email?.poolSize).toBe(8);
  });

  it('refuses a pool of no connections, a fraction or a word', () => {
    for (const size of ['0', '2.5', 'ten', '101']) {
      expect(() => loadConfig({ ...smtp, SMTP_POOL_SIZE: size }), size).toThrow(/SMTP_POOL_SIZE/);
    }
  });
});
