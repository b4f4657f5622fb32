import {
  formatKsh,
  type AuthResponse,
  type LedgerShops,
  type Shop,
  type ShopLedger,
} from '@soko/contract';
import { expect, test, type SokoApi } from './fixtures';
import { seedToken } from './shopping';

// Money owed to each shop (issue 17): an owner reads the balance and its history from the shops
// screen; an admin records a payout from the dashboard's Payouts, is refused one larger than
// the balance, sets a shop's commission, and the owner sees the payout. Other journeys pay
// orders to the demo shops meanwhile, and the phone and desktop runs of a journey overlap, so
// balances and rates are read, never assumed.

const signIn = (api: SokoApi, email: string) =>
  api.post<AuthResponse>('/api/user/signin', { email, password: 'soko-demo-pass' });

test('an owner reads what the shop is owed and how it came to be', async ({ page, api }) => {
  const owner = await signIn(api, 'owner@soko.test');
  const [shop] = await api.get<Shop[]>('/api/property/shop/getall', { token: owner.token });
  if (!shop) throw new Error('owner@ has no shop');
  // The demo's past orders were paid: the shop has sales in its history.
  const ledger = await api.get<ShopLedger>(`/api/property/shop/${shop._id}/ledger`, {
    token: owner.token,
  });
  expect(ledger.entries.some((entry) => entry.kind === 'sale')).toBe(true);
  await seedToken(page, owner.token);

  await page.goto('/shops');
  await page.getByRole('link', { name: `Balance of ${shop.name}` }).click();
  await expect(page).toHaveURL(`/shops/${shop._id}/balance`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Balance: ${shop.name}` }),
  ).toBeVisible();
  await expect(page.getByText('Owed to the shop')).toBeVisible();
  await expect(page.getByText('Available to pay out')).toBeVisible();
  await expect(page.getByText('Pending delivery')).toBeVisible();
  await expect(page.getByText(/^Ksh [\d,.]+$/).first()).toBeVisible();
  await expect(page.getByText('10% (the marketplace’s rate)')).toBeVisible();

  const history = page.getByRole('table', { name: 'Balance history, newest first' });
  const sale = ledger.entries.find((entry) => entry.kind === 'sale');
  if (!sale?.orderNumber || sale.gross === null || sale.commission === null) {
    throw new Error('a sale names its order and its figures');
  }
  // Its sale's row: the order's part may have been cancelled since (another journey), which
  // adds a row of its own.
  const row = history
    .getByRole('row')
    .filter({ hasText: sale.orderNumber })
    .filter({ hasText: 'Sale:' });
  await expect(row).toContainText(
    `Sale: ${formatKsh(sale.gross)} less ${formatKsh(sale.commission)} commission (10%)`,
  );
  await expect(row).toContainText(`+${formatKsh(sale.amount)}`);

  // Back to the shops screen by its link.
  await page.getByRole('link', { name: 'Back to shops' }).click();
  await expect(page).toHaveURL('/shops');
});

test('an admin records a payout, is refused one larger than the balance, and sets a commission', async ({
  page,
  api,
}) => {
  // Three forms, two screens and two sessions: a long journey on a busy two-core machine.
  test.slow();
  const admin = await signIn(api, 'admin@soko.test');
  const owner2 = await signIn(api, 'owner2@soko.test');
  const [shop] = await api.get<Shop[]>('/api/property/shop/getall', { token: owner2.token });
  if (!shop) throw new Error('owner2@ has no shop');
  const owed = await api.get<LedgerShops>('/api/admin/ledger', { token: admin.token });
  const before = owed.shops.find((entry) => entry.shopId === shop._id);
  // The demo's delivered orders make some of it available; only that may be paid out.
  if (!before || before.available < 10) {
    throw new Error(`${shop.name} has too little available to pay`);
  }
  const reference = `QK${Date.now().toString(36).toUpperCase()}${test.info().project.name.length}`;
  await seedToken(page, admin.token);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL('/admin/payouts');
  const card = page.getByRole('article', { name: shop.name });
  await expect(card).toContainText('Owed');
  await expect(card).toContainText('Available');
  await expect(card).toContainText('Pending delivery');

  // More than is available: the server refuses, with the balance in its words.
  await card.getByRole('button', { name: 'Record payout' }).click();
  const form = page.getByRole('form', { name: `Payout to ${shop.name}` });
  await form.getByLabel('Amount (Ksh)').fill('9999999');
  await form.getByLabel('Reference').fill(reference);
  await form.getByRole('button', { name: 'Record payout' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'The payout is more than the shop’s available balance (Ksh',
  );

  // A field left empty is named before anything is sent.
  await form.getByLabel('Reference').fill('');
  await form.getByRole('button', { name: 'Record payout' }).click();
  await expect(form.getByText('Enter the payment reference.')).toBeVisible();

  await form.getByLabel('Amount (Ksh)').fill('7.5');
  await form.getByLabel('Paid by').selectOption({ label: 'Bank transfer' });
  await form.getByLabel('Reference').fill(reference);
  await form.getByRole('button', { name: 'Record payout' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Recorded a payout of ${formatKsh(7.5)} to ${shop.name}.` }),
  ).toBeVisible();
  await expect(form).toBeHidden();

  // Its own commission, then the marketplace's again.
  await card.getByRole('button', { name: 'Set commission' }).click();
  const commission = page.getByRole('form', { name: `Commission of ${shop.name}` });
  await commission.getByLabel('Commission (%)').fill('100.5');
  await commission.getByRole('button', { name: 'Save commission' }).click();
  await expect(commission.getByText('At most 100%.')).toBeVisible();
  await commission.getByLabel('Commission (%)').fill('7.25');
  await commission.getByRole('button', { name: 'Save commission' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${shop.name} pays 7.25% commission on new sales.` }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Set commission' }).click();
  await commission.getByLabel('Commission (%)').fill('');
  await commission.getByRole('button', { name: 'Save commission' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `${shop.name} pays the marketplace's commission (10%) on new sales.`,
    }),
  ).toBeVisible();

  // The payout is in the shop's history, for the admin and for its owner.
  await card.getByRole('link', { name: `History of ${shop.name}` }).click();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(`Payout by Bank transfer, ref. ${reference}`);
  await expect(row).toContainText(formatKsh(-7.5));
  await seedToken(page, owner2.token);
  await page.goto(`/shops/${shop._id}/balance`);
  await expect(page.getByRole('row').filter({ hasText: reference })).toBeVisible();
});
