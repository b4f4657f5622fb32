import { FAKE_DARAJA_CREDENTIALS } from '../../server/test/fake-daraja';
import { expect, test } from './fixtures';
import { deliverCallback, openCheckout, ownPaymentServer, placeWithMpesa } from './payment-server';
import { field, savedCart } from './shopping';

// M-Pesa checkout journeys (issue 17) in Chromium: a server of their own with PAYMENTS=mpesa
// against the local fake of Daraja. The shopper types the Safaricom number, the checkout says
// to check the phone, and the fake then sends the STK callback Safaricom would.

const shop = ownPaymentServer('mpesa');

test('a shopper pays with M-Pesa: the PIN prompt, then the confirmation', async ({ page, api }) => {
  await openCheckout(page, api, 0);
  const checkoutRequestId = await placeWithMpesa(page, shop.daraja);
  shop.daraja.settle(checkoutRequestId, 0);
  await shop.daraja.sendCallback(checkoutRequestId, deliverCallback);
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  expect(await savedCart(page)).toEqual([]);
});

for (const [code, why] of [
  [1032, 'The M-Pesa prompt was cancelled on the phone.'],
  [1037, 'The phone could not be reached, or the prompt timed out.'],
] as const) {
  test(`result code ${code} says what happened and keeps the cart for another try`, async ({
    page,
    api,
  }) => {
    await openCheckout(page, api, 1);
    const checkoutRequestId = await placeWithMpesa(page, shop.daraja);
    shop.daraja.settle(checkoutRequestId, code);
    await shop.daraja.sendCallback(checkoutRequestId, deliverCallback);
    await expect(
      page.getByRole('alert').filter({ hasText: `Payment failed. Please try again. ${why}` }),
    ).toBeVisible();
    expect(await savedCart(page)).toHaveLength(1);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });
}

test('the prompt fails, the shopper pays by Paybill and types the code: the order is paid', async ({
  page,
  api,
}) => {
  test.slow();
  await openCheckout(page, api, 3);
  const checkoutRequestId = await placeWithMpesa(page, shop.daraja);
  shop.daraja.settle(checkoutRequestId, 1037);
  await shop.daraja.sendCallback(checkoutRequestId, deliverCallback);
  await page.getByRole('link', { name: 'Pay with M-Pesa Paybill instead' }).click();

  const steps = page.getByRole('region', { name: 'Pay with M-Pesa Paybill' });
  await expect(steps).toBeVisible();
  const business = steps.getByRole('definition').first();
  await expect(business).toHaveText(FAKE_DARAJA_CREDENTIALS.shortcode);
  const orderNumber = await page.getByRole('heading', { level: 1 }).textContent();
  await expect(steps.getByText(/^SK-\d{2}-\d+$/)).toHaveText(
    (orderNumber ?? '').replace('Order ', ''),
  );
  const amountText = (await steps.getByRole('definition').last().textContent()) ?? '';
  const amount = Number(amountText.replace(/[^\d]/g, ''));
  expect(amount).toBeGreaterThan(0);

  // Paid from the M-Pesa menu; the code typed as it reads in the message, in lower case.
  shop.daraja.recordPayment({
    receipt: 'QKH94M1Z11',
    amount,
    creditParty: `${FAKE_DARAJA_CREDENTIALS.shortcode} - Soko`,
  });
  await steps.getByLabel('M-Pesa code', { exact: true }).fill('qkh94 m1z11');
  await steps.getByRole('button', { name: 'Check code' }).click();
  await expect(steps.getByRole('status')).toHaveText('Checking your code with M-Pesa…');
  await expect
    .poll(() => shop.daraja.statusQueries.some((q) => q.request.TransactionID === 'QKH94M1Z11'))
    .toBe(true);
  await shop.daraja.sendStatusResult(deliverCallback, { code: 'QKH94M1Z11' });
  await expect(
    page.getByText('Your payment has arrived and your order is confirmed.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pay with M-Pesa Paybill' })).toHaveCount(0);
});

test('a number M-Pesa cannot prompt is refused before any order is made', async ({ page, api }) => {
  await openCheckout(page, api, 2);
  const pushes = shop.daraja.pushes.size;
  await field(page, 'M-Pesa number').fill('0812 345 678');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Enter the Safaricom number that pays')).toBeVisible();
  expect(shop.daraja.pushes.size).toBe(pushes);
});
