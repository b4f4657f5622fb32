// What the cart, checkout, payment and account journeys share: picking well-stocked products of
// one kind of shop, putting one in the cart, filling the delivery form, and the browser storage
// the app keeps (the cart under 'cart', the token under 'token').
import { variantLabel, type CartLine, type Product, type Shop } from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, type SokoApi } from './fixtures';

/** An address no other journey uses, so parallel sign-ups never collide. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Puts a token where the app keeps it before the first page opens (not on later loads). */
export async function seedToken(page: Page, token: string): Promise<void> {
  const value = JSON.stringify(token);
  await page.addInitScript(
    `if (!sessionStorage.getItem('soko-seeded')) {
      localStorage.setItem('token', ${value});
      sessionStorage.setItem('soko-seeded', '1');
    }`,
  );
}

export function savedCart(page: Page): Promise<CartLine[] | null> {
  return page.evaluate<CartLine[] | null>("JSON.parse(localStorage.getItem('cart') ?? 'null')");
}

/** The line the app puts in the cart for a product: its first variant in stock. */
export function firstLine(product: Product) {
  const variant = product.variants.find((v) => v.stock > 0);
  const label = variant ? variantLabel(variant) : null;
  return {
    variant,
    title: label ? `${product.name} (${label})` : product.name,
    stock: variant ? variant.stock : product.stock,
  };
}

/**
 * A well-stocked product of a shop that pays online (`payOnOrder`) or on delivery; each journey
 * passes its own `index` so parallel journeys do not race for one product's stock.
 */
export async function shopProduct(
  api: SokoApi,
  payOnOrder: boolean,
  index: number,
): Promise<Product> {
  const [shopList, products] = await Promise.all([
    api.get<Shop[]>('/api/metadata'),
    api.allProducts(),
  ]);
  const shops = new Set(shopList.filter((s) => s.payonorder === payOnOrder).map((s) => s._id));
  const found = products.filter((p) => shops.has(p.shopId) && firstLine(p).stock >= 15);
  if (found.length < 6) throw new Error(`too few well-stocked products (payonorder ${payOnOrder})`);
  return found[index % found.length] as Product;
}

/** Adds the product's first line through /cart/:productId/:userId; the cart panel shows it. */
export async function addToCart(page: Page, product: Product): Promise<void> {
  await page.goto(`/cart/${product._id}/${product.userId}`);
  await expect(page).toHaveURL('/cart');
  await expect(
    page.getByRole('dialog', { name: 'Your Cart' }).getByRole('listitem').first(),
  ).toBeVisible();
}

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

export const DELIVERY = {
  'First Name': 'Wanjiru',
  'Middle Name (optional)': 'Njeri',
  'Last Name': 'Mwangi',
  City: 'Nairobi',
  Address: 'Kenyatta Avenue 12',
  'Postal Code (optional)': '00100',
  'Phone Number': '0712 345 678',
};

/** Fills the delivery form (every field of `values`) and picks Nairobi county. */
export async function fillDelivery(
  page: Page,
  values: Partial<typeof DELIVERY> = DELIVERY,
): Promise<void> {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
  await field(page, 'County').selectOption('Nairobi');
}
