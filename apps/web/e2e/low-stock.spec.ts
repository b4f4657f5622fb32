import {
  fromCents,
  grandTotalCents,
  shippingCents,
  type AuthResponse,
  type Product,
} from '@soko/contract';
import { expect, test } from './fixtures';
import { mailHeader, mailTo } from './mailbox';
import { closeOwnShop, openOwnShop, type OwnShop } from './own-shop';
import { seedToken } from './shopping';

// Low-stock alerts (issue 32, decision 041): a new seller sets a product's own threshold in its
// form, a shopper's order takes one size across it, and the seller's mail arrives from the run's
// loopback SMTP server with the stock left and a link back to the products. The shop, its
// product and the order are made through the API; the owner's form is what this journey tests.

test('an owner sets a low-stock alert on a product, an order crosses it, and the mail arrives', async ({
  page,
  api,
}, testInfo) => {
  const productName = `Kikoi wrap ${Date.now().toString(36)}`;
  let own: OwnShop | undefined;
  try {
    // Size M first, so `shopProduct` (which picks a product by its first size's stock, 15 or
    // more) never takes it for another journey.
    own = await openOwnShop(api, `alerts-${testInfo.project.name}`, {
      name: productName,
      price: 1000,
      stock: 0,
      variants: [
        { size: 'M', stock: 6 },
        { size: 'L', stock: 10 },
      ],
    });
    const { owner, email, shop, category, product } = own;
    await seedToken(page, owner.token);

    await test.step('the owner sets the product’s own threshold in its form', async () => {
      await page.goto(`/add-products/${shop._id}?category=${category._id}`);
      await page.getByRole('button', { name: `Edit ${productName}` }).click();
      const form = page.getByRole('form', { name: 'Edit Product' });
      const threshold = form.getByLabel('Low-stock alert at');
      await expect(threshold).toHaveValue('');
      await threshold.fill('-1');
      await form.getByRole('button', { name: 'Save Product' }).click();
      await expect(form.getByText('Cannot be negative.')).toBeVisible();
      await threshold.fill('4');
      await form.getByRole('button', { name: 'Save Product' }).click();
      await expect(form).toBeHidden();
      const [saved] = await api.get<Product[]>(
        `/api/property/categories/${category._id}/products`,
        { token: owner.token },
      );
      expect(saved?.lowStockThreshold).toBe(4);
    });

    await test.step('a shopper’s order takes size M from 6 to 4', async () => {
      const shopper = await api.post<AuthResponse>('/api/user/signin', {
        email: 'shopper@soko.test',
        password: 'soko-demo-pass',
      });
      const [medium] = product.variants;
      await api.post(
        '/api/order/create',
        {
          items: [
            {
              name: productName,
              productId: product._id,
              quantity: 2,
              price: 1000,
              selectedVariant: medium?._id,
            },
          ],
          totalPrice: fromCents(
            grandTotalCents({
              subtotalCents: 200_000,
              discountCents: 0,
              shippingCents: shippingCents('standard'),
            }),
          ),
          shipping: 'standard',
          discount: 0,
        },
        { token: shopper.token },
      );
    });

    await test.step('the owner’s low-stock mail arrives, and its link opens the products', async () => {
      const subject = `Low stock: ${productName} (M)`;
      const mail = await mailTo(email, 15_000, (m) => mailHeader(m, 'subject') === subject);
      const text = mail.replace(/\r\n/g, '\n');
      expect(text).toContain('Stock left: 4');
      expect(text).toContain('Low-stock threshold: 4');
      const link = /^Restock or edit it: (http\S+)$/m.exec(text)?.[1];
      expect(link).toMatch(new RegExp(`/add-products/${shop._id}$`));
      await page.goto(link ?? '');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  } finally {
    await closeOwnShop(api, own);
  }
});
