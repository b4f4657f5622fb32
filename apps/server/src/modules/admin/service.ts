// An admin's writes to any shop's product: the columns of the admin table only. Stock, options
// and category stay the owner's (their form writes them under the stock locks, decision 005).
import {
  isUuid,
  toCents,
  type AdminProductUpdate,
  type DeletedResponse,
  type Product,
} from '@soko/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { products } from '../../platform/schema';
import { getProduct } from '../catalog';

const live = (productId: string) => and(eq(products.id, productId), isNull(products.deletedAt));

/** Only the fields sent change; an empty discount clears it, like the owner's form. */
function columnsOf(input: AdminProductUpdate) {
  return {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.description === undefined ? {} : { description: input.description ?? '' }),
    // Blank is none (decision 050), as on the owner's form.
    ...(input.nameSw === undefined ? {} : { nameSw: input.nameSw || null }),
    ...(input.descriptionSw === undefined ? {} : { descriptionSw: input.descriptionSw || null }),
    ...(input.price === undefined ? {} : { priceCents: toCents(input.price) }),
    ...(input.discounts === undefined
      ? {}
      : {
          discounts:
            input.discounts === null || input.discounts === '' ? null : String(input.discounts),
        }),
    ...(input.discount === undefined ? {} : { discount: input.discount ? input.discount : null }),
  };
}

export async function updateAnyProduct(
  db: Db,
  productId: string,
  input: AdminProductUpdate,
): Promise<Product> {
  // A malformed id names no product: the same 404 as an unknown one.
  if (!isUuid(productId)) throw notFound('Product not found.');
  const [row] = await db
    .update(products)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(live(productId))
    .returning({ id: products.id });
  if (!row) throw notFound('Product not found.');
  return getProduct(db, row.id);
}

/** Hidden, not removed (the owner's delete does the same): past orders still name it. */
export async function hideAnyProduct(db: Db, productId: string): Promise<DeletedResponse> {
  if (!isUuid(productId)) throw notFound('Product not found.');
  const now = new Date();
  const [row] = await db
    .update(products)
    .set({ deletedAt: now, updatedAt: now })
    .where(live(productId))
    .returning({ id: products.id });
  if (!row) throw notFound('Product not found.');
  return { _id: row.id, deleted: true };
}
