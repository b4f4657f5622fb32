import { productPath, variantLabel, type Listing, type Product } from '@soko/contract';
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { savedCart, uniqueEmail } from './shopping';

// Issue 29, early taps: a shopper taps a control as soon as the server's page shows it, long
// before the app has started (decision 024 starts it after the main pictures; on a slow phone
// that is seconds later). Each journey holds the app's scripts back for HOLD_MS, taps one
// control once in that time, and checks it acted exactly once when the app started: a lost tap
// and a doubled one both fail (a doubled toggle closes what it opened).

const HOLD_MS = 3_000;

/** Every script under /assets/ waits until HOLD_MS after this call before it is fetched. */
async function holdTheApp(page: Page): Promise<void> {
  const releaseAt = Date.now() + HOLD_MS;
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, releaseAt - Date.now())));
    await route.continue();
  });
}

/** The app has not taken the page over: the tap about to be checked is an early one. */
async function appNotStarted(page: Page): Promise<void> {
  expect(
    await page.locator('html').getAttribute('data-hydrated'),
    'the app started before the tap; the journey would not test an early tap',
  ).toBeNull();
}

/** A touch tap on the phone project, a click on the desktop one. */
async function tap(control: Locator, hasTouch: boolean): Promise<void> {
  await expect(control).toBeVisible();
  await appNotStarted(control.page());
  if (hasTouch) await control.tap();
  else await control.click();
}

function requestsTo(page: Page, pathname: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === pathname) {
      seen.push(request);
    }
  });
  return seen;
}

async function productWithVariants(api: { allProducts(): Promise<Product[]> }) {
  const products = await api.allProducts();
  const product = products.find((p) => p.variants.filter((v) => v.stock > 1).length >= 2);
  if (!product) throw new Error('the demo catalogue has no product with two stocked variants');
  const [first, second] = product.variants.filter((v) => v.stock > 1);
  if (!first || !second) throw new Error('unreachable: two stocked variants were found');
  return { product, first, second };
}

/**
 * Opens a page as a shopper sees it: as soon as its HTML arrives. (Playwright's default waits
 * for the load event, which waits for the app's deferred starter, and so for the hold.)
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
}

test.beforeEach(async ({ page }) => {
  await holdTheApp(page);
});

test('Add to Cart tapped before the app starts adds one line of quantity 1', async ({
  page,
  api,
  hasTouch,
}) => {
  const { product, first } = await productWithVariants(api);
  await open(page, productPath(product));
  await tap(page.getByRole('button', { name: 'Add to Cart' }), hasTouch);

  await expect(page).toHaveURL('/cart');
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(
    cart.getByRole('listitem').filter({ hasText: `${product.name} (${variantLabel(first)})` }),
  ).toBeVisible();
  await expect.poll(() => savedCart(page)).toMatchObject([{ productId: product._id, quantity: 1 }]);
});

test('a shopper who scrolled down before the app starts stays there when it does', async ({
  page,
  api,
}) => {
  const { product } = await productWithVariants(api);
  await open(page, productPath(product));
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await expect(addToCart).toBeVisible();
  await appNotStarted(page);
  await page.evaluate('window.scrollTo(0, 400)');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  // The router's start used to scroll to the top: the page jumped under a finger about to tap.
  expect(await page.evaluate<number>('window.scrollY')).toBe(400);
});

test('a promotion swiped to before the app starts is the one the strip shows as current', async ({
  page,
}) => {
  await open(page, '/');
  const strip = page.getByRole('region', { name: 'Promotions' });
  await expect(strip.getByRole('group', { name: /^1 of / })).toBeVisible();
  await appNotStarted(page);
  // A swipe is the browser's own scroll of the slides' box, and works before the app.
  await strip.locator('[aria-live]').evaluate((box) => {
    box.scrollTo({ left: box.clientWidth * 2 + 10, behavior: 'instant' });
  });
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  await expect(strip.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('a variant picked before the app starts is the one chosen and added', async ({
  page,
  api,
  hasTouch,
}) => {
  const { product, second } = await productWithVariants(api);
  await open(page, productPath(product));
  const variants = page.getByRole('group', { name: 'Variant' });
  await tap(variants.getByText(variantLabel(second), { exact: true }), hasTouch);

  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(variants.getByRole('radio', { checked: true })).toHaveValue(second._id);
  await expect(page.getByText(`In stock: ${second.stock}`)).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(() => savedCart(page)).toMatchObject([{ variantId: second._id, quantity: 1 }]);
});

test('the search toggle tapped before the app starts opens one search box', async ({
  page,
  hasTouch,
}) => {
  await open(page, '/');
  const toggle = page.getByRole('button', { name: 'Search products' });
  await tap(toggle, hasTouch);

  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('combobox')).toBeVisible();
});

test('a category tapped before the app starts is picked', async ({ page, api, hasTouch }) => {
  const [listing] = await api.get<Listing[]>('/api/listing/getlisting');
  const category = listing?.categories[0];
  if (!category) throw new Error('the demo listing has categories');
  await open(page, '/');
  const main = page.getByRole('main');
  await tap(main.getByRole('button', { name: category.name }), hasTouch);

  // The form's own submission writes a space as '+', the app's address as '%20'.
  await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(category.name);
  await expect(main.getByRole('button', { name: category.name })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(main.getByText('Pick a category to see its products.')).toHaveCount(0);
});

test('the newsletter sent before the app starts subscribes once', async ({ page, hasTouch }) => {
  const sent = requestsTo(page, '/api/newsletter/create');
  await open(page, '/');
  const footer = page.getByRole('contentinfo');
  const email = uniqueEmail('early-newsletter');
  await footer.getByLabel('Email address', { exact: true }).fill(email);
  await tap(footer.getByRole('button', { name: 'Subscribe' }), hasTouch);

  await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.postDataJSON()).toEqual({ email });
  // Nothing else is still on its way to be sent a second time.
  await page.waitForLoadState('networkidle');
  expect(sent).toHaveLength(1);
});

test("letters typed early are the app's own by the time it is live, for a tap just then", async ({
  page,
}) => {
  const sent = requestsTo(page, '/api/newsletter/create');
  await open(page, '/');
  const footer = page.getByRole('contentinfo');
  const email = uniqueEmail('typed-then-live');
  await footer.getByLabel('Email address', { exact: true }).fill(email);
  await appNotStarted(page);
  // A tap that lands at the very moment the page is marked live is not held, so the app must
  // already know the letters typed before it: it is made from the page, as the mark is written
  // (a Playwright tap would come a round trip later). As text: the journeys have no DOM types.
  await page.evaluate(`
    new MutationObserver((_, observer) => {
      if (!document.documentElement.dataset.hydrated) return;
      observer.disconnect();
      const buttons = [...document.querySelectorAll('footer button')];
      buttons.find((button) => button.textContent === 'Subscribe')?.click();
    }).observe(document.documentElement, { attributes: true });
  `);

  await expect(footer.getByText('Thank you for subscribing!')).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.postDataJSON()).toEqual({ email });
});

test('the chat button tapped before the app starts opens the chat once', async ({
  page,
  hasTouch,
}) => {
  await open(page, '/');
  const launcher = page.getByRole('button', { name: 'Chat with us on WhatsApp', exact: true });
  await tap(launcher, hasTouch);

  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('Login tapped before the app starts opens the login page', async ({ page, hasTouch }) => {
  await open(page, '/');
  await tap(page.getByRole('banner').getByRole('link', { name: 'Login' }), hasTouch);

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('the cart opened by its link before the app starts closes back to that page', async ({
  page,
  hasTouch,
}) => {
  await open(page, '/About');
  // The link works without the app: the browser loads /cart as a new page.
  await tap(page.getByRole('banner').getByRole('link', { name: 'Cart' }), hasTouch);
  await expect(page).toHaveURL('/cart');
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart).toBeVisible();
  await cart.getByRole('button', { name: 'Close cart' }).click();
  await expect(page).toHaveURL('/About');
});

test('a sort picked before the app starts sorts the listing', async ({ page }) => {
  await open(page, '/alllisting');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toBeVisible();
  await appNotStarted(page);
  await sort.selectOption({ label: 'Price: low to high' });

  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price-asc');
  await expect(sort).toHaveValue('price-asc');
});

test('Next tapped twice before the app starts goes two pages on', async ({ page, hasTouch }) => {
  await open(page, '/alllisting');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText(/Page 1 of (\d+)/);
  const pages = Number(/Page 1 of (\d+)/.exec((await pagination.textContent()) ?? '')?.[1]);
  expect(pages, 'the demo listing has at least three pages').toBeGreaterThanOrEqual(3);
  const next = pagination.getByRole('button', { name: 'Next' });
  await tap(next, hasTouch);
  await tap(next, hasTouch);

  await expect(pagination).toContainText(`Page 3 of ${pages}`);
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('3');
  // Back steps through the pages the taps went through.
  await page.goBack();
  await expect(pagination).toContainText(`Page 2 of ${pages}`);
});
