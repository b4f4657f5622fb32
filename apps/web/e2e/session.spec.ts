import type { AuthResponse } from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addToCart, seedToken, shopProduct } from './shopping';

// Auth at start (spec section 4): when the profile cannot be fetched for a reason other than a
// refused token, the shopper is not taken as signed in (the saved user restored before render
// goes), the token stays, and the account page offers to try again.

const PROFILE = '**/api/user/profile';

/** A local storage item of the page's origin (the e2e tsconfig has no DOM types). */
function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
}

test('a profile call that fails (500) leaves the shopper unset, keeps the token, and Try again loads the account', async ({
  page,
  api,
}) => {
  const { token, user } = await api.post<AuthResponse>('/api/user/signin', {
    email: 'shopper@soko.test',
    password: 'soko-demo-pass',
  });
  await seedToken(page, token);
  // The user saved by an earlier visit, restored before the first render.
  const persisted = JSON.stringify(JSON.stringify({ currentUser: user, version: 1 }));
  await page.addInitScript(
    `if (!localStorage.getItem('persist:root')) localStorage.setItem('persist:root', ${persisted});`,
  );
  // The real server cannot be made to fail this one call.
  await page.route(PROFILE, (route) =>
    route.fulfill({
      status: 500,
      json: { error: { code: 'internal', message: 'Something went wrong.' } },
    }),
  );

  const product = await shopProduct(api, false, 9);
  await addToCart(page, product);
  await page.goto('/checkout');
  await test.step('the checkout asks for the email, as for a shopper signed out', async () => {
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByText('Logged in as')).toHaveCount(0);
    expect(await storedItem(page, 'token')).toBe(token);
  });

  await test.step('the header still offers the account, which says it could not be loaded', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('alert')).toHaveText(/We could not load your account/);
  });

  await test.step('once the call works again, Try again loads the account', async () => {
    await page.unroute(PROFILE);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByText('shopper@soko.test')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await storedItem(page, 'token')).toBe(token);
  });
});
