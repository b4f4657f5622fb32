import { KRA_PIN_MESSAGE, productPath, type TaxProfileResponse } from '@soko/contract';
import { expect, test } from './fixtures';
import { closeOwnShop, openOwnShop, type OwnShop } from './own-shop';
import { seedToken } from './shopping';

// Tax profile and prices (issue 33, decision 044): a new seller marks their shop VAT-registered
// with its KRA PIN on the shop's Tax screen (a bad PIN refused at its field first), and a
// shopper then sees the VAT its Ksh 1,160 basket holds on the product page (painted by the
// server too), in the cart and at the checkout. The shop and product are made through the API.

test('an owner registers their shop for VAT, and shoppers see the VAT its prices hold', async ({
  page,
  api,
}, testInfo) => {
  test.slow();
  let own: OwnShop | undefined;
  try {
    own = await openOwnShop(api, `vat-${testInfo.project.name}`, { price: 1160, stock: 5 });
    const { owner, shop, product } = own;
    await seedToken(page, owner.token);

    await test.step('the owner sets the PIN and VAT registration on the Tax screen', async () => {
      await page.goto('/shops');
      await page.getByRole('link', { name: `Tax of ${shop.name}` }).click();
      const form = page.getByRole('form', { name: `Tax: ${shop.name}` });
      const pin = form.getByLabel('KRA PIN', { exact: true });
      await pin.fill('P05123456');
      await form.getByLabel('VAT-registered', { exact: true }).check();
      await form.getByRole('button', { name: 'Save tax profile' }).click();
      await expect(form.getByText(KRA_PIN_MESSAGE)).toBeVisible();
      await pin.fill('p051234567x');
      await form.getByRole('button', { name: 'Save tax profile' }).click();
      await expect(page.getByText('Tax profile saved.')).toBeVisible();
      await expect(pin).toHaveValue('P051234567X');
      const saved = await api.get<TaxProfileResponse>(
        `/api/property/shop/${shop._id}/tax-profile`,
        { token: owner.token },
      );
      expect(saved).toMatchObject({ kraPin: 'P051234567X', vatRegistered: true });
    });

    await test.step('a signed-out shopper sees the VAT on the product page', async () => {
      await page.evaluate("localStorage.removeItem('token')");
      const painted = await page.request.get(productPath(product));
      expect(await painted.text()).toContain('incl. VAT Ksh 160');
      await page.goto(productPath(product));
      await expect(page.getByTestId('product-vat')).toHaveText('incl. VAT Ksh 160');
    });

    await test.step('and in the cart and at the checkout', async () => {
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const cart = page.getByRole('dialog', { name: 'Your Cart' });
      await cart.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
      await expect(cart.getByTestId('cart-subtotal')).toHaveText('Ksh 2,320');
      await expect(cart.getByTestId('cart-vat')).toHaveText('incl. VAT Ksh 320');
      await cart.getByRole('button', { name: 'Checkout' }).click();
      await expect(page.getByTestId('checkout-vat')).toHaveText('incl. VAT Ksh 320');
    });
  } finally {
    await closeOwnShop(api, own);
  }
});
