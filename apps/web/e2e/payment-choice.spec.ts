import type { Order } from '@soko/contract';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { deliverCallback, openCheckout, ownPaymentServer, placeWithMpesa } from './payment-server';
import { field, savedCart } from './shopping';

// The shopper's choice of provider (issue 17, decision 019) when the shop offers two:
// PAYMENTS=pesapal,mpesa, on a server of the spec's own against the fakes of Pesapal and Daraja.
// Each journey pays its own order with one of them, start to confirmation; the last changes
// provider after a failed M-Pesa prompt.

const shop = ownPaymentServer('pesapal,mpesa');

const PESAPAL = 'Pesapal (card, Airtel Money and others)';
const MPESA = 'M-Pesa (a PIN prompt on your phone)';

/**
 * Places the order with Pesapal chosen: the payment tab opens on Pesapal's page, the shopper
 * pays there, and Pesapal tells the shop (IPN), which asks it to be sure. Answers the order id.
 */
async function payOnPesapal(page: Page, context: BrowserContext, api: SokoApi): Promise<string> {
  const pushes = shop.daraja.pushes.size;
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/order/create') && r.status() === 201,
  );
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const tab = await opened;
  const order = (await (await created).json()) as { _id: string };
  await tab.waitForURL(/OrderTrackingId=/);
  await expect(tab.getByRole('heading', { name: 'Fake Pesapal payment page' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting for your payment in the other tab...' }),
  ).toBeVisible();
  expect(shop.daraja.pushes.size).toBe(pushes);

  const trackingId = new URL(tab.url()).searchParams.get('OrderTrackingId') ?? '';
  const submitted = shop.pesapal.calls.findLast((c) => c.path.endsWith('/SubmitOrderRequest'))
    ?.body as { id: string } | undefined;
  shop.pesapal.setStatus(trackingId, 1);
  await api.post('/api/payments/ipn/pesapal', {
    OrderTrackingId: trackingId,
    OrderNotificationType: 'IPNCHANGE',
    OrderMerchantReference: submitted?.id ?? '',
  });
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page).toHaveURL(`/orders/${order._id}`);
  return order._id;
}

test('the shopper sees both methods, picks M-Pesa, and pays on the phone', async ({
  page,
  context,
  api,
}) => {
  await openCheckout(page, api, 0);
  const pesapal = page.getByRole('radio', { name: PESAPAL });
  const mpesa = page.getByRole('radio', { name: MPESA });
  // Pesapal is named first, so it is the method until the shopper picks another.
  await expect(pesapal).toBeChecked();
  await expect(mpesa).not.toBeChecked();
  await expect(field(page, 'M-Pesa number')).toHaveCount(0);

  await mpesa.check();
  await expect(pesapal).not.toBeChecked();
  const checkoutRequestId = await placeWithMpesa(page, shop.daraja);
  // No payment tab: the prompt is on the phone, and Pesapal was never asked for a page.
  expect(context.pages()).toHaveLength(1);
  expect(shop.pesapal.calls.filter((c) => c.path.endsWith('/SubmitOrderRequest'))).toHaveLength(0);

  shop.daraja.settle(checkoutRequestId, 0);
  await shop.daraja.sendCallback(checkoutRequestId, deliverCallback);
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split('/').pop();
  expect((await api.get<Order>(`/api/orders/${orderId}`)).status).toBe('confirmed');
  expect(await savedCart(page)).toEqual([]);
});

test('the shopper picks M-Pesa, changes to Pesapal, and pays on its page', async ({
  page,
  context,
  api,
}) => {
  await openCheckout(page, api, 1);
  await page.getByRole('radio', { name: MPESA }).check();
  await expect(field(page, 'M-Pesa number')).toBeVisible();
  await page.getByRole('radio', { name: PESAPAL }).check();
  await expect(field(page, 'M-Pesa number')).toHaveCount(0);

  const orderId = await payOnPesapal(page, context, api);
  expect((await api.get<Order>(`/api/orders/${orderId}`)).status).toBe('confirmed');
  expect(await savedCart(page)).toEqual([]);
});

test('after a cancelled M-Pesa prompt the shopper pays the same cart with Pesapal', async ({
  page,
  context,
  api,
}) => {
  await openCheckout(page, api, 2);
  await page.getByRole('radio', { name: MPESA }).check();
  const checkoutRequestId = await placeWithMpesa(page, shop.daraja);
  shop.daraja.settle(checkoutRequestId, 1032);
  await shop.daraja.sendCallback(checkoutRequestId, deliverCallback);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' }),
  ).toBeVisible();

  await page.getByRole('radio', { name: PESAPAL }).check();
  const orderId = await payOnPesapal(page, context, api);
  expect((await api.get<Order>(`/api/orders/${orderId}`)).status).toBe('confirmed');
  expect(await savedCart(page)).toEqual([]);
});
