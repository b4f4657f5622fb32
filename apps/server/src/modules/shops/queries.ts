// The owner side's SQL. Ownership is part of every write's WHERE (`ownedShops`), so a missed
// check in a route finds nothing rather than touching someone else's shop.
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import type { Db, Tx } from '../../platform/db';
import { categories, products, productVariants, shops } from '../../platform/schema';

/** The shops a caller may run: their own, or every shop for an admin. */
export function ownedShops(caller: Caller): SQL | undefined {
  if (caller.role === 'admin') return undefined;
  return eq(shops.ownerId, caller.id);
}

/** `column in (the caller's shops)`, or nothing for an admin. */
export function inOwnedShop(
  db: Db | Tx,
  column: typeof categories.shopId | typeof products.shopId,
  caller: Caller,
) {
  if (caller.role === 'admin') return undefined;
  const own = db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, caller.id));
  return sql`${column} in (${own})`;
}

export async function shopOfCategory(db: Db, categoryId: string): Promise<string | null> {
  const [row] = await db
    .select({ shopId: categories.shopId })
    .from(categories)
    .where(and(eq(categories.id, categoryId), isNull(categories.deletedAt)))
    .limit(1);
  return row?.shopId ?? null;
}

export async function shopOfProduct(db: Db, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ shopId: products.shopId })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  return row?.shopId ?? null;
}

/**
 * A product's live variants, locked in the global lock order (by id, as orders/stock.ts takes
 * them). `NO KEY UPDATE`, the lock an UPDATE takes, because an order placing a line holds a
 * KEY SHARE lock on these rows (its foreign key) before it takes stock: a FOR UPDATE here would
 * wait on that order while the order waits on this edit, a deadlock.
 */
export function lockVariants(tx: Tx, productId: string) {
  return tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.deletedAt)))
    .orderBy(asc(productVariants.id))
    .for('no key update');
}
