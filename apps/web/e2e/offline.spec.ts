import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  discountedPriceCents,
  formatKsh,
  fromCents,
  productPath,
  toCents,
  type Product,
} from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { firstLine } from './shopping';

// Issue 16 (decision 016): after one visit the shop works offline, and a new build's service
// worker takes over. The other journeys block service workers; these let it run.
test.use({ serviceWorkers: 'allow' });

const inStock = (p: Product) => firstLine(p).stock >= 2;

async function twoProducts(api: SokoApi): Promise<[Product, Product]> {
  const [seen, unseen] = (await api.get<Product[]>('/api/listing/gellisting')).filter(inStock);
  if (!seen || !unseen) throw new Error('The demo catalogue has fewer than two products in stock');
  return [seen, unseen];
}

/** Waits until the worker is active and answers this page's requests. */
async function controlledByServiceWorker(page: Page) {
  // Page code as text: the end-to-end tests compile without the DOM's types.
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  await expect
    .poll(() => page.evaluate<string | null>('navigator.serviceWorker.controller?.state ?? null'))
    .toBe('activated');
}

test('offline after one visit: the shell, a seen product and the cart work, and checkout says why not', async ({
  page,
  context,
  api,
}) => {
  // A dozen page loads, online and off, on a shared two-core machine.
  test.setTimeout(120_000);
  const [seen, unseen] = await twoProducts(api);
  const { title } = firstLine(seen);
  const price = formatKsh(fromCents(discountedPriceCents(toCents(seen.price), seen.discounts)));

  await test.step('one visit online: the home page, a product, and that product into the cart', async () => {
    await page.goto('/');
    await controlledByServiceWorker(page);
    await page.goto(productPath(seen));
    await expect(page.getByRole('heading', { level: 1, name: seen.name })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL('/cart');
  });

  await context.setOffline(true);

  await test.step('the shell renders and says the shop is offline', async () => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  });

  await test.step('the product seen online opens with its name and price', async () => {
    await page.goto(productPath(seen));
    await expect(page.getByRole('heading', { level: 1, name: seen.name })).toBeVisible();
    // The product's own price comes first; related products' cards follow.
    await expect(page.getByTestId('product-price').first()).toContainText(price);
  });

  await test.step('the cart still holds it', async () => {
    await page.goto('/cart');
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  });

  await test.step('checkout explains that it needs a connection and cannot be placed', async () => {
    await page.goto('/checkout');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Checkout needs a connection' }),
    ).toHaveText('Checkout needs a connection. Your cart is saved; come back when you are online.');
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  await test.step('a product never opened says so and points to the ones saved', async () => {
    await page.goto(productPath(unseen));
    await expect(page.getByRole('alert')).toHaveText(
      'You are offline, and this product was not saved for reading offline.',
    );
    await page.getByRole('link', { name: 'See the products you viewed recently' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(seen.name) }).click();
    await expect(page.getByRole('heading', { level: 1, name: seen.name })).toBeVisible();
  });

  await test.step('back online, checkout can be placed again', async () => {
    await context.setOffline(false);
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    await expect(page.getByText('Checkout needs a connection')).toHaveCount(0);
  });
});

test('the shop can be installed: its manifest names the tenant, and every icon is a PNG', async ({
  page,
  api,
  request,
}) => {
  const tenant = await api.get<{ seo: { title: string } }>('/api/tenant');
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#166534');

  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toBe(tenant.seo.title);
  expect(manifest.theme_color).toBe('#166534');
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
  }
});

/**
 * Runs `release` while this test run alone may rewrite dist/sw.js: the desktop and the phone
 * projects each have this journey, and two workers may reach it at once. A directory is the
 * lock because making one is atomic.
 */
async function withReleaseLock(release: () => Promise<void>) {
  const lock = fileURLToPath(new URL('../dist/.sw-release-lock', import.meta.url));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    await release();
  } finally {
    await rmdir(lock);
  }
}

test('a new build takes over: its worker activates, the page reloads once onto it, the old shell is gone', async ({
  page,
}) => {
  // Two workers' installs and a reload, on a shared two-core machine, and perhaps a wait for
  // the other project's run of this journey.
  test.setTimeout(120_000);
  await withReleaseLock(async () => {
    // The server reads sw.js from the build folder on every request, so changing the shell's
    // revision in it is what a new release looks like to a browser that already has the worker.
    const swFile = fileURLToPath(new URL('../dist/sw.js', import.meta.url));
    const released = await readFile(swFile, 'utf8');
    const shellEntry = /\{"revision":"([0-9a-f]+)","url":"index\.html"\}/;
    const oldRevision = shellEntry.exec(released)?.[1];
    if (!oldRevision) throw new Error('dist/sw.js does not precache index.html with a revision');

    /** The revisions of index.html in the precache, as the page's origin sees them. */
    const precachedShells = () =>
      page.evaluate<(string | null)[]>(`(async () => {
        const urls = [];
        for (const name of (await caches.keys()).filter((n) => n.startsWith('workbox-precache'))) {
          const keys = await (await caches.open(name)).keys();
          urls.push(...keys.map((request) => request.url).filter((url) => url.includes('index.html')));
        }
        return urls.map((url) => new URL(url).searchParams.get('__WB_REVISION__'));
      })()`);
    const workerScript = () =>
      page.evaluate<string | null>('navigator.serviceWorker.controller?.scriptURL ?? null');
    /** Where the release stands, for the failure message: the old page or a new one, and the workers' states. */
    const releaseState = () =>
      page
        .evaluate<string>(
          `navigator.serviceWorker.getRegistration().then((r) => JSON.stringify({
            oldPage: 'sokoBeforeRelease' in window,
            installing: r?.installing?.state ?? null,
            waiting: r?.waiting?.state ?? null,
            active: r?.active?.state ?? null,
          }))`,
        )
        // The page is between documents while it reloads.
        .catch(() => 'reloading');

    await page.goto('/');
    await controlledByServiceWorker(page);
    await expect.poll(precachedShells).toEqual([oldRevision]);
    const firstWorker = await workerScript();
    await page.evaluate('window.sokoBeforeRelease = true');
    let loads = 0;
    page.on('load', () => (loads += 1));

    await writeFile(
      swFile,
      released.replace(shellEntry, '{"revision":"next-release","url":"index.html"}'),
    );
    try {
      await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
      // The new worker took control and the page reloaded onto it (the marker went with the
      // old page), and the old shell left the precache.
      await expect
        .poll(releaseState, { timeout: 60_000, message: 'the page reloads onto the new worker' })
        .toMatch(/"oldPage":false,"installing":null,"waiting":null,"active":"activated"/);
      await controlledByServiceWorker(page);
      expect(await workerScript()).toBe(firstWorker);
      await expect.poll(precachedShells).toEqual(['next-release']);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      expect(loads, 'the page reloads once').toBe(1);
    } finally {
      await writeFile(swFile, released);
    }
  });
});
