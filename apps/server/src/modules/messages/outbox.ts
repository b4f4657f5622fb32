// The outbox (decision 030). A message is a row written in the transaction that causes it, so a
// rolled-back change sends nothing and a committed one is never lost. A worker in every process
// claims due rows with FOR UPDATE SKIP LOCKED, so two workers never take the same row; it sends
// outside any transaction, then records the outcome only if its claim still stands (the row is
// still `sending` on the attempt it claimed), so a worker that lost its claim cannot overwrite
// another's result.
import {
  DAYTIME_SMS_KINDS,
  MARKETING_MESSAGE_KINDS,
  promotionSmsAllowedAt,
  type MessageChannel,
  type MessageKind,
  type MessageStatus,
} from '@soko/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { untilIdle } from '../../platform/periodic';
import { messages, orders, users } from '../../platform/schema';
import { SendRefused, type Channels, type OutgoingMessage } from './channels';

export type NewMessage = {
  channel: MessageChannel;
  kind: MessageKind;
  userId: string | null;
  recipient: string;
  senderName: string;
  subject: string;
  body: string;
  /** The order it is about: listed on the order's panel. */
  orderId?: string | null;
  /** Extra mail headers (a marketing mail's List-Unsubscribe pair). */
  headers?: Record<string, string> | null;
  /** The message this one repeats (an admin's Resend). */
  resentFromId?: string | null;
};

const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;

/** How long a message keeps being retried after it was queued: a day (DESIGN.md). */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** An SMS to a number the rule does not allow: a caller's mistake, so nothing is written. */
export class SmsRecipientRefused extends Error {}

/**
 * SMS go only to a verified number, or to an order's own phone about that order (DESIGN.md
 * "Messages"): a number someone merely typed must not become a way to text strangers. The one
 * exception is the code that verifies a number, sent to the number the account is verifying.
 * The numbers of all the list's orders and accounts are read in two statements at most, however
 * many messages there are (an event follower's round writes hundreds).
 */
async function assertSmsRecipients(tx: Db | Tx, list: readonly NewMessage[]): Promise<void> {
  const texts = list.filter((message) => message.channel === 'sms');
  if (texts.length === 0) return;
  const orderIds = [...new Set(texts.flatMap((message) => message.orderId ?? []))];
  const userIds = [...new Set(texts.flatMap((message) => message.userId ?? []))];
  const orderPhones = new Map(
    orderIds.length === 0
      ? []
      : (
          await tx
            .select({ id: orders.id, phone: orders.phoneNumber })
            .from(orders)
            .where(inArray(orders.id, orderIds))
        ).map((row) => [row.id, row.phone] as const),
  );
  const accounts = new Map(
    userIds.length === 0
      ? []
      : (
          await tx
            .select({ id: users.id, phone: users.phone, verifiedAt: users.phoneVerifiedAt })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((row) => [row.id, row] as const),
  );
  for (const message of texts) {
    if (message.orderId && orderPhones.get(message.orderId) === message.recipient) continue;
    const account = message.userId ? accounts.get(message.userId) : undefined;
    if (
      account?.phone === message.recipient &&
      (message.kind === 'phone_code' || account.verifiedAt !== null)
    ) {
      continue;
    }
    throw new SmsRecipientRefused(
      `An SMS (${message.kind}) may go only to a verified number or the order's own phone`,
    );
  }
}

/**
 * The outbox keeps each message's text. Once an account's phone code is spent or dropped, the
 * copies in its code SMS already sent are blanked, so the table holds no code that could still
 * matter; rows not yet sent keep theirs, as the worker still has to send them.
 */
export async function blankSentCodes(tx: Db | Tx, userId: string): Promise<void> {
  await tx
    .update(messages)
    .set({ body: sql`regexp_replace(${messages.body}, '[0-9]{6}', '••••••', 'g')` })
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.kind, 'phone_code'),
        inArray(messages.status, ['sent', 'failed']),
      ),
    );
}

/** Rows per insert statement when many messages are written at once (a newsletter). */
const ROWS_PER_INSERT = 500;

/**
 * Writes messages in the caller's transaction, queued when their channel is set, else held: a
 * few statements however many there are. Marketing goes through enqueueMarketing only.
 */
export async function insertMessages(
  tx: Db | Tx,
  batch: readonly NewMessage[],
  channels: Channels,
  giveUpAfterMs = GIVE_UP_AFTER_MS,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
    const rows = await tx
      .insert(messages)
      .values(
        batch.slice(start, start + ROWS_PER_INSERT).map((message) => {
          const ready = channels[message.channel] !== undefined;
          return {
            ...message,
            status: ready ? ('queued' as const) : ('held' as const),
            giveUpAt: ready ? sql`now() + ${ms(giveUpAfterMs)}` : null,
          };
        }),
      )
      .returning({ id: messages.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export class MarketingNeedsConsentError extends Error {}

const isMarketing = (kind: MessageKind) =>
  (MARKETING_MESSAGE_KINDS as readonly MessageKind[]).includes(kind);

/**
 * Writes one transactional message in the caller's transaction. A marketing kind is refused: it
 * needs a live consent and an unsubscribe, which only enqueueMarketing adds (decision 033).
 */
export async function enqueueMessage(
  tx: Db | Tx,
  message: NewMessage,
  channels: Channels,
  giveUpAfterMs = GIVE_UP_AFTER_MS,
): Promise<string> {
  if (isMarketing(message.kind)) {
    throw new MarketingNeedsConsentError(
      `A ${message.kind} message goes through enqueueMarketing, which checks consent`,
    );
  }
  const [id] = await enqueueMessages(tx, [message], channels, giveUpAfterMs);
  if (!id) throw new Error('The message was not written');
  return id;
}

/**
 * Writes transactional messages (an order's shopper and its shops' owners) in the caller's
 * transaction, each SMS to a number the rule allows.
 */
export async function enqueueMessages(
  tx: Db | Tx,
  list: readonly NewMessage[],
  channels: Channels,
  giveUpAfterMs = GIVE_UP_AFTER_MS,
): Promise<string[]> {
  for (const message of list) {
    if (isMarketing(message.kind)) {
      throw new MarketingNeedsConsentError(
        `A ${message.kind} message goes through enqueueMarketing, which checks consent`,
      );
    }
  }
  await assertSmsRecipients(tx, list);
  return insertMessages(tx, list, channels, giveUpAfterMs);
}

export type WorkerOptions = {
  /** The first retry waits this long, each next one twice as long as the one before. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  giveUpAfterMs?: number;
  /** How long a claim lasts: a worker that died mid-send leaves its rows for others after it. */
  leaseMs?: number;
  /** Rows claimed, and sent at once, per round. */
  batchSize?: number;
  onError?: (error: unknown, messageId: string) => void;
  /** What time it is (a test's night or morning): promotional SMS wait for their hours. */
  clock?: () => Date;
};

type Claimed = {
  id: string;
  channel: MessageChannel;
  recipient: string;
  sender_name: string;
  subject: string;
  body: string;
  headers: Record<string, string> | null;
  attempts: number;
};

/** How often a worker looks for held rows of its channels to release. */
const RELEASE_HELD_EVERY_MS = 10_000;

const DEFAULTS = {
  clock: () => new Date(),
  retryBaseMs: 30_000,
  maxRetryDelayMs: 3_600_000,
  giveUpAfterMs: GIVE_UP_AFTER_MS,
  leaseMs: 5 * 60_000,
  // A round costs a claim, the sends and one record whatever its size, and on a busy process each
  // of those waits its turn behind the requests: rounds of 10 fell behind 50 shoppers ordering
  // (about 300 mails a second); the channel paces the sends themselves (SMTP_POOL_SIZE).
  batchSize: 200,
};

const oneOf = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

// A status the constraint allows, typed so a misspelt one cannot reach a query.
const status = (name: MessageStatus) => sql.raw(`'${name}'`);

export type MessageWorker = {
  /** Sends what is due now: one claim of up to batchSize rows. Answers how many it handled. */
  runOnce(): Promise<number>;
  /** Runs rounds until nothing is due. */
  drain(): Promise<number>;
};

export function createMessageWorker(
  db: Db,
  channels: Channels,
  options: WorkerOptions = {},
): MessageWorker {
  const o = { ...DEFAULTS, ...options };
  const ready = Object.keys(channels) as MessageChannel[];

  async function releaseHeld() {
    // Held while no channel was set: this process has one now, so the day of retries starts.
    await db.execute(sql`
      update messages
         set status = ${status('queued')}, next_attempt_at = now(),
             give_up_at = now() + ${ms(o.giveUpAfterMs)}, updated_at = now()
       where status = ${status('held')} and channel in (${oneOf(ready)})`);
  }

  async function claim(): Promise<Claimed[]> {
    // Outside their hours promotional SMS (and unpaid orders' reminders) stay queued, due, and
    // go in the first round after 07:00.
    const promotionsMayGo = promotionSmsAllowedAt(o.clock());
    return rowsOf<Claimed>(
      await db.execute(sql`
        update messages
           set status = ${status('sending')}, attempts = attempts + 1,
               locked_until = now() + ${ms(o.leaseMs)}, updated_at = now()
         where id in (
           select id from messages
            where channel in (${oneOf(ready)})
              and (${promotionsMayGo} or channel <> 'sms'
                   or kind not in (${oneOf(DAYTIME_SMS_KINDS)}))
              and ((status = ${status('queued')} and next_attempt_at <= now())
                or (status = ${status('sending')} and locked_until < now()))
            order by next_attempt_at
            limit ${o.batchSize}
              for update skip locked)
        returning id, channel, recipient, sender_name, subject, body, headers, attempts`),
    );
  }

  const stillClaimed = (row: Claimed) =>
    sql`id = ${row.id} and status = ${status('sending')} and attempts = ${row.attempts}`;

  type Sent = { id: string; attempts: number; providerId: string; providerStatus: string };

  /** Sends one row; answers its receipt, or records its failure (rare: one statement each). */
  async function sendOne(row: Claimed): Promise<Sent | null> {
    const channel = channels[row.channel];
    if (!channel) return null;
    const message: OutgoingMessage = {
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      senderName: row.sender_name,
      subject: row.subject,
      body: row.body,
      headers: row.headers ?? {},
    };
    try {
      const receipt = await channel.send(message);
      return {
        id: row.id,
        attempts: row.attempts,
        providerId: receipt.providerId,
        providerStatus: receipt.providerStatus.slice(0, 500),
      };
    } catch (error) {
      const final = error instanceof SendRefused && error.final;
      const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delay = Math.min(o.retryBaseMs * 2 ** (row.attempts - 1), o.maxRetryDelayMs);
      await db.execute(sql`
        update messages
           set status = case
                 when ${final} or now() + ${ms(delay)} > give_up_at then ${status('failed')}
                 else ${status('queued')} end,
               next_attempt_at = now() + ${ms(delay)},
               locked_until = null, last_error = ${text}, updated_at = now()
         where ${stillClaimed(row)}`);
      o.onError?.(error, row.id);
      return null;
    }
  }

  // A round's sent rows are recorded in one statement: a statement per row was a third of what
  // a mail cost the process (BENCHMARKS.md, "Issue 30"). Each row still only while its claim
  // stands, as stillClaimed says.
  async function recordSent(sent: readonly Sent[]) {
    if (sent.length === 0) return;
    await db.execute(sql`
      update messages m
         set status = ${status('sent')}, provider_id = v.provider_id,
             provider_status = v.provider_status, sent_at = now(), locked_until = null,
             last_error = null, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(
          sent.map((row) => ({
            id: row.id,
            attempts: row.attempts,
            provider_id: row.providerId,
            provider_status: row.providerStatus,
          })),
        )}::jsonb) as v(id uuid, attempts int, provider_id text, provider_status text)
       where m.id = v.id and m.status = ${status('sending')} and m.attempts = v.attempts`);
  }

  // Rows are held only where no channel was set (another process, or this one before a
  // restart with new settings): looking for them every ten seconds is soon enough, and spares a
  // statement in every round of a busy worker.
  let releasedAt = Number.NEGATIVE_INFINITY;
  async function runOnce(): Promise<number> {
    if (ready.length === 0) return 0;
    if (Date.now() - releasedAt >= RELEASE_HELD_EVERY_MS) {
      releasedAt = Date.now();
      await releaseHeld();
    }
    const rows = await claim();
    const sent = await Promise.all(rows.map(sendOne));
    await recordSent(sent.filter((row): row is Sent => row !== null));
    return rows.length;
  }

  return {
    runOnce,
    drain: () => untilIdle(runOnce),
  };
}
