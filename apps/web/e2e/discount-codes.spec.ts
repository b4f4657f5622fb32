import { formatKsh, type DiscountCodeList, type Order, type Product } from '@soko/contract';
import { expect, test } from './fixtures';
import {
  addToCart,
  field,
  fillDelivery,
  seedToken,
  shopProduct,
  uniqueEmail,
  UUID_PATTERN,
  totalsRow,
} from './shopping';
import { closeOwnShop, openOwnShop, type OwnShop } from './own-shop';

// A shop's own discount code (issue 32, decision 038): its owner makes one on the Codes screen,
// and a shopper whose cart holds that shop's product and another shop's uses it at checkout; it
// takes off the owner's product only. The journey opens a shop of its own and removes its
// products at the end.

const tag = () => `${test.info().project.name}-${test.info().workerIndex}`;

test('an owner makes a code for their shop and a shopper uses it on that shop’s product only', async ({
  page,
  api,
}) => {
  // An owner's screen, then a whole checkout: longer than one journey's default.
  test.slow();
  let own: OwnShop | undefined;
  try {
    own = await openOwnShop(api, `codes-${tag()}`);
    const { owner, shop, product } = own;
    const code = `LAKE${Date.now().toString(36).toUpperCase()}`;

    await test.step('the owner makes a 10 % code on the Codes screen', async () => {
      await seedToken(page, owner.token);
      await page.goto('/shops');
      await page.getByRole('link', { name: `Discount codes of ${shop.name}` }).click();
      await expect(page).toHaveURL(`/shops/${shop._id}/codes`);
      await expect(page.getByText('No discount codes yet.')).toBeVisible();
      await page.getByRole('button', { name: 'New code' }).click();
      const form = page.getByRole('form', { name: 'New discount code' });
      await form.getByLabel('Code', { exact: true }).fill(code);
      await form.getByLabel('Percent off').fill('10');
      // An end before its start is refused at the end's field, before anything is sent.
      await form.getByLabel('Starts (optional)').fill('2030-01-10T09:00');
      await form.getByLabel('Ends (optional)').fill('2030-01-01T09:00');
      await form.getByRole('button', { name: 'Save code' }).click();
      await expect(form.getByText('The end must be after the start.')).toBeVisible();
      await form.getByLabel('Starts (optional)').fill('');
      await form.getByLabel('Ends (optional)').fill('');
      await form.getByLabel('Uses per shopper (optional)').fill('1');
      await form.getByRole('button', { name: 'Save code' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Discount code saved.' }),
      ).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(code) });
      await expect(row).toContainText('10% off');
      await expect(row).toContainText('0 (1 per shopper)');
      await expect(row).toContainText('Active');
      const saved = await api.get<DiscountCodeList>(
        `/api/property/shop/${shop._id}/discount-codes`,
        {
          token: owner.token,
        },
      );
      expect(saved.codes).toHaveLength(1);
      expect(saved.codes[0]).toMatchObject({
        code,
        kind: 'percent',
        value: 10,
        perShopperLimit: 1,
      });
    });

    await test.step('a shopper uses it on a cart with another shop’s product too', async () => {
      // The same browser, signed out: a guest's checkout.
      await page.evaluate("localStorage.removeItem('token')");
      const other: Product = await shopProduct(api, false, 5);
      await addToCart(page, product);
      await addToCart(page, other);
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await field(page, 'Email').fill(uniqueEmail('codes'));
      await fillDelivery(page);
      await field(page, 'Shipping').selectOption('standard');
      await page.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(
        page.getByText(`Code ${code} applied to ${shop.name}'s products.`),
      ).toBeVisible();
      // 10 % of the owner's Ksh 1,200, not of the whole cart.
      await expect(totalsRow(page, 'Discount')).toHaveText(`− ${formatKsh(120)}`);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${UUID_PATTERN}$`));
      const order = await api.get<Order>(`/api/orders/${page.url().split('/').pop() ?? ''}`);
      expect(order.discount).toBe(120);
    });

    await test.step('the owner sees the use on the Codes screen', async () => {
      await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(owner.token)})`);
      await page.goto(`/shops/${shop._id}/codes`);
      await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText(
        '1 (1 per shopper)',
      );
    });
  } finally {
    await closeOwnShop(api, own);
  }
});
