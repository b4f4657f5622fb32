import {
  discountedPriceCents,
  formatKsh,
  fromCents,
  SHIPPING_OPTIONS,
  toCents,
  type AuthResponse,
  type Order,
  type Product,
  type Shop,
} from '@soko/contract';
import { expect, test, type SokoApi } from './fixtures';
import { seedToken } from './shopping';

// The admin area (spec section 2): Add Product for another owner's shop, the product table
// (inline edit, numbered pages, delete behind the confirmation), the order list with its three
// detail panels, and a customer sent away from all of it.

const signIn = (api: SokoApi, email: string) =>
  api.post<AuthResponse>('/api/user/signin', { email, password: 'soko-demo-pass' });

test('an admin adds, edits, pages and deletes a product of the second shop', async ({
  page,
  api,
}) => {
  const admin = await signIn(api, 'admin@soko.test');
  const owner2 = await signIn(api, 'owner2@soko.test');
  const [shop] = await api.get<Shop[]>('/api/property/shop/getall', { token: owner2.token });
  if (!shop) throw new Error('owner2 has no shop');
  const name = `Admin oil ${Date.now()}-${test.info().project.name}`;
  await seedToken(page, admin.token);

  await page.goto('/createlisting');
  await expect(page.getByRole('link', { name: 'View Orders' })).toBeVisible();
  await page.getByRole('combobox', { name: /^Shop/ }).selectOption({ label: shop.name });
  const category = page.getByRole('combobox', { name: /^Category/ });
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Price (Ksh)').fill('750');
  await page.getByLabel('Stock').first().fill('4');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Product ${name} added.` }),
  ).toBeVisible();

  await page.goto('/managelisting');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edited = `${name} edited`;
  await page.getByRole('textbox', { name: 'Name' }).fill(edited);
  await page.getByRole('spinbutton', { name: 'Price' }).fill('800');
  await page.getByRole('button', { name: 'Save' }).click();
  const editedRow = page.getByRole('row').filter({ hasText: edited });
  await expect(editedRow).toContainText(formatKsh(800));

  const pages = page.getByRole('navigation', { name: 'Product pages' });
  await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(editedRow).toBeHidden();
  await pages.getByRole('button', { name: 'Page 1', exact: true }).click();

  await editedRow.getByRole('button', { name: `Delete ${edited}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${edited}?` });
  await dialog.getByRole('button', { name: 'Delete product' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product deleted successfully' }),
  ).toBeVisible();
  await expect(editedRow).toBeHidden();
});

/** Enough orders that the list has a second page of 10. */
async function ensureOrders(api: SokoApi, token: string) {
  const first = await api.raw.get('/api/order/getall', {
    headers: { authorization: `Bearer ${token}` },
  });
  let total = Number(first.headers()['x-total-count']);
  if (total > 10) return;
  const products = await api.get<Product[]>('/api/listing/gellisting');
  const product = products.find((p) => p.variants.length === 0 && p.stock > 20);
  if (!product) throw new Error('no product to order');
  const price = fromCents(discountedPriceCents(toCents(product.price), product.discounts));
  while (total <= 10) {
    await api.post('/api/order/create', {
      items: [
        { name: product.name, productId: product._id, quantity: 1, price, selectedVariant: null },
      ],
      totalPrice: fromCents(toCents(price) + toCents(SHIPPING_OPTIONS.standard.amountKsh)),
      shipping: 'standard',
      discount: 0,
    });
    total += 1;
  }
}

test('an admin pages the orders and opens each detail panel', async ({ page, api }) => {
  const admin = await signIn(api, 'admin@soko.test');
  await ensureOrders(api, admin.token);
  await seedToken(page, admin.token);
  await page.goto('/manageorders');
  await expect(page.getByRole('columnheader', { name: 'Total Price' })).toBeVisible();

  const pages = page.getByRole('navigation', { name: 'Order pages' });
  await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pages.getByRole('button', { name: 'Page 1', exact: true }).click();

  const [newest] = await api.get<Order[]>('/api/order/getall?pageSize=1', { token: admin.token });
  if (!newest) throw new Error('no orders');
  const order = await api.get<Order>(`/api/order/getorder/${newest._id}`, { token: admin.token });
  const row = page.getByRole('row').filter({ hasText: order.orderId });
  await expect(row).toContainText('Ksh');

  await row.getByRole('button', { name: /View Products/ }).click();
  const products = page.getByRole('region', { name: 'Order products' });
  await expect(products).toContainText(order.orderId);
  await expect(products).toContainText(formatKsh(order.totalPrice));
  const firstItem = order.items[0];
  if (firstItem) {
    await expect(products).toContainText(
      `${firstItem.name}: ${formatKsh(firstItem.price)} x ${firstItem.quantity}`,
    );
  } else {
    await expect(products).toContainText('No items found for this order.');
  }

  await row.getByRole('button', { name: /View Location/ }).click();
  const location = page.getByRole('region', { name: 'Delivery location' });
  for (const term of ['Address', 'City', 'Country']) await expect(location).toContainText(term);

  await row.getByRole('button', { name: /View KYC/ }).click();
  const kyc = page.getByRole('region', { name: 'Customer KYC' });
  for (const term of ['First name', 'Last name', 'Email', 'Phone number']) {
    await expect(kyc).toContainText(term);
  }
});

test('a customer is sent away from the admin pages', async ({ page, api }) => {
  const shopper = await signIn(api, 'shopper@soko.test');
  await seedToken(page, shopper.token);
  for (const path of ['/admin', '/createlisting', '/managelisting', '/manageorders']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
