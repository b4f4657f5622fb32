// What follows an order's moves (DESIGN.md "One move, one event", decision 034). Every move
// writes one event row with its history line (a trigger of migration 0015 makes it part of the
// same insert, so no path can move an order without one). A follower in every process claims
// events not yet followed (FOR UPDATE SKIP LOCKED: two processes never take the same one), hands
// them to the module that acts on them (messages), and marks them followed, all in one
// transaction: what an event causes is written once, or, when the transaction fails, not at all
// and tried again at the next round.
import type { OrderEventKind } from '@soko/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { untilIdle } from '../../platform/periodic';

export type OrderEvent = {
  id: string;
  orderId: string;
  partId: string | null;
  shopId: string | null;
  kind: OrderEventKind;
  actor: string;
  /** The state moved from (`from`), the history line's note (`note`), a refund's `cents`. */
  data: Record<string, string | number | null>;
  at: Date;
};

/**
 * Writes what the events cause, in the follower's transaction (which has them claimed), with what
 * `prepare` read before it began: on the embedded database a read outside the transaction while
 * it is open would wait for it forever.
 */
export type FollowEvents<Prepared> = (
  tx: Tx,
  events: readonly OrderEvent[],
  prepared: Prepared,
) => Promise<void>;

type EventRow = {
  id: string;
  order_id: string;
  part_id: string | null;
  shop_id: string | null;
  kind: OrderEventKind;
  actor: string;
  data: Record<string, string | number | null> | null;
  at: string | Date;
};

const eventOf = (row: EventRow): OrderEvent => ({
  id: row.id,
  orderId: row.order_id,
  partId: row.part_id,
  shopId: row.shop_id,
  kind: row.kind,
  actor: row.actor,
  data: row.data ?? {},
  at: new Date(row.at),
});

/** Events that are no move of a history line: money given back (refunds.ts). */
export async function recordEvent(
  tx: Tx,
  orderId: string,
  kind: Extract<OrderEventKind, 'refund.completed'>,
  actor: string,
  data: Record<string, string | number>,
): Promise<void> {
  await tx.execute(sql`
    insert into order_events (order_id, kind, actor, data)
    values (${orderId}, ${kind}, ${actor}, ${JSON.stringify(data)}::jsonb)`);
}

export type EventFollower = {
  /** Follows one batch of due events; answers how many. */
  runOnce(): Promise<number>;
  /** Runs batches until none is left. */
  drain(): Promise<number>;
};

export function createEventFollower<Prepared>(
  db: Db,
  prepare: () => Promise<Prepared>,
  follow: FollowEvents<Prepared>,
  {
    batchSize = 50,
    onError,
    onFollowed,
  }: {
    batchSize?: number;
    onError?: (error: unknown) => void;
    /** Told of the events once their round has committed: each event once (logs). */
    onFollowed?: (events: readonly OrderEvent[]) => void;
  } = {},
): EventFollower {
  /** Claims, follows and marks the due events (`only` that one), oldest first, in one transaction. */
  const round = async (only?: string) => {
    const prepared = await prepare();
    const followed = await db.transaction(async (tx) => {
      const events = rowsOf<EventRow>(
        await tx.execute(sql`
          update order_events set followed_at = now()
           where id in (
             select id from order_events
              where followed_at is null ${only ? sql`and id = ${only}` : sql``}
              order by at
              limit ${batchSize}
                for update skip locked)
          returning id, order_id, part_id, shop_id, kind, actor, data, at`),
      ).map(eventOf);
      events.sort((a, b) => a.at.getTime() - b.at.getTime());
      if (events.length > 0) await follow(tx, events, prepared);
      return events;
    });
    if (followed.length > 0) onFollowed?.(followed);
    return followed.length;
  };

  async function runOnce(): Promise<number> {
    try {
      return await round();
    } catch (error) {
      // One event that cannot be followed must not hold back the rest: each in its own
      // transaction, so the others go and only that one waits (logged) for the next round.
      onError?.(error);
      const due = rowsOf<{ id: string }>(
        await db.execute(sql`
          select id from order_events where followed_at is null order by at limit ${batchSize}`),
      );
      let followed = 0;
      for (const { id } of due) {
        try {
          followed += await round(id);
        } catch (single) {
          onError?.(single);
        }
      }
      return followed;
    }
  }

  return {
    runOnce,
    drain: () => untilIdle(runOnce),
  };
}
