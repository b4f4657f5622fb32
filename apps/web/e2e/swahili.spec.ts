import { CURRENT_CONSENT_TEXTS, productPath, type Product, type Shop } from '@soko/contract';
import { expect, test } from './fixtures';
import { mailHeader, mailTo } from './mailbox';
import { field, uniqueEmail, UUID_PATTERN } from './shopping';

// Issue 34, Swahili (decision 049), as a new shopper on a phone: the header's switch is tapped
// before the app has started (DESIGN "Early taps": it is a plain link the server answers), the
// shopper browses to a product, adds it and reads the cart in Kiswahili, and a reload stays in
// Kiswahili because the server paints the language the `lang` cookie names. Then they check out
// in Kiswahili and read their order's page in it (decision 049, "Second slice": those screens'
// texts come with their routes' code), and the order's mail (decision 050: the order keeps the
// checkout's language). The product is one the demo names in Swahili (decision 050): its
// Swahili name on its page and in the cart, its English name once switched back.

const HOLD_MS = 3_000;

test('a new shopper switches to Kiswahili on the home page, shops and stays in it', async ({
  page,
  api,
}) => {
  // Browsing, a whole checkout and a switch back to English: longer than one journey's default
  // (it came within a second of it on two shared cores).
  test.slow();
  const [shops, products] = await Promise.all([
    api.get<Shop[]>('/api/metadata'),
    api.allProducts(),
  ]);
  // Paid on delivery, so the order is placed without a payment page; from the end of the list,
  // away from the products other journeys count the stock of.
  const onDelivery = new Set(shops.filter((s) => !s.payonorder).map((s) => s._id));
  const product = products
    .filter((p: Product) => onDelivery.has(p.shopId) && p.variants.length === 0 && p.stock >= 15)
    .at(-1);
  if (!product) throw new Error('The demo catalogue has no plain pay-on-delivery product');
  const nameSw = product.nameSw;
  if (!nameSw) throw new Error(`The demo gives ${product.name} no Swahili name`);
  // The app takes each Kiswahili page over as painted: a text it drew differently is an error.
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Hydration')) {
      hydrationErrors.push(message.text());
    }
  });

  await test.step('the switch works before the app has started', async () => {
    const releaseAt = Date.now() + HOLD_MS;
    await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, releaseAt - Date.now())));
      await route.continue();
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const kiswahili = page.getByRole('link', { name: 'Kiswahili' });
    await expect(kiswahili).toBeVisible();
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    await kiswahili.click();
    await expect(page).toHaveURL(/\/\?lang=sw$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('link', { name: 'Bidhaa zote' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nunua kwa kategoria' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'English' })).toBeVisible();
    await page.unroute(/\/assets\/[^?]+\.js(\?|$)/);
  });

  await test.step('the listing and the product page are in Kiswahili', async () => {
    await page.getByRole('link', { name: 'Bidhaa zote' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bidhaa Zote' })).toBeVisible();
    // The page's title and the footer's newsletter form in Kiswahili too (decision 050).
    await expect(page).toHaveTitle(/^Bidhaa Zote \| /);
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: 'Jiandikishe' }),
    ).toBeVisible();
    // What the newsletter asks to agree to is read in Kiswahili, and recorded as that wording.
    await expect(
      page.getByRole('contentinfo').getByText(CURRENT_CONSENT_TEXTS.sw.newsletterEmail.text),
    ).toBeVisible();
    await page.goto(productPath(product));
    await expect(page.getByRole('heading', { level: 1, name: nameSw })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${nameSw} \\| `));
    await expect(page.getByText(`Zipo: ${product.stock}`)).toBeVisible();
    await page.getByRole('button', { name: 'Ongeza kwenye Kikapu' }).click();
  });

  const cart = page.getByRole('dialog', { name: 'Kikapu Chako' });
  await test.step('the cart is in Kiswahili', async () => {
    await expect(page).toHaveURL('/cart');
    await expect(cart).toBeVisible();
    await expect(cart.getByRole('list', { name: 'Bidhaa kwenye kikapu chako' })).toContainText(
      nameSw,
    );
    await expect(cart.getByText('Jumla ndogo')).toBeVisible();
    await expect(cart.getByRole('button', { name: 'Lipa' })).toBeEnabled();
  });

  await test.step('a reload stays in Kiswahili, painted so by the server', async () => {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(cart).toBeVisible();
    await expect(cart.getByRole('button', { name: 'Ongeza idadi ya ' + nameSw })).toBeVisible();
    // What the server sends for this browser's cookie, before any script runs.
    const painted = await (await page.request.get('/')).text();
    expect(painted).toContain('<html lang="sw">');
    expect(painted).toContain('Bidhaa zote');
    expect(painted).toMatch(/<link rel="alternate" hreflang="en" href="[^"]*\/">/);
  });

  const email = uniqueEmail('kiswahili');
  await test.step('the checkout is in Kiswahili', async () => {
    await cart.getByRole('button', { name: 'Lipa' }).click();
    await expect(page).toHaveURL('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Malipo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Muhtasari wa agizo' })).toBeVisible();
    await field(page, 'Barua pepe').fill(email);
    await field(page, 'Jina la Kwanza').fill('Wanjiru');
    await field(page, 'Jina la Mwisho').fill('Mwangi');
    await expect(field(page, 'Nchi')).toHaveValue('Kenya');
    await field(page, 'Kaunti').selectOption('Nairobi');
    await field(page, 'Mji').fill('Nairobi');
    await field(page, 'Anwani').fill('Kenyatta Avenue 12');
    // A number that is not a Kenyan mobile's: the contract's message, in Kiswahili (decision 050).
    await field(page, 'Nambari ya Simu').fill('0812 345 678');
    await expect(field(page, 'PIN ya KRA (si lazima, kwa ununuzi wa kibiashara)')).toBeVisible();
    await page.getByRole('button', { name: 'Weka Agizo' }).click();
    await expect(
      page.getByText('Weka nambari ya simu ya Kenya kama 0712 345 678.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Chagua njia ya usafirishaji.', { exact: true })).toBeVisible();
    await field(page, 'Nambari ya Simu').fill('0712 345 678');
    await field(page, 'Usafirishaji').selectOption('standard');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Taarifa ya faragha' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Weka Agizo' }).click();
  });

  await test.step('the order page is in Kiswahili', async () => {
    await expect(page).toHaveURL(new RegExp(`/orders/${UUID_PATTERN}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Asante kwa agizo lako!' }),
    ).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Limethibitishwa', { exact: true })).toBeVisible();
    await expect(main.getByText('Lipa unapopokea', { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Bidhaa', exact: true })).toBeVisible();
    await expect(main.getByText('Jumla', { exact: true })).toBeVisible();
    // Opened afresh (a reload would keep the checkout's thanks): read from the server.
    const orderPage = page.url();
    await page.goto('/');
    await page.goto(orderPage);
    await expect(page.getByRole('heading', { level: 1, name: /^Agizo SK-/ })).toBeVisible();
    await expect(page.getByRole('main').getByText('Nambari ya agizo')).toBeVisible();
  });

  await test.step('the order’s mail is in Kiswahili', async () => {
    const mail = await mailTo(email);
    expect(mailHeader(mail, 'subject')).toMatch(/^Agizo lako SK-[\d-]+ kutoka /);
    expect(mail).toContain('Habari Wanjiru,');
    expect(mail).toMatch(/Asante kwa agizo lako SK-[\d-]+\. Hii ni nakala yako\./);
    expect(mail).toContain('Malipo: Lipa unapopokea, agizo lako litakapofika');
    expect(mail).toMatch(new RegExp(`/orders/${UUID_PATTERN}\\?lang=sw`));
  });

  await test.step('the product is named in English once the shopper switches back', async () => {
    await page.goto(productPath(product));
    await expect(page.getByRole('heading', { level: 1, name: nameSw })).toBeVisible();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: nameSw })).toHaveCount(0);
  });

  // The shopper never waited for the app above; by now it has taken every Kiswahili page over,
  // and none of them was drawn differently from what the server painted.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated');
  expect(hydrationErrors).toEqual([]);
});

test('without a choice the server paints English, as before', async ({ playwright, baseURL }) => {
  const fresh = await playwright.request.newContext({ baseURL });
  const painted = await (await fresh.get('/')).text();
  expect(painted).toContain('<html lang="en">');
  expect(painted).toContain('Shop all');
  expect(painted).not.toContain('Bidhaa zote');
  await fresh.dispose();
});
