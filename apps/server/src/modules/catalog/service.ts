// The storefront read model: products, listings and shop metadata in the spec's shapes
// (`_id` strings, prices in Ksh), the current tenant's shop always first.
import {
  ALL_TYPES,
  discountedPriceCents,
  fromCents,
  productVat,
  isUuid,
  seoWithDefaults,
  type Category,
  type Listing,
  type ListingPageQuery,
  type OwnerProductsQuery,
  type Product,
  type ProductsPage,
  type Shop,
  type SortKey,
  type Tenant as TenantView,
} from '@soko/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Tenant } from '../../platform/tenant';
import { categories, products, shops } from '../../platform/schema';
import {
  countProducts,
  countProductsByCategory,
  findCategoryByName,
  productById,
  productsInCategory,
  selectCategories,
  selectProducts,
  selectFirstProductIds,
  selectProductsPage,
  selectTypeLabels,
  productsOfTypeLabel,
  selectShops,
  selectShopsPage,
  countShops,
  selectVariants,
  type ProductRow,
  type VariantRow,
} from './queries';

const RELATED_LIMIT = 12;

// Map.groupBy arrives in Node 21; Soko supports Node 20.
function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export function toProduct(row: ProductRow, variants: VariantRow[]): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    nameSw: row.nameSw,
    descriptionSw: row.descriptionSw,
    price: fromCents(row.priceCents),
    discounts: row.discounts,
    discount: row.discount,
    count: row.count,
    stock: row.stock,
    maxPerOrder: row.maxPerOrder,
    lowStockThreshold: row.lowStockThreshold,
    Type: row.type,
    taxType: row.taxType,
    vat: productVat(
      discountedPriceCents(row.priceCents, row.discounts),
      row.taxType,
      row.vatRegistered,
    ),
    pricingType: row.pricingType,
    variants: variants.map((v) => ({ _id: v.id, name: v.name, size: v.size, stock: v.stock })),
    imageUrls: row.imageUrls,
    images: row.imageUrls,
    categoryId: row.categoryId,
    category: row.categoryName,
    shopId: row.shopId,
    shopName: row.shopName,
    userId: row.ownerId,
    rating: {
      average: row.ratingCount === 0 ? 0 : Math.round((row.ratingSum / row.ratingCount) * 10) / 10,
      count: row.ratingCount,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

async function withVariants(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const variants = await selectVariants(
    db,
    rows.map((r) => r.id),
  );
  const byProduct = groupBy(variants, (v) => v.productId);
  return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
}

export async function getProduct(db: Db, productId: string): Promise<Product> {
  // A malformed id cannot exist, so it is the same 404 as an unknown one.
  if (!isUuid(productId)) throw notFound('Product not found.');
  const [row] = await selectProducts(db, productById(productId), 1);
  if (!row) throw notFound('Product not found.');
  const [product] = await withVariants(db, [row]);
  return product as Product;
}

/** Products by id, in the order given (search results); hidden or unknown ids are left out. */
export async function productsByIds(db: Db, ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const found = await withVariants(db, await selectProducts(db, inArray(products.id, [...ids])));
  const byId = new Map(found.map((product) => [product._id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What a product's address needs, for a file of the sitemap: newest first, a slice at a time. */
export async function listProductAddresses(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ _id: string; userId: string; name: string; createdAt: string }[]> {
  const rows = await db
    .select({
      id: products.id,
      ownerId: shops.ownerId,
      name: products.name,
      createdAt: products.createdAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(isNull(products.deletedAt), isNull(categories.deletedAt)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    _id: row.id,
    userId: row.ownerId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One page of every shop's products in the given order (newest first unless told). */
export async function listProducts(
  db: Db,
  { page, pageSize, sort = 'featured' }: { page: number; pageSize: number; sort?: SortKey },
): Promise<Product[]> {
  return withVariants(db, await selectProductsPage(db, pageSize, (page - 1) * pageSize, sort));
}

/** How many products are on sale: the X-Total-Count of the listing pages. */
export { countProducts };

/** One page of every shop's products, newest first, and how many there are (admin table). */
export async function listProductsPage(
  db: Db,
  page: number,
  pageSize: number,
): Promise<{ products: Product[]; total: number }> {
  const [products, total] = await Promise.all([
    listProducts(db, { page, pageSize }),
    countProducts(db),
  ]);
  return { products, total };
}

/** Up to a dozen products of a category (a product page's related products), one left out. */
export async function listRelatedProducts(
  db: Db,
  query: { category: string; exclude?: string },
): Promise<Product[]> {
  if (!isUuid(query.category)) return [];
  const exclude = query.exclude && isUuid(query.exclude) ? query.exclude : undefined;
  return withVariants(
    db,
    await selectProducts(db, productsInCategory(query.category, exclude), RELATED_LIMIT),
  );
}

export type CategoryPageQuery = {
  categoryName: string;
  page: number;
  pageSize: number;
  sort: SortKey;
  /** A 'Filter by Type' label; none or 'All' for every type. */
  type?: string | undefined;
};

/** The tenant's category of that name (case-insensitive), as a filter on products. */
async function categoryFilter(db: Db, tenant: Tenant | null, categoryName: string, type?: string) {
  if (!tenant) return undefined;
  const category = await findCategoryByName(db, tenant.shopId, categoryName);
  if (!category) return undefined;
  const inCategory = productsInCategory(category.id);
  return type && type !== ALL_TYPES ? and(inCategory, productsOfTypeLabel(type)) : inCategory;
}

/** One page of the tenant's category by name, filtered by type and sorted by the database. */
export async function listCategoryPage(
  db: Db,
  tenant: Tenant | null,
  { categoryName, page, pageSize, sort, type }: CategoryPageQuery,
): Promise<Product[]> {
  const where = await categoryFilter(db, tenant, categoryName, type);
  if (!where) return [];
  return withVariants(
    db,
    await selectProductsPage(db, pageSize, (page - 1) * pageSize, sort, where),
  );
}

/** How many products the category's page count covers (under the same type filter). */
export async function countCategoryProducts(
  db: Db,
  tenant: Tenant | null,
  { categoryName, type }: Pick<CategoryPageQuery, 'categoryName' | 'type'>,
): Promise<number> {
  const where = await categoryFilter(db, tenant, categoryName, type);
  return where ? countProducts(db, where) : 0;
}

/** The category's 'Filter by Type' labels (without 'All'), the newest product's first. */
export async function listCategoryTypes(
  db: Db,
  tenant: Tenant | null,
  categoryName: string,
): Promise<string[]> {
  if (!tenant) return [];
  const category = await findCategoryByName(db, tenant.shopId, categoryName);
  return category ? selectTypeLabels(db, category.id) : [];
}

type ShopRow = typeof shops.$inferSelect;

export function toShop(row: ShopRow): Shop {
  return {
    _id: row.id,
    name: row.name,
    owner: row.owner,
    owneremail: row.ownerEmail,
    contact: { email: row.contactEmail, phoneno: row.contactPhone },
    location: { address: row.address, mapurl: row.mapUrls },
    operationperiods: row.operationPeriods,
    companypolicy: row.companyPolicy,
    socialmedialinks: row.socialLinks,
    payonorder: row.payOnOrder,
    maxPerOrder: row.maxPerOrder,
    lowStockThreshold: row.lowStockThreshold,
    imageUrls: row.imageUrls,
    promotionalimages: row.promotionalImages,
    userId: row.ownerId,
    logoUrl: row.logoUrl,
    description: row.description,
    county: row.county,
    whatsapp: row.whatsapp,
  };
}

/** Every shop, the tenant's own first (the storefront reads element 0 as "the shop"). */
async function shopsTenantFirst(db: Db, tenant: Tenant | null): Promise<ShopRow[]> {
  const rows = await selectShops(db);
  const own = rows.findIndex((row) => row.id === tenant?.shopId);
  if (own > 0) rows.unshift(...rows.splice(own, 1));
  return rows;
}

export async function getMetadata(db: Db, tenant: Tenant | null): Promise<Shop[]> {
  return (await shopsTenantFirst(db, tenant)).map(toShop);
}

/** A page of shops' listings (one unless told), the tenant's first, each category with its first products. */
export async function getListings(
  db: Db,
  tenant: Tenant | null,
  // One shop a page on the API; the sitemap asks for every shop at once, without products.
  { page, perCategory, pageSize = 1 }: ListingPageQuery & { pageSize?: number } = {
    page: 1,
    perCategory: 8,
  },
): Promise<Listing[]> {
  const rows = await selectShopsPage(db, tenant?.shopId ?? null, pageSize, (page - 1) * pageSize);
  return listingsOf(db, rows, perCategory);
}

export { countShops };

/** One shop's listing: its categories, each with its first products (the shop's public page). */
export async function getShopListing(
  db: Db,
  shopId: string,
  perCategory: number | null = null,
): Promise<Listing> {
  if (!isUuid(shopId)) throw notFound('Shop not found.');
  const [shop] = await selectShops(db).where(eq(shops.id, shopId));
  if (!shop) throw notFound('Shop not found.');
  const [listing] = await listingsOf(db, [shop], perCategory);
  return listing as Listing;
}

/**
 * A shop's categories, each with its newest `perCategory` products and how many it has in all
 * (the owner's screen): the answer does not grow with the catalogue.
 */
export async function listShopCategories(
  db: Db,
  shopId: string,
  perCategory: number,
): Promise<Category[]> {
  const listed = (await getShopListing(db, shopId, perCategory)).categories;
  const counts = await countProductsByCategory(
    db,
    listed.map((category) => category._id),
  );
  return listed.map((category) => ({ ...category, productCount: counts.get(category._id) ?? 0 }));
}

/** One category as listShopCategories shows it, read alone (after an owner's create or edit). */
export async function getShopCategory(
  db: Db,
  categoryId: string,
  perCategory: number,
): Promise<Category> {
  const [category] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, categoryId), isNull(categories.deletedAt)));
  if (!category) throw notFound('Category not found.');
  const ids = await selectFirstProductIds(db, [categoryId], perCategory);
  const [rows, counts] = await Promise.all([
    ids.length === 0 ? [] : selectProducts(db, inArray(products.id, ids)),
    countProductsByCategory(db, [categoryId]),
  ]);
  return {
    ...toCategory(category, await withVariants(db, rows)),
    productCount: counts.get(categoryId) ?? 0,
  };
}

/** A page of one category's products, newest first, and how many it has (the owner's screen). */
export async function listCategoryProducts(
  db: Db,
  categoryId: string,
  { page, pageSize }: OwnerProductsQuery,
): Promise<ProductsPage> {
  if (!isUuid(categoryId)) throw notFound('Category not found.');
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), isNull(categories.deletedAt)));
  if (!category) throw notFound('Category not found.');
  const where = productsInCategory(categoryId);
  const [rows, total] = await Promise.all([
    selectProductsPage(db, pageSize, (page - 1) * pageSize, 'newest', where),
    countProducts(db, where),
  ]);
  return { products: await withVariants(db, rows), total };
}

/** `perCategory`: each category's newest that many products; null: all of them (owners). */
async function listingsOf(
  db: Db,
  shopRows: ShopRow[],
  perCategory: number | null,
): Promise<Listing[]> {
  const shopIds = shopRows.map((s) => s.id);
  const categoryRows = await selectCategories(db, shopIds);
  const productRows =
    shopIds.length === 0
      ? []
      : perCategory === null
        ? await selectProducts(db, inArray(products.shopId, shopIds))
        : await selectProducts(
            db,
            inArray(
              products.id,
              await selectFirstProductIds(
                db,
                categoryRows.map((c) => c.id),
                perCategory,
              ),
            ),
          );
  const allProducts = await withVariants(db, productRows);
  const productsByCategory = groupBy(allProducts, (p) => p.categoryId);
  const categoriesByShop = groupBy(categoryRows, (c) => c.shopId);
  return shopRows.map((shop) => ({
    _id: shop.id,
    shopId: shop.id,
    name: shop.name,
    imageUrls: shop.imageUrls,
    promotionalimages: shop.promotionalImages,
    payonorder: shop.payOnOrder,
    categories: (categoriesByShop.get(shop.id) ?? []).map((category) =>
      toCategory(category, productsByCategory.get(category.id) ?? []),
    ),
  }));
}

type CategoryRow = Awaited<ReturnType<typeof selectCategories>>[number];

function toCategory(category: CategoryRow, listed: Product[]): Category {
  return {
    _id: category.id,
    name: category.name,
    shopId: category.shopId,
    imageUrls: category.imageUrls,
    products: listed,
  };
}

/** What `GET /api/tenant` answers: SEO data with the spec's defaults, and the chat contact. */
export function tenantView(tenant: Tenant | null): TenantView {
  return { seo: seoWithDefaults(tenant?.seo), whatsapp: tenant?.whatsapp ?? null };
}
