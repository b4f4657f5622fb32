// A carrier package for each shipped part that goes to an agent point (decision 036).
//
// The row is written in the ship's own transaction (queuePackage), keyed by the part, so a ship
// retried or raced leaves one row, and a crash after the ship leaves the row to send. Sending is
// outside any transaction (an HTTP call must not hold locks): the row is first claimed for a
// minute by one conditional update, so two processes, or the ship's own attempt and the sweep,
// never call the carrier for one package at once; the part's id goes as the idempotency key.
// A failed call leaves the row queued with a later next_attempt_at; the sweep tries again.
import {
  partDiscountsCents,
  fromCents,
  type CarrierName,
  type CarrierPackageState,
} from '@soko/contract';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { carrierPackages, carrierWebhookEvents } from '../../platform/schema';
import { CarrierError, type Carrier, type CarrierEvent } from './carrier';

const CLAIM_SECONDS = 60;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 3_600;
const SWEEP_BATCH = 20;

/** In the ship's transaction: this part's package is to be made (once, whatever repeats). */
export async function queuePackage(
  tx: Tx,
  part: { partId: string; orderId: string; shopId: string; carrier: CarrierName },
): Promise<void> {
  await tx
    .insert(carrierPackages)
    .values({
      partId: part.partId,
      orderId: part.orderId,
      shopId: part.shopId,
      carrier: part.carrier,
    })
    .onConflictDoNothing();
}

type Claimed = {
  part_id: string;
  attempts: number;
  order_number: string;
  customer_name: string;
  phone: string | null;
  to_agent_id: string | null;
  from_agent_id: string | null;
  subtotal_cents: number;
  delivery_cents: number;
  discount_cents: number;
  /** The order's parts in their order, for this part's share of the discount. */
  order_parts: { id: string; cents: number; own: number }[];
  paid: boolean;
};

/**
 * Claims the part's queued package (when due and nobody holds it) and reads what the carrier
 * needs, in one statement. Null: nothing to send now.
 */
async function claim(db: Db, partId: string): Promise<Claimed | null> {
  const [row] = rowsOf<Claimed>(
    await db.execute(sql`
      with claimed as (
        update ${carrierPackages}
        set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
          attempts = attempts + 1, updated_at = now()
        where part_id = ${partId} and status = 'queued' and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
        returning part_id, attempts, order_id, shop_id
      )
      select c.part_id, c.attempts, o.order_number,
        trim(concat_ws(' ', o.first_name, o.last_name)) as customer_name,
        o.phone_number as phone, p.pickup_counter ->> 'id' as to_agent_id,
        d.settings -> 'agents' ->> 'dropOffAgentId' as from_agent_id,
        p.subtotal_cents, p.delivery_cents, o.discount_cents, o.paid_at is not null as paid,
        coalesce((select json_agg(json_build_object('id', sp.id, 'cents', sp.subtotal_cents,
            'own', sp.shop_discount_cents)
            order by sp.created_at, sp.id)
          from order_parts sp where sp.order_id = o.id), '[]') as order_parts
      from claimed c
      join order_parts p on p.id = c.part_id
      join orders o on o.id = c.order_id
      left join shop_delivery d on d.shop_id = c.shop_id`),
  );
  return row ?? null;
}

/** Pauses between tries: 30 s, 1 min, 2 min... at most an hour. */
const retryAfterSeconds = (attempts: number) =>
  Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_SECONDS);

async function failed(db: Db, partId: string, attempts: number, message: string) {
  await db
    .update(carrierPackages)
    .set({
      lastError: message.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryAfterSeconds(attempts)})`,
      claimedUntil: null,
      updatedAt: new Date(),
    })
    .where(and(eq(carrierPackages.partId, partId), eq(carrierPackages.status, 'queued')));
}

/**
 * Sends the part's package to the carrier if it is queued, due and not being sent elsewhere.
 * Never throws for the carrier's failure: the row keeps it for the owner and the sweep.
 */
export async function sendPackage(db: Db, carrier: Carrier, partId: string): Promise<void> {
  const row = await claim(db, partId);
  if (!row) return;
  if (!row.to_agent_id || !row.from_agent_id || !row.phone) {
    const missing = !row.from_agent_id
      ? "the shop's drop-off agent point is not set"
      : !row.phone
        ? 'the order has no phone number'
        : 'the part names no agent point';
    await failed(db, partId, row.attempts, `Not sent: ${missing}.`);
    return;
  }
  // A pay-on-delivery order's part is paid to the agent: its lines less their share of the
  // order's discount (all of its shop's own code), and its delivery fee (what the owner's Orders screen says to collect).
  const shares = partDiscountsCents(
    row.discount_cents,
    row.order_parts.map((part) => ({ subtotalCents: part.cents, shopDiscountCents: part.own })),
  );
  const ownShare = shares[row.order_parts.findIndex((part) => part.id === partId)] ?? 0;
  const dueCents = row.subtotal_cents - ownShare + row.delivery_cents;
  try {
    const made = await carrier.createAgentPackage({
      idempotencyKey: partId,
      fromAgentId: row.from_agent_id,
      toAgentId: row.to_agent_id,
      customerName: row.customer_name || 'Customer',
      customerPhone: row.phone,
      packageName: `Order ${row.order_number}`,
      valueKsh: fromCents(row.subtotal_cents),
      collectKsh: row.paid ? 0 : fromCents(dueCents),
    });
    await db
      .update(carrierPackages)
      .set({
        status: 'created',
        packageId: made.packageId,
        trackingState: made.state,
        lastError: null,
        claimedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(carrierPackages.partId, partId));
  } catch (error) {
    const message = error instanceof CarrierError ? error.message : String(error);
    await failed(db, partId, row.attempts, message);
  }
}

/** After a ship: the part's package, if it has one, to the carrier now. */
export async function sendPackageOfPart(
  db: Db,
  carrier: Carrier,
  shopId: string,
  orderId: string,
): Promise<void> {
  const [row] = await db
    .select({ partId: carrierPackages.partId })
    .from(carrierPackages)
    .where(and(eq(carrierPackages.orderId, orderId), eq(carrierPackages.shopId, shopId)))
    .limit(1);
  if (row) await sendPackage(db, carrier, row.partId);
}

/** The sweep: every queued package that is due, one at a time. Answers how many were tried. */
export async function sendDuePackages(db: Db, carrier: Carrier): Promise<number> {
  const due = await db
    .select({ partId: carrierPackages.partId })
    .from(carrierPackages)
    .where(
      sql`${carrierPackages.status} = 'queued' and ${carrierPackages.nextAttemptAt} <= now()
        and (${carrierPackages.claimedUntil} is null or ${carrierPackages.claimedUntil} < now())`,
    )
    .orderBy(carrierPackages.nextAttemptAt)
    .limit(SWEEP_BATCH);
  for (const { partId } of due) await sendPackage(db, carrier, partId);
  return due.length;
}

/** A package's row as its owner reads it. */
export function packageState(row: typeof carrierPackages.$inferSelect): CarrierPackageState {
  return {
    carrier: row.carrier as CarrierName,
    status: row.status === 'created' ? 'created' : 'queued',
    packageId: row.packageId,
    trackingState: row.trackingState,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** A shop's part's package, for its owner; null: the part has none. */
export async function packageOfPart(
  db: Db,
  shopId: string,
  orderId: string,
): Promise<CarrierPackageState | null> {
  const [row] = await db
    .select()
    .from(carrierPackages)
    .where(and(eq(carrierPackages.orderId, orderId), eq(carrierPackages.shopId, shopId)))
    .limit(1);
  return row ? packageState(row) : null;
}

/** Moves a part to delivered through the orders module's own part move (injected: app.ts). */
export type DeliverPart = (shopId: string, orderId: string) => Promise<void>;

/** `ignored`: no package of ours, or a state after its delivery. */
export type WebhookOutcome = 'applied' | 'replayed' | 'ignored';

/**
 * A verified webhook, applied once: its event id is recorded in the same transaction as the
 * tracking state, so of two deliveries of one event (a replay, or both at once) the database lets
 * one through and the other changes nothing. The part's move to delivered runs after, in its own
 * transaction (the orders module's); when it fails the record is taken back, so the carrier's
 * retry applies it. A part already delivered (by hand, say) is left as it is. Tracking states
 * never overwrite a delivered package.
 */
export async function applyCarrierEvent(
  db: Db,
  carrier: CarrierName,
  event: CarrierEvent,
  deliverPart: DeliverPart,
): Promise<WebhookOutcome> {
  const delivered = event.kind === 'delivered';
  const applied = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(carrierWebhookEvents)
      .values({ carrier, eventId: event.eventId, kind: event.kind, packageId: event.packageId })
      .onConflictDoNothing()
      .returning({ eventId: carrierWebhookEvents.eventId });
    if (recorded.length === 0) return null;
    const [pkg] = await tx
      .update(carrierPackages)
      .set({ trackingState: delivered ? 'delivered' : event.state || null, updatedAt: new Date() })
      .where(
        and(
          eq(carrierPackages.carrier, carrier),
          eq(carrierPackages.packageId, event.packageId),
          delivered
            ? sql`true`
            : sql`${carrierPackages.trackingState} is distinct from 'delivered'`,
        ),
      )
      .returning({ orderId: carrierPackages.orderId, shopId: carrierPackages.shopId });
    return { pkg };
  });
  if (!applied) return 'replayed';
  const { pkg } = applied;
  if (delivered && pkg?.shopId) {
    try {
      await deliverPart(pkg.shopId, pkg.orderId);
    } catch (error) {
      await db
        .delete(carrierWebhookEvents)
        .where(
          and(
            eq(carrierWebhookEvents.carrier, carrier),
            eq(carrierWebhookEvents.eventId, event.eventId),
          ),
        );
      throw error;
    }
  }
  return pkg ? 'applied' : 'ignored';
}
