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
