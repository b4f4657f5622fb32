// The storefront's read queries. Each returns plain rows; service.ts shapes them into the
// spec's records. Variants are fetched in one query per call, never one per product.
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SortKey } from '@soko/contract';
import { rowsOf, type Db } from '../../platform/db';
import { categories, productVariants, products, shops } from '../../platform/schema';

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  nameSw: products.nameSw,
  descriptionSw: products.descriptionSw,
  priceCents: products.priceCents,
  discounts: products.discounts,
  discount: products.discount,
  count: products.count,
  stock: products.stock,
  lowStockThreshold: products.lowStockThreshold,
  type: products.type,
  taxType: products.taxType,
  vatRegistered: shops.vatRegistered,
  pricingType: products.pricingType,
  imageUrls: products.imageUrls,
  categoryId: products.categoryId,
  categoryName: categories.name,
  shopId: products.shopId,
  shopName: shops.name,
  ownerId: shops.ownerId,
  maxPerOrder: shops.maxPerOrder,
  ratingSum: products.ratingSum,
  ratingCount: products.ratingCount,
  createdAt: products.createdAt,
};

export type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];
export type VariantRow = typeof productVariants.$inferSelect;

/** Products on sale: a deleted product (or one of a deleted category) is never listed. */
export function selectProducts(db: Db, where: SQL | undefined, limit?: number) {
  const query = db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(isNull(products.deletedAt), isNull(categories.deletedAt), where))
    .orderBy(desc(products.createdAt), asc(products.id));
  return limit === undefined ? query : query.limit(limit);
}

/**
 * What the shopper pays, in cents, as `discountedPriceCents` works it out: the leading number
 * of `discounts` (parseFloat's reading) when it is above 0 and below 100, else the price.
 */
// parseFloat's reading of a leading number, as a regular expression (bound as a parameter).
const LEADING_NUMBER = String.raw`^\s*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+))`;
const percentOff = sql`nullif(substring(${products.discounts} from ${LEADING_NUMBER}::text), '')::numeric`;
const effectivePriceCents = sql`case when ${percentOff} > 0 and ${percentOff} < 100
  then round(${products.priceCents} * (100 - ${percentOff}) / 100) else ${products.priceCents} end`;
const ratingAverage = sql`case when ${products.ratingCount} = 0 then 0
  else round(${products.ratingSum}::numeric / ${products.ratingCount}, 1) end`;

/** The listing orders (sorting.ts in the contract), each ending newest first so pages are stable. */
const ORDER_BY: Record<SortKey, SQL[]> = {
  featured: [],
  newest: [],
  'price-asc': [sql`${effectivePriceCents} asc`],
  'price-desc': [sql`${effectivePriceCents} desc`],
  popular: [desc(products.count), sql`${ratingAverage} desc`, desc(products.ratingCount)],
};

/**
 * One page of the products on sale (every shop's, or those `where` picks) in the given order:
 * paged by the database.
 */
export function selectProductsPage(
  db: Db,
  limit: number,
  offset: number,
  sort: SortKey = 'featured',
  where?: SQL,
) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(isNull(products.deletedAt), isNull(categories.deletedAt), where))
    .orderBy(...ORDER_BY[sort], desc(products.createdAt), asc(products.id))
    .limit(limit)
    .offset(offset);
}

/**
 * A product's 'Filter by Type' label as the contract's `typeLabel` makes it: trimmed, lower
 * case, one trailing 's' dropped, the first letter upper case ('oils ' and 'Oil' are 'Oil').
 */
const typeStem = sql`regexp_replace(lower(trim(coalesce(${products.type}, ''))), 's$', '')`;
const typeLabelOf = sql<string>`upper(left(${typeStem}, 1)) || substr(${typeStem}, 2)`;

export const productsOfTypeLabel = (label: string) => sql`${typeLabelOf} = ${label}`;

/**
 * The type labels of a category's products on sale in the order the listing first shows them
 * (newest first, as the contract's `typeFilterOptions` reads a list).
 */
export async function selectTypeLabels(db: Db, categoryId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select label from (
      select ${typeLabelOf} as label,
             row_number() over (order by ${products.createdAt} desc, ${products.id} asc) as seen
      from ${products}
      where ${products.categoryId} = ${categoryId} and ${products.deletedAt} is null
    ) listed
    where label <> ''
    group by label
    order by min(seen)
    limit ${TYPE_LABELS_MAX}`);
  return rowsOf<{ label: string }>(result).map((row) => row.label);
}
/** A category's type list is a filter, not a catalogue: bounded like every answer. */
const TYPE_LABELS_MAX = 200;

/**
 * The ids of each category's newest `perCategory` products on sale: one bounded look per
 * category (a lateral join), so a shop's listing never holds its whole catalogue.
 */
export async function selectFirstProductIds(
  db: Db,
  categoryIds: string[],
  perCategory: number,
): Promise<string[]> {
  if (categoryIds.length === 0) return [];
  const result = await db.execute(sql`
    select p.id from ${categories} c
    cross join lateral (
      select ${products.id} as id from ${products}
      where ${products.categoryId} = c.id and ${products.deletedAt} is null
      order by ${products.createdAt} desc, ${products.id} asc
      limit ${perCategory}
    ) p
    where c.id in (${sql.join(
      categoryIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** How many products are on sale (the same rows `selectProductsPage` pages through). */
export async function countProducts(db: Db, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(isNull(products.deletedAt), isNull(categories.deletedAt), where));
  return Number(row?.n ?? 0);
}

/** How many products each of these categories has on sale (a category with none is absent). */
export async function countProductsByCategory(
  db: Db,
  categoryIds: string[],
): Promise<Map<string, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .select({ categoryId: products.categoryId, n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(isNull(products.deletedAt), inArray(products.categoryId, categoryIds)))
    .groupBy(products.categoryId);
  return new Map(rows.map((row) => [row.categoryId, Number(row.n)]));
}

export async function selectVariants(db: Db, productIds: string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), isNull(productVariants.deletedAt)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
}

export const productById = (id: string) => eq(products.id, id);
export const productsInCategory = (categoryId: string, excludeId?: string) =>
  excludeId
    ? and(eq(products.categoryId, categoryId), ne(products.id, excludeId))
    : eq(products.categoryId, categoryId);
export const productsInShop = (shopId: string) => eq(products.shopId, shopId);

export function selectShops(db: Db) {
  return db.select().from(shops).orderBy(asc(shops.createdAt), asc(shops.id));
}

/** A page of shops, the given one (the tenant's) first, then oldest first. */
export function selectShopsPage(db: Db, firstId: string | null, limit: number, offset: number) {
  // Without a tenant's shop nothing goes first (a bare `0` would be read as a column number).
  const oldestFirst = [asc(shops.createdAt), asc(shops.id)];
  return db
    .select()
    .from(shops)
    .orderBy(
      ...(firstId
        ? [sql`case when ${shops.id} = ${firstId} then 0 else 1 end`, ...oldestFirst]
        : oldestFirst),
    )
    .limit(limit)
    .offset(offset);
}

export async function countShops(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(shops);
  return Number(row?.n ?? 0);
}

export function selectCategories(db: Db, shopIds: string[]) {
  if (shopIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(categories)
    .where(and(inArray(categories.shopId, shopIds), isNull(categories.deletedAt)))
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function findCategoryByName(db: Db, shopId: string, name: string) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.shopId, shopId),
        isNull(categories.deletedAt),
        sql`lower(${categories.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row;
}
