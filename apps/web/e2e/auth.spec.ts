import type { AuthResponse, User } from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { seedToken, uniqueEmail } from './shopping';

// Accounts: signup, login, the session across reloads, the account page and the admin guard.
// Sign-ins are rate limited (10 a minute per client, 5 per email), so journeys that do not
// test the login form sign in through the API, and fresh customers come from signups.

const DEMO_PASSWORD = 'soko-demo-pass';

async function signUpCustomer(api: SokoApi): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Akinyi',
    lastName: 'Otieno',
    email: uniqueEmail('customer'),
    password: 'a-long-password',
  });
}

/** A local storage item of the page's origin (the e2e tsconfig has no DOM types). */
async function storedItem(page: Page, key: string): Promise<string | null> {
  const { origins } = await page.context().storageState();
  const item = origins.flatMap((origin) => origin.localStorage).find((i) => i.name === key);
  return item?.value ?? null;
}

/** The status a sign-in answers (the harness raises the sign-in limits; they are tested over HTTP). */
async function signinStatus(api: SokoApi, email: string, password: string): Promise<number> {
  const response = await api.raw.post('/api/user/signin', { data: { email, password } });
  return response.status();
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

test('signup signs the new shopper in and lands on the home page', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByLabel('First Name', { exact: true })).toBeFocused();
  await page.getByLabel('First Name', { exact: true }).fill('Wanjiku');
  await page.getByLabel('Last Name', { exact: true }).fill('Kamau');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('signup'));
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedItem(page, 'token')).toBeNull();
  expect(await storedItem(page, 'persist:root')).toBeNull();
});

test('signup with a taken email shows the failure alert', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First Name', { exact: true }).fill('Wanjiku');
  await page.getByLabel('Last Name', { exact: true }).fill('Kamau');
  await page.getByLabel('Email', { exact: true }).fill('shopper@soko.test');
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toContainText('Signup failed. Please try again.');
  await expect(page).toHaveURL('/signup');
});

test('an admin who logs in goes to the admin dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await page.getByLabel('Email', { exact: true }).fill('admin@soko.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL('/createlisting');
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  const admin = page.getByRole('navigation', { name: 'Admin' });
  const links = [
    ['Add Product', '/createlisting'],
    ['Add Blog', '/addblog'],
    ['View Products', '/managelisting'],
    ['View Orders', '/manageorders'],
  ] as const;
  for (const [name, href] of links) {
    await expect(admin.getByRole('link', { name })).toHaveAttribute('href', href);
  }
});

test('a shopper who logs in goes home, and a reload keeps the session', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('shopper@soko.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible();

  const saved = await storedItem(page, 'persist:root');
  expect(JSON.parse(saved ?? '{}')).toMatchObject({
    version: 1,
    currentUser: { email: 'shopper@soko.test' },
  });

  await page.reload();
  await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);

  // A stored token sends the login screen to the account page.
  await page.goto('/login');
  await expect(page).toHaveURL('/profile');
});

test('a shop owner who logs in goes home, where the header offers the account', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('owner@soko.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('owner', { exact: true })).toBeVisible();
});

test('a wrong password shows the spec alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid email or password: Invalid email or password.',
  );
  await expect(page).toHaveURL('/login');
});

test('an expired token is removed at start and the header says Login', async ({ page }) => {
  const past = Math.floor(Date.now() / 1000) - 3600;
  const token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
    exp: past,
    user: { _id: '00000000-0000-4000-8000-000000000000', role: 'customer' },
  })}.signature`;
  await seedToken(page, token);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  // The server paints Login before the app starts (it never sees the token): the token goes
  // when the app has started and read it.
  await expect.poll(() => storedItem(page, 'token')).toBeNull();
});

test('a token the server refuses (401) is cleared and the header says Login', async ({ page }) => {
  const future = Math.floor(Date.now() / 1000) + 3600;
  const token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
    exp: future,
    user: { _id: '00000000-0000-4000-8000-000000000000', role: 'customer' },
  })}.not-a-valid-signature`;
  await seedToken(page, token);
  const profileCall = page.waitForResponse((response) =>
    response.url().endsWith('/api/user/profile'),
  );
  await page.goto('/');
  expect((await profileCall).status()).toBe(401);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => storedItem(page, 'token')).toBeNull();
});

test('the account page without a token goes to login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
});

test('the account page shows the shopper’s orders', async ({ page, api }) => {
  const { token } = await api.post<AuthResponse>('/api/user/signin', {
    email: 'shopper@soko.test',
    password: DEMO_PASSWORD,
  });
  const profile = await api.get<User>('/api/user/profile', { token });
  await seedToken(page, token);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText('shopper@soko.test')).toBeVisible();
  const orders = page.getByRole('region', { name: 'My Orders' });
  expect(profile.orders.length).toBeGreaterThan(0);
  for (const order of profile.orders) {
    await expect(orders.getByText(order.productName).first()).toBeVisible();
  }
});

// A fresh account each run: the phone and desktop projects run at once and must not edit the
// same person's address.
test('a saved address survives a reload', async ({ page, api }) => {
  const { token } = await signUpCustomer(api);
  await seedToken(page, token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();

  const street = `${Date.now() % 100000} Moi Avenue`;
  await page.getByRole('button', { name: 'Edit Address' }).click();
  const form = page.getByRole('form', { name: 'Edit Address' });
  await expect(form.getByLabel('Street', { exact: true })).toBeFocused();
  await form.getByLabel('Street', { exact: true }).fill(street);
  await form.getByLabel('City', { exact: true }).fill('Nairobi');
  await form.getByLabel('State', { exact: true }).fill('Nairobi County');
  await form.getByLabel('Zip', { exact: true }).fill('00100');
  await form.getByRole('button', { name: 'Save Address' }).click();

  const address = page.getByRole('region', { name: 'Address' });
  await expect(address.getByText(street)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Address' })).toBeFocused();

  await page.reload();
  await expect(address.getByText(street)).toBeVisible();
  await expect(address.getByText('Nairobi County')).toBeVisible();
});

test('a new customer has fallbacks and no orders', async ({ page, api }) => {
  const { token } = await signUpCustomer(api);
  await seedToken(page, token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText('No orders available')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Address' }).getByText('Not available'),
  ).toHaveCount(4);
});

test('a non-admin visiting /createlisting is sent home with a notice', async ({ page, api }) => {
  const { token } = await signUpCustomer(api);
  await seedToken(page, token);
  await page.goto('/createlisting');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('alert')).toHaveText('You do not have access to that page.');
});

test('signed out, /createlisting goes to login', async ({ page }) => {
  await page.goto('/createlisting');
  await expect(page).toHaveURL('/login');
});

test('a customer edits their names and the account page keeps them after a reload', async ({
  page,
  api,
}) => {
  const { token } = await signUpCustomer(api);
  await seedToken(page, token);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit Profile' });
  await expect(form.getByLabel('First Name', { exact: true })).toBeFocused();
  await form.getByLabel('First Name', { exact: true }).fill('Njeri');
  await form.getByLabel('Last Name', { exact: true }).fill('Mwangi');
  await form.getByRole('button', { name: 'Save Profile' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Profile updated.' })).toBeVisible();
  const info = page.getByRole('region', { name: 'Profile information' });
  await expect(info.getByText('Njeri Mwangi')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(info.getByText('Njeri Mwangi')).toBeVisible();
});

test('a changed password signs in and the old one no longer does', async ({ page, api }) => {
  const { token, user } = await signUpCustomer(api);
  await seedToken(page, token);
  await page.goto('/profile');

  const form = page.getByRole('form', { name: 'Change Password' });
  // A wrong current password shows the server's message.
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('a-newer-password');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('That is not your current password.');

  await form.getByLabel('Current password', { exact: true }).fill('a-long-password');
  await form.getByLabel('New password', { exact: true }).fill('a-newer-password');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed.' })).toBeVisible();

  // The app keeps the new token: the old one is revoked, and a reload stays signed in.
  await expect.poll(() => storedItem(page, 'token')).not.toBe(token);
  const revoked = await api.raw.get('/api/user/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  expect(await signinStatus(api, user.email, 'a-long-password')).toBe(401);
  expect(await signinStatus(api, user.email, 'a-newer-password')).toBe(200);
});

test('deleting the account asks in a dialog, signs out and says so', async ({ page, api }) => {
  const { token, user } = await signUpCustomer(api);
  await seedToken(page, token);
  await page.goto('/profile');

  const opener = page.getByRole('button', { name: 'Delete Account' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  // Escape closes it and nothing is deleted.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByLabel('Password', { exact: true }).fill('a-long-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('alert')).toHaveText('Your account has been deleted.');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedItem(page, 'token')).toBeNull();

  expect(await signinStatus(api, user.email, 'a-long-password')).toBe(401);
});

test('a wrong password in the delete dialog shows the error and keeps the account', async ({
  page,
  api,
}) => {
  const { token, user } = await signUpCustomer(api);
  await seedToken(page, token);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not your current password.');
  await expect(page).toHaveURL('/profile');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const profile = await api.get<User>('/api/user/profile', { token });
  expect(profile.email).toBe(user.email);
});
