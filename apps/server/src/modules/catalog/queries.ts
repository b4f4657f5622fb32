// The storefront's read queries. Each returns plain rows; service.ts shapes them into the
// spec's records. Variants are fetched in one query per call, never one per product.
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { categories, productVariants, products, shops } from '../../platform/schema';

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  discounts: products.discounts,
  discount: products.discount,
  count: products.count,
  stock: products.stock,
  type: products.type,
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

/** One page of every shop's products on sale, newest first: paged by the database. */
export function selectProductsPage(db: Db, limit: number, offset: number) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(isNull(products.deletedAt), isNull(categories.deletedAt)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit)
    .offset(offset);
}

/** How many products are on sale (the same rows `selectProductsPage` pages through). */
export async function countProducts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(isNull(products.deletedAt), isNull(categories.deletedAt)));
  return Number(row?.n ?? 0);
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
