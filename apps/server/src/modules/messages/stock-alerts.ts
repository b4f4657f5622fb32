// The owner's low-stock mail (decision 041). A trigger writes a stock_alerts row in the very
// statement whose stock change crossed the threshold (migration 0023); this follower claims rows
// not yet followed (FOR UPDATE SKIP LOCKED: two processes never take the same one), writes each
// one's mail into the outbox and marks it followed, in one transaction, as the order events'
// follower does (decision 034): a crossing is mailed once, or, when that transaction fails, not
// yet and tried again next round. The outbox then sends it once (decision 030).
import { variantLabel } from '@soko/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db';
import { untilIdle } from '../../platform/periodic';
import type { Channels } from './channels';
import { enqueueMessages, type MessageWorker, type NewMessage } from './outbox';

/** One followed alert with what its mail says, read in the statement that claims it. */
export type LowStockFacts = {
  shopId: string;
  shopName: string;
  productName: string;
  /** The variant as order lines name it (variantLabel); null for a product without variants. */
  variantLabel: string | null;
  stock: number;
  threshold: number;
  ownerId: string;
  ownerEmail: string;
};

/** Where the mail comes from and links to: the marketplace's own site, where owners work. */
export type LowStockOrigin = { senderName: string; site: string };

/**
 * "Low stock: Kikoi (L)", to the owner's account email (where their other shop mail goes:
 * the account is who can act on it; the shop's contact address is the shoppers').
 */
export function lowStockMessage(facts: LowStockFacts, origin: LowStockOrigin): NewMessage {
  const item = facts.variantLabel
    ? `${facts.productName} (${facts.variantLabel})`
    : facts.productName;
  const left = facts.stock === 0 ? 'None left: it is sold out.' : `${facts.stock} left.`;
  return {
    channel: 'email',
    kind: 'owner_low_stock',
    userId: facts.ownerId,
    recipient: facts.ownerEmail,
    senderName: origin.senderName,
    subject: `Low stock: ${item}`,
    body: [
      `${item} at ${facts.shopName} is running low. ${left}`,
      '',
      `Stock left: ${facts.stock}`,
      `Low-stock threshold: ${facts.threshold}`,
      '',
      `You will not hear about it again until its stock goes back above ${facts.threshold}.`,
      `Restock or edit it: ${origin.site}/add-products/${facts.shopId}`,
      '',
      origin.senderName,
      origin.site,
    ].join('\n'),
  };
}

type ClaimedRow = {
  shop_id: string;
  shop_name: string;
  product_name: string;
  variant_name: string | null;
  variant_size: string | null;
  stock: number;
  threshold: number;
  owner_id: string;
  owner_email: string;
};

const factsOf = (row: ClaimedRow): LowStockFacts => ({
  shopId: row.shop_id,
  shopName: row.shop_name,
  productName: row.product_name,
  variantLabel:
    row.variant_name === null
      ? null
      : variantLabel({ name: row.variant_name, size: row.variant_size ?? '' }),
  stock: row.stock,
  threshold: row.threshold,
  ownerId: row.owner_id,
  ownerEmail: row.owner_email,
});

/**
 * The follower of stock alerts. A round first looks (one statement, no transaction) whether any
 * alert waits: it runs four times a second in every process, and crossings are rare, so an idle
 * round costs one index probe rather than a transaction's three round trips.
 */
export function createStockAlertFollower(
  db: Db,
  origin: () => Promise<LowStockOrigin>,
  channels: Channels,
  { batchSize = 200 }: { batchSize?: number } = {},
): MessageWorker {
  async function runOnce(): Promise<number> {
    const waiting = rowsOf(
      await db.execute(sql`select 1 from stock_alerts where followed_at is null limit 1`),
    );
    if (waiting.length === 0) return 0;
    // Read before the transaction: on the embedded database a read outside an open one waits.
    const from = await origin();
    return db.transaction(async (tx) => {
      const rows = rowsOf<ClaimedRow>(
        await tx.execute(sql`
          with claimed as (
            update stock_alerts set followed_at = now()
             where id in (
               select id from stock_alerts
                where followed_at is null
                order by at
                limit ${batchSize}
                  for update skip locked)
            returning shop_id, product_id, variant_id, stock, threshold, at)
          select c.shop_id, s.name as shop_name, p.name as product_name,
                 v.name as variant_name, v.size as variant_size, c.stock, c.threshold,
                 u.id as owner_id, u.email as owner_email
            from claimed c
            join shops s on s.id = c.shop_id
            join users u on u.id = s.owner_id
            join products p on p.id = c.product_id
            left join product_variants v on v.id = c.variant_id
           order by c.at`),
      );
      await enqueueMessages(
        tx,
        rows.map((row) => lowStockMessage(factsOf(row), from)),
        channels,
      );
      return rows.length;
    });
  }
  return { runOnce, drain: () => untilIdle(runOnce) };
}
