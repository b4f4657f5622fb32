import { PHONE_TEXTS, type AuthResponse } from '@soko/contract';
import { expect, test } from './fixtures';
import { addToCart, field, seedToken, shopProduct, uniqueEmail } from './shopping';
import { nthSmsTo, smsTo } from './sms-inbox';

// A verified phone as a shopper adds it (issue 30): on the account page, with the code the
// server texted, read from the run's fake Africa's Talking; the checkout then offers it.

test('a signed-in shopper adds a phone number and verifies it with the texted code', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('phone');
  const { token } = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Wairimu',
    lastName: 'Kariuki',
    email,
    password: 'a-good-password',
  });
  const digits = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
  const typed = `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  const phone = `+2547${digits}`;
  await seedToken(page, token);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Phone' });
  await section.getByLabel('Mobile number').fill('0812 345 678');
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(
    section.getByText('Enter a Kenyan mobile number such as 0712 345 678.'),
  ).toBeVisible();
  expect(smsTo('+254812345678')).toHaveLength(0);

  await section.getByLabel('Mobile number').fill(typed);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(section.getByRole('status')).toHaveText(PHONE_TEXTS.codeSent(phone));
  await expect(section.getByText('Not verified')).toBeVisible();

  const text = await nthSmsTo(phone);
  const code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  expect(code, text).toMatch(/^\d{6}$/);

  const codeField = section.getByLabel('Code from the SMS');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  // A wrong code first: the field says so, and the account stays unverified.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeField.fill(wrong);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByText(PHONE_TEXTS.wrongCode)).toBeVisible();

  await codeField.fill(code);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByRole('status')).toHaveText(PHONE_TEXTS.verified);
  await expect(section.getByText('Verified', { exact: true })).toBeVisible();
  await expect(section.getByText(phone)).toBeVisible();
  await expect(codeField).toBeHidden();

  // The server agrees, after a reload too.
  const profile = await api.get<{ phone: string | null; phoneVerified: boolean }>(
    '/api/user/profile',
    { token },
  );
  expect(profile).toMatchObject({ phone, phoneVerified: true });
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Phone' }).getByText('Verified', { exact: true }),
  ).toBeVisible();
  expect(smsTo(phone)).toHaveLength(1);

  // The checkout offers the verified number.
  await addToCart(page, await shopProduct(api, false, 4));
  await page
    .getByRole('dialog', { name: 'Your Cart' })
    .getByRole('button', { name: 'Checkout' })
    .click();
  await expect(page).toHaveURL('/checkout');
  await expect(field(page, 'Phone Number')).toHaveValue(phone);
});
