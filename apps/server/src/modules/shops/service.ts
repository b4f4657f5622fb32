// Shop owners run their shops: the shop itself (this module is the shops table's one writer),
// its categories and its products. Deleting a category or a product hides it (`deleted_at`):
// past orders still show what was bought.
import {
  isUuid,
  normalizeWhatsappNumber,
  MAX_STOCK,
  PAGE_SIZES,
  STOCK_MESSAGES,
  toCents,
  type Category,
  type CategoryInput,
  type DeletedResponse,
  type OwnerProductInput,
  type ParsedShopInput,
  type Product,
  type Shop,
} from '@soko/contract';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import { unauthorized } from '../../platform/access';
import { hasPgErrorCode, type Db, type Tx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { categories, products, productVariants, shops, users } from '../../platform/schema';
import { makeOwner } from '../auth';
import { getProduct, getShopCategory, toShop } from '../catalog';
import { assertShopPictures } from '../media';
import { inOwnedShop, lockVariants, ownedShops } from './queries';

function shopColumns(input: ParsedShopInput) {
  return {
    name: input.name,
    owner: input.owner,
    ownerEmail: input.owneremail,
    contactEmail: input.contact.email,
    contactPhone: input.contact.phoneno,
    address: input.location.address,
    mapUrls: input.location.mapurl,
    operationPeriods: input.operationperiods,
    companyPolicy: input.companypolicy,
    socialLinks: input.socialmedialinks,
    payOnOrder: input.payonorder,
    maxPerOrder: input.maxPerOrder,
    lowStockThreshold: input.lowStockThreshold,
    imageUrls: input.imageUrls,
    promotionalImages: input.promotionalimages,
    logoUrl: input.logoUrl,
    description: input.description,
    county: input.county,
    // Stored as wa.me will want it; the contract let through only numbers this normalises.
    whatsapp: input.whatsapp === '' ? null : normalizeWhatsappNumber(input.whatsapp),
  };
}

const shopPictures = (input: ParsedShopInput) => ({
  imageUrls: input.imageUrls,
  promotionalimages: input.promotionalimages,
  logoUrl: input.logoUrl === null ? [] : [input.logoUrl],
});

export async function listShops(db: Db, caller: Caller): Promise<Shop[]> {
  const rows = await db
    .select()
    .from(shops)
    .where(ownedShops(caller))
    .orderBy(shops.createdAt, shops.id);
  return rows.map(toShop);
}

/**
 * A shop for the caller, who becomes its owner at once; or, from an admin naming an account
 * (`ownerAccountEmail`), a shop for that account. One shop per person (an admin may have
 * several): the owner's account row is locked first, so two creates at once take turns and the
 * second sees the first's shop.
 */
export async function createShop(
  db: Db,
  caller: Caller,
  input: ParsedShopInput,
  pictureBase: string,
  ownerAccountEmail?: string,
): Promise<{ shop: Shop; ownerId: string }> {
  await assertShopPictures(db, pictureBase, null, shopPictures(input));
  return db.transaction(async (tx) => {
    const forSomeoneElse = ownerAccountEmail !== undefined && caller.role === 'admin';
    if (ownerAccountEmail !== undefined && !forSomeoneElse) {
      throw new AppError(403, 'forbidden', 'Only an admin may open a shop for someone else.');
    }
    const [account] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(
        forSomeoneElse
          ? eq(sql`lower(${users.email})`, ownerAccountEmail.trim().toLowerCase())
          : eq(users.id, caller.id),
      )
      .for('update');
    if (!account && forSomeoneElse) {
      const message = 'No account uses this email. Ask the owner to sign up first.';
      throw badRequest(message, { ownerAccountEmail: message });
    }
    if (!account) throw unauthorized();
    if (account.role !== 'admin') {
      const [existing] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(eq(shops.ownerId, account.id))
        .limit(1);
      if (existing) {
        const message = forSomeoneElse
          ? 'This owner already has a shop.'
          : 'You already have a shop.';
        throw new AppError(409, 'shop_exists', message, {
          ...(forSomeoneElse ? { fields: { ownerAccountEmail: message } } : {}),
        });
      }
    }
    const [row] = await tx
      .insert(shops)
      .values({ ownerId: account.id, ...shopColumns(input) })
      .returning();
    if (!row) throw new Error('shop insert returned nothing');
    if (account.role === 'customer') await makeOwner(tx, account.id);
    return { shop: toShop(row), ownerId: account.id };
  });
}

/**
 * Sets a shop's own commission (basis points), or null to follow the default; for the ledger,
 * which answers with the shop's ledger. False when there is no such shop.
 */
export async function setShopCommission(db: Db, shopId: string, bps: number | null) {
  const updated = await db
    .update(shops)
    .set({ commissionBps: bps, updatedAt: sql`now()` })
    .where(eq(shops.id, shopId))
    .returning({ id: shops.id });
  return updated.length > 0;
}

export async function updateShop(
  db: Db,
  caller: Caller,
  shopId: string,
  input: ParsedShopInput,
  pictureBase: string,
): Promise<Shop> {
  if (!isUuid(shopId)) throw notFound('Shop not found.');
  // The shop is the caller's (the access rule, and the update's WHERE below).
  await assertShopPictures(db, pictureBase, shopId, shopPictures(input));
  const [row] = await db
    .update(shops)
    .set({ ...shopColumns(input), updatedAt: new Date() })
    .where(and(eq(shops.id, shopId), ownedShops(caller)))
    .returning();
  if (!row) throw notFound('Shop not found.');
  return toShop(row);
}

// ---------------------------------------------------------------------------------------------
// Categories

const DUPLICATE_CATEGORY = 'A category with that name already exists.';

const isUniqueViolation = (error: unknown) => hasPgErrorCode(error, '23505');

const duplicateCategory = () =>
  new AppError(409, 'duplicate', DUPLICATE_CATEGORY, {
    fields: { 'categoryData.name': DUPLICATE_CATEGORY },
  });

// The category as the owner's list shows it: its newest products and how many it has.
const categoryOf = (db: Db, categoryId: string): Promise<Category> =>
  getShopCategory(db, categoryId, PAGE_SIZES.category);

export async function createCategory(
  db: Db,
  caller: Caller,
  input: CategoryInput,
  pictureBase: string,
): Promise<Category> {
  if (!isUuid(input.shopId)) throw notFound('Shop not found.');
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, input.shopId), ownedShops(caller)));
  if (!shop) throw notFound('Shop not found.');
  await assertShopPictures(db, pictureBase, shop.id, {
    'categoryData.imageUrls': input.categoryData.imageUrls,
  });
  const [row] = await db
    .insert(categories)
    .values({
      shopId: shop.id,
      name: input.categoryData.name,
      imageUrls: input.categoryData.imageUrls ?? [],
    })
    .returning({ id: categories.id })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateCategory() : error;
    });
  if (!row) throw new Error('category insert returned nothing');
  return categoryOf(db, row.id);
}

export async function updateCategory(
  db: Db,
  caller: Caller,
  categoryId: string,
  input: CategoryInput,
  pictureBase: string,
): Promise<Category> {
  if (!isUuid(categoryId)) throw notFound('Category not found.');
  if (!isUuid(input.shopId)) throw notFound('Category not found.');
  // The category must be the body's shop's, and that shop the caller's (the WHERE below).
  await assertShopPictures(db, pictureBase, input.shopId, {
    'categoryData.imageUrls': input.categoryData.imageUrls,
  });
  const [row] = await db
    .update(categories)
    .set({
      name: input.categoryData.name,
      ...(input.categoryData.imageUrls ? { imageUrls: input.categoryData.imageUrls } : {}),
    })
    .where(
      and(
        eq(categories.id, categoryId),
        // The body names the shop too: it must be the category's own.
        eq(categories.shopId, input.shopId),
        isNull(categories.deletedAt),
        inOwnedShop(db, categories.shopId, caller),
      ),
    )
    .returning({ id: categories.id })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicateCategory() : error;
    });
  if (!row) throw notFound('Category not found.');
  return categoryOf(db, row.id);
}

/** Hides the category and every product in it. */
export async function deleteCategory(
  db: Db,
  caller: Caller,
  categoryId: string,
): Promise<DeletedResponse> {
  if (!isUuid(categoryId)) throw notFound('Category not found.');
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(categories)
      .set({ deletedAt: now })
      .where(
        and(
          eq(categories.id, categoryId),
          isNull(categories.deletedAt),
          inOwnedShop(tx, categories.shopId, caller),
        ),
      )
      .returning({ id: categories.id });
    if (!row) throw notFound('Category not found.');
    await tx
      .update(products)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(products.categoryId, row.id), isNull(products.deletedAt)));
    return { _id: row.id, deleted: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Products

const badCategory = () =>
  new AppError(400, 'validation_failed', 'Choose one of this shop’s categories.', {
    fields: { categoryId: 'Choose one of this shop’s categories.' },
  });

async function assertCategoryOfShop(tx: Tx, categoryId: string, shopId: string): Promise<void> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.id, categoryId),
        eq(categories.shopId, shopId),
        isNull(categories.deletedAt),
      ),
    );
  if (!row) throw badCategory();
}

function productColumns(input: OwnerProductInput) {
  const variants = input.variants ?? [];
  return {
    categoryId: input.categoryId,
    name: input.name,
    description: input.description ?? '',
    // Written whole too: blank or left out is none, and the English is shown (decision 050).
    nameSw: input.nameSw || null,
    descriptionSw: input.descriptionSw || null,
    priceCents: toCents(input.price),
    discounts:
      input.discounts === undefined || input.discounts === null || input.discounts === ''
        ? null
        : String(input.discounts),
    discount: input.discount ? input.discount : null,
    // With variants, a product's stock is theirs summed (DESIGN.md).
    stock: variants.length > 0 ? variants.reduce((sum, v) => sum + v.stock, 0) : input.stock,
    type: input.Type ? input.Type : null,
    // Written whole like the threshold: left out, it follows the shop's default again.
    taxType: input.taxType ?? null,
    pricingType: input.pricingType ?? 'Fixed',
    // The whole product is written: left out, it follows the shop's threshold again.
    lowStockThreshold: input.lowStockThreshold ?? null,
    imageUrls: input.imageUrls ?? [],
  };
}

const variantValues = (variant: NonNullable<OwnerProductInput['variants']>[number], i: number) => ({
  name: variant.name ?? '',
  size: variant.size,
  stock: variant.stock,
  position: i,
});

/**
 * The stock an edit leaves: the owner's change (sent - seen) applied to the stock as it is now,
 * so units sold while the form was open stay sold; the sent figure as is without `seen`.
 */
export function stockAfterEdit(sent: number, seen: number | undefined, now: number | undefined) {
  if (seen === undefined || now === undefined) return sent;
  return Math.max(0, now + (sent - seen));
}

const stockTooHigh = (field: string, message: string) =>
  new AppError(400, 'validation_failed', message, { fields: { [field]: message } });

/**
 * The schema bounds what was sent, but units that came back while the form was open (now >
 * seen) can carry the figures an edit leaves past MAX_STOCK: they are checked before any write.
 */
function assertStockBounds(variantStocks: number[], productStock: number): void {
  const over = variantStocks.findIndex((n) => n > MAX_STOCK);
  if (over >= 0) throw stockTooHigh(`variants.${over}.stock`, STOCK_MESSAGES.tooMuch);
  if (productStock <= MAX_STOCK) return;
  throw variantStocks.length > 0
    ? stockTooHigh('variants', STOCK_MESSAGES.summedTooMuch)
    : stockTooHigh('stock', STOCK_MESSAGES.tooMuch);
}

export async function createProduct(
  db: Db,
  caller: Caller,
  shopId: string,
  input: OwnerProductInput,
  pictureBase: string,
): Promise<Product> {
  if (!isUuid(shopId)) throw notFound('Shop not found.');
  const id = await db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.id, shopId), ownedShops(caller)));
    if (!shop) throw notFound('Shop not found.');
    await assertCategoryOfShop(tx, input.categoryId, shop.id);
    await assertShopPictures(tx, pictureBase, shop.id, { imageUrls: input.imageUrls });
    const [row] = await tx
      .insert(products)
      .values({ shopId: shop.id, ...productColumns(input) })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert returned nothing');
    const variants = input.variants ?? [];
    if (variants.length > 0) {
      await tx
        .insert(productVariants)
        .values(variants.map((v, i) => ({ productId: row.id, ...variantValues(v, i) })));
    }
    return row.id;
  });
  return getProduct(db, id);
}

/**
 * Writes the whole product, its variants included. Stock rows are locked in the order every
 * order takes them (its variants by id, then the product: decision 005), so an edit racing an
 * order for the last unit waits for it rather than deadlocking, and the CHECKs keep stock >= 0.
 */
export async function updateProduct(
  db: Db,
  caller: Caller,
  productId: string,
  shopId: string,
  input: OwnerProductInput,
  pictureBase: string,
): Promise<Product> {
  if (!isUuid(productId)) throw notFound('Product not found.');
  await db.transaction(async (tx) => {
    const existing = await lockVariants(tx, productId);
    const [product] = await tx
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(
        and(
          eq(products.id, productId),
          eq(products.shopId, shopId),
          isNull(products.deletedAt),
          inOwnedShop(tx, products.shopId, caller),
        ),
      )
      .for('no key update');
    if (!product) throw notFound('Product not found.');
    await assertCategoryOfShop(tx, input.categoryId, shopId);
    await assertShopPictures(tx, pictureBase, shopId, { imageUrls: input.imageUrls });

    const variants = input.variants ?? [];
    const known = new Set(existing.map((v) => v.id));
    variants.forEach((variant, i) => {
      if (variant._id && !known.has(variant._id)) {
        throw new AppError(400, 'validation_failed', 'That option is not one of this product’s.', {
          fields: { [`variants.${i}._id`]: 'That option is not one of this product’s.' },
        });
      }
    });
    const kept = variants.flatMap((v) => (v._id ? [v._id] : []));
    // Removed options are retired (see schema.ts): no longer listed nor sold, still named by
    // the order lines that hold them.
    await tx
      .update(productVariants)
      .set({ deletedAt: new Date(), stock: 0 })
      .where(
        and(
          eq(productVariants.productId, productId),
          isNull(productVariants.deletedAt),
          kept.length > 0 ? notInArray(productVariants.id, kept) : undefined,
        ),
      );
    const stockNow = new Map(existing.map((v) => [v.id, v.stock]));
    const finalStocks = variants.map((v) =>
      stockAfterEdit(v.stock, v.stockSeen, v._id ? stockNow.get(v._id) : undefined),
    );
    const stock =
      variants.length > 0
        ? finalStocks.reduce((sum, n) => sum + n, 0)
        : stockAfterEdit(input.stock, input.stockSeen, product.stock);
    assertStockBounds(finalStocks, stock);
    // Every row is locked already, so the order of these writes is free. It is chosen for the
    // low-stock triggers (decision 041): new options exist before the product's own stock moves
    // (a product with live variants never alerts itself), and the product's threshold is written
    // before its variants' stock, which is judged against it.
    const added = variants.flatMap((v, i) =>
      v._id ? [] : [{ productId, ...variantValues(v, i) }],
    );
    if (added.length > 0) await tx.insert(productVariants).values(added);
    await tx
      .update(products)
      .set({ ...productColumns(input), stock, updatedAt: new Date() })
      .where(eq(products.id, productId));
    for (const [i, variant] of variants.entries()) {
      if (variant._id) {
        await tx
          .update(productVariants)
          .set({ ...variantValues(variant, i), stock: finalStocks[i] ?? variant.stock })
          .where(eq(productVariants.id, variant._id));
      }
    }
  });
  return getProduct(db, productId);
}

export async function deleteProduct(
  db: Db,
  caller: Caller,
  productId: string,
): Promise<DeletedResponse> {
  if (!isUuid(productId)) throw notFound('Product not found.');
  const now = new Date();
  const [row] = await db
    .update(products)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        eq(products.id, productId),
        isNull(products.deletedAt),
        inOwnedShop(db, products.shopId, caller),
      ),
    )
    .returning({ id: products.id });
  if (!row) throw notFound('Product not found.');
  return { _id: row.id, deleted: true };
}
