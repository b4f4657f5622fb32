import {
  discountedPriceCents,
  fromCents,
  SHIPPING_OPTIONS,
  toCents,
  type AuthResponse,
  type CreateOrderResponse,
  type Order,
  type ProcessPaymentResponse,
  type Product,
  type Shop,
} from '@soko/contract';
import type { Browser, Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { firstLine, seedToken, shopProduct } from './shopping';

// Orders to the door: each shop ships its own part of a two-shop order from its Orders screen
// while the shopper's order page follows, the other shop cancels its part, and an admin cancels
// a paid order and refunds it through the sandbox provider.

const signIn = (api: SokoApi, email: string) =>
  api.post<AuthResponse>('/api/user/signin', { email, password: 'soko-demo-pass' });

/** One unit of each product, paid in the sandbox (any online shop makes the order pay online). */
async function paidOrder(api: SokoApi, products: Product[]): Promise<Order> {
  const items = products.map((product) => ({
    name: product.name,
    productId: product._id,
    quantity: 1,
    price: fromCents(discountedPriceCents(toCents(product.price), product.discounts)),
    selectedVariant: firstLine(product).variant?._id ?? null,
  }));
  const subtotalCents = items.reduce((sum, item) => sum + toCents(item.price), 0);
  const order = await api.post<CreateOrderResponse>('/api/order/create', {
    items,
    totalPrice: fromCents(subtotalCents + toCents(SHIPPING_OPTIONS.standard.amountKsh)),
    shipping: 'standard',
    discount: 0,
  });
  const { trackingId } = await api.post<ProcessPaymentResponse>('/api/payments/process', {
    orderId: order._id,
    formData: {
      firstName: 'Njeri',
      middleName: 'Wairimu',
      lastName: 'Mwangi',
      country: 'Kenya',
      county: 'Nairobi',
      city: 'Nairobi',
      address: 'Moi Avenue 12',
      postalcode: '00100',
      phoneNumber: '0712 345 678',
      email: 'njeri@example.com',
    },
  });
  await api.post(`/api/payments/sandbox/${trackingId}/pay`, {});
  return api.get<Order>(`/api/orders/${order._id}`);
}

async function pageAs(browser: Browser, baseURL: string | undefined, page: Page, token: string) {
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const other = await context.newPage();
  await seedToken(other, token);
  return other;
}

test('two shops send their parts of one order while the shopper’s page follows', async ({
  page,
  browser,
  api,
}) => {
  test.slow();
  const index = test.info().project.name === 'phone' ? 7 : 8;
  const [online, onDelivery] = await Promise.all([
    shopProduct(api, true, index),
    shopProduct(api, false, index),
  ]);
  const order = await paidOrder(api, [online, onDelivery]);
  expect(order.status).toBe('confirmed');
  const [owner, owner2] = await Promise.all([
    signIn(api, 'owner@soko.test'),
    signIn(api, 'owner2@soko.test'),
  ]);
  const [shopA] = await api.get<Shop[]>('/api/property/shop/getall', { token: owner.token });
  const [shopB] = await api.get<Shop[]>('/api/property/shop/getall', { token: owner2.token });
  if (!shopA || !shopB) throw new Error('the demo owners have no shops');
  const tracking = `G4S ${Date.now().toString(36)}`;

  // The shopper watches the order (an anonymous order: its id is the key).
  await page.goto(`/orders/${order._id}`);
  const shipments = page.getByRole('region', { name: 'Shipments' });
  await expect(shipments).toContainText(`${shopA.name}: Being prepared`);
  await expect(shipments).toContainText(`${shopB.name}: Being prepared`);

  const baseURL = test.info().project.use.baseURL;
  const ownerPage = await pageAs(browser, baseURL, page, owner.token);
  try {
    await ownerPage.goto('/shops');
    await ownerPage.getByRole('link', { name: `Orders of ${shopA.name}` }).click();
    await expect(ownerPage).toHaveURL(new RegExp(`/shops/${shopA._id}/orders$`));
    const card = ownerPage.getByRole('article', { name: `Order ${order.orderId}` });
    await expect(card).toContainText('To send');
    await expect(card).toContainText('Njeri Mwangi');
    await expect(card).toContainText('Paid online');
    await expect(card).toContainText(online.name);
    await expect(card).not.toContainText(onDelivery.name);
    await card.getByRole('button', { name: 'Mark shipped' }).click();
    await card.getByLabel('Tracking note (optional)').fill(tracking);
    await card.getByRole('button', { name: 'Confirm shipped' }).click();
    await expect(
      ownerPage.getByRole('status').filter({ hasText: `Order ${order.orderId} marked shipped.` }),
    ).toBeVisible();

    // The shopper's page follows without a reload.
    await expect(shipments).toContainText(`${shopA.name}: On its way`, { timeout: 20_000 });
    await expect(shipments).toContainText(`Tracking: ${tracking}`);

    await card.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(card).toContainText('Delivered');
    await expect(shipments).toContainText(`${shopA.name}: Delivered`, { timeout: 20_000 });
  } finally {
    await ownerPage.context().close();
  }

  const owner2Page = await pageAs(browser, baseURL, page, owner2.token);
  try {
    await owner2Page.goto(`/shops/${shopB._id}/orders`);
    const card = owner2Page.getByRole('article', { name: `Order ${order.orderId}` });
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByLabel('Reason (optional)').fill('the last one was damaged');
    await card.getByRole('button', { name: 'Cancel this order' }).click();
    await expect(card).toContainText('Cancelled');
    await expect(card).toContainText('owed back to the shopper');
  } finally {
    await owner2Page.context().close();
  }
  // One part delivered, the other cancelled: the order is delivered, and a refund is owed.
  await expect(shipments).toContainText(`${shopB.name}: Cancelled`, { timeout: 20_000 });
  await expect(page.getByText('Part of this order was cancelled after it was paid.')).toBeVisible();
  await expect(page.getByText('Your order has been delivered.')).toBeVisible();
});

test('an admin cancels a paid order and refunds it through the sandbox', async ({ page, api }) => {
  test.slow();
  const index = test.info().project.name === 'phone' ? 9 : 10;
  const product = await shopProduct(api, true, index);
  const order = await paidOrder(api, [product]);
  const admin = await signIn(api, 'admin@soko.test');
  const [shop] = order.parts;
  if (!shop?.shopId) throw new Error('the order has no part');
  await seedToken(page, admin.token);

  // An admin acts on any shop's orders.
  await page.goto(`/shops/${shop.shopId}/orders`);
  const card = page.getByRole('article', { name: `Order ${order.orderId}` });
  await card.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: 'Cancel this order' }).click();
  await expect(card).toContainText('Cancelled');

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Marketplace' })
    .getByRole('link', { name: 'Refunds' })
    .click();
  const owed = page.getByRole('article', { name: `Refund for order ${order.orderId}` });
  await expect(owed).toContainText('Cancelled after payment');
  await owed.getByRole('button', { name: 'Refund through the provider' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${order.orderId} refunded` }),
  ).toBeVisible();
  await expect(owed).toHaveCount(0);

  const refunded = await api.get<Order>(`/api/orders/${order._id}`);
  expect(refunded.status).toBe('refunded');
  await page.goto(`/orders/${order._id}`);
  await expect(
    page.getByText('This order was cancelled and your payment has been refunded.'),
  ).toBeVisible();
});

test('an admin reads an order’s history and cancels it before anything is sent', async ({
  page,
  api,
}) => {
  test.slow();
  const index = test.info().project.name === 'phone' ? 11 : 12;
  const product = await shopProduct(api, true, index);
  const order = await paidOrder(api, [product]);
  const admin = await signIn(api, 'admin@soko.test');
  await seedToken(page, admin.token);

  await page.goto('/manageorders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderId);
  // The search applies after a pause; a filter change closes any open panel.
  await expect(page).toHaveURL(new RegExp(`q=${order.orderId}`));
  const row = page.getByRole('row').filter({ hasText: order.orderId });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `View History of order ${order.orderId}` }).click();
  const panel = page.getByRole('region', { name: 'Order history' });
  await expect(panel).toContainText('State: Confirmed');
  await expect(panel).toContainText('Awaiting payment → Paid by payment');
  await expect(panel).toContainText('Paid → Confirmed by payment');

  await panel.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('alertdialog', { name: `Cancel order ${order.orderId}?` })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${order.orderId} cancelled.` }),
  ).toBeVisible();
  await expect(panel).toContainText('State: Cancelled');
  await expect(panel).toContainText('Confirmed → Cancelled by');
  await expect(panel).toContainText('refund owed');
  const cancelled = await api.get<Order>(`/api/orders/${order._id}`);
  expect(cancelled).toMatchObject({ status: 'cancelled', refundReason: 'cancelled_after_payment' });
});
