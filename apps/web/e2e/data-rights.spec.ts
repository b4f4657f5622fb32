import { readFileSync } from 'node:fs';
import {
  SHIPPING_OPTIONS,
  discountedPriceCents,
  fromCents,
  toCents,
  type AuthResponse,
  type CreateOrderResponse,
  type Order,
} from '@soko/contract';
import { expect, test } from './fixtures';
import { field, firstLine, seedToken, shopProduct, uniqueEmail } from './shopping';

// The shopper's rights over their data (issue 34, decision 048), on a phone as a new user would:
// signing up (the form links the privacy notice), ordering, downloading everything the shop holds
// about them from the account page, and reading the privacy notice from the footer. Unsubscribing
// by a newsletter's link is unsubscribe.spec.ts.

test('a new shopper signs up, orders, downloads their data and reads the privacy notice', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('rights');

  await test.step('signs up, with the privacy notice a tap away', async () => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await field(page, 'First Name').fill('Akinyi');
    await field(page, 'Last Name').fill('Otieno');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('a-long-password');
    await main.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).not.toHaveURL(/\/signup$/);
  });

  const token = await page.evaluate<string>("localStorage.getItem('token') ?? ''");
  expect(token).not.toBe('');

  const order = await test.step('orders (paid on delivery)', async () => {
    const product = await shopProduct(api, false, 0);
    const { variant } = firstLine(product);
    const price = fromCents(discountedPriceCents(toCents(product.price), product.discounts));
    const created = await api.post<CreateOrderResponse>(
      '/api/order/create',
      {
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
      },
      { token },
    );
    return api.post<Order>(
      '/api/order/checkout',
      {
        firstName: 'Akinyi',
        middleName: '',
        lastName: 'Otieno',
        country: 'Kenya',
        county: 'Nairobi',
        city: 'Nairobi',
        address: 'Moi Avenue 3',
        postalcode: '00100',
        phoneNumber: '0722 000 111',
        email,
        orderId: created._id,
        totalPrice: created.totalPrice,
        shipping: 'standard',
        discount: 0,
      },
      { token },
    );
  });

  await test.step('downloads their data from the account page: the file holds the order', async () => {
    await page.goto('/profile');
    const yourData = page.getByRole('region', { name: 'Your data' });
    const downloading = page.waitForEvent('download');
    await yourData.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^soko-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      profile: { email: string };
      orders: { _id: string; orderId: string; items: unknown[] }[];
    };
    expect(data.profile.email).toBe(email);
    expect(data.orders.map((o) => o.orderId)).toEqual([order.orderId]);
    expect(data.orders[0]?.items).toHaveLength(1);
    await expect(yourData.getByRole('link', { name: 'Privacy notice' })).toBeVisible();
  });

  await test.step('opens the privacy notice from the footer', async () => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
    await expect(main).toContainText('is responsible for the personal data this shop holds');
  });
});

test('an admin adds to the privacy notice, and sees a shopper’s export in the data requests', async ({
  page,
  api,
}, testInfo) => {
  const admin = await api.post<AuthResponse>('/api/user/signin', {
    email: 'admin@soko.test',
    password: 'soko-demo-pass',
  });
  // A shopper downloads their data: the log's newest line is that export.
  const shopper = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: uniqueEmail('rights-log'),
    password: 'a-long-password',
  });
  await api.get(`/api/user/me/export`, { token: shopper.token });
  await seedToken(page, admin.token);

  // Other journeys read the notice meanwhile, and this one runs on two projects at once: the
  // admin adds a paragraph and keeps the rest, again if the other project's save came between.
  const added = `Receipts are kept for five years, as the tax law asks (${testInfo.project.name}).`;
  await test.step('edits the notice, and the shop’s privacy page shows it', async () => {
    await expect(async () => {
      await page.goto('/admin/privacy');
      const notice = page.getByRole('textbox', { name: /^Notice for / });
      await expect(notice).toHaveValue(/is responsible for the personal data this shop holds/);
      const before = await notice.inputValue();
      await notice.fill(`${before.trimEnd()}\n\n${added}`);
      await page.getByRole('button', { name: 'Save notice' }).click();
      await expect(page.getByText('The privacy notice is saved.')).toBeVisible();
      await page.goto('/privacy');
      await expect(page.getByRole('main')).toContainText(added, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('main')).toContainText(
      'is responsible for the personal data this shop holds',
    );
  });

  await test.step('reads the log of data requests, without the shopper’s address', async () => {
    await page.goto('/admin/data-requests');
    // Newest first: the export just made is on the first page, whatever else came since.
    await expect(page.getByRole('row').filter({ hasText: 'Export' }).first()).toBeVisible();
    await expect(page.getByRole('table')).not.toContainText('rights-log');
  });
});
