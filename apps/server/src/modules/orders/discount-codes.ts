// Discount codes: looked up case-insensitively, usable while active, started, unexpired and under
// their usage limit. A use is taken when an order is created with the code and given back when
// that order expires or fails, so a code limited to N uses never pays out N + 1 times, however
// many shoppers race for it (the same rule as stock). A shop's own code takes off that shop's
// lines only and the shop bears it; the marketplace's takes off the whole cart (decision 038).
import {
  PROBLEM_TEXTS,
  CODE_TAKEN_MESSAGE,
  INVALID_CODE_MESSAGE,
  discountCodeAmountCents,
  fromCents,
  toCents,
  type DiscountCodeScope,
  type DiscountCodeTerms,
  type DiscountCodeValues,
  type DiscountCodeView,
  type DiscountResponse,
} from '@soko/contract';
import {
  and,
  desc,
  eq,
  gt,
  isNull,
  lt,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { hasPgErrorCode } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { discountCodes, discountCodeUses, shops } from '../../platform/schema';

export { INVALID_CODE_MESSAGE };
export const CODE_USED_BY_SHOPPER_MESSAGE = PROBLEM_TEXTS.codeUsedByShopper;

export type UsableCode = DiscountCodeTerms &
  DiscountCodeScope & {
    id: string;
    code: string;
    shopName: string | null;
    perShopperLimit: number | null;
  };

// `now` may be a placeholder (the order's statement, built once): it is then filled with the time
// as an ISO string.
const usable = (now: Date | Placeholder) =>
  and(
    eq(discountCodes.active, true),
    or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, now)),
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
      shopId: discountCodes.shopId,
      shopName: shops.name,
      minOrderCents: discountCodes.minOrderCents,
      perShopperLimit: discountCodes.perShopperLimit,
    })
    .from(discountCodes)
    .leftJoin(shops, eq(shops.id, discountCodes.shopId))
    .where(and(byCode(code), usable(now)))
    .limit(1);
  return row ?? null;
}

export const codeFieldError = (message: string) =>
  new AppError(400, 'validation_failed', message, { fields: { discountCode: message } });

/**
 * GET /api/discounts/{code}: what the code takes off `subtotalKsh`, the lines it applies to
 * (404 when it cannot be used). The cart works out a shop code's lines itself from `shopId`.
 */
export async function lookUpDiscount(
  db: Db,
  code: string,
  subtotalKsh: number | undefined,
): Promise<DiscountResponse> {
  const found = await findUsableCode(db, code);
  if (!found) throw notFound(INVALID_CODE_MESSAGE);
  const cents = toCents(subtotalKsh ?? 0);
  return {
    code: found.code,
    amount: fromCents(cents < found.minOrderCents ? 0 : discountCodeAmountCents(found, cents)),
    kind: found.kind,
    value: found.kind === 'percent' ? found.value : fromCents(found.value),
    shopId: found.shopId,
    shopName: found.shopName,
    minOrder: fromCents(found.minOrderCents),
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

/**
 * Takes one of the shopper's own uses of a code with a per-shopper limit, as a step of the
 * order's statement: answers a row only while they are under it. The upsert locks the
 * shopper's row, and PostgreSQL checks the limit against the row as the last order left it.
 */
export function shopperUseSql(codeId: Placeholder, clientKey: Placeholder): SQL {
  return sql`insert into ${discountCodeUses} (code_id, client_key, used_count)
      select c.id, ${clientKey}, 1 from ${discountCodes} c where c.id = ${codeId}
    on conflict (code_id, client_key) do update
      set used_count = ${discountCodeUses}.used_count + 1
      where ${discountCodeUses}.used_count <
        (select per_shopper_limit from ${discountCodes} where id = excluded.code_id)
    returning 1`;
}

export async function giveBackCodeUse(
  tx: Tx,
  codeId: string,
  clientKey: string | null,
): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
    .where(eq(discountCodes.id, codeId));
  if (clientKey === null) return;
  await tx
    .update(discountCodeUses)
    .set({ usedCount: sql`greatest(${discountCodeUses.usedCount} - 1, 0)` })
    .where(and(eq(discountCodeUses.codeId, codeId), eq(discountCodeUses.clientKey, clientKey)));
}

/**
 * Takes a use again for an order paid after it had given its use back (a late payment): only
 * while the code has a use left. The shopper paid the discounted price, so the order stands
 * either way; a code that ran out meanwhile is not pushed past its limit.
 */
export async function retakeCodeUse(
  tx: Tx,
  codeId: string,
  clientKey: string | null,
  now = new Date(),
): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(and(eq(discountCodes.id, codeId), usable(now)));
  if (clientKey === null) return;
  await tx
    .update(discountCodeUses)
    .set({ usedCount: sql`${discountCodeUses.usedCount} + 1` })
    .where(and(eq(discountCodeUses.codeId, codeId), eq(discountCodeUses.clientKey, clientKey)));
}

// ---------------------------------------------------------------------------------------------
// Running codes: a shop's owner its shop's, an admin every code (the marketplace's are theirs).

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type CodeRow = typeof discountCodes.$inferSelect & { shopName: string | null };

const viewOf = (row: CodeRow): DiscountCodeView => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.kind === 'percent' ? row.value : fromCents(row.value),
  minOrder: fromCents(row.minOrderCents),
  startsAt: iso(row.startsAt),
  endsAt: iso(row.expiresAt),
  usageLimit: row.usageLimit,
  perShopperLimit: row.perShopperLimit,
  usedCount: row.usedCount,
  active: row.active,
  shopId: row.shopId,
  shopName: row.shopName,
  createdAt: row.createdAt.toISOString(),
});

const columnsOf = (input: DiscountCodeValues) => ({
  code: input.code,
  kind: input.kind,
  value: input.kind === 'percent' ? input.value : toCents(input.value),
  minOrderCents: toCents(input.minOrder),
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  expiresAt: input.endsAt ? new Date(input.endsAt) : null,
  usageLimit: input.usageLimit,
  perShopperLimit: input.perShopperLimit,
  active: input.active,
});

/** Which codes a caller's call reaches: one shop's (`shopId`), the marketplace's (null), or all. */
export type CodeScope = { shopId: string | null } | 'all';

const inScope = (scope: CodeScope) =>
  scope === 'all'
    ? undefined
    : scope.shopId === null
      ? isNull(discountCodes.shopId)
      : eq(discountCodes.shopId, scope.shopId);

/** A code text another code has (any shop's: shoppers type a code, not a shop) is a field error. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error: unknown) {
    if (hasPgErrorCode(error, '23505')) {
      throw new AppError(400, 'validation_failed', CODE_TAKEN_MESSAGE, {
        fields: { code: CODE_TAKEN_MESSAGE },
      });
    }
    throw error;
  }
}

async function readCodes(db: Db, where: SQL | undefined): Promise<DiscountCodeView[]> {
  const rows = await db
    .select({ code: discountCodes, shopName: shops.name })
    .from(discountCodes)
    .leftJoin(shops, eq(shops.id, discountCodes.shopId))
    .where(where)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  return rows.map(({ code, shopName }) => viewOf({ ...code, shopName }));
}

export const listCodes = (db: Db, scope: CodeScope) => readCodes(db, inScope(scope));

async function readCode(db: Db, codeId: string, scope: CodeScope): Promise<DiscountCodeView> {
  const [found] = await readCodes(db, and(eq(discountCodes.id, codeId), inScope(scope)));
  if (!found) throw notFound('Discount code not found.');
  return found;
}

export async function createCode(
  db: Db,
  shopId: string | null,
  input: DiscountCodeValues,
): Promise<DiscountCodeView> {
  const [row] = await saving(() =>
    db
      .insert(discountCodes)
      .values({ ...columnsOf(input), shopId })
      .returning({ id: discountCodes.id }),
  );
  if (!row) throw new Error('discount code insert returned nothing');
  return readCode(db, row.id, 'all');
}

/** Replaces a code's terms; its uses so far stay (a limit below them just ends it). */
export async function updateCode(
  db: Db,
  codeId: string,
  scope: CodeScope,
  input: DiscountCodeValues,
): Promise<DiscountCodeView> {
  const { usageLimit, ...rest } = columnsOf(input);
  const updated = await saving(() =>
    db
      .update(discountCodes)
      // The table keeps used <= limit: a limit lowered below the uses so far is the uses.
      .set({
        ...rest,
        usageLimit:
          usageLimit === null
            ? null
            : sql`greatest(${usageLimit}::int, ${discountCodes.usedCount})`,
      })
      .where(and(eq(discountCodes.id, codeId), inScope(scope)))
      .returning({ id: discountCodes.id }),
  );
  if (updated.length === 0) throw notFound('Discount code not found.');
  return readCode(db, codeId, 'all');
}

/** Orders placed with it keep their discount; the code's link from them is cleared. */
export async function deleteCode(db: Db, codeId: string, scope: CodeScope): Promise<void> {
  const deleted = await db
    .delete(discountCodes)
    .where(and(eq(discountCodes.id, codeId), inScope(scope)))
    .returning({ id: discountCodes.id });
  if (deleted.length === 0) throw notFound('Discount code not found.');
}
