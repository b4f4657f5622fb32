import { type AdminMessagePage, type AuthResponse } from '@soko/contract';
import { expect, test, type SokoApi } from './fixtures';
import { REFUSED_PREFIX, mailHeader, mailTo } from './mailbox';
import { placeConfirmedOrder, seedToken, uniqueEmail } from './shopping';

// The admin's outbox (issue 30, decision 032). Mail fails for real: the run's mail server refuses
// (550) any address that starts with `refused-`, and the server's worker records the refusal. A
// password reset to such an address is found at /admin/messages through the filters (kept in the
// address, so Back undoes them), with why it failed and why a reset is not resent; an order's
// confirmation to one shows in the order's panel, and Resend sends it to a corrected address,
// where the copy is read from the run's mailbox.

const signIn = (api: SokoApi, email: string) =>
  api.post<AuthResponse>('/api/user/signin', { email, password: 'soko-demo-pass' });

/** Waits until the outbox has settled the one message to `email` as failed. */
async function failedMessageTo(api: SokoApi, token: string, email: string) {
  const query = `/api/admin/messages?q=${encodeURIComponent(email)}`;
  await expect
    .poll(async () => (await api.get<AdminMessagePage>(query, { token })).messages[0]?.status, {
      timeout: 15_000,
    })
    .toBe('failed');
}

test('an admin finds a mail the server refused, with its error, and sees why a reset is not resent', async ({
  page,
  api,
}) => {
  const email = uniqueEmail(`${REFUSED_PREFIX}reset`);
  await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Akinyi',
    lastName: 'Otieno',
    email,
    password: 'the-password',
  });
  await api.post('/api/user/password/forgot', { email });
  const admin = await signIn(api, 'admin@soko.test');
  await failedMessageTo(api, admin.token, email);

  await seedToken(page, admin.token);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Marketplace' })
    .getByRole('link', { name: 'Messages' })
    .click();
  await expect(page).toHaveURL('/admin/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

  const filters = page.getByRole('search', { name: 'Message filters' });
  await filters.getByLabel('State').selectOption({ label: 'Failed' });
  await expect(page).toHaveURL('/admin/messages?status=failed');
  await filters.getByLabel('Search messages').fill(email);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/admin/messages?status=failed&q=${encodeURIComponent(email)}`);

  // A row on a wide screen, a card on a phone: the one message to this address.
  const main = page.getByRole('main');
  await expect(main.getByText('1 message', { exact: true })).toBeVisible();
  const item = main.getByRole('row').or(main.getByRole('article')).filter({ hasText: email });
  await expect(item).toHaveCount(1);
  await expect(item.getByText('Failed', { exact: true })).toBeVisible();
  await expect(item.getByText('Password reset')).toBeVisible();
  await expect(item.getByText(/550 No such mailbox here/)).toBeVisible();

  await item.getByRole('button', { name: `Open the message to ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Message' });
  await expect(dialog.getByText(/^Reset your .+ password$/)).toBeVisible();
  await expect(dialog.getByText(/550 No such mailbox here/)).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Message body' })).toContainText(
    'Not shown: it holds a link or code that opens the account.',
  );
  await expect(
    dialog.getByText(
      'A password reset cannot be resent: its link works once. The person can ask for a new link.',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/admin/messages?status=failed&q=${encodeURIComponent(email)}`);

  // Back undoes the search, then the state filter.
  await page.goBack();
  await expect(page).toHaveURL('/admin/messages?status=failed');
  await expect(filters.getByLabel('Search messages')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL('/admin/messages');
  await expect(filters.getByLabel('State')).toHaveValue('');
});

test('an order’s panel lists its messages, a refused one with its error and Resend', async ({
  page,
  api,
}) => {
  const email = uniqueEmail(`${REFUSED_PREFIX}panel`);
  const { order } = await placeConfirmedOrder(api, 13, { email });
  const admin = await signIn(api, 'admin@soko.test');
  await failedMessageTo(api, admin.token, email);

  await seedToken(page, admin.token);
  await page.goto('/manageorders');
  const rows = page.getByRole('row').filter({ hasText: /SK-/ });
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderId);
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('button', { name: `View Messages of order ${order.orderId}` })
    .click();
  const panel = page.getByRole('region', { name: 'Order messages' });
  await expect(panel.getByRole('heading', { name: 'Order messages' })).toBeVisible();
  const mail = panel.getByRole('article', { name: `Order received to ${email}` });
  await expect(mail.getByText('Failed', { exact: true })).toBeVisible();
  await expect(mail.getByText(/550 No such mailbox here/)).toBeVisible();
  await expect(
    mail.getByRole('form', { name: `Resend the message to ${email}` }).getByRole('button', {
      name: 'Resend',
    }),
  ).toBeVisible();
});

// Issue 30's order messages make a resendable mail fail for real: the confirmation of an order
// checked out with an address the run's mail server refuses (550). The admin resends it to a
// corrected address, and the copy is read from the mailbox there.
test('Resend refuses a bad address on its field, and sends a failed order mail to the corrected one', async ({
  page,
  api,
}) => {
  const wrong = uniqueEmail(`${REFUSED_PREFIX}order`);
  const corrected = uniqueEmail('corrected');
  const { order } = await placeConfirmedOrder(api, 14, { email: wrong });
  const admin = await signIn(api, 'admin@soko.test');
  await failedMessageTo(api, admin.token, wrong);

  await seedToken(page, admin.token);
  await page.goto('/admin/messages');
  const filters = page.getByRole('search', { name: 'Message filters' });
  await filters.getByLabel('State').selectOption({ label: 'Failed' });
  await expect(page).toHaveURL('/admin/messages?status=failed');
  await filters.getByLabel('Search messages').fill(wrong);
  await filters.getByRole('button', { name: 'Search' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('1 message', { exact: true })).toBeVisible();
  const item = main.getByRole('row').or(main.getByRole('article')).filter({ hasText: wrong });
  await expect(item.getByText('Order received')).toBeVisible();
  await expect(item.getByText(/550 No such mailbox here/)).toBeVisible();

  await item.getByRole('button', { name: `Open the message to ${wrong}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Message' });
  await expect(dialog.getByText(new RegExp(`^Your .+ order ${order.orderId}$`))).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Message body' })).toContainText(
    `Thank you for your order ${order.orderId}.`,
  );
  const address = dialog.getByRole('textbox', { name: 'Corrected address (optional)' });
  await expect(address).toHaveAccessibleDescription(`Empty sends it to ${wrong} again.`);

  await test.step('an address the server refuses shows on its field', async () => {
    const refused = page.waitForResponse((r) => r.url().endsWith('/resend'));
    await address.fill('wanjiru@');
    await dialog.getByRole('button', { name: 'Resend' }).click();
    expect((await refused).status()).toBe(400);
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  });

  await address.fill(corrected);
  await dialog.getByRole('button', { name: 'Resend' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Message resent' })).toHaveText(
    `Message resent to ${corrected}.`,
  );

  const mail = await mailTo(corrected, 30_000);
  expect(mailHeader(mail, 'Subject')).toMatch(new RegExp(`^Your .+ order ${order.orderId}$`));
  expect(mail).toContain(`Thank you for your order ${order.orderId}. This is your copy of it.`);
  expect(mail).toContain(`See your order and follow it: `);
  expect(mail).toContain(`/orders/${order._id}`);
});
