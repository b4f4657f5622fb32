// Test fixtures for orders: products with exactly the stock a test needs, in a shop that pays
// on delivery or online, and the bodies the checkout sends. Used by the order tests; the
// application never imports them.
import {
  discountedPriceCents,
  fromCents,
  grandTotalCents,
  shippingCents,
  type CheckoutForm,
  type CreateOrderBody,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/platform/db';
import { categories, products, productVariants, shops } from '../src/platform/schema';

export type FixtureProduct = {
  id: string;
  shopId: string;
  name: string;
  priceCents: number;
  /** Unit price after the product's discount, in cents. */
  unitCents: number;
  variantIds: string[];
};

export async function makeProduct(
  db: Db,
  options: {
    payOnOrder: boolean;
    stock?: number;
    /** One variant per entry, with that stock; the product's stock is their sum. */
    variants?: number[];
    priceKsh?: number;
    discounts?: string | null;
    name?: string;
    /** The shop to sell it; by default the first whose payonorder is `payOnOrder`. */
    shopId?: string;
  },
): Promise<FixtureProduct> {
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(options.shopId ? eq(shops.id, options.shopId) : eq(shops.payOnOrder, options.payOnOrder))
    .limit(1);
  if (!shop) throw new Error(`no shop with payOnOrder ${options.payOnOrder}`);
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.shopId, shop.id))
    .limit(1);
  if (!category) throw new Error('the shop has no category');
  const priceCents = Math.round((options.priceKsh ?? 1000) * 100);
  const stock = options.variants
    ? options.variants.reduce((a, b) => a + b, 0)
    : (options.stock ?? 10);
  const name = options.name ?? `Fixture ${Math.random().toString(36).slice(2, 8)}`;
  const [product] = await db
    .insert(products)
    .values({
      shopId: shop.id,
      categoryId: category.id,
      name,
      priceCents,
      discounts: options.discounts ?? null,
      stock,
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product insert returned nothing');
  const variantIds: string[] = [];
  for (const [position, variantStock] of (options.variants ?? []).entries()) {
    const [variant] = await db
      .insert(productVariants)
      .values({ productId: product.id, size: `${position + 1}00ml`, stock: variantStock, position })
      .returning({ id: productVariants.id });
    if (variant) variantIds.push(variant.id);
  }
  return {
    id: product.id,
    shopId: shop.id,
    name,
    priceCents,
    unitCents: discountedPriceCents(priceCents, options.discounts ?? null),
    variantIds,
  };
}

/** A create-order body priced the way the checkout prices it (no discount code). */
export function orderBody(
  lines: ReadonlyArray<{ product: FixtureProduct; quantity: number; variant?: number }>,
  shipping: 'standard' | 'express' = 'standard',
): CreateOrderBody {
  const subtotalCents = lines.reduce((sum, l) => sum + l.product.unitCents * l.quantity, 0);
  return {
    items: lines.map(({ product, quantity, variant }) => ({
      name: product.name,
      productId: product.id,
      quantity,
      price: fromCents(product.unitCents),
      selectedVariant: variant === undefined ? null : (product.variantIds[variant] ?? null),
    })),
    totalPrice: fromCents(
      grandTotalCents({ subtotalCents, discountCents: 0, shippingCents: shippingCents(shipping) }),
    ),
    shipping,
    discount: 0,
  };
}

export const DELIVERY_FORM: CheckoutForm = {
  firstName: 'Achieng',
  middleName: 'Atieno',
  lastName: 'Odhiambo',
  country: 'Kenya',
  county: 'Kisumu',
  city: 'Kisumu',
  address: 'Oginga Odinga St 4',
  postalcode: '40100',
  phoneNumber: '0712 345 678',
  email: 'achieng@example.com',
};
