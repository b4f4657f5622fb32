import {
  SHIPPING_OPTIONS,
  discountedPriceCents,
  fromCents,
  toCents,
  type CartLine,
  type CreateOrderResponse,
  type Order,
  type ProcessPaymentResponse,
  type Product,
} from '@soko/contract';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { addToCart, firstLine, savedCart, shopProduct } from './shopping';

// An order's lines leave the cart whenever this browser learns the order went through, even
// when the shop's tab is gone: the shopper pays in the provider's tab and comes back to the
// order page, or to the cart, in a new tab. The checkout does not yet remember the orders it
// places, so each journey makes its order through the API and writes the record itself, in the
// format the cart feature keeps (apps/web/src/features/cart/cart-orders.ts).

/** The local storage key of the cart's order records, as cart-orders.ts names it. */
const CART_ORDERS_KEY = 'cart-orders';

interface CartOrderRecord {
  orderId: string;
  /** When the order was made, ms since the epoch: records older than two days are dropped. */
  at: number;
  lines: Array<{ productId: string; variantId: string | null; quantity: number }>;
}

const DELIVERY_FORM = {
  firstName: 'Wanjiru',
  middleName: 'Njeri',
  lastName: 'Mwangi',
  country: 'Kenya',
  county: 'Nairobi',
  city: 'Nairobi',
  address: 'Kenyatta Avenue 12',
  postalcode: '00100',
  phoneNumber: '0712 345 678',
  email: 'settle@example.com',
};

/** Places an order for one unit of `product` and starts paying it in the sandbox. */
async function orderAndStartPayment(api: SokoApi, product: Product) {
  const { variant } = firstLine(product);
  const price = fromCents(discountedPriceCents(toCents(product.price), product.discounts));
  const order = await api.post<CreateOrderResponse>('/api/order/create', {
    items: [
      {
        name: product.name,
        productId: product._id,
        quantity: 1,
        price,
        selectedVariant: variant?._id ?? null,
      },
    ],
    totalPrice: fromCents(toCents(price) + toCents(SHIPPING_OPTIONS.standard.amountKsh)),
    shipping: 'standard',
    discount: 0,
  });
  const payment = await api.post<ProcessPaymentResponse>('/api/payments/process', {
    orderId: order._id,
    formData: DELIVERY_FORM,
  });
  return { orderId: order._id, trackingId: payment.trackingId };
}

/** The orders the cart still remembers (none when the key is absent). */
async function rememberedOrderIds(page: Page): Promise<string[]> {
  const records = await page.evaluate<CartOrderRecord[] | null>(
    `JSON.parse(localStorage.getItem(${JSON.stringify(CART_ORDERS_KEY)}) ?? 'null')`,
  );
  return (records ?? []).map((record) => record.orderId);
}

async function writeRecords(page: Page, records: CartOrderRecord[]): Promise<void> {
  const text = JSON.stringify(JSON.stringify(records));
  await page.evaluate(`localStorage.setItem(${JSON.stringify(CART_ORDERS_KEY)}, ${text})`);
}

/**
 * The shop's tab: the cart holds `ordered` and `other`, and the record says the order was made
 * from the `ordered` line. Answers the cart as it was saved.
 */
async function cartWithRecord(
  page: Page,
  api: SokoApi,
  ordered: Product,
  other: Product,
): Promise<{ orderId: string; trackingId: string; cart: CartLine[] }> {
  await addToCart(page, ordered);
  await addToCart(page, other);
  const cart = (await savedCart(page)) ?? [];
  const line = cart.find((candidate) => candidate.productId === ordered._id);
  if (cart.length !== 2 || !line) throw new Error(`the cart does not hold both products`);
  const { orderId, trackingId } = await orderAndStartPayment(api, ordered);
  await writeRecords(page, [
    {
      orderId,
      at: Date.now(),
      lines: [{ productId: line.productId, variantId: line.variantId, quantity: line.quantity }],
    },
  ]);
  expect(await rememberedOrderIds(page)).toEqual([orderId]);
  return { orderId, trackingId, cart };
}

/** The provider's tab: the sandbox page answers the payment with `Pay` or `Fail`. */
async function answerPayment(
  context: BrowserContext,
  trackingId: string,
  action: 'Pay' | 'Fail',
  shown: 'Paid' | 'Failed',
) {
  const tab = await context.newPage();
  await tab.goto(`/pay/sandbox/${trackingId}`);
  await tab.getByRole('button', { name: action, exact: true }).click();
  await expect(tab.getByTestId('sandbox-status')).toHaveText(shown);
  return tab;
}

test('paid in the provider’s tab, the order page in a new tab takes the order’s line out of the cart', async ({
  page,
  context,
  api,
}) => {
  const ordered = await shopProduct(api, true, 6);
  const other = await shopProduct(api, false, 6);
  const { orderId, trackingId } = await cartWithRecord(page, api, ordered, other);
  const provider = await answerPayment(context, trackingId, 'Pay', 'Paid');
  // The shop's tab is gone: nothing of the checkout is left to clear the cart.
  await page.close();
  await provider.close();

  const later = await context.newPage();
  await later.goto(`/orders/${orderId}`);
  await expect(
    later.getByText('Your payment has arrived and your order is confirmed.'),
  ).toBeVisible();
  await expect
    .poll(async () => (await savedCart(later))?.map((line) => line.productId))
    .toEqual([other._id]);
  expect(await rememberedOrderIds(later)).toEqual([]);
  expect((await api.get<Order>(`/api/orders/${orderId}`)).status).toBe('confirmed');
});

test('paid in the provider’s tab, the cart opened later in a new tab settles the order', async ({
  page,
  context,
  api,
}) => {
  const ordered = await shopProduct(api, true, 7);
  const other = await shopProduct(api, false, 7);
  const { trackingId } = await cartWithRecord(page, api, ordered, other);
  await (await answerPayment(context, trackingId, 'Pay', 'Paid')).close();
  await page.close();

  const later = await context.newPage();
  await later.goto('/cart');
  const cart = later.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByRole('listitem').filter({ hasText: other.name })).toBeVisible();
  await expect(cart.getByRole('listitem').filter({ hasText: ordered.name })).toHaveCount(0);
  await expect
    .poll(async () => (await savedCart(later))?.map((line) => line.productId))
    .toEqual([other._id]);
  expect(await rememberedOrderIds(later)).toEqual([]);
});

test('a failed payment leaves the cart as it was and forgets the order', async ({
  page,
  context,
  api,
}) => {
  const ordered = await shopProduct(api, true, 8);
  const other = await shopProduct(api, false, 8);
  const { orderId, trackingId, cart } = await cartWithRecord(page, api, ordered, other);
  await (await answerPayment(context, trackingId, 'Fail', 'Failed')).close();
  await page.close();

  const later = await context.newPage();
  await later.goto(`/orders/${orderId}`);
  await expect(later.getByText('Payment failed', { exact: true })).toBeVisible();
  await expect.poll(() => rememberedOrderIds(later)).toEqual([]);
  expect(await savedCart(later)).toEqual(cart);
  expect((await api.get<Order>(`/api/orders/${orderId}`)).status).toBe('payment_failed');
});
