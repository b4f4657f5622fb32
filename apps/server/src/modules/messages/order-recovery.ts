// The one reminder of an online order that failed or lapsed unpaid (decision 043). A follower
// claims orders lapsed at least RECOVERY_DELAY_MINUTES ago and not yet decided (FOR UPDATE SKIP
// LOCKED: two processes never take the same one), decides each in the same statement (the
// shopper ordered the same lines again, or opted out, or can be reminded) and records that on the
// order, then writes the reminders into the outbox in the same transaction: an order is decided
// once, and reminded at most once (messages_recovery_once_key keeps it so in the table too).
import { formatKsh, normalizeKenyanPhone } from '@soko/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { untilIdle } from '../../platform/periodic';
import type { Tenant } from '../../platform/tenant';
import { reminderOptOutToken } from '../consents';
import { ordersForMessages, type OrderForMessages } from '../orders';
import type { Channels } from './channels';
import { linesText, type MessageOrigin } from './order-messages';
import { enqueueMessages, type MessageWorker, type NewMessage } from './outbox';
import { linkIn, MESSAGE_TEXTS } from './texts';

/** The link that rebuilds the order's cart (the order page with ?recover=1). */
export const recoveryLink = (site: string, orderId: string) =>
  `${site}/orders/${orderId}?recover=1`;

/** The page a reminder's opt-out link opens; its button posts to /api/reminders/opt-out/{token}. */
export const reminderOptOutLink = (site: string, token: string) =>
  `${site}/reminders/opt-out/${token}`;

/** The reminder's mail and SMS (to the order's own phone when it is a Kenyan mobile). */
export function recoveryMessages(
  facts: Pick<OrderForMessages, 'order' | 'userId' | 'locale'>,
  origin: MessageOrigin,
  optOutToken: string,
): NewMessage[] {
  const { order, userId, locale } = facts;
  // In the order's language, and its links open the pages in it.
  const texts = MESSAGE_TEXTS[locale];
  const words = texts.recovery;
  const link = linkIn(locale, recoveryLink(origin.site, order._id));
  const optOut = linkIn(locale, reminderOptOutLink(origin.site, optOutToken));
  const base = { kind: 'order_recovery' as const, userId, senderName: origin.senderName };
  const out: NewMessage[] = [];
  if (order.email) {
    out.push({
      ...base,
      channel: 'email',
      recipient: order.email,
      orderId: order._id,
      subject: words.subject(order.orderId),
      body: [
        texts.hello(order.firstName),
        '',
        words.notPaid(order.orderId),
        '',
        ...linesText(order, locale),
        texts.total(formatKsh(order.totalPrice, locale)),
        '',
        words.putBack(link),
        words.checkedAgain,
        '',
        origin.senderName,
        origin.site,
        '',
        '--',
        words.onlyReminder,
        optOut,
      ].join('\n'),
      // One click from the mail program (RFC 8058), as the newsletter's unsubscribe.
      headers: {
        'List-Unsubscribe': `<${origin.site}/api/reminders/opt-out/${optOutToken}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }
  const phone = normalizeKenyanPhone(order.phoneNumber);
  if (phone && phone === order.phoneNumber) {
    out.push({
      ...base,
      channel: 'sms',
      recipient: phone,
      orderId: order._id,
      subject: '',
      body: words.sms(origin.senderName, order.orderId, link, optOut),
    });
  }
  return out;
}

/** What the follower needs from the app: the order's site and sender, and the opt-out key. */
export type RecoveryDeps = {
  sites: () => Promise<(tenantId: string | null) => { tenant: Tenant | null; site: string }>;
  senderNames: (
    tx: Db | Tx,
    tenants: readonly (Tenant | null)[],
  ) => Promise<(tenant: Tenant | null) => string>;
  optOutKey: Buffer;
  delayMinutes: number;
};

/**
 * The follower of lapsed orders. A round first asks (one index probe, no transaction) whether any
 * order is due: it runs four times a second in every process, and most rounds find none.
 */
export function createRecoveryFollower(
  db: Db,
  channels: Channels,
  deps: RecoveryDeps,
  { batchSize = 100 }: { batchSize?: number } = {},
): MessageWorker {
  const delay = sql`(${deps.delayMinutes}::double precision * interval '1 minute')`;
  const due = sql`status in ('payment_failed', 'expired') and pay_on_order
    and recovery_checked_at is null and updated_at <= now() - ${delay}`;

  async function runOnce(): Promise<number> {
    const waiting = rowsOf(await db.execute(sql`select 1 from orders where ${due} limit 1`));
    if (waiting.length === 0) return 0;
    // Read before the transaction: on the embedded database a read outside an open one waits.
    const siteOf = await deps.sites();
    return db.transaction(async (tx) => {
      // Decided in the statement that claims: the same shopper (account, device, email or
      // phone) placed a later order holding every line of this one, whatever became of it (paid
      // or open: nothing to recover; lapsed too: that one is reminded instead, so one cart is
      // reminded once; cancelled: they changed their mind); or the order's email, phone or
      // account opted out; or there is nowhere to write.
      const decided = rowsOf<{ id: string; outcome: string }>(
        await tx.execute(sql`
          with claimed as (
            select id from orders
             where ${due}
             order by updated_at
             limit ${batchSize}
               for update skip locked),
          judged as (
            select o.id,
              case
                when exists (
                  select 1 from orders l
                   where l.created_at > o.created_at and l.id <> o.id
                     and (l.user_id = o.user_id or l.client_key = o.client_key
                          or lower(l.email) = lower(o.email) or l.phone_number = o.phone_number)
                     and not exists (
                       select 1 from order_lines ol
                        where ol.order_id = o.id
                          and not exists (
                            select 1 from order_lines ll
                             where ll.order_id = l.id
                               and ll.product_id is not distinct from ol.product_id
                               and ll.variant_id is not distinct from ol.variant_id)))
                  then 'reordered'
                when exists (
                  select 1 from reminder_opt_outs r
                   where r.withdrawn_at is null
                     and ((r.channel = 'email' and lower(r.email) = lower(o.email))
                       or (r.channel = 'sms' and r.phone = o.phone_number)
                       or r.user_id = o.user_id))
                  then 'opted_out'
                when o.email is null and o.phone_number is null then 'unreachable'
                else 'sent'
              end as outcome
              from orders o join claimed c on c.id = o.id)
          update orders o set recovery_checked_at = now(), recovery_outcome = j.outcome
            from judged j
           where o.id = j.id
          returning o.id, o.recovery_outcome as outcome`),
      );
      const toRemind = decided.filter((row) => row.outcome === 'sent').map((row) => row.id);
      const facts = await ordersForMessages(tx, toRemind);
      const senders = await deps.senderNames(
        tx,
        [...facts.values()].map((found) => siteOf(found.tenantId).tenant),
      );
      const written: NewMessage[] = [];
      for (const found of facts.values()) {
        const { tenant, site } = siteOf(found.tenantId);
        const token = reminderOptOutToken(deps.optOutKey, found.order._id);
        written.push(...recoveryMessages(found, { senderName: senders(tenant), site }, token));
      }
      await enqueueMessages(tx, written, channels);
      return decided.length;
    });
  }
  return { runOnce, drain: () => untilIdle(runOnce) };
}
