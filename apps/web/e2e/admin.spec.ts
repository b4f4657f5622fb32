import {
  discountedPriceCents,
  formatKsh,
  fromCents,
  SHIPPING_OPTIONS,
  toCents,
  type AuthResponse,
  type Order,
  type Shop,
} from '@soko/contract';
import { expect, test, type SokoApi } from './fixtures';
import { readFile } from 'node:fs/promises';
import { field, placeConfirmedOrder, seedToken, uniqueEmail } from './shopping';

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
  await page.getByLabel('Stock', { exact: true }).first().fill('4');
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
  const products = await api.allProducts();
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

test('an admin finds orders by number, phone, state and shop, and exports them as CSV', async ({
  page,
  api,
}) => {
  test.slow();
  const admin = await signIn(api, 'admin@soko.test');
  // A phone number of this run and project's own: 07 then eight digits.
  const project = test.info().project.name === 'phone' ? '1' : '2';
  const subscriber = `${project}${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const { order, shopId } = await placeConfirmedOrder(api, project === '1' ? 12 : 13, {
    firstName: 'Njeri',
    middleName: 'Wairimu',
    lastName: 'Mũthoni',
    address: 'Moi Avenue 7',
    phoneNumber: `07${subscriber}`,
    email: uniqueEmail('finder'),
  });
  const shops = await api.get<Shop[]>('/api/property/shop/getall', { token: admin.token });
  const shop = shops.find((s) => s._id === shopId);
  if (!shop) throw new Error('the order’s shop is not listed');
  await seedToken(page, admin.token);
  await page.goto('/manageorders');

  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await expect(search).toHaveAttribute('placeholder', 'Order number, email or phone');
  const rows = page.getByRole('row').filter({ hasText: /SK-/ });
  await search.fill(order.orderId);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.orderId);
  await expect(page).toHaveURL(new RegExp(`q=${order.orderId}`));

  // The same order by its phone written the international way.
  await search.fill(`+254 7${subscriber.slice(0, 2)} ${subscriber.slice(2)}`);
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.orderId);

  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Awaiting payment' });
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Confirmed' });
  await page.getByLabel('Shop', { exact: true }).selectOption({ label: shop.name });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.orderId);
  // A reload keeps every filter.
  await page.reload();
  await expect(page.getByLabel('Shop', { exact: true })).toHaveValue(shopId);
  await expect(rows.first()).toContainText(order.orderId);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8');
  const [header, ...lines] = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe(
    'Order number,Date,Status,Customer,Email,Phone,County,City,Address,Items (units),Subtotal (Ksh),Discount (Ksh),Shipping (Ksh),Total (Ksh),Payment,Refund owed',
  );
  const found = lines.find((line) => line.startsWith(`${order.orderId},`));
  expect(found).toContain('Njeri Mũthoni');
  expect(found).toContain(',On delivery,');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/\/manageorders$/);
});

test('an admin opens a shop for a new owner, who runs it at once', async ({
  page,
  browser,
  api,
}) => {
  // Two sessions and a dozen fields: a long journey on a busy two-core machine.
  test.slow();
  const admin = await signIn(api, 'admin@soko.test');
  const email = uniqueEmail('weaver');
  const seller = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email,
    password: 'a-long-enough-password',
  });
  const shopName = `Wanjiru Weaves ${Date.now().toString(36)} ${test.info().project.name}`;
  await seedToken(page, admin.token);

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Marketplace' })
    .getByRole('link', { name: 'Shops' })
    .click();
  await expect(page).toHaveURL(/\/admin\/shops$/);
  await expect(page.getByRole('heading', { name: 'All shops' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kikapu Crafts & Home', exact: true })).toBeVisible();

  const form = page.getByRole('form', { name: 'Create a Shop for an Owner' });
  await field(page, 'Shop name').fill(shopName);
  await field(page, 'Owner').fill('Wanjiru Kamau');
  await field(page, 'Owner email').fill('nobody-signed-up@example.com');
  await field(page, 'Contact email').fill(email);
  await field(page, 'Contact phone').fill('0712 345 678');
  await field(page, 'Address').fill('Biashara Street 3, Nairobi');
  await form.getByRole('button', { name: 'Create Shop' }).click();
  await expect(
    form.getByText('No account uses this email. Ask the owner to sign up first.'),
  ).toBeVisible();
  await expect(field(page, 'Owner email')).toBeFocused();

  await field(page, 'Owner email').fill(email);
  await form.getByRole('button', { name: 'Create Shop' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Shop created successfully!' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: shopName, exact: true })).toBeVisible();
  await expect(page.getByText(`Owner: Wanjiru Kamau (${email})`)).toBeVisible();
  // The form is ready for the next owner.
  await expect(field(page, 'Shop name')).toHaveValue('');

  // The owner signs in with the token they had before and finds the shop theirs.
  const ownerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: page.viewportSize(),
  });
  try {
    const ownerPage = await ownerContext.newPage();
    await seedToken(ownerPage, seller.token);
    await ownerPage.goto('/shops');
    await expect(ownerPage.getByRole('heading', { name: 'Your shops' })).toBeVisible();
    await ownerPage.getByRole('link', { name: shopName, exact: true }).click();
    await expect(ownerPage.getByText('Select a category to view products.')).toBeVisible();
  } finally {
    await ownerContext.close();
  }
});

test('an admin adds a tenant, changes its title and sees it in the served page', async ({
  page,
  api,
}) => {
  test.slow();
  const admin = await signIn(api, 'admin@soko.test');
  const owner2 = await signIn(api, 'owner2@soko.test');
  const [shop] = await api.get<Shop[]>('/api/property/shop/getall', { token: owner2.token });
  if (!shop) throw new Error('owner2 has no shop');
  // *.localhost reaches this machine in Chromium: a host of this journey's own.
  const host = `t${Date.now().toString(36)}-${test.info().project.name}.localhost`;
  const title = `Duka la Pili ${Date.now().toString(36)}`;
  await seedToken(page, admin.token);

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Marketplace' })
    .getByRole('link', { name: 'Tenants' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
  await expect(page.getByText('Default', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Tenant' }).click();
  const form = page.getByRole('form', { name: 'New tenant' });
  await form.getByLabel('Host names').fill(`https://${host}/`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/Enter a host name such as/)).toBeVisible();
  await expect(form.getByText('Choose a shop.')).toBeVisible();
  await form.getByLabel('Host names').fill(host);
  await form.getByLabel('Shop shown first').selectOption({ label: shop.name });
  await form.getByLabel('Title').fill('A first title');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tenant saved.' })).toBeVisible();

  const card = page.getByRole('article', { name: host });
  await expect(card).toContainText(`Shows ${shop.name}`);
  await card.getByRole('button', { name: `Edit ${host}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${host}` });
  await expect(edit.getByLabel('Title')).toHaveValue('A first title');
  await edit.getByLabel('Title').fill(title);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText(`Title: ${title}`);

  // The served page of that host carries the new title and shows the tenant's shop first.
  const address = new URL(page.url());
  address.hostname = host;
  address.pathname = '/';
  await page.goto(address.href);
  await expect(page).toHaveTitle(title);
  const metadata = await api.raw.get('/api/metadata', { headers: { host: address.host } });
  expect(((await metadata.json()) as Shop[])[0]?._id).toBe(shop._id);

  // Deleting it hands the host back to the default tenant.
  await page.goto('/admin/tenants');
  await page
    .getByRole('article', { name: host })
    .getByRole('button', { name: `Delete ${host}` })
    .click();
  await page
    .getByRole('alertdialog', { name: `Delete the tenant ${host}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Tenant deleted.' })).toBeVisible();
  await expect(page.getByRole('article', { name: host })).toHaveCount(0);
  await page.goto(address.href);
  await expect(page).not.toHaveTitle(title);
});

test('a customer is sent away from the admin pages', async ({ page, api }) => {
  // Nine pages, each loaded and taken over: long on a busy two-core machine.
  test.slow();
  const shopper = await signIn(api, 'shopper@soko.test');
  await seedToken(page, shopper.token);
  for (const path of [
    '/admin',
    '/createlisting',
    '/managelisting',
    '/manageorders',
    '/admin/shops',
    '/admin/tenants',
    '/admin/refunds',
    '/admin/payouts',
    '/admin/messages',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
