// Discount codes: looked up case-insensitively, usable while active, unexpired and under their
// usage limit. A use is taken when an order is created with the code and given back when that
// order expires or fails, so a code limited to N uses never pays out N + 1 times, however many
// shoppers race for it (the same rule as stock).
import {
  discountCodeAmountCents,
  fromCents,
  type DiscountCodeTerms,
  type DiscountResponse,
} from '@soko/contract';
import { and, eq, gt, isNull, lt, or, sql, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { discountCodes } from '../../platform/schema';

export const INVALID_CODE_MESSAGE = 'This discount code is not valid or has expired.';

export type UsableCode = DiscountCodeTerms & { id: string; code: string };

// `now` may be a placeholder (the order's statement, built once): it is then filled with the time
// as an ISO string.
const usable = (now: Date | Placeholder) =>
  and(
    eq(discountCodes.active, true),
    or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
    or(isNull(discountCodes.usageLimit), lt(discountCodes.usedCount, discountCodes.usageLimit)),
  );

const byCode = (code: string) => eq(sql`upper(${discountCodes.code})`, code.trim().toUpperCase());

export async function findUsableCode(
  db: Db | Tx,
  code: string,
  now = new Date(),
): Promise<UsableCode | null> {
  const [row] = await db
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      kind: discountCodes.kind,
      value: discountCodes.value,
    })
    .from(discountCodes)
    .where(and(byCode(code), usable(now)))
    .limit(1);
  return row ?? null;
}

/** GET /api/discounts/{code}: what the code takes off `subtotalKsh` (404 when it cannot be used). */
export async function lookUpDiscount(
  db: Db,
  code: string,
  subtotalKsh: number | undefined,
): Promise<DiscountResponse> {
  const found = await findUsableCode(db, code);
  if (!found) throw notFound(INVALID_CODE_MESSAGE);
  const subtotalCents = Math.round((subtotalKsh ?? 0) * 100);
  return {
    code: found.code,
    amount: fromCents(discountCodeAmountCents(found, subtotalCents)),
    kind: found.kind,
    value: found.kind === 'percent' ? found.value : fromCents(found.value),
  };
}

/**
 * Takes one use of the code, as a step of the order's statement (it answers the row when it
 * took the use). The row is updated only while it is still under its limit, so of two orders
 * racing for the last use exactly one gets it; the other's statement is refused whole.
 */
export function codeUseSql(db: Db | Tx, codeId: string | Placeholder, now: Date | Placeholder) {
  return db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(and(eq(discountCodes.id, codeId), usable(now)))
    .returning({ id: discountCodes.id });
}

export async function giveBackCodeUse(tx: Tx, codeId: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
    .where(eq(discountCodes.id, codeId));
}

/**
 * Takes a use again for an order paid after it had given its use back (a late payment): only
 * while the code has a use left. The shopper paid the discounted price, so the order stands
 * either way; a code that ran out meanwhile is not pushed past its limit.
 */
export async function retakeCodeUse(tx: Tx, codeId: string, now = new Date()): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(and(eq(discountCodes.id, codeId), usable(now)));
}
