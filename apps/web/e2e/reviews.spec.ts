import {
  SHIPPING_OPTIONS,
  discountedPriceCents,
  fromCents,
  productPath,
  toCents,
  type AuthResponse,
  type CreateOrderResponse,
  type Order,
  type Product,
  type Review,
} from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { firstLine, seedToken, shopProduct, uniqueEmail } from './shopping';

// Reviews come from shoppers whose own order holds the product. The data (accounts, orders) is
// made through the API; the review itself is written in the browser, with the keyboard only.

async function signUp(api: SokoApi, firstName: string, lastName: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/user/signup', {
    firstName,
    lastName,
    email: uniqueEmail('reviewer'),
    password: 'a-long-enough-password',
  });
}

/**
 * One unit of a pay-on-delivery product, checked out and delivered: its shop's owner (an admin
 * here) marks the part shipped and delivered, and only then may the shopper review it.
 */
async function buyOnDelivery(api: SokoApi, product: Product, token: string): Promise<void> {
  const { variant } = firstLine(product);
  const price = fromCents(discountedPriceCents(toCents(product.price), product.discounts));
  const totalPrice = fromCents(toCents(price) + toCents(SHIPPING_OPTIONS.standard.amountKsh));
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
      totalPrice,
      shipping: 'standard',
      discount: 0,
    },
    { token },
  );
  const order = await api.post<Order>(
    '/api/order/checkout',
    {
      firstName: 'Wanjiru',
      middleName: 'Njeri',
      lastName: 'Kamau',
      country: 'Kenya',
      county: 'Nairobi',
      city: 'Nairobi',
      address: 'Kenyatta Avenue 12',
      postalcode: '00100',
      phoneNumber: '0712 345 678',
      email: 'reviewer@example.com',
      orderId: created._id,
      totalPrice: created.totalPrice,
      shipping: 'standard',
      discount: 0,
    },
    { token },
  );
  expect(order.status).toBe('confirmed');
  const admin = await api.post<AuthResponse>('/api/user/signin', {
    email: 'admin@soko.test',
    password: 'soko-demo-pass',
  });
  for (const action of ['ship', 'deliver']) {
    await api.post(
      `/api/property/shop/${product.shopId}/orders/${order._id}/${action}`,
      {},
      { token: admin.token },
    );
  }
}

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Reviews' });

/** Opens the product page and waits until it has asked whether this shopper may review. */
async function openProduct(page: Page, product: Product) {
  const asked = page.waitForResponse((r) => r.url().includes(`/api/reviews/${product._id}/mine`));
  await page.goto(productPath(product));
  await expect(reviewsSection(page).getByRole('heading', { name: 'Reviews' })).toBeVisible();
  return asked;
}

test('a shopper who bought a product reviews it with the keyboard and sees it as a verified purchase', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, false, 11);
  const shopper = await signUp(api, 'Wanjiru', 'Kamau');
  await buyOnDelivery(api, product, shopper.token);
  await seedToken(page, shopper.token);
  await openProduct(page, product);

  const form = page.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  // Arrow keys move through the stars as through any radio group.
  await form.getByRole('radio', { name: '1 star', exact: true }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Your review')).toBeFocused();
  const words = `Rich and thick, lasts for weeks. ${Date.now()}`;
  await page.keyboard.type(words);
  await expect(form.getByText(`${words.length} of 1000 characters`)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Submit review' })).toBeFocused();
  await page.keyboard.press('Enter');

  const section = reviewsSection(page);
  await expect(section.getByRole('status')).toHaveText('You have already reviewed this product.');
  await expect(form).toHaveCount(0);
  const listed = section.getByRole('listitem').filter({ hasText: words });
  await expect(listed).toBeVisible();
  await expect(listed.getByText('Verified purchase')).toBeVisible();
  await expect(listed.getByText('Wanjiru K.')).toBeVisible();
  await expect(listed.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(section.getByText(/^5 stars: \d+ reviews?$/)).toBeAttached();
});

test('a signed-in shopper without an order of the product is offered no form', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, false, 11);
  const shopper = await signUp(api, 'Otieno', 'Ochieng');
  await seedToken(page, shopper.token);
  const answer = await openProduct(page, product);
  expect(await answer.json()).toEqual({ canReview: false, review: null });
  await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
});

test('a review’s markup shows as text and runs nothing', async ({ page, api }) => {
  const product = await shopProduct(api, false, 12);
  const shopper = await signUp(api, 'Eve', 'Mallory');
  await buyOnDelivery(api, product, shopper.token);
  const body = `<img src=x onerror=alert(1)> <script>alert(2)</script> ${Date.now()}`;
  await api.post<Review>(
    `/api/reviews/${product._id}`,
    { rating: 1, body },
    { token: shopper.token },
  );

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(productPath(product));
  const section = reviewsSection(page);
  await expect(section.getByText(body, { exact: true })).toBeVisible();
  await expect(section.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('an admin hides a review from the product page, and shoppers no longer see it', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, false, 12);
  const shopper = await signUp(api, 'Baraka', 'Mwangi');
  await buyOnDelivery(api, product, shopper.token);
  const body = `Smells lovely, arrived quickly. ${Date.now()}`;
  await api.post<Review>(
    `/api/reviews/${product._id}`,
    { rating: 5, body },
    { token: shopper.token },
  );

  // A shopper sees no moderation control.
  await seedToken(page, shopper.token);
  await page.goto(productPath(product));
  const mine = reviewsSection(page).getByRole('listitem').filter({ hasText: body });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Hide review/ })).toHaveCount(0);

  const admin = await api.post<AuthResponse>('/api/user/signin', {
    email: 'admin@soko.test',
    password: 'soko-demo-pass',
  });
  // The same tab signs in as the admin: the stored token is what the app reads at start.
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(admin.token)})`);
  await page.reload();
  const listed = reviewsSection(page).getByRole('listitem').filter({ hasText: body });
  await listed.getByRole('button', { name: 'Hide review by Baraka M.' }).click();
  await expect(reviewsSection(page).getByText(body)).toHaveCount(0);
  const shown = await api.get<{ reviews: Review[] }>(`/api/reviews/${product._id}`);
  expect(shown.reviews.map((review) => review.body)).not.toContain(body);
});
