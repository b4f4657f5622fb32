import {
  formatKsh,
  fromCents,
  productPath,
  toCents,
  type DeliverySettingsInput,
  type Order,
  type Product,
  type Shop,
  type ShopDeliveryResponse,
} from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { closeOwnShop, openOwnShop, type OwnShop } from './own-shop';
import {
  DELIVERY,
  addToCart,
  field,
  fillDelivery,
  seedToken,
  shopProduct,
  uniqueEmail,
  UUID_PATTERN,
  totalsRow,
} from './shopping';

// Delivery priced by county, and pickup at a shop's counter (issue 31, decision 035). Every
// journey opens a shop of its own, so the rates it sets never reach other journeys' orders
// (they share one server), and removes its products at the end. Its products keep under 15 in
// stock, so `shopProduct` (which other journeys pick their products with) never picks them.

const KISUMU_COUNTER = {
  name: 'Kisumu counter',
  address: 'Oginga Odinga Street 5, Kisumu',
  hours: 'Mon-Sat 8-18',
  fee: 50,
};
/** Western Kenya at Ksh 350 (2-3 days), the rest of Kenya dearer, one counter in Kisumu. */
const WESTERN_RATES: DeliverySettingsInput = {
  zones: [
    {
      name: 'Western',
      counties: ['Kisumu', 'Kakamega'],
      standard: { fee: 350, days: '2-3 days' },
      express: { fee: 600, days: '1 day' },
    },
  ],
  restOfKenya: { standard: { fee: 500, days: '3-5 days' }, express: { fee: 900, days: '2 days' } },
  freeFrom: null,
  pickupCounters: [KISUMU_COUNTER],
};

/** The product alone in the cart, at checkout for Kisumu, Standard, with no street address. */
async function checkoutInKisumu(page: Page, product: Product, who: string): Promise<void> {
  await addToCart(page, product);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await field(page, 'Email').fill(uniqueEmail(who));
  const { Address: _address, City: _city, ...rest } = DELIVERY;
  await fillDelivery(page, rest);
  await field(page, 'County').selectOption('Kisumu');
  await field(page, 'Shipping').selectOption('standard');
}

const tag = () => `${test.info().project.name}-${test.info().workerIndex}`;

test('an owner sets rates by county group and a pickup counter', async ({ page, api }) => {
  let own: OwnShop | undefined;
  try {
    own = await openOwnShop(api, `owner-${tag()}`);
    const { owner, shop } = own;
    await seedToken(page, owner.token);
    await page.goto('/shops');
    await page.getByRole('link', { name: `Delivery of ${shop.name}` }).click();
    await expect(page).toHaveURL(`/shops/${shop._id}/delivery`);
    await expect(page.getByText('standard rates (Standard Ksh 10, Express Ksh 20)')).toBeVisible();

    await test.step('a county group for Kisumu, its rates and times', async () => {
      await page.getByRole('button', { name: 'Add a county group' }).click();
      const group = page.getByRole('group', { name: 'Group 1' });
      await group.getByLabel('Group name').fill('Western');
      await group.getByRole('checkbox', { name: 'Kisumu' }).check();
      await group.getByRole('checkbox', { name: 'Kakamega' }).check();
      await group.getByLabel('Standard fee (Ksh)').fill('350');
      await group.getByLabel('Standard time').fill('2-3 days');
      await group.getByLabel('Express fee (Ksh)').fill('600');
      await group.getByLabel('Express time').fill('1 day');
    });

    await test.step('a negative fee for the rest of Kenya is refused at its field', async () => {
      const rest = page.getByRole('group', { name: 'Rest of Kenya' });
      await rest.getByLabel('Standard fee (Ksh)').fill('-5');
      await page.getByRole('button', { name: 'Save delivery' }).click();
      await expect(rest.getByText('Must not be negative.')).toBeVisible();
      await expect(rest.getByLabel('Standard fee (Ksh)')).toBeFocused();
      await rest.getByLabel('Standard fee (Ksh)').fill('500');
      await rest.getByLabel('Express fee (Ksh)').fill('900');
    });

    await test.step('a pickup counter', async () => {
      await page.getByRole('button', { name: 'Add a pickup counter' }).click();
      const counter = page.getByRole('group', { name: 'Counter 1' });
      await counter.getByLabel('Counter name').fill(KISUMU_COUNTER.name);
      await counter.getByLabel('Counter address').fill(KISUMU_COUNTER.address);
      await counter.getByLabel('Opening hours').fill(KISUMU_COUNTER.hours);
      await counter.getByLabel('Pickup fee (Ksh)').fill('50');
    });

    await test.step('the server’s field error shows at the field it names', async () => {
      const url = `**/api/property/shop/${shop._id}/delivery`;
      await page.route(url, (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 400,
              json: {
                error: {
                  code: 'validation_failed',
                  message: 'Please check the delivery settings.',
                  fields: { 'pickupCounters.0.address': 'Give the street and the town.' },
                },
              },
            })
          : route.fallback(),
      );
      await page.getByRole('button', { name: 'Save delivery' }).click();
      const counter = page.getByRole('group', { name: 'Counter 1' });
      await expect(counter.getByText('Give the street and the town.')).toBeVisible();
      await expect(counter.getByLabel('Counter address')).toBeFocused();
      await expect(page.getByRole('alert')).toHaveText(
        'Failed to save delivery. Please try again.',
      );
      await page.unroute(url);
    });

    await test.step('agent points: on, and the agent its parcels leave from', async () => {
      const agents = page.getByRole('region', { name: 'Agent points' });
      await agents
        .getByRole('checkbox', { name: 'Offer pickup at Pick Up Mtaani agent points' })
        .check();
      // On without a drop-off agent: refused at its field before anything is sent.
      await page.getByRole('button', { name: 'Save delivery' }).click();
      await expect(
        agents.getByText('Choose the agent point your parcels leave from.'),
      ).toBeVisible();
      await agents
        .getByLabel('Drop-off agent point')
        .selectOption({ label: 'Mwiki Stage Agent, Kasarani' });
    });

    await test.step('Save', async () => {
      await page.getByRole('button', { name: 'Save delivery' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Delivery saved.' })).toBeVisible();
    });

    const saved = await api.get<ShopDeliveryResponse>(`/api/property/shop/${shop._id}/delivery`, {
      token: owner.token,
    });
    expect(saved).toMatchObject({
      isDefault: false,
      zones: [
        {
          name: 'Western',
          counties: ['Kakamega', 'Kisumu'],
          standard: { fee: 350, days: '2-3 days' },
          express: { fee: 600, days: '1 day' },
        },
      ],
      restOfKenya: { standard: { fee: 500 }, express: { fee: 900 } },
      freeFrom: null,
      pickupCounters: [{ ...KISUMU_COUNTER, id: expect.any(String) }],
      agents: { enabled: true, dropOffAgentId: '362' },
    });
  } finally {
    await closeOwnShop(api, own);
  }
});

test('a shopper in Kisumu sees the Kisumu fee on the product page and pays it for a two-shop cart', async ({
  page,
  api,
}) => {
  test.slow();
  let own: OwnShop | undefined;
  try {
    own = await openOwnShop(api, `kisumu-${tag()}`);
    await api.put(`/api/property/shop/${own.shop._id}/delivery`, WESTERN_RATES, {
      token: own.owner.token,
    });
    const { product } = own;
    // A shop that set nothing: the spec's Standard Ksh 10 for its part.
    const other = await shopProduct(api, false, 7);
    const shops = await api.get<Shop[]>('/api/metadata');
    const otherShop = shops.find((shop) => shop._id === other.shopId);
    if (!otherShop) throw new Error('the other product’s shop is not listed');

    await test.step('the product page says what delivery to Kisumu costs', async () => {
      await page.goto(productPath(product));
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      const delivery = page.getByRole('region', { name: 'Delivery' });
      await delivery.getByLabel('Delivery county').selectOption('Kisumu');
      await expect(
        delivery.getByText('Delivery to Kisumu: Ksh 350 (Standard, 2-3 days)'),
      ).toBeVisible();
    });

    await addToCart(page, product);
    await addToCart(page, other);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    // The county picked on the product page is the checkout's to start with.
    await expect(field(page, 'County')).toHaveValue('Kisumu');
    await field(page, 'Email').fill(uniqueEmail('kisumu'));
    await fillDelivery(page, { ...DELIVERY, City: 'Kisumu' });
    // fillDelivery picks Nairobi: back to Kisumu.
    await field(page, 'County').selectOption('Kisumu');
    await field(page, 'Shipping').selectOption('standard');

    const otherPrice = await page.evaluate<number>(
      `JSON.parse(localStorage.getItem('cart')).find((l) => l.productId === ${JSON.stringify(other._id)}).price`,
    );
    const totalKsh = fromCents(toCents(1200) + toCents(otherPrice) + toCents(360));
    await test.step('one delivery line per shop, and the total with both', async () => {
      await expect(totalsRow(page, `Delivery from ${own?.shop.name ?? ''}`)).toHaveText('Ksh 350');
      await expect(totalsRow(page, `Delivery from ${otherShop.name}`)).toHaveText('Ksh 10');
      await expect(totalsRow(page, 'Shipping')).toHaveText('Ksh 360');
      await expect(totalsRow(page, 'Total')).toHaveText(formatKsh(totalKsh));
      // The remembered county's part is a door delivery unless the shopper picks the counter.
      await expect(page.getByRole('radio', { name: /^Deliver to Kisumu: Ksh 350/ })).toBeChecked();
    });

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${UUID_PATTERN}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeVisible();
    await expect(page.getByText('Delivery to Kisumu: Ksh 350')).toBeVisible();
    const order = await api.get<Order>(`/api/orders/${page.url().split('/').pop() ?? ''}`);
    expect(order).toMatchObject({ status: 'confirmed', shipping: 360, totalPrice: totalKsh });
    const byShop = Object.fromEntries(order.parts.map((part) => [part.shopId, part.delivery]));
    expect(byShop).toEqual({ [own.shop._id]: 350, [other.shopId]: 10 });
  } finally {
    await closeOwnShop(api, own);
  }
});

test('a shopper collects at the shop’s counter without giving a street address', async ({
  page,
  api,
}) => {
  let own: OwnShop | undefined;
  try {
    own = await openOwnShop(api, `pickup-${tag()}`);
    await api.put(`/api/property/shop/${own.shop._id}/delivery`, WESTERN_RATES, {
      token: own.owner.token,
    });
    await checkoutInKisumu(page, own.product, 'pickup');
    await page.getByRole('radio', { name: /^Pick up at Kisumu counter: Ksh 50/ }).check();
    await expect(
      page.getByText('Not needed: you collect every part at a pickup point.'),
    ).toHaveCount(2);
    await expect(totalsRow(page, `Pickup from ${own.shop.name}`)).toHaveText('Ksh 50');
    await expect(totalsRow(page, 'Total')).toHaveText(formatKsh(1250));

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${UUID_PATTERN}$`));
    await expect(
      page.getByText(
        `Pickup at ${KISUMU_COUNTER.name}, ${KISUMU_COUNTER.address} (open ${KISUMU_COUNTER.hours}): Ksh 50`,
      ),
    ).toBeVisible();
    const order = await api.get<Order>(`/api/orders/${page.url().split('/').pop() ?? ''}`);
    expect(order).toMatchObject({ status: 'confirmed', address: '', shipping: 50 });
    expect(order.parts[0]?.pickupCounter).toMatchObject({ name: KISUMU_COUNTER.name });

    await test.step('the owner’s Orders say where the part goes and its fee', async () => {
      await seedToken(page, own?.owner.token ?? '');
      await page.goto(`/shops/${own?.shop._id ?? ''}/orders`);
      await expect(page.getByRole('article', { name: `Order ${order.orderId}` })).toContainText(
        `Pickup at ${KISUMU_COUNTER.name}, ${KISUMU_COUNTER.address} (open ${KISUMU_COUNTER.hours}): delivery fee Ksh 50`,
      );
    });
  } finally {
    await closeOwnShop(api, own);
  }
});

test('a shopper collects at a Pick Up Mtaani agent point, and the owner sees its package', async ({
  page,
  api,
}) => {
  test.slow();
  let own: OwnShop | undefined;
  try {
    own = await openOwnShop(api, `agent-${tag()}`);
    // The fake carrier (global-setup.ts) knows agents 362 (Nairobi) and 517 (Kisumu), Ksh 180.
    await api.put(
      `/api/property/shop/${own.shop._id}/delivery`,
      { ...WESTERN_RATES, agents: { enabled: true, dropOffAgentId: '362' } },
      { token: own.owner.token },
    );
    await checkoutInKisumu(page, own.product, 'agent');

    await test.step('the agent points in Kisumu, and the carrier’s fee', async () => {
      await page.getByRole('radio', { name: /^Pick up at a Pick Up Mtaani agent point/ }).check();
      const agent = page.getByRole('combobox', { name: 'Agent point', exact: true });
      await expect(agent).toHaveValue('517');
      await expect(agent.getByRole('option')).toHaveText(['Kisumu Mega Agent, Milimani']);
      await expect(page.getByText('Fee: Ksh 180')).toBeVisible();
      await expect(
        page.getByText('Not needed: you collect every part at a pickup point.'),
      ).toHaveCount(2);
      await expect(totalsRow(page, `Pickup from ${own?.shop.name ?? ''}`)).toHaveText('Ksh 180');
      await expect(totalsRow(page, 'Total')).toHaveText(formatKsh(1380));
    });

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${UUID_PATTERN}$`));
    const where = 'Pickup at Kisumu Mega Agent (Pick Up Mtaani agent), Oginga Odinga St, Milimani';
    await expect(page.getByText(`${where}: Ksh 180`)).toBeVisible();
    const order = await api.get<Order>(`/api/orders/${page.url().split('/').pop() ?? ''}`);
    expect(order).toMatchObject({ status: 'confirmed', address: '', shipping: 180 });
    expect(order.parts[0]?.pickupCounter).toMatchObject({ id: '517', carrier: 'pickup-mtaani' });

    await test.step('the owner ships it: the carrier makes its package', async () => {
      await seedToken(page, own?.owner.token ?? '');
      await page.goto(`/shops/${own?.shop._id ?? ''}/orders`);
      const card = page.getByRole('article', { name: `Order ${order.orderId}` });
      await expect(card).toContainText(`${where}: delivery fee Ksh 180`);
      await expect(card).toContainText('Pay on delivery: collect Ksh 1,380');
      await expect(card).toContainText(
        'Pick Up Mtaani makes the package when you mark this order shipped.',
      );
      await card.getByRole('button', { name: 'Mark shipped' }).click();
      await card.getByRole('button', { name: 'Confirm shipped' }).click();
      await expect(card).toContainText('Shipped');
      // The package is sent after the ship is saved: the screen reads it again to show it.
      await expect(async () => {
        await page.reload();
        await expect(card).toContainText(/Pick Up Mtaani package \d+: request\./, {
          timeout: 2_000,
        });
      }).toPass({ timeout: 30_000 });
    });
  } finally {
    await closeOwnShop(api, own);
  }
});
