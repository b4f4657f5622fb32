import type { AuthResponse, Order } from '@soko/contract';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
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

// The reminder of an unpaid order (decision 043): its link, `/orders/{id}?recover=1`, opened
// later in a browser with an empty cart, puts the order's lines back and opens the checkout; the
// order placed there says which order it was recovered from. (The reminder's timing, its opt-out
// and the dashboard's count are the server's HTTP tests: order-recovery.test.ts.)

const SANDBOX_TITLE = 'Soko Sandbox — test payment, no money moves';

/** Fills the checkout as an anonymous shopper, places the order and answers the sandbox tab. */
async function placeAndOpenTab(page: Page, context: BrowserContext, email: string) {
  await field(page, 'Email').fill(email);
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/order/create') && r.status() === 201,
  );
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const tab = await opened;
  const response = await created;
  const { _id } = (await response.json()) as { _id: string };
  await tab.waitForURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
  await expect(tab.getByRole('heading', { level: 1, name: SANDBOX_TITLE })).toBeVisible();
  return { tab, orderId: _id, asked: response.request().postDataJSON() as Record<string, unknown> };
}

test('the reminder’s link puts an unpaid order’s lines back in the cart, and the order placed from it is marked recovered', async ({
  page,
  context,
  api,
  browser,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail('recovery');
  const product = await shopProduct(api, true, 15);
  const { title } = firstLine(product);
  await addToCart(page, product);
  await page.goto('/checkout');
  const first = await placeAndOpenTab(page, context, email);
  expect(first.asked).not.toHaveProperty('recoveredFrom');
  await first.tab.getByRole('button', { name: 'Fail' }).click();
  await expect(first.tab.getByTestId('sandbox-status')).toHaveText('Failed');
  expect((await api.get<Order>(`/api/orders/${first.orderId}`)).status).toBe('payment_failed');

  // Read later, in a browser of its own: nothing in its cart.
  const later = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const mailApp = await later.newPage();
    const errors: Error[] = [];
    mailApp.on('pageerror', (error) => errors.push(error));
    await mailApp.goto(`/orders/${first.orderId}?recover=1`);
    await expect(mailApp).toHaveURL('/checkout');
    await expect(mailApp.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const summary = mailApp.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText(title, { exact: true })).toBeVisible();
    expect(await savedCart(mailApp)).toEqual([
      expect.objectContaining({ productId: product._id, quantity: 1 }),
    ]);

    const again = await placeAndOpenTab(mailApp, later, email);
    expect(again.asked.recoveredFrom).toBe(first.orderId);
    await again.tab.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(again.tab.getByTestId('sandbox-status')).toHaveText('Paid');
    await expect(mailApp.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    // One order counts as recovered: the browser forgot where the cart came from.
    expect(await mailApp.evaluate("localStorage.getItem('recovered-from')")).toBeNull();
    expect(errors, 'uncaught errors in the page').toEqual([]);
  } finally {
    await later.close();
  }
});

test('a shopper turns reminders about unpaid orders off on the account page, and it stays off', async ({
  page,
  api,
}) => {
  const account = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: uniqueEmail('reminders'),
    password: 'a-long-password',
  });
  await seedToken(page, account.token);
  await page.goto('/profile');
  const reminders = page.getByRole('switch', {
    name: 'Reminders about unpaid orders',
    exact: true,
  });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(page.getByText('Reminders about unpaid orders are off.')).toBeVisible();
  await page.reload();
  await expect(reminders).not.toBeChecked();
  expect(await api.get('/api/user/reminders', { token: account.token })).toEqual({
    unpaidOrders: false,
  });
});
