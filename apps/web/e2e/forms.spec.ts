import type { AuthResponse } from '@soko/contract';
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { seedToken, uniqueEmail } from './shopping';

// Every form on one footing (Field, with useZodForm where zod may load): what the shopper typed
// wrong shows under its field, tied to the input for screen readers, and nothing is sent; what the
// real server refuses lands on the same input. To get past the page's own checks, a request is
// changed on its way (page.route) into a body the server's schema refuses, and the journey checks
// that the server really answered 400.

const DEMO_PASSWORD = 'soko-demo-pass';
const PASSWORD = 'a-long-password';

// The contract's messages (packages/contract/src/auth.ts, email-rules.ts), written out: a changed
// text is a change the shopper sees, and should fail here.
const REQUIRED = 'This field is required.';
const INVALID_EMAIL = 'Please enter a valid email address.';
const ENTER_PASSWORD = 'Enter your password.';
const SHORT_PASSWORD = 'Use at least 8 characters.';
const AT_MOST_100 = 'At most 100 characters.';
const AT_MOST_200 = 'At most 200 characters.';

/** The page's requests to `method pathname` from now on. */
function requestsTo(page: Page, method: string, pathname: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) {
      seen.push(request);
    }
  });
  return seen;
}

/**
 * Rewrites the JSON body of the page's `method pathname` calls on their way to the real server,
 * and answers the status of the next one: the server, not the page, must be the one refusing.
 */
async function tamperBody(
  page: Page,
  method: string,
  pathname: string,
  change: (body: Record<string, unknown>) => Record<string, unknown>,
): Promise<() => Promise<number>> {
  await page.route(`**${pathname}`, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify(change(body)) });
  });
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === method && new URL(response.url()).pathname === pathname,
  );
  return async () => (await answer).status();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field shows `message` under it, is marked invalid and names the message as its error. */
async function expectFieldError(input: Locator, message: string): Promise<void> {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleErrorMessage(message);
  await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  const errorId = await input.getAttribute('aria-errormessage');
  expect(errorId).toBeTruthy();
  await expect(input.page().locator(`[id="${errorId}"]`)).toHaveText(message);
}

async function expectFieldValid(input: Locator): Promise<void> {
  await expect(input).not.toHaveAttribute('aria-invalid');
  await expect(input).not.toHaveAttribute('aria-errormessage');
}

/** A fresh customer on the account page (parallel projects must not edit one person). */
async function openAccount(page: Page, api: SokoApi): Promise<AuthResponse> {
  const account = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Akinyi',
    lastName: 'Otieno',
    email: uniqueEmail('forms'),
    password: PASSWORD,
  });
  await seedToken(page, account.token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  return account;
}

const byLabel = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

test.describe('login', () => {
  test('empty and malformed fields show their messages and nothing is sent', async ({ page }) => {
    const sent = requestsTo(page, 'POST', '/api/user/signin');
    await page.goto('/login');
    const email = byLabel(page, 'Email');
    const password = byLabel(page, 'Password');

    await page.getByRole('button', { name: 'Login' }).click();
    await expectFieldError(email, INVALID_EMAIL);
    await expectFieldError(password, ENTER_PASSWORD);
    await expect(email).toBeFocused();

    await email.fill('someone@nodot');
    await password.fill('any-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectFieldError(email, INVALID_EMAIL);
    await expectFieldValid(password);
    expect(sent).toHaveLength(0);

    // The same counter sees the call once the form is right.
    await email.fill('shopper@soko.test');
    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/');
    expect(sent).toHaveLength(1);
  });

  test('a password the server refuses shows its message on the password field', async ({
    page,
  }) => {
    await page.goto('/login');
    const status = await tamperBody(page, 'POST', '/api/user/signin', (body) => ({
      ...body,
      password: 'x'.repeat(201),
    }));
    await byLabel(page, 'Email').fill('shopper@soko.test');
    await byLabel(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();

    expect(await status()).toBe(400);
    await expectFieldError(byLabel(page, 'Password'), AT_MOST_200);
    await expect(byLabel(page, 'Password')).toBeFocused();
    await expectFieldValid(byLabel(page, 'Email'));
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password: Invalid body.');
    await expect(page).toHaveURL('/login');
  });

  test('by keyboard alone: a failed submit focuses the first invalid field', async ({ page }) => {
    await page.goto('/login');
    const email = byLabel(page, 'Email');
    await expect(email).toBeFocused();
    await page.keyboard.type('shopper@soko');
    await page.keyboard.press('Tab');
    await expect(byLabel(page, 'Password')).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');

    await expect(email).toBeFocused();
    await expectFieldError(email, INVALID_EMAIL);
    await page.keyboard.press('End');
    await page.keyboard.type('.test');
    await expectFieldValid(email);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  });
});

test.describe('signup', () => {
  test('empty fields show their messages and the spec alert, and nothing is sent', async ({
    page,
  }) => {
    const sent = requestsTo(page, 'POST', '/api/user/signup');
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page.getByRole('alert')).toHaveText('Signup failed. Please try again.');
    await expectFieldError(byLabel(page, 'First Name'), REQUIRED);
    await expectFieldError(byLabel(page, 'Last Name'), REQUIRED);
    await expectFieldError(byLabel(page, 'Email'), INVALID_EMAIL);
    await expectFieldError(byLabel(page, 'Password'), SHORT_PASSWORD);
    await expect(byLabel(page, 'First Name')).toBeFocused();

    // The accessibility tree: each invalid field is marked so, its message right after it.
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Sign up' }) });
    await expect(form).toMatchAriaSnapshot(`
      - alert: Signup failed. Please try again.
      - textbox "First Name" [invalid]
      - paragraph: ${REQUIRED}
      - textbox "Last Name" [invalid]
      - paragraph: ${REQUIRED}
      - textbox "Email" [invalid]
      - paragraph: ${INVALID_EMAIL}
      - textbox "Password" [invalid]
      - paragraph: ${SHORT_PASSWORD}
      - button "Sign up"
    `);

    // Names filled in, a short password: only the password is still wrong.
    await byLabel(page, 'First Name').fill('Wanjiku');
    await byLabel(page, 'Last Name').fill('Kamau');
    await byLabel(page, 'Email').fill(uniqueEmail('signup-invalid'));
    await byLabel(page, 'Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectFieldError(byLabel(page, 'Password'), SHORT_PASSWORD);
    await expectFieldValid(byLabel(page, 'First Name'));
    await expectFieldValid(byLabel(page, 'Email'));
    await expect(byLabel(page, 'Password')).toBeFocused();
    expect(sent).toHaveLength(0);

    await byLabel(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/');
    expect(sent).toHaveLength(1);
  });

  test('a name the server refuses lands on its field beside the spec alert', async ({ page }) => {
    await page.goto('/signup');
    const status = await tamperBody(page, 'POST', '/api/user/signup', (body) => ({
      ...body,
      firstName: 'N'.repeat(150),
    }));
    await byLabel(page, 'First Name').fill('Wanjiku');
    await byLabel(page, 'Last Name').fill('Kamau');
    await byLabel(page, 'Email').fill(uniqueEmail('signup-server'));
    await byLabel(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();

    expect(await status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('Signup failed. Please try again.');
    await expectFieldError(byLabel(page, 'First Name'), AT_MOST_100);
    await expect(byLabel(page, 'First Name')).toBeFocused();
    await expectFieldValid(byLabel(page, 'Last Name'));
    await expect(page).toHaveURL('/signup');
  });

  test('a taken email adds the server’s advice to the spec alert', async ({ page }) => {
    await page.goto('/signup');
    await byLabel(page, 'First Name').fill('Wanjiku');
    await byLabel(page, 'Last Name').fill('Kamau');
    await byLabel(page, 'Email').fill('shopper@soko.test');
    await byLabel(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Signup failed. Please try again. An account with this email already exists. Please log in.',
    );
  });

  test('by keyboard alone: a failed submit focuses the first invalid field', async ({ page }) => {
    await page.goto('/signup');
    await expect(byLabel(page, 'First Name')).toBeFocused();
    await page.keyboard.type('Wanjiku');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kamau');
    await page.keyboard.press('Tab');
    await page.keyboard.type('wanjiku-at-example.com');
    await page.keyboard.press('Tab');
    await expect(byLabel(page, 'Password')).toBeFocused();
    await page.keyboard.type('short');
    await page.keyboard.press('Enter');

    // Both email and password are wrong: focus goes to the first, the email.
    const email = byLabel(page, 'Email');
    await expect(email).toBeFocused();
    await expectFieldError(email, INVALID_EMAIL);
    await expectFieldError(byLabel(page, 'Password'), SHORT_PASSWORD);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(uniqueEmail('signup-keys'));
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  });
});

test.describe('profile names', () => {
  test('an empty name shows its message and nothing is sent', async ({ page, api }) => {
    await openAccount(page, api);
    const sent = requestsTo(page, 'PUT', '/api/user/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Edit Profile' });
    await byLabel(form, 'First Name').fill('   ');
    await form.getByRole('button', { name: 'Save Profile' }).click();

    await expectFieldError(byLabel(form, 'First Name'), REQUIRED);
    await expect(byLabel(form, 'First Name')).toBeFocused();
    await expectFieldValid(byLabel(form, 'Last Name'));
    expect(sent).toHaveLength(0);

    await byLabel(form, 'First Name').fill('Njeri');
    await expectFieldValid(byLabel(form, 'First Name'));
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated.' })).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test('a name the server refuses lands on its field', async ({ page, api }) => {
    await openAccount(page, api);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Edit Profile' });
    const status = await tamperBody(page, 'PUT', '/api/user/profile', (body) => ({
      ...body,
      lastName: 'M'.repeat(150),
    }));
    await byLabel(form, 'Last Name').fill('Mwangi');
    await form.getByRole('button', { name: 'Save Profile' }).click();

    expect(await status()).toBe(400);
    await expectFieldError(byLabel(form, 'Last Name'), AT_MOST_100);
    await expectFieldValid(byLabel(form, 'First Name'));
    await expect(form.getByRole('alert')).toHaveText('Invalid body.');
  });
});

test.describe('address', () => {
  test('a street too long shows its message and nothing is sent', async ({ page, api }) => {
    await openAccount(page, api);
    const sent = requestsTo(page, 'PUT', '/api/user/address');
    await page.getByRole('button', { name: 'Edit Address' }).click();
    const form = page.getByRole('form', { name: 'Edit Address' });
    await byLabel(form, 'Street').fill('x'.repeat(201));
    await form.getByRole('button', { name: 'Save Address' }).click();

    await expectFieldError(byLabel(form, 'Street'), AT_MOST_200);
    await expect(byLabel(form, 'Street')).toBeFocused();
    await expectFieldValid(byLabel(form, 'City'));
    expect(sent).toHaveLength(0);

    await byLabel(form, 'Street').fill('Moi Avenue 1');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await expect(
      page.getByRole('region', { name: 'Address' }).getByText('Moi Avenue 1'),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test('a city the server refuses lands on its field', async ({ page, api }) => {
    await openAccount(page, api);
    await page.getByRole('button', { name: 'Edit Address' }).click();
    const form = page.getByRole('form', { name: 'Edit Address' });
    const status = await tamperBody(page, 'PUT', '/api/user/address', (body) => ({
      ...body,
      city: 'x'.repeat(300),
    }));
    await byLabel(form, 'Street').fill('Moi Avenue 1');
    await byLabel(form, 'City').fill('Nairobi');
    await form.getByRole('button', { name: 'Save Address' }).click();

    expect(await status()).toBe(400);
    await expectFieldError(byLabel(form, 'City'), AT_MOST_200);
    await expect(byLabel(form, 'City')).toBeFocused();
    await expectFieldValid(byLabel(form, 'Street'));
    await expect(form.getByRole('alert')).toHaveText('Failed to save the address. Invalid body.');
  });
});

test.describe('change password', () => {
  test('empty and short passwords show their messages beside the hint, and nothing is sent', async ({
    page,
    api,
  }) => {
    await openAccount(page, api);
    const sent = requestsTo(page, 'POST', '/api/user/password');
    const form = page.getByRole('form', { name: 'Change Password' });
    const current = byLabel(form, 'Current password');
    const fresh = byLabel(form, 'New password');
    await expect(fresh).toHaveAccessibleDescription('At least 8 characters.');

    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectFieldError(current, ENTER_PASSWORD);
    await expectFieldError(fresh, SHORT_PASSWORD);
    await expect(fresh).toHaveAccessibleDescription(`At least 8 characters. ${SHORT_PASSWORD}`);
    await expect(current).toBeFocused();

    await current.fill(PASSWORD);
    await fresh.fill('short');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectFieldValid(current);
    await expectFieldError(fresh, SHORT_PASSWORD);
    await expect(form.getByRole('status')).toHaveText('');
    expect(sent).toHaveLength(0);

    await fresh.fill('a-newer-password');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('status')).toHaveText('Password changed.');
    expect(sent).toHaveLength(1);
  });

  test('a new password the server refuses lands on its field', async ({ page, api }) => {
    await openAccount(page, api);
    const form = page.getByRole('form', { name: 'Change Password' });
    const status = await tamperBody(page, 'POST', '/api/user/password', (body) => ({
      ...body,
      newPassword: 'x'.repeat(201),
    }));
    await byLabel(form, 'Current password').fill(PASSWORD);
    await byLabel(form, 'New password').fill('a-newer-password');
    await form.getByRole('button', { name: 'Change Password' }).click();

    expect(await status()).toBe(400);
    await expectFieldError(byLabel(form, 'New password'), AT_MOST_200);
    await expect(byLabel(form, 'New password')).toBeFocused();
    await expectFieldValid(byLabel(form, 'Current password'));
    await expect(form.getByRole('alert')).toHaveText('Invalid body.');
  });
});

test.describe('delete account', () => {
  test('an empty password shows its message in the dialog and nothing is sent', async ({
    page,
    api,
  }) => {
    await openAccount(page, api);
    const sent = requestsTo(page, 'DELETE', '/api/user/profile');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expectFieldError(byLabel(dialog, 'Password'), ENTER_PASSWORD);
    await expect(byLabel(dialog, 'Password')).toBeFocused();
    await expect(dialog).toBeVisible();
    expect(sent).toHaveLength(0);

    // Closing and opening again starts clean.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expectFieldValid(byLabel(dialog, 'Password'));
    await expect(byLabel(dialog, 'Password')).toBeFocused();
    expect(sent).toHaveLength(0);

    await byLabel(dialog, 'Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL('/');
    expect(sent).toHaveLength(1);
  });

  test('the server’s word on a wrong password lands on the password field', async ({
    page,
    api,
  }) => {
    await openAccount(page, api);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' &&
        new URL(response.url()).pathname === '/api/user/profile',
    );
    await byLabel(dialog, 'Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    const response = await answer;
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { fields: { password: 'That is not your current password.' } },
    });
    await expectFieldError(byLabel(dialog, 'Password'), 'That is not your current password.');
    await expect(dialog.getByRole('alert')).toHaveText('That is not your current password.');
    await expect(page).toHaveURL('/profile');
  });
});

test.describe('newsletter', () => {
  test('a malformed email shows its message on the input and nothing is sent', async ({ page }) => {
    const sent = requestsTo(page, 'POST', '/api/newsletter/create');
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Newsletter' });
    const input = byLabel(form, 'Email address');
    await input.fill('someone@nodot');
    await form.getByRole('button', { name: 'Subscribe' }).click();

    await expectFieldError(input, INVALID_EMAIL);
    await expect(form.getByRole('alert')).toHaveText(INVALID_EMAIL);
    expect(sent).toHaveLength(0);

    await input.fill(uniqueEmail('newsletter'));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText('Thank you for subscribing!');
    expect(sent).toHaveLength(1);
  });

  test('an email the server refuses lands on the input beside the spec failure', async ({
    page,
  }) => {
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Newsletter' });
    const input = byLabel(form, 'Email address');
    const status = await tamperBody(page, 'POST', '/api/newsletter/create', () => ({
      email: `${'a'.repeat(290)}@example.com`,
    }));
    await input.fill('shopper@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();

    expect(await status()).toBe(400);
    await expectFieldError(input, INVALID_EMAIL);
    await expect(
      form.getByRole('alert').filter({ hasText: 'There was an error subscribing' }),
    ).toHaveText('There was an error subscribing. Please try again.');
    await expect(input).toHaveValue('shopper@example.com');
    await expect(form.getByRole('status')).toHaveText('');
  });
});
