import { formatKsh, fromCents, toCents, type AuthResponse, type Order } from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  DELIVERY,
  addToCart,
  field,
  fillDelivery,
  firstLine,
  savedCart,
  seedToken,
  shopProduct,
  uniqueEmail,
  UUID_PATTERN,
  totalsRow,
} from './shopping';

// Checkout journeys (spec sections 2 to 5, DESIGN departures 1, 5 and 6) against the real
// server. Orders are placed on the pay-on-DELIVERY shop (its listing says payonorder false) with
// products that have plenty of stock: journeys run in parallel and every order takes stock.

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

test('an anonymous shopper checks out a pay-on-DELIVERY product with a discount code', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, false, 0);
  const { title } = firstLine(product);
  await addToCart(page, product);
  const price = (await savedCart(page))?.[0]?.price ?? NaN;
  await page
    .getByRole('dialog', { name: 'Your Cart' })
    .getByRole('button', { name: 'Checkout' })
    .click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  await test.step('the summary lists the line; shipping counts 0 until chosen', async () => {
    await expect(summary(page).getByText(title, { exact: true })).toBeVisible();
    await expect(summary(page).getByText(`${formatKsh(price)} x 1`)).toBeVisible();
    await expect(totalsRow(page, 'Subtotal')).toHaveText(formatKsh(price));
    await expect(totalsRow(page, 'Shipping')).toHaveText('Ksh 0');
    await expect(totalsRow(page, 'Total')).toHaveText(formatKsh(price));
    await expect(field(page, 'Country')).toHaveValue('Kenya');
  });

  await test.step('an empty form says what is missing, shipping included', async () => {
    await placeOrder(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please correct the fields marked in red.' }),
    ).toBeVisible();
    await expect(page.getByText('Choose a shipping method.')).toBeVisible();
    await expect(page.getByText('Choose a county.')).toBeVisible();
    // First, last name, city, address: the middle name and postal code are optional (027).
    await expect(page.getByText('This field is required.')).toHaveCount(4);
    for (const optional of ['Middle Name (optional)', 'Postal Code (optional)']) {
      await expect(field(page, optional)).not.toHaveAttribute('aria-invalid', 'true');
    }
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Email')).toBeFocused();
  });

  await test.step('a phone number that is not Kenyan is refused', async () => {
    await field(page, 'Email').fill(uniqueEmail('anon'));
    await fillDelivery(page, { ...DELIVERY, 'Phone Number': '12345' });
    await field(page, 'Shipping').selectOption({ label: 'Standard (Ksh 10)' });
    await placeOrder(page).click();
    await expect(
      page.getByText('Enter a Kenyan mobile number such as 0712 345 678.'),
    ).toBeVisible();
    await expect(field(page, 'Phone Number')).toBeFocused();
    await expect(page.getByText('This field is required.')).toHaveCount(0);
    await field(page, 'Phone Number').fill('0712 345 678');
  });

  await test.step('an expired code shows the server’s reason', async () => {
    const answer = await api.raw.get('/api/discounts/EXPIRED5');
    expect(answer.status()).toBe(404);
    const { error } = (await answer.json()) as { error: { message: string } };
    await page.getByRole('textbox', { name: 'Discount code' }).fill('EXPIRED5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: error.message })).toBeVisible();
    await expect(totalsRow(page, 'Discount')).toHaveText('Ksh 0');
  });

  const discountCents = Math.round(toCents(price) * 0.1);
  const totalKsh = fromCents(toCents(price) - discountCents + toCents(10));
  await test.step('KARIBU10 takes 10% off; Standard shipping adds Ksh 10', async () => {
    await page.getByRole('textbox', { name: 'Discount code' }).fill('KARIBU10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Code KARIBU10 applied.')).toBeVisible();
    await expect(totalsRow(page, 'Discount')).toHaveText(
      `− ${formatKsh(fromCents(discountCents))}`,
    );
    await expect(totalsRow(page, 'Shipping')).toHaveText('Ksh 10');
    await expect(totalsRow(page, 'Total')).toHaveText(formatKsh(totalKsh));
  });

  let orderId = '';
  await test.step('Place Order confirms it and opens the order’s page', async () => {
    await placeOrder(page).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${UUID_PATTERN}$`));
    orderId = page.url().split('/').pop() ?? '';
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeVisible();
    const order = await api.get<Order>(`/api/orders/${orderId}`);
    expect(order).toMatchObject({
      status: 'confirmed',
      totalPrice: totalKsh,
      shippingOption: 'standard',
    });
    expect(order.orderId).toMatch(/^SK-\d{2}-\d{6}$/);
    const main = page.getByRole('main');
    await expect(main.getByText(order.orderId, { exact: true })).toBeVisible();
    await expect(main.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(main.getByText(`${formatKsh(price)} x 1`)).toBeVisible();
    await expect(main.getByText(formatKsh(totalKsh), { exact: true })).toBeVisible();
    await expect(main.getByText('Kenyatta Avenue 12')).toBeVisible();
    await expect(main.getByText('Nairobi, Nairobi, Kenya')).toBeVisible();
  });

  await test.step('the cart is empty afterwards', async () => {
    expect(await savedCart(page)).toEqual([]);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart' })).toHaveAccessibleName(
      'Cart',
    );
    await page.goto('/checkout');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
  });

  await test.step('the order page reads the order from the server on a fresh load', async () => {
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Order SK-/ })).toBeVisible();
    await expect(page.getByRole('main').getByText(`${formatKsh(price)} x 1`)).toBeVisible();
  });
});

test('a signed-in shopper checks out with their address prefilled; the order is in My Orders', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('buyer');
  const { token } = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Akinyi',
    lastName: 'Otieno',
    email,
    password: 'a-long-password',
  });
  await api.put(
    '/api/user/address',
    { street: 'Moi Avenue 5', city: 'Nakuru', state: 'nakuru', zip: '20100' },
    { token },
  );
  await seedToken(page, token);
  const product = await shopProduct(api, false, 1);
  await addToCart(page, product);
  await page.goto('/checkout');

  await test.step('the email is the account’s and the address is filled in', async () => {
    await expect(page.getByText(`Logged in as ${email}`)).toBeVisible();
    await expect(field(page, 'Email')).toHaveCount(0);
    await expect(field(page, 'First Name')).toHaveValue('Akinyi');
    await expect(field(page, 'Last Name')).toHaveValue('Otieno');
    await expect(field(page, 'Address')).toHaveValue('Moi Avenue 5');
    await expect(field(page, 'City')).toHaveValue('Nakuru');
    await expect(field(page, 'County')).toHaveValue('Nakuru');
    await expect(field(page, 'Postal Code (optional)')).toHaveValue('20100');
  });

  let orderId = '';
  await test.step('express shipping and an international phone form are accepted', async () => {
    await field(page, 'Middle Name (optional)').fill('Adhiambo');
    await field(page, 'Phone Number').fill('+254112345678');
    await field(page, 'Shipping').selectOption({ label: 'Express (Ksh 20)' });
    await expect(totalsRow(page, 'Shipping')).toHaveText('Ksh 20');
    await placeOrder(page).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    orderId = page.url().split('/').pop() ?? '';
    const order = await api.get<Order>(`/api/orders/${orderId}`, { token });
    expect(order).toMatchObject({ email, status: 'confirmed', shipping: 20, county: 'Nakuru' });
    // Someone else's order is not readable without the account: it answers like no order.
    expect((await api.raw.get(`/api/orders/${orderId}`)).status()).toBe(404);
  });

  await test.step('My Orders lists it and links to its page', async () => {
    await page.goto('/profile');
    const myOrders = page.getByRole('region', { name: 'My Orders' });
    const link = myOrders.getByRole('link', { name: new RegExp(product.name) });
    await expect(link).toHaveAttribute('href', `/orders/${orderId}`);
    await link.click();
    await expect(page).toHaveURL(`/orders/${orderId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: /^Order SK-\d{2}-\d{6}$/ }),
    ).toBeVisible();
  });
});

test('buy now checks out one product and leaves the cart untouched', async ({ page, api }) => {
  const inCart = await shopProduct(api, false, 2);
  const bought = await shopProduct(api, false, 3);
  await addToCart(page, inCart);
  const before = await savedCart(page);

  await page.goto(`/buy/${bought._id}/${bought.userId}`);
  await expect(summary(page).getByText(firstLine(bought).title, { exact: true })).toBeVisible();
  await expect(summary(page).getByRole('listitem')).toHaveCount(1);
  await field(page, 'Email').fill(uniqueEmail('buynow'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
  await placeOrder(page).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(
    page.getByRole('main').getByText(bought.name, { exact: false }).first(),
  ).toBeVisible();

  expect(await savedCart(page)).toEqual(before);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('a line the server says is out of stock is lowered, or marked sold out', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, false, 4);
  const { title, variant } = firstLine(product);
  await addToCart(page, product);
  const more = page.getByRole('button', { name: `Increase quantity of ${title}` });
  await more.click();
  await more.click();
  await page.goto('/checkout');
  await expect(summary(page).getByText(/ x 3$/)).toBeVisible();

  // Another shopper took the rest meanwhile: staged, since draining real stock would race the
  // other journeys.
  let available = 1;
  await page.route('**/api/order/create', (route) =>
    route.fulfill({
      status: 409,
      json: {
        error: {
          code: 'out_of_stock',
          message: `${title}: only ${available} left.`,
          details: { productId: product._id, variantId: variant?._id ?? null, available },
        },
      },
    }),
  );
  await field(page, 'Email').fill(uniqueEmail('stock'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('express');
  await placeOrder(page).click();
  await expect(page.getByRole('alert').filter({ hasText: `${title}: only 1 left.` })).toBeVisible();
  await expect(summary(page).getByText(/ x 1$/)).toBeVisible();
  expect(await savedCart(page)).toMatchObject([{ quantity: 1, maxQuantity: 1 }]);

  available = 0;
  await placeOrder(page).click();
  await expect(page.getByRole('alert').filter({ hasText: `${title}: only 0 left.` })).toBeVisible();
  await expect(summary(page).getByText('Sold out.')).toBeVisible();
  // The order cannot be placed until the shopper removes it.
  await placeOrder(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Lower or remove them' })).toBeVisible();
  await summary(page)
    .getByRole('button', { name: `Remove ${title}` })
    .click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('changed prices: the server’s total is shown, the cart repriced, and the order goes through', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, false, 5);
  await addToCart(page, product);
  const [line] = (await savedCart(page)) ?? [];
  if (!line) throw new Error('nothing in the cart');
  // The price the cart remembers is older than the shop's: the server reprices and refuses.
  const stale = { ...line, price: line.price + 100 };
  await page.evaluate(`localStorage.setItem('cart', ${JSON.stringify(JSON.stringify([stale]))})`);
  await page.goto('/checkout');
  await expect(totalsRow(page, 'Subtotal')).toHaveText(formatKsh(stale.price));

  await field(page, 'Email').fill(uniqueEmail('prices'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
  let creates = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/order/create')) creates += 1;
  });
  await placeOrder(page).click();
  const expected = fromCents(toCents(line.price) + toCents(10));
  await expect(
    page.getByRole('alert').filter({
      hasText: `Prices changed: your new total is ${formatKsh(expected)}. Please review and place the order again.`,
    }),
  ).toBeVisible();
  await expect(totalsRow(page, 'Subtotal')).toHaveText(formatKsh(line.price));
  await expect(totalsRow(page, 'Total')).toHaveText(formatKsh(expected));
  expect(await savedCart(page)).toMatchObject([{ price: line.price }]);

  await placeOrder(page).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  expect(creates).toBe(2);
});

test('a lost answer from the final checkout is retried on the same order', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, false, 6);
  await addToCart(page, product);
  await page.goto('/checkout');
  await field(page, 'Email').fill(uniqueEmail('retry'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');

  const created: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/order/create') && response.status() === 201) {
      created.push(((await response.json()) as { _id: string })._id);
    }
  });
  await page.route('**/api/order/checkout', (route) => route.abort('internetdisconnected'), {
    times: 1,
  });
  await placeOrder(page).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'We could not reach the shop.' }),
  ).toBeVisible();
  await expect(placeOrder(page)).toBeEnabled();

  await placeOrder(page).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  expect(created).toHaveLength(1);
  expect(page.url()).toContain(`/orders/${created[0]}`);
});

test('a product no longer sold and a refused quantity are explained', async ({ page, api }) => {
  const product = await shopProduct(api, false, 7);
  await addToCart(page, product);
  const [line] = (await savedCart(page)) ?? [];
  if (!line) throw new Error('nothing in the cart');
  const gone = {
    ...line,
    productId: '0b6f5a3e-6a0b-4c3e-9d7e-1f2a3b4c5d6e',
    name: 'Old Soap',
    variantId: null,
  };
  await page.evaluate(`localStorage.setItem('cart', ${JSON.stringify(JSON.stringify([gone]))})`);
  await page.goto('/checkout');
  await field(page, 'Email').fill(uniqueEmail('gone'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
  await placeOrder(page).click();
  await expect(page.getByRole('alert')).toHaveText(
    'An item in your cart is no longer sold. Remove Old Soap and place the order again.',
  );

  await page.route('**/api/order/create', (route) =>
    route.fulfill({
      status: 400,
      json: {
        error: {
          code: 'validation_failed',
          message: 'Please check the order.',
          fields: {
            'items.0.quantity': 'At most 1000 of one item.',
            phoneNumber: 'Not a number we can call.',
          },
        },
      },
    }),
  );
  await placeOrder(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Please check the order.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('listitem')).toHaveText('Old Soap: At most 1000 of one item.');
  await expect(page.getByText('Not a number we can call.')).toBeVisible();
  await expect(field(page, 'Phone Number')).toHaveAttribute('aria-invalid', 'true');
});

test('a cart holding more of one item than one order may take is told to lower it', async ({
  page,
  api,
}) => {
  const product = await shopProduct(api, false, 8);
  const { title } = firstLine(product);
  await addToCart(page, product);
  const [line] = (await savedCart(page)) ?? [];
  if (!line) throw new Error('nothing in the cart');
  // A cart kept from before the shop's limit applied: more than one order may take.
  const tooMany = { ...line, quantity: product.maxPerOrder + 1, maxQuantity: 1000 };
  await page.evaluate(`localStorage.setItem('cart', ${JSON.stringify(JSON.stringify([tooMany]))})`);
  await page.goto('/checkout');
  await field(page, 'Email').fill(uniqueEmail('bulk'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
  await placeOrder(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'at a time' });
  await expect(alert).toContainText(
    `You can order at most ${product.maxPerOrder} of ${title} at a time. Lower the quantity in your cart, then place the order.`,
  );
  await expect(alert.getByRole('listitem')).toHaveText(
    `${title}: At most ${product.maxPerOrder} in one order.`,
  );
  await expect(page).toHaveURL('/checkout');
});
