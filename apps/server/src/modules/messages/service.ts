// This process's outbox: the channels its settings make, the worker that sends through them, the
// follower that turns order events into messages, and what other modules call to send one.
import { inArray } from 'drizzle-orm';
import type { AppContext, App } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import { shops } from '../../platform/schema';
import type { Tenant } from '../../platform/tenant';
import { createEventFollower, ordersForMessages, type OrderEvent } from '../orders';
import type { Channels } from './channels';
import { smtpChannel } from './email';
import { reminderOptOutKey, unsubscribeKey } from '../consents';
import { issueReceipts } from '../receipts';
import { enqueueMarketing, type MarketingMessage, type MarketingQueued } from './marketing';
import { messagesForEvent, type MessageOrigin } from './order-messages';
import { createRecoveryFollower } from './order-recovery';
import {
  createMessageWorker,
  enqueueMessage,
  enqueueMessages,
  type MessageWorker,
  type NewMessage,
} from './outbox';
import { africasTalkingChannel } from './sms';
import { createStockAlertFollower } from './stock-alerts';
import { runMessageWorker } from './runner';

export type Outbox = {
  /** Writes the message in the caller's transaction; call wake() once it has committed. */
  enqueue(tx: Db | Tx, message: NewMessage): Promise<string>;
  /**
   * Writes a marketing message for everyone (of `to`) with live consent, each with its way out
   * (decision 033); call wake() once it has committed.
   */
  enqueueMarketing(tx: Db | Tx, message: MarketingMessage): Promise<MarketingQueued>;
  /** Sends what is due now rather than at the next poll. */
  wake(): void;
};

export function channelsFrom(config: AppContext['config']): Channels {
  const channels: Channels = {};
  if (config.email) {
    const { smtpUrl, from, poolSize } = config.email;
    channels.email = smtpChannel(smtpUrl, from, poolSize);
  }
  if (config.sms) channels.sms = africasTalkingChannel(config.sms);
  return channels;
}

/** The tenant's name, which mail is sent under: its shop's name. */
export async function senderNameOf(db: Db | Tx, tenant: Tenant | null): Promise<string> {
  return (await senderNamesOf(db, [tenant]))(tenant);
}

/** The sender's name of each of the tenants, read in one statement. */
export async function senderNamesOf(
  db: Db | Tx,
  tenants: readonly (Tenant | null)[],
): Promise<(tenant: Tenant | null) => string> {
  const shopIds = [...new Set(tenants.flatMap((tenant) => (tenant ? [tenant.shopId] : [])))];
  const names = new Map<string, string>();
  if (shopIds.length > 0) {
    const rows = await db
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(inArray(shops.id, shopIds));
    for (const row of rows) names.set(row.id, row.name);
  }
  return (tenant) => (tenant ? names.get(tenant.shopId) : undefined) ?? 'Soko';
}

// Events nobody is told of (an order placed and waiting for its payment, say) are marked
// followed without reading their order.
const SPOKEN: ReadonlySet<OrderEvent['kind']> = new Set([
  'order.confirmed',
  'order.payment_failed',
  'order.expired',
  'order.cancelled',
  'order.reversed',
  'part.shipped',
  'part.delivered',
  'part.cancelled',
  'refund.completed',
]);

/**
 * The follower of order events that writes their receipts, then their messages (decision 045):
 * in its transaction, so an event is followed exactly when its receipts and messages are
 * written, and a message can link the receipt its event issued. Its rounds run like the outbox worker's, every
 * quarter second (a confirmed order's mail is handed over within a second or two), and the
 * outbox is woken when a round wrote anything.
 */
export function orderMessagesFollower(
  ctx: Pick<AppContext, 'db' | 'tenants' | 'config'>,
  channels: Channels,
  onError?: (error: unknown) => void,
  onFollowed?: (events: readonly OrderEvent[]) => void,
): MessageWorker {
  return createEventFollower(
    ctx.db,
    () => ctx.tenants.sitesOfTenants(ctx.config.publicUrl),
    async (tx, events, siteOf) => {
      const receipts = await issueReceipts(tx, events);
      const spoken = events.filter((event) => SPOKEN.has(event.kind));
      const facts = await ordersForMessages(
        tx,
        spoken.map((event) => event.orderId),
      );
      const senders = await senderNamesOf(
        tx,
        [...facts.values()].map((found) => siteOf(found.tenantId).tenant),
      );
      const written: NewMessage[] = [];
      for (const event of spoken) {
        const found = facts.get(event.orderId);
        if (!found) continue;
        const { tenant, site } = siteOf(found.tenantId);
        const origin: MessageOrigin = { senderName: senders(tenant), site };
        written.push(...messagesForEvent(event, found, origin, receipts.get(event.id) ?? []));
      }
      await enqueueMessages(tx, written, channels);
    },
    // A round reads its orders in a few statements whatever its size (ordersForMessages), so a
    // big one costs little more than a small one and keeps up with a busy shop.
    { batchSize: 200, ...(onError ? { onError } : {}), ...(onFollowed ? { onFollowed } : {}) },
  );
}

export function startOutbox(app: App, ctx: AppContext): Outbox {
  const channels = channelsFrom(ctx.config);
  if (!ctx.config.jwtSecret) throw new Error('No server secret to sign unsubscribe links with');
  const marketing = { channels, unsubscribeKey: unsubscribeKey(ctx.config.jwtSecret) };
  const worker = createMessageWorker(ctx.db, channels, {
    onError: (error, messageId) =>
      app.log.warn({ err: error, messageId }, 'a message was not sent; it is retried later'),
  });
  const runner = runMessageWorker(app, worker);
  const follower = orderMessagesFollower(
    ctx,
    channels,
    (error) =>
      app.log.error({ err: error }, 'an order event was not followed; it is tried again shortly'),
    (events) => {
      for (const event of events) app.log.info(orderEventLogFields(event), 'order event');
    },
  );
  // Low-stock alerts (decision 041) follow in the same rounds: the owner's mail is sent as soon
  // as the order's that crossed the threshold.
  const stockAlerts = createStockAlertFollower(
    ctx.db,
    async () => {
      const { tenant, site } = (await ctx.tenants.sitesOfTenants(ctx.config.publicUrl))(null);
      return { senderName: await senderNameOf(ctx.db, tenant), site };
    },
    channels,
  );
  // Reminders of online orders that lapsed unpaid (decision 043), in the same rounds.
  const recovery = createRecoveryFollower(ctx.db, channels, {
    sites: () => ctx.tenants.sitesOfTenants(ctx.config.publicUrl),
    senderNames: senderNamesOf,
    optOutKey: reminderOptOutKey(ctx.config.jwtSecret),
    delayMinutes: ctx.config.recoveryDelayMinutes,
  });
  const following = runMessageWorker(
    app,
    {
      drain: async () => {
        const followed = await follower.drain();
        const alerted = await stockAlerts.drain().catch((error: unknown) => {
          app.log.error({ err: error }, 'a low-stock alert was not followed; tried again shortly');
          return 0;
        });
        const reminded = await recovery.drain().catch((error: unknown) => {
          app.log.error({ err: error }, 'a lapsed order was not followed; tried again shortly');
          return 0;
        });
        if (followed + alerted + reminded > 0) runner.wake();
        return followed + alerted + reminded;
      },
    },
    FOLLOW_POLL_MS,
  );
  app.addHook('onClose', async () => {
    await following.stop();
    await runner.stop();
    for (const channel of Object.values(channels)) channel.close();
  });
  return {
    enqueue: (tx, message) => enqueueMessage(tx, message, channels),
    enqueueMarketing: (tx, message) => enqueueMarketing(tx, message, marketing),
    wake: runner.wake,
  };
}

const FOLLOW_POLL_MS = 250;

/**
 * An order event as a log line (decision 052): one line per event, written once it is followed
 * (the follower claims each event once, in whichever process), so an operator can follow an
 * order by its id. Ids, the move and amounts only: the history note is free text an owner or
 * admin typed, and is left out with anything else that could name a person.
 */
export function orderEventLogFields(event: OrderEvent) {
  const { from, cents } = event.data;
  return {
    event: event.kind,
    eventId: event.id,
    orderId: event.orderId,
    ...(event.partId ? { partId: event.partId } : {}),
    ...(event.shopId ? { shopId: event.shopId } : {}),
    actor: event.actor,
    ...(typeof from === 'string' ? { from } : {}),
    ...(typeof cents === 'number' ? { amountCents: cents } : {}),
  };
}
