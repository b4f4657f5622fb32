import type { AuthResponse, Shop } from '@soko/contract';
import { expect, test, type SokoApi } from './fixtures';
import { seedToken } from './shopping';

// Decision 050: owner and admin screens stay English whatever the shopper's language. An owner
// who reads the shop in Kiswahili (the `lang` cookie) opens their shop's balance: the whole page,
// header included, is English and says so (`<html lang="en">`), with no language switch; back on
// a shopper page, through the header, the shop is in Kiswahili again. The same for an admin.

const signIn = (api: SokoApi, email: string) =>
  api.post<AuthResponse>('/api/user/signin', { email, password: 'soko-demo-pass' });

test('an owner who shops in Kiswahili manages the shop in English', async ({
  page,
  api,
  baseURL,
}) => {
  const owner = await signIn(api, 'owner@soko.test');
  const [shop] = await api.get<Shop[]>('/api/property/shop/getall', { token: owner.token });
  if (!shop) throw new Error('owner@ has no shop');
  await seedToken(page, owner.token);
  await page.context().addCookies([{ name: 'lang', value: 'sw', url: baseURL ?? '' }]);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('link', { name: 'Bidhaa zote' })).toBeVisible();

  await page.goto(`/shops/${shop._id}/balance`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Balance: ${shop.name}` }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Owed to the shop')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to shops' })).toBeVisible();
  // The header is the page's too: English, and no switch on a page with one language.
  await expect(page.getByRole('link', { name: 'Shop all' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bidhaa zote' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^(English|Kiswahili)$/ })).toHaveCount(0);

  // A shopper page reached in the app is in the shopper's language again.
  await page.getByRole('link', { name: 'Shop all' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bidhaa Zote' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
});

test('an admin who shops in Kiswahili runs the refunds in English', async ({
  page,
  api,
  baseURL,
}) => {
  const admin = await signIn(api, 'admin@soko.test');
  await seedToken(page, admin.token);
  await page.context().addCookies([{ name: 'lang', value: 'sw', url: baseURL ?? '' }]);

  await page.goto('/admin/refunds');
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop all' })).toBeVisible();
});
