import type { AuthResponse } from '@soko/contract';
import { expect, test } from './fixtures';
import { mailTo } from './mailbox';
import { uniqueEmail } from './shopping';

// Forgot password as a person does it (issue 30): from the login screen, through the link the
// server mailed (read from the run's loopback SMTP server), to a signed-in account.

test('a shopper who forgot the password gets a link by email and is signed in with a new one', async ({
  page,
  api,
  baseURL,
}) => {
  const email = uniqueEmail('forgot');
  await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Achieng',
    lastName: 'Ouma',
    email,
    password: 'the-old-password',
  });

  const main = page.getByRole('main');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(main.getByRole('status')).toHaveText(
    'If an account uses that email, we have sent it a link to choose a new password. The link works for 30 minutes.',
  );

  const mail = await mailTo(email);
  expect(mail).toContain('Hello Achieng,');
  const link = /(http\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, mail).toBeDefined();
  expect(link?.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);

  await page.goto(link ?? '');
  await page.getByLabel('New password', { exact: true }).fill('my-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(main.getByRole('status')).toContainText(`you are signed in as ${email}`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText(email)).toBeVisible();

  // The new password signs in; the old one no longer does.
  const signin = (password: string) =>
    api.raw.post('/api/user/signin', { data: { email, password } });
  expect((await signin('my-new-password')).status()).toBe(200);
  expect((await signin('the-old-password')).status()).toBe(401);

  // The link worked once.
  await header.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(link ?? '');
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(main.getByRole('alert')).toContainText('This reset link has already been used.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('the reset screens say what is wrong: a mistyped email, a short password, a bad or missing link', async ({
  page,
}) => {
  const main = page.getByRole('main');
  let forgotCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user/password/forgot') forgotCalls += 1;
  });
  await page.goto('/forgot-password');
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
  expect(forgotCalls).toBe(0);

  await page.goto('/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const password = page.getByLabel('New password', { exact: true });
  await password.fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(password).toHaveAccessibleDescription(/Use at least 8 characters\./);
  await password.fill('long-enough-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(main.getByRole('alert')).toContainText(
    'This reset link is not valid. Please open the whole link from the email, or ask for a new one.',
  );
  await main.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');

  await page.goto('/reset-password');
  await expect(main.getByRole('alert')).toContainText(
    'This page needs the link from your password reset email.',
  );
});
