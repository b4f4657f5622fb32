// A departing person's email and phone, gone from everything kept (decision 048). Called by the
// accounts module inside the deleting transaction, after the consents are withdrawn and before the
// account's row goes. What stays is what others need without the addresses: orders (for the
// shops' books, their personal fields cleared), receipts (the buyer's name and KRA PIN, a tax
// record, decision 045), the record of each consent and opt-out with a keyed hash in place of the
// address (so a withdrawal can still be proven), and the data request log's keyed reference.
import { normalizeKenyanPhone } from '@soko/contract';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db';
import {
  carrierPackages,
  consents,
  messages,
  mpesaPrompts,
  newsletterSubscriptions,
  orderEvents,
  orders,
  orderStatusChanges,
  paybillClaims,
  paymentEvents,
  payments,
  receipts,
  refunds,
  reminderOptOuts,
  sandboxTransactions,
} from '../../platform/schema';
import { forgetBuyer } from '../orders';
import { hashOfAddress, personReference } from './keys';
import { logDataRequest } from './log';

const REMOVED = '[removed]';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One regular expression (the same in PostgreSQL's and JavaScript's syntax) matching the email and
 * each phone in any written form: 0712 345 678, 0712345678, 254712345678, +254 712 345 678.
 */
export function addressPattern(email: string | null, phones: readonly string[]): string {
  const parts = email ? [escapeRegExp(email.trim())] : [];
  for (const phone of phones) {
    const subscriber = phone.slice(-9);
    const [a, b, c] = [subscriber.slice(0, 3), subscriber.slice(3, 6), subscriber.slice(6)];
    parts.push(`(\\+?254|0)[ -]?${a}[ -]?${b}[ -]?${c}`);
  }
  return parts.map((part) => `(${part})`).join('|');
}

/** A JSON value with every match in its strings replaced, and a number that is a phone dropped. */
function scrubJson(value: unknown, pattern: RegExp): unknown {
  if (typeof value === 'string') return value.replace(pattern, REMOVED);
  if (typeof value === 'number') {
    pattern.lastIndex = 0;
    return pattern.test(String(value)) ? REMOVED : value;
  }
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, pattern));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrubJson(item, pattern)]),
    );
  }
  return value;
}

/** `column` with every match replaced, in the rows `where` picks that hold one. */
async function scrubText(
  tx: Tx,
  table: PgTable,
  column: PgColumn,
  where: SQL | undefined,
  pattern: string,
) {
  await tx.execute(
    sql`update ${table} set ${sql.identifier(column.name)} = regexp_replace(${column}, ${pattern}, ${REMOVED}, 'gi') where ${column} ~* ${pattern}${where ? sql` and ${where}` : sql``}`,
  );
}

export type Departing = { userId: string; email: string; phone: string | null };

/**
 * Clears the person's addresses from every table (see the file's head), and logs the deletion.
 * Answers how many orders were cleared.
 */
export async function forgetPerson(tx: Tx, key: Buffer, who: Departing): Promise<number> {
  const email = who.email.trim().toLowerCase();
  // Every phone the person gave: the account's, their orders', their SMS consents', the numbers
  // M-Pesa prompted for their orders.
  const ownOrders = await tx
    .select({ id: orders.id, phone: orders.phoneNumber })
    .from(orders)
    .where(eq(orders.userId, who.userId));
  const ownOrderIds = ownOrders.map((order) => order.id);
  const [consentPhones, promptPhones] = await Promise.all([
    tx.select({ phone: consents.phone }).from(consents).where(eq(consents.userId, who.userId)),
    ownOrderIds.length === 0
      ? Promise.resolve([])
      : tx
          .select({ phone: mpesaPrompts.phone })
          .from(mpesaPrompts)
          .where(inArray(mpesaPrompts.orderId, ownOrderIds)),
  ]);
  const phones = [
    ...new Set(
      [who.phone, ...ownOrders.map((o) => o.phone), ...consentPhones.map((c) => c.phone)]
        .concat(promptPhones.map((p) => p.phone))
        .flatMap((phone) => {
          const normal = phone ? normalizeKenyanPhone(phone) : null;
          return normal ? [normal] : [];
        }),
    ),
  ];
  const pattern = addressPattern(email, phones);
  const phonePattern = phones.length > 0 ? addressPattern(null, phones) : null;
  const jsPattern = new RegExp(pattern, 'gi');

  // Orders: the buyer's fields, on their own orders and any placed signed out with their addresses.
  const orderIds = await forgetBuyer(tx, who.userId, {
    email,
    phonePattern: phonePattern && `^(${phonePattern})$`,
  });
  const ofOrders = (column: PgColumn) =>
    orderIds.length > 0 ? inArray(column, orderIds) : sql`false`;

  // The outbox: every message to them goes (sent or not; a departed person gets nothing more),
  // and the mails to others about their orders (the owner's "new part": name and phone) lose them.
  await tx
    .delete(messages)
    .where(
      or(
        eq(messages.userId, who.userId),
        sql`lower(${messages.recipient}) = ${email}`,
        phones.length > 0 ? inArray(messages.recipient, phones) : undefined,
      ),
    );
  for (const column of [
    messages.subject,
    messages.body,
    messages.lastError,
    messages.deliveryError,
  ]) {
    await scrubText(tx, messages, column, ofOrders(messages.orderId), pattern);
  }
  await scrubText(
    tx,
    orderStatusChanges,
    orderStatusChanges.note,
    ofOrders(orderStatusChanges.orderId),
    pattern,
  );
  await scrubText(tx, refunds, refunds.message, ofOrders(refunds.orderId), pattern);
  await scrubText(
    tx,
    carrierPackages,
    carrierPackages.lastError,
    ofOrders(carrierPackages.orderId),
    pattern,
  );
  await scrubText(
    tx,
    paybillClaims,
    paybillClaims.reason,
    ofOrders(paybillClaims.orderId),
    pattern,
  );
  await scrubText(tx, sandboxTransactions, sandboxTransactions.description, undefined, pattern);

  // What payment providers and events said (M-Pesa's callback names the paying phone).
  const paymentRows =
    orderIds.length === 0
      ? []
      : await tx
          .select({ id: payments.id, trackingId: payments.trackingId, details: payments.details })
          .from(payments)
          .where(inArray(payments.orderId, orderIds));
  for (const payment of paymentRows) {
    if (payment.details) {
      await tx
        .update(payments)
        .set({ details: scrubJson(payment.details, jsPattern) as Record<string, unknown> })
        .where(eq(payments.id, payment.id));
    }
  }
  const paymentIds = paymentRows.map((row) => row.id);
  const trackingIds = paymentRows.flatMap((row) => (row.trackingId ? [row.trackingId] : []));
  const eventRows =
    paymentIds.length === 0
      ? []
      : await tx
          .select({ id: paymentEvents.id, payload: paymentEvents.payload })
          .from(paymentEvents)
          .where(
            or(
              inArray(paymentEvents.paymentId, paymentIds),
              trackingIds.length > 0 ? inArray(paymentEvents.trackingId, trackingIds) : undefined,
            ),
          );
  for (const event of eventRows) {
    await tx
      .update(paymentEvents)
      .set({ payload: scrubJson(event.payload, jsPattern) as Record<string, unknown> })
      .where(eq(paymentEvents.id, event.id));
  }
  // The prompts' count per phone keeps bounding that number: by its keyed hash from now on.
  const prompts = await tx
    .select({ id: mpesaPrompts.id, phone: mpesaPrompts.phone })
    .from(mpesaPrompts)
    .where(
      or(
        ofOrders(mpesaPrompts.orderId),
        phones.length > 0 ? inArray(mpesaPrompts.phone, phones) : undefined,
      ),
    );
  for (const prompt of prompts) {
    await tx
      .update(mpesaPrompts)
      .set({ phone: hashOfAddress(key, prompt.phone) })
      .where(eq(mpesaPrompts.id, prompt.id));
  }
  // Order events (a refund's or a shipment's data) and receipts (which print the buyer's name and
  // PIN, never their email or phone: checked here all the same).
  const events =
    orderIds.length === 0
      ? []
      : await tx
          .select({ id: orderEvents.id, data: orderEvents.data })
          .from(orderEvents)
          .where(
            and(
              inArray(orderEvents.orderId, orderIds),
              sql`${orderEvents.data}::text ~* ${pattern}`,
            ),
          );
  for (const event of events) {
    await tx
      .update(orderEvents)
      .set({ data: scrubJson(event.data, jsPattern) as Record<string, string | number | null> })
      .where(eq(orderEvents.id, event.id));
  }
  const receiptRows =
    orderIds.length === 0
      ? []
      : await tx
          .select({ id: receipts.id, body: receipts.body })
          .from(receipts)
          .where(
            and(inArray(receipts.orderId, orderIds), sql`${receipts.body}::text ~* ${pattern}`),
          );
  for (const receipt of receiptRows) {
    await tx
      .update(receipts)
      .set({ body: scrubJson(receipt.body, jsPattern) as typeof receipt.body })
      .where(eq(receipts.id, receipt.id));
  }

  // The newsletter list, and the consents and opt-outs: kept as records, the address hashed.
  await tx
    .delete(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`);
  const consentRows = await tx
    .select({ id: consents.id, email: consents.email, phone: consents.phone })
    .from(consents)
    .where(
      or(
        eq(consents.userId, who.userId),
        sql`lower(${consents.email}) = ${email}`,
        phones.length > 0 ? inArray(consents.phone, phones) : undefined,
      ),
    );
  for (const row of consentRows) {
    const address = row.email ?? row.phone;
    await tx
      .update(consents)
      .set({
        userId: null,
        email: null,
        phone: null,
        ...(address ? { addressHash: hashOfAddress(key, address) } : {}),
        withdrawnAt: sql`coalesce(${consents.withdrawnAt}, clock_timestamp())`,
        withdrawnVia: sql`coalesce(${consents.withdrawnVia}, 'account')`,
      })
      .where(eq(consents.id, row.id));
  }
  const optOutRows = await tx
    .select({ id: reminderOptOuts.id, email: reminderOptOuts.email, phone: reminderOptOuts.phone })
    .from(reminderOptOuts)
    .where(
      or(
        eq(reminderOptOuts.userId, who.userId),
        sql`lower(${reminderOptOuts.email}) = ${email}`,
        phones.length > 0 ? inArray(reminderOptOuts.phone, phones) : undefined,
      ),
    );
  for (const row of optOutRows) {
    const address = row.email ?? row.phone;
    await tx
      .update(reminderOptOuts)
      .set({
        userId: null,
        email: null,
        phone: null,
        ...(address ? { addressHash: hashOfAddress(key, address) } : {}),
      })
      .where(eq(reminderOptOuts.id, row.id));
  }
  await logDataRequest(tx, {
    kind: 'deletion',
    reference: personReference(key, who.userId),
    detail: `Account deleted; ${orderIds.length} ${orderIds.length === 1 ? 'order' : 'orders'} kept without personal fields.`,
  });
  return orderIds.length;
}
