import { formatKsh, type Order } from '@soko/contract';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailHeader, mailTo } from './mailbox';
import {
  addToCart,
  field,
  fillDelivery,
  firstLine,
  savedCart,
  shopProduct,
  uniqueEmail,
} from './shopping';

// The mail an order's events send its shopper (issue 30; the words are in the server's
// modules/messages/order-messages.ts), read from the run's loopback SMTP server: the
// confirmation of an order paid on the sandbox page, with the link to the order's page; and the
// mail of a payment that failed, whose link leads to Pay again.
// Products come from the pay-on-order shop, each journey its own (payment.spec.ts uses 0 to 12).

const SANDBOX_TITLE = 'Soko Sandbox — test payment, no money moves';

/** Fills the checkout as an anonymous shopper and picks standard shipping. */
async function fillCheckout(page: Page, email: string) {
  await field(page, 'Email').fill(email);
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
}

/** Clicks Place Order and answers the sandbox payment tab it opened, with the order's id. */
async function placeAndOpenTab(page: Page, context: BrowserContext) {
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/order/create') && r.status() === 201,
  );
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const tab = await opened;
  const { _id } = (await (await created).json()) as { _id: string };
  await tab.waitForURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
  await expect(tab.getByRole('heading', { level: 1, name: SANDBOX_TITLE })).toBeVisible();
  return { tab, orderId: _id };
}

/** The one link in `mail` that follows `label`, e.g. "Pay again:". */
function linkAfter(mail: string, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`^${escaped} (http\\S+)$`, 'm').exec(mail)?.[1];
  expect(link, mail).toBeDefined();
  return link ?? '';
}

/** The text lines of a mail's body, line breaks as sent (CRLF) read as plain ones. */
const bodyLines = (mail: string) => mail.replace(/\r\n/g, '\n').split('\n');

/**
 * A page in a browser of its own, shaped as this project's device: the shopper opening the mail
 * later, with nothing of the checkout's tab in its storage.
 */
async function anotherBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, screen, userAgent, deviceScaleFactor, isMobile, hasTouch } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    screen,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}

test('the confirmation of an order paid online arrives by mail, and its link opens the order', async ({
  page,
  context,
  api,
  baseURL,
}) => {
  const email = uniqueEmail('order-mail');
  const product = await shopProduct(api, true, 13);
  const { title } = firstLine(product);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillCheckout(page, email);
  const { tab, orderId } = await placeAndOpenTab(page, context);
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(tab.getByTestId('sandbox-status')).toHaveText('Paid');
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page).toHaveURL(`/orders/${orderId}`);

  const order = await api.get<Order>(`/api/orders/${orderId}`);
  expect(order.status).toBe('confirmed');
  const [line] = order.items;
  expect(order.items).toHaveLength(1);

  const mail = await mailTo(email, 30_000);
  await test.step('the mail names the order, its line, its total, its delivery and payment', () => {
    expect(mailHeader(mail, 'Subject')).toMatch(new RegExp(`^Your \\S.* order ${order.orderId}$`));
    const lines = bodyLines(mail);
    expect(lines).toContain('Hello Wanjiru,');
    expect(lines).toContain(`Thank you for your order ${order.orderId}. This is your copy of it.`);
    expect(lines).toContain(`- 1 x ${title}: ${formatKsh(line?.price ?? NaN)}`);
    expect(lines).toContain(`Delivery: ${formatKsh(order.shipping)}`);
    expect(lines).toContain(`Total: ${formatKsh(order.totalPrice)}`);
    expect(lines).toContain('Delivery: Standard delivery to Kenyatta Avenue 12, Nairobi, Nairobi');
    expect(lines).toContain('Payment: Paid online');
  });

  // A mail's link opens in a tab of its own, as a mail app opens it.
  const link = linkAfter(mail, 'See your order and follow it:');
  expect(link).toBe(`${baseURL}/orders/${orderId}`);
  const opened = await context.newPage();
  const errors: Error[] = [];
  opened.on('pageerror', (error) => errors.push(error));
  await opened.goto(link);
  await expect(
    opened.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }),
  ).toBeVisible();
  const main = opened.getByRole('main');
  await expect(main.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(main.getByText('Paid online', { exact: true })).toBeVisible();
  await expect(main.getByText(formatKsh(order.totalPrice), { exact: true })).toBeVisible();
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

test('a payment that failed is mailed, and its link leads to Pay again with the lines back in the cart', async ({
  page,
  context,
  api,
  baseURL,
  browser,
}, testInfo) => {
  const email = uniqueEmail('pay-failed-mail');
  const product = await shopProduct(api, true, 14);
  const { title } = firstLine(product);
  await addToCart(page, product);
  await page.goto('/checkout');
  await fillCheckout(page, email);
  const { tab, orderId } = await placeAndOpenTab(page, context);
  await tab.getByRole('button', { name: 'Fail' }).click();
  await expect(tab.getByTestId('sandbox-status')).toHaveText('Failed');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' }),
  ).toBeVisible();

  const order = await api.get<Order>(`/api/orders/${orderId}`);
  expect(order.status).toBe('payment_failed');
  const mail = await mailTo(email, 30_000);
  expect(mailHeader(mail, 'Subject')).toBe(
    `Your payment for order ${order.orderId} did not go through`,
  );
  const lines = bodyLines(mail);
  expect(lines).toContain(
    `The payment for your order ${order.orderId} did not go through, so it was not placed.`,
  );
  expect(lines).toContain(`- 1 x ${title}: ${formatKsh(order.items[0]?.price ?? NaN)}`);
  expect(lines).toContain(`Total: ${formatKsh(order.totalPrice)}`);
  const link = linkAfter(mail, 'Pay again:');
  expect(link).toBe(`${baseURL}/orders/${orderId}`);

  // Read later, in a browser whose cart is empty: the lines in the cart are Pay again's doing.
  const later = await anotherBrowser(browser, testInfo);
  try {
    await later.page.goto(link);
    await expect(
      later.page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` }),
    ).toBeVisible();
    const main = later.page.getByRole('main');
    await expect(main.getByText('Online, payment failed')).toBeVisible();
    expect(await savedCart(later.page)).toBeNull();

    await main.getByRole('button', { name: 'Pay again' }).click();
    await expect(later.page).toHaveURL('/checkout');
    await expect(later.page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const summary = later.page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText(title, { exact: true })).toBeVisible();
    await expect(summary.getByText(`${formatKsh(order.items[0]?.price ?? NaN)} x 1`)).toBeVisible();
    expect(await savedCart(later.page)).toEqual([
      expect.objectContaining({ productId: product._id, quantity: 1 }),
    ]);
    expect(later.errors, 'uncaught errors in the page').toEqual([]);
  } finally {
    await later.context.close();
  }
});
