import {
  REFUND_REASON_TEXT,
  discountedPriceCents,
  fromCents,
  toCents,
  type AuthResponse,
  type CreateOrderResponse,
  type Order,
} from '@soko/contract';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import {
  addToCart,
  field,
  fillDelivery,
  firstLine,
  savedCart,
  seedToken,
  shopProduct,
  uniqueEmail,
} from './shopping';

// Online payment journeys (spec sections 4, 8 and 9; DESIGN.md payments) against the real server
// with the sandbox provider: the checkout reserves the payment tab on the click, the sandbox's
// hosted page in that tab pays, fails or reverses, and the checkout follows the live channel.
// Products come from the pay-on-order shop (Soko Naturals), each journey its own.

const SANDBOX_TITLE = 'Soko Sandbox — test payment, no money moves';
const PAYMENT_FAILED = 'Payment failed. Please try again.';
const UNREACHABLE = 'Unable to connect to payment services. Please try again later.';
const WAITING = 'Waiting for your payment in the other tab...';

const placeOrderButton = (page: Page) => page.getByRole('button', { name: 'Place Order' });
/** A time as every shop page writes it: Nairobi's clock, whatever the phone's own zone. */
const nairobiTime = (at: string) =>
  new Date(at).toLocaleTimeString('en-KE', { timeStyle: 'short', timeZone: 'Africa/Nairobi' });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Fills the checkout (email too when anonymous) and picks standard shipping. */
async function fillCheckout(page: Page, email: string | null) {
  if (email) await field(page, 'Email').fill(email);
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
}

/**
 * Clicks Place Order and answers the payment tab it opened, on the sandbox page, together with
 * the order the click created.
 */
async function placeAndOpenTab(page: Page, context: BrowserContext) {
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/order/create') && r.status() === 201,
  );
  const opened = context.waitForEvent('page');
  await placeOrderButton(page).click();
  const tab = await opened;
  const order = (await (await created).json()) as { _id: string };
  await tab.waitForURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
  await expect(tab.getByRole('heading', { level: 1, name: SANDBOX_TITLE })).toBeVisible();
  return { tab, orderId: order._id };
}

test('an anonymous shopper pays in the payment tab and lands on the confirmation', async ({
  page,
  context,
  api,
}) => {
  const product = await shopProduct(api, true, 0);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillCheckout(page, uniqueEmail('pay'));

  const { tab, orderId } = await placeAndOpenTab(page, context);
  await test.step('the checkout waits, with a link to the payment page', async () => {
    await expect(page.getByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
      'href',
      tab.url(),
    );
  });

  await test.step('the sandbox page shows what is paid', async () => {
    const order = await api.get<Order>(`/api/orders/${orderId}`);
    await expect(tab.getByText(`Ksh ${order.totalPrice.toLocaleString('en-KE')}`)).toBeVisible();
    await expect(tab.getByText(`Soko order ${order.orderId}`)).toBeVisible();
    await expect(tab.getByTestId('sandbox-status')).toHaveText('Waiting for payment');
    await expect(tab.getByRole('button', { name: 'Reverse' })).toBeDisabled();
  });

  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(tab.getByTestId('sandbox-status')).toHaveText('Paid');
  await expect(tab.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  await expect(tab.getByRole('link', { name: 'Return to the shop' })).toHaveAttribute(
    'href',
    new RegExp(`/orders/${orderId}$`),
  );

  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(
    page.getByText('Your payment has arrived and your order is confirmed.'),
  ).toBeVisible();
  expect(await savedCart(page)).toEqual([]);
  const order = await api.get<Order>(`/api/orders/${orderId}`);
  expect(order.status).toBe('confirmed');
});

test('a signed-in shopper pays; the button reads each step in turn', async ({
  page,
  context,
  api,
}) => {
  const { token } = await api.post<AuthResponse>('/api/user/signin', {
    email: 'shopper@soko.test',
    password: 'soko-demo-pass',
  });
  await seedToken(page, token);
  const product = await shopProduct(api, true, 1);
  await addToCart(page, product);
  await page.goto('/checkout');
  await expect(page.getByText('Logged in as shopper@soko.test')).toBeVisible();
  await fillCheckout(page, null);

  // Slowed down so that each label can be seen.
  await page.route('**/api/order/create', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.route('**/api/order/checkout', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const opened = context.waitForEvent('page');
  await placeOrderButton(page).click();
  await expect(page.getByRole('button', { name: 'Creating Order...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
  const tab = await opened;
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment successful!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Completing Checkout...' })).toBeDisabled();

  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const orderId = page.url().split('/').pop() ?? '';
  const order = await api.get<Order>(`/api/orders/${orderId}`, { token });
  expect(order).toMatchObject({ status: 'confirmed', email: 'shopper@soko.test' });
  expect(await savedCart(page)).toEqual([]);
});

test('a failed payment keeps the cart, and the next attempt is a new order', async ({
  page,
  context,
  api,
}) => {
  const product = await shopProduct(api, true, 2);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillCheckout(page, uniqueEmail('fail'));

  const first = await placeAndOpenTab(page, context);
  await first.tab.getByRole('button', { name: 'Fail' }).click();
  await expect(first.tab.getByTestId('sandbox-status')).toHaveText('Failed');
  await expect(alert(page, PAYMENT_FAILED)).toBeVisible();
  await expect(placeOrderButton(page)).toBeEnabled();
  await expect(page).toHaveURL('/checkout');
  expect(await savedCart(page)).toHaveLength(1);
  expect((await api.get<Order>(`/api/orders/${first.orderId}`)).status).toBe('payment_failed');

  const second = await placeAndOpenTab(page, context);
  expect(second.orderId).not.toBe(first.orderId);
  await expect(alert(page, PAYMENT_FAILED)).toHaveCount(0);
  await second.tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page).toHaveURL(`/orders/${second.orderId}`);
});

test('a payment reversed after it was paid shows on the order page', async ({
  page,
  context,
  api,
}) => {
  const product = await shopProduct(api, true, 3);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillCheckout(page, uniqueEmail('reverse'));
  const { tab, orderId } = await placeAndOpenTab(page, context);
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  // Pay completes the checkout at once: by the time the shopper reverses, the checkout tab is
  // on the confirmation, so the reversal shows on the order's page.
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

  await tab.getByRole('button', { name: 'Reverse' }).click();
  await expect(tab.getByTestId('sandbox-status')).toHaveText('Reversed');
  await expect(tab.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  await expect(tab.getByRole('button', { name: 'Reverse' })).toBeDisabled();
  await tab.getByRole('link', { name: 'Return to the shop' }).click();
  await expect(tab).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(
    tab.getByText('The payment for this order was reversed, so the order will not be delivered.'),
  ).toBeVisible();
  await expect(tab.getByText('Online, payment reversed')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Order SK-/ })).toBeVisible();
  await expect(page.getByText('Payment reversed', { exact: true })).toBeVisible();
  expect((await api.get<Order>(`/api/orders/${orderId}`)).status).toBe('reversed');
});

test('with the live channel cut off, the checkout says so and still completes by polling', async ({
  page,
  context,
  api,
}) => {
  // Both of socket.io's transports: its WebSocket and its HTTP long-polling.
  await page.routeWebSocket('**/socket.io/**', (ws) => ws.close());
  await page.route('**/socket.io/**', (route) => route.abort());
  const product = await shopProduct(api, true, 4);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillCheckout(page, uniqueEmail('nosocket'));

  const { tab, orderId } = await placeAndOpenTab(page, context);
  // A refused WebSocket may only count as failed after socket.io's connect time-out (5 s).
  await expect(alert(page, UNREACHABLE)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
  const polled = page.waitForResponse((r) => r.url().includes('/api/payments/status/'));
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await polled;
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  expect(await savedCart(page)).toEqual([]);
});

test('when the payment cannot start, the tab closes and the cart stays', async ({
  page,
  context,
  api,
}) => {
  const product = await shopProduct(api, true, 5);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillCheckout(page, uniqueEmail('noprovider'));
  await page.route('**/api/payments/process', (route) =>
    route.fulfill({
      status: 502,
      json: {
        error: {
          code: 'payment_unavailable',
          message: 'We could not reach the payment service. Please try again.',
        },
      },
    }),
  );

  const opened = context.waitForEvent('page');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/order/create'));
  await placeOrderButton(page).click();
  const tab = await opened;
  const { _id } = (await (await created).json()) as { _id: string };
  await expect(alert(page, PAYMENT_FAILED)).toBeVisible();
  await expect.poll(() => tab.isClosed()).toBe(true);
  await expect(placeOrderButton(page)).toBeEnabled();
  await expect(page).toHaveURL('/checkout');
  expect(await savedCart(page)).toHaveLength(1);
  expect((await api.get<Order>(`/api/orders/${_id}`)).status).toBe('pending_payment');
});

test('the sandbox page says when a payment is unknown', async ({ page }) => {
  await page.goto('/pay/sandbox/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: SANDBOX_TITLE })).toBeVisible();
  await expect(alert(page, 'We could not find this test payment.')).toBeVisible();
});

test('an unpaid order’s page says how long the items are held, and an order owed a refund says so', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, true, 5);
  const variant = product.variants.find((v) => v.stock > 0);
  const price = fromCents(discountedPriceCents(toCents(product.price), product.discounts));
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
    totalPrice: fromCents(toCents(price) + 1000),
    shipping: 'standard',
    discount: 0,
  });
  await page.goto(`/orders/${created._id}`);
  const heldUntil = nairobiTime(created.holdUntil);
  await expect(
    page.getByText(
      `We are waiting for your payment. This page updates when it arrives. Your items are held for you until ${heldUntil}; after that the order lapses and they go back on sale.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);

  // A second payment that completed for a paid order cannot be made from outside the server
  // (one payment per order): the order's answer is given that flag here, as the server gives it.
  const real = await api.get<Order>(`/api/orders/${created._id}`);
  await page.route(`**/api/orders/${created._id}`, (route) =>
    route.fulfill({
      json: { ...real, status: 'confirmed', holdUntil: null, refundReason: 'paid_twice' },
    }),
  );
  await page.reload();
  await expect(page.getByRole('note')).toHaveText(REFUND_REASON_TEXT.paid_twice);
});

test.describe('a payment tab closed before paying', () => {
  const STALLED = 'We have not heard from your payment yet. Did you close the payment page?';

  /** Places the order, closes the provider's tab unpaid, and sees the checkout ask what next. */
  async function closeTabUnpaid(page: Page, context: BrowserContext, api: SokoApi, index: number) {
    const product = await shopProduct(api, true, index);
    await addToCart(page, product);
    await page.goto('/checkout');
    await fillCheckout(page, uniqueEmail('closed'));
    const { tab, orderId } = await placeAndOpenTab(page, context);
    const paymentUrl = tab.url();
    const created = await api.get<Order>(`/api/orders/${orderId}`);
    await tab.close();

    await expect(page.getByRole('status').filter({ hasText: STALLED })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
    const heldUntil = nairobiTime(created.holdUntil ?? '');
    await expect(
      page.getByText(
        `Your items are held for you until ${heldUntil}. If the payment has not arrived by then, the order lapses, the items go back on sale and your cart keeps them for another try.`,
      ),
    ).toBeVisible();
    return { orderId, paymentUrl };
  }

  /** Pays on the sandbox page at `url`, in a page of its own. */
  async function payAt(context: BrowserContext, url: string) {
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(tab.getByTestId('sandbox-status')).toHaveText('Paid');
    return tab;
  }

  test('keep waiting: the checkout goes on waiting and completes when the payment arrives', async ({
    page,
    context,
    api,
  }) => {
    const { orderId, paymentUrl } = await closeTabUnpaid(page, context, api, 6);
    await page.getByRole('button', { name: 'Keep waiting' }).click();
    await expect(page.getByRole('button', { name: 'Keep waiting' })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
      'href',
      paymentUrl,
    );

    await payAt(context, paymentUrl);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page).toHaveURL(`/orders/${orderId}`);
    expect(await savedCart(page)).toEqual([]);
  });

  test('pay again: the same payment’s page opens in a new tab, and paying there completes', async ({
    page,
    context,
    api,
  }) => {
    const { orderId, paymentUrl } = await closeTabUnpaid(page, context, api, 7);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Pay again' }).click();
    const tab = await opened;
    // One payment per order: the page shown again is the first payment's, not a second one.
    await tab.waitForURL(paymentUrl);
    await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
    await tab.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page).toHaveURL(`/orders/${orderId}`);
    expect((await api.get<Order>(`/api/orders/${orderId}`)).status).toBe('confirmed');
  });

  test('see the order: its page waits for the payment and shows it confirmed once paid', async ({
    page,
    context,
    api,
  }) => {
    // The order page asks again every few seconds: on a loaded host that outlasts 30 s.
    test.slow();
    const { orderId, paymentUrl } = await closeTabUnpaid(page, context, api, 8);
    await page.getByRole('link', { name: 'See the order' }).click();
    await expect(page).toHaveURL(`/orders/${orderId}`);
    await expect(page.getByText('Awaiting payment', { exact: true })).toBeVisible();
    await expect(page.getByText(/Your items are held for you until/)).toBeVisible();

    await payAt(context, paymentUrl);
    // The order's page asks again every few seconds while the payment is awaited.
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByText('Your payment has arrived and your order is confirmed.'),
    ).toBeVisible();
    // The order went through: its line left the cart.
    await expect.poll(() => savedCart(page)).toEqual([]);
  });

  test('an order paid meanwhile, unheard by the checkout, is shown paid on pay again: no second payment', async ({
    page,
    context,
    api,
  }) => {
    // The checkout hears nothing of the payment: no live channel and no status call.
    await page.routeWebSocket('**/socket.io/**', (ws) => ws.close());
    await page.route('**/socket.io/**', (route) => route.abort());
    await page.route('**/api/payments/status/**', (route) => route.abort());
    const product = await shopProduct(api, true, 9);
    await addToCart(page, product);
    await page.goto('/checkout');
    await fillCheckout(page, uniqueEmail('paidmeanwhile'));
    const { tab, orderId } = await placeAndOpenTab(page, context);
    await tab.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(tab.getByTestId('sandbox-status')).toHaveText('Paid');
    await tab.close();
    await expect(page.getByRole('status').filter({ hasText: STALLED })).toBeVisible();

    const processed = page.waitForResponse((r) => r.url().endsWith('/api/payments/process'));
    await page.getByRole('button', { name: 'Pay again' }).click();
    const answer = await processed;
    expect(answer.status()).toBe(409);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('already_paid');

    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page).toHaveURL(`/orders/${orderId}`);
    await expect(page.getByText('Payment successful!')).toBeVisible();
    // The tab reserved by the click was closed again: no provider page is left open.
    await expect.poll(() => context.pages().filter((p) => !p.isClosed()).length).toBe(1);
    expect(await savedCart(page)).toEqual([]);
  });
});

test.describe('an order paid in the provider’s tab after the shop’s tab is gone', () => {
  /** A line of another product, put in the cart as another tab would, after the order was made. */
  async function addOtherLine(page: Page, api: SokoApi) {
    const other = await shopProduct(api, false, 10);
    const { variant } = firstLine(other);
    const line = {
      productId: other._id,
      name: 'Other',
      price: 100,
      image: '/placeholder-product.svg',
      selectedVariant: null,
      variantId: variant?._id ?? null,
      quantity: 1,
    };
    await page.evaluate(
      `localStorage.setItem('cart', JSON.stringify([...JSON.parse(localStorage.getItem('cart') ?? '[]'), ${JSON.stringify(line)}]))`,
    );
    return other._id;
  }

  async function placeThenLeave(page: Page, context: BrowserContext, api: SokoApi, index: number) {
    const product = await shopProduct(api, true, index);
    await addToCart(page, product);
    await page.goto('/checkout');
    await fillCheckout(page, uniqueEmail('gone'));
    const { tab, orderId } = await placeAndOpenTab(page, context);
    const otherId = await addOtherLine(page, api);
    await page.close();
    await tab.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(tab.getByTestId('sandbox-status')).toHaveText('Paid');
    return { tab, orderId, productId: product._id, otherId };
  }

  test('back on the order page, that order’s lines have left the cart; others stay', async ({
    page,
    context,
    api,
  }) => {
    const { tab, orderId, productId, otherId } = await placeThenLeave(page, context, api, 11);
    await tab.getByRole('link', { name: 'Return to the shop' }).click();
    await expect(tab).toHaveURL(`/orders/${orderId}`);
    await expect(tab.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await savedCart(tab))?.map((line) => line.productId))
      .toEqual([otherId]);
    expect(productId).not.toBe(otherId);
  });

  test('opening the cart later settles it too', async ({ page, context, api }) => {
    const { tab, otherId } = await placeThenLeave(page, context, api, 12);
    const later = await context.newPage();
    await tab.close();
    await later.goto('/cart');
    await expect(later.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
    await expect
      .poll(async () => (await savedCart(later))?.map((line) => line.productId))
      .toEqual([otherId]);
    await expect(
      later.getByRole('dialog', { name: 'Your Cart' }).getByRole('listitem'),
    ).toHaveCount(1);
  });
});
