// What the cart, checkout, payment and account journeys share: picking well-stocked products of
// one kind of shop, putting one in the cart, filling the delivery form, and the browser storage
// the app keeps (the cart under 'cart', the token under 'token').
import {
  SHIPPING_OPTIONS,
  discountedPriceCents,
  fromCents,
  toCents,
  variantLabel,
  type CartLine,
  type CheckoutForm,
  type CreateOrderResponse,
  type Order,
  type Product,
  type Shop,
} from '@soko/contract';
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

/**
 * A pay-on-delivery order of one unit of the pay-on-delivery shop's product `index`, placed and
 * checked out through the API with the delivery form `form` (Nairobi, by default): it is then
 * confirmed, and its messages go out.
 */
export async function placeConfirmedOrder(
  api: SokoApi,
  index: number,
  form: Partial<CheckoutForm> & Pick<CheckoutForm, 'email'>,
): Promise<{ order: Order; shopId: string }> {
  const product = await shopProduct(api, false, index);
  const { variant } = firstLine(product);
  const price = fromCents(discountedPriceCents(toCents(product.price), product.discounts));
  const totalPrice = fromCents(toCents(price) + toCents(SHIPPING_OPTIONS.standard.amountKsh));
  const created = await api.post<CreateOrderResponse>('/api/order/create', {
    items: [
      {
        name: product.name,
        productId: product._id,
        quantity: 1,
        price,
        selectedVariant: variant?._id ?? null,
      },
    ],
    totalPrice,
    shipping: 'standard',
    discount: 0,
  });
  const order = await api.post<Order>('/api/order/checkout', {
    firstName: 'Wanjiru',
    middleName: '',
    lastName: 'Mwangi',
    country: 'Kenya',
    county: 'Nairobi',
    city: 'Nairobi',
    address: 'Kenyatta Avenue 12',
    postalcode: '00100',
    phoneNumber: '0712 345 678',
    ...form,
    orderId: created._id,
    totalPrice: created.totalPrice,
    shipping: 'standard',
    discount: 0,
  });
  expect(order.status).toBe('confirmed');
  return { order, shopId: product.shopId };
}

/** An order page's id in its address. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The checkout's Totals figure labelled `label` exactly ('Discount', 'Delivery from X'). */
export function totalsRow(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Totals' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}
