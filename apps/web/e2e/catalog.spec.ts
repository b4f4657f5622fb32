import {
  LISTING_MAX_PAGE_SIZE,
  NARROW_BREAKPOINT_PX,
  PAGE_SIZES,
  cardDescription,
  descriptionBullets,
  discountedPriceCents,
  formatKsh,
  fromCents,
  pageCount,
  parseDiscountPercent,
  productPath,
  sortProducts,
  toCents,
  typeFilterOptions,
  typeLabel,
  type Product,
} from '@soko/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type SokoApi, withoutInitialData } from './fixtures';

// Journeys through the product listings (category, all, new arrivals, popular choices) and the
// product card, on the demo catalogue. Products are picked from the API by what they hold
// (a discount, no stock, no image), not by name.

const CATEGORY = 'Face Care';
const cardText = (product: Product) =>
  cardDescription(descriptionBullets(product.description).join(' '));
const categoryUrl = (query = '') => `/category/${encodeURIComponent(CATEGORY)}${query}`;

async function allProducts(api: SokoApi): Promise<Product[]> {
  return api.allProducts();
}

/** Every product of the category, page by page at the largest page size (decision 017). */
async function categoryProducts(api: SokoApi, name = CATEGORY): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const batch = await api.get<Product[]>(
      `/api/listing/products?categoryName=${encodeURIComponent(name)}&page=${page}&pageSize=${LISTING_MAX_PAGE_SIZE}`,
    );
    products.push(...batch);
    if (batch.length < LISTING_MAX_PAGE_SIZE) return products;
  }
}

function pick(products: Product[], what: string, test: (product: Product) => boolean): Product {
  const found = products.find(test);
  if (!found) throw new Error(`The demo category has no product with ${what}`);
  return found;
}

function at<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`The demo catalogue has no item ${index}`);
  return item;
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < NARROW_BREAKPOINT_PX;
const categoryPageSize = (page: Page) =>
  isPhone(page) ? PAGE_SIZES.categoryNarrow : PAGE_SIZES.category;

const grid = (page: Page) => page.getByRole('region', { name: 'Products' });
const cards = (page: Page) => grid(page).getByRole('listitem');
const cardNames = (page: Page) => grid(page).getByRole('heading', { level: 3 });
const card = (page: Page, product: Product) => page.getByRole('article', { name: product.name });
const pageText = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

/** The stars lit on a card, as 'on'/'off' from the first to the fifth. */
async function litStars(stars: Locator): Promise<string[]> {
  return stars.evaluateAll((buttons) =>
    buttons.map((button) => (button.getAttribute('data-lit') === 'true' ? 'on' : 'off')),
  );
}

test('a product card shows image, name, a short description, the price and stock', async ({
  page,
  api,
}) => {
  const products = await categoryProducts(api);
  // Each case is opened filtered to its type, so it is on page 1 at every width.
  const openWithType = async (product: Product) => {
    await page.goto(categoryUrl(`?type=${encodeURIComponent(typeLabel(product.Type))}`));
    await expect(card(page, product)).toBeVisible();
    return card(page, product);
  };

  await test.step('a discounted product shows its new price with the original struck through', async () => {
    const product = pick(
      products,
      'a discount, images and a long description',
      (p) =>
        parseDiscountPercent(p.discounts) !== null &&
        p.imageUrls.length > 0 &&
        p.description.split(/\s+/).length > 10,
    );
    const item = await openWithType(product);
    const link = item.getByRole('link', { name: product.name });
    await expect(link).toHaveAttribute('href', productPath(product));
    await expect(item.getByText(cardText(product))).toBeVisible();
    expect(cardText(product)).toMatch(/\.\.\.$/);
    const now = fromCents(discountedPriceCents(toCents(product.price), product.discounts));
    await expect(item.getByTestId('product-price')).toHaveText(
      `Now ${formatKsh(now)} Was ${formatKsh(product.price)} -${parseDiscountPercent(product.discounts)}%`,
    );
    const was = item.locator('s');
    await expect(was).toHaveText(`Was ${formatKsh(product.price)}`);
    await expect(was).toHaveCSS('text-decoration-line', 'line-through');
    await expect(item.getByText('Out of stock')).toHaveCount(0);
    const image = link.locator('img');
    await expect(image).toHaveAttribute('src', product.imageUrls[0] ?? '');
    await expect(image).toHaveAttribute('srcset', /w320\.webp 320w/);
    await expect(image).toHaveAttribute('width', /^\d+$/);
  });

  await test.step('the first card’s image loads at once, the rest only when scrolled near', async () => {
    await page.goto(categoryUrl());
    // The server paints a wide window's page of cards; on a phone the app then shows fewer, so
    // the cards are counted once it is live.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const images = cards(page).locator('img');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    const count = await images.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 1; i < count; i++) await expect(images.nth(i)).toHaveAttribute('loading', 'lazy');
  });

  await test.step('a sold-out product carries the out-of-stock badge', async () => {
    const product = pick(products, 'no stock', (p) => p.stock === 0);
    const item = await openWithType(product);
    await expect(item.getByText('Out of stock', { exact: true })).toBeVisible();
  });

  await test.step('a product without images shows the placeholder image', async () => {
    const product = pick(products, 'no image', (p) => p.imageUrls.length === 0);
    const item = await openWithType(product);
    const image = item.locator('img');
    await expect(image).toHaveAttribute('src', '/placeholder-product.svg');
    await expect(image).toBeVisible();
    await expect
      .poll(() =>
        image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
  });

  await test.step("the description bullets' '||' marks are not words on a card", async () => {
    const product = pick(products, "'||' in an early part of its description", (p) =>
      p.description.split(/\s+/).slice(0, 10).includes('||'),
    );
    const item = await openWithType(product);
    await expect(item.getByText(cardText(product))).toBeVisible();
    await expect(item.getByText('||')).toHaveCount(0);
  });

  await test.step('an undiscounted product shows one price and nothing struck through', async () => {
    const product = pick(
      products,
      'no discount',
      (p) => parseDiscountPercent(p.discounts) === null,
    );
    const item = await openWithType(product);
    await expect(item.getByTestId('product-price')).toHaveText(formatKsh(product.price));
    await expect(item.locator('s')).toHaveCount(0);
  });
});

test('a shopper rates a product from its card with pointer and keyboard', async ({ page, api }) => {
  const products = await categoryProducts(api);
  const product = pick(products, 'a price', (p) => p.price > 0);
  await page.goto(categoryUrl(`?type=${encodeURIComponent(typeLabel(product.Type))}`));
  const item = card(page, product);
  const stars = item.getByRole('button', { name: /^Rate \d out of 5$/ });
  await expect(stars).toHaveCount(5);

  await test.step('the stars light up to the one under the pointer', async () => {
    // Lighting the stars under the pointer is the app's doing, and a pointer resting where it
    // was before the app started is not a tap: it must be live before the pointer moves.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await item.getByRole('button', { name: 'Rate 3 out of 5' }).hover();
    await expect.poll(() => litStars(stars)).toEqual(['on', 'on', 'on', 'off', 'off']);
    await item.getByRole('button', { name: 'Rate 5 out of 5' }).hover();
    await expect.poll(() => litStars(stars)).toEqual(['on', 'on', 'on', 'on', 'on']);
  });

  await test.step('and to the one with keyboard focus', async () => {
    await page.mouse.move(0, 0);
    await item.getByRole('button', { name: 'Rate 2 out of 5' }).focus();
    await expect.poll(() => litStars(stars)).toEqual(['on', 'on', 'off', 'off', 'off']);
    await page.keyboard.press('Tab');
    await expect(item.getByRole('button', { name: 'Rate 3 out of 5' })).toBeFocused();
    await expect.poll(() => litStars(stars)).toEqual(['on', 'on', 'on', 'off', 'off']);
  });

  await test.step('a click sends the rating and the card shows it', async () => {
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/listing/saverating') && r.method() === 'POST',
    );
    const response = page.waitForResponse((r) => r.url().endsWith('/api/listing/saverating'));
    await item.getByRole('button', { name: 'Rate 4 out of 5' }).click();
    expect((await request).postDataJSON()).toEqual({ productId: product._id, rating: 4 });
    expect((await response).status()).toBe(200);
    await expect(item.getByRole('status')).toHaveText('Your rating: 4 out of 5');
    await expect(item.getByRole('button', { name: 'Rate 4 out of 5' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.mouse.move(0, 0);
    await page.locator('h1').click();
    await expect.poll(() => litStars(stars)).toEqual(['on', 'on', 'on', 'on', 'off']);
  });

  await test.step('Enter on a focused star rates too', async () => {
    const request = page.waitForRequest((r) => r.url().endsWith('/api/listing/saverating'));
    await item.getByRole('button', { name: 'Rate 5 out of 5' }).focus();
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual({ productId: product._id, rating: 5 });
    await expect(item.getByRole('status')).toHaveText('Your rating: 5 out of 5');
  });
});

test('a category opened from a link filters, sorts and pages, and keeps its place on reload', async ({
  page,
  api,
}) => {
  const products = await categoryProducts(api);
  const perPage = categoryPageSize(page);
  const pages = pageCount(products.length, perPage);
  expect(pages, 'the demo category needs more than one page').toBeGreaterThan(1);

  await test.step('the deep link shows the title, the type filter and the first page', async () => {
    await page.goto(categoryUrl());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${CATEGORY} Products`);
    const filter = page.getByRole('group', { name: 'Filter by Type' });
    await expect(filter.getByRole('button')).toHaveText(typeFilterOptions(products));
    await expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // 'Serums' and 'serum' are one label; ' Creams ' is trimmed and singular.
    expect(products.map((p) => p.Type)).toEqual(expect.arrayContaining(['Serums', 'serum']));
    await expect(filter.getByRole('button', { name: 'Serum', exact: true })).toHaveCount(1);
    await expect(filter.getByRole('button', { name: /serums/i })).toHaveCount(0);
    await expect(filter.getByRole('button', { name: 'Cream', exact: true })).toHaveCount(1);
    await expect(cards(page)).toHaveCount(perPage);
    await expect(cardNames(page)).toHaveText(products.slice(0, perPage).map((p) => p.name));
    await expect(pageText(page)).toContainText(`Page 1 of ${pages}`);
    await expect(pageText(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  await test.step('Next and Previous move through the pages, disabled at the ends', async () => {
    const next = pageText(page).getByRole('button', { name: 'Next' });
    const previous = pageText(page).getByRole('button', { name: 'Previous' });
    for (let n = 2; n <= pages; n += 1) {
      await next.click();
      await expect(pageText(page)).toContainText(`Page ${n} of ${pages}`);
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    // Focus moves off the button that just became disabled, not back to the page's start.
    await expect(previous).toBeFocused();
    await expect(cardNames(page)).toHaveText(
      products.slice((pages - 1) * perPage).map((p) => p.name),
    );
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}$`));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${CATEGORY} Products`);
    await expect(pageText(page)).toContainText(`Page ${pages} of ${pages}`);
    await previous.click();
    await expect(pageText(page)).toContainText(`Page ${pages - 1} of ${pages}`);
  });

  await test.step('choosing a type starts again at page 1 and shows only that type', async () => {
    const serums = products.filter((p) => typeLabel(p.Type) === 'Serum');
    await page
      .getByRole('group', { name: 'Filter by Type' })
      .getByRole('button', { name: 'Serum' })
      .click();
    await expect(pageText(page)).toContainText('Page 1 of 1');
    await expect(cardNames(page)).toHaveText(serums.map((p) => p.name));
    await expect(page).toHaveURL(/\?type=Serum$/);
    await expect(
      page.getByRole('group', { name: 'Filter by Type' }).getByRole('button', { name: 'Serum' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(cardNames(page)).toHaveText(serums.map((p) => p.name));
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(cards(page)).toHaveCount(perPage);
  });

  await test.step('sorting by price orders the cards by what the shopper pays', async () => {
    await pageText(page).getByRole('button', { name: 'Next' }).click();
    await expect(pageText(page)).toContainText(`Page 2 of ${pages}`);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(pageText(page)).toContainText(`Page 1 of ${pages}`);
    const cheapestFirst = sortProducts(products, 'price-asc').slice(0, perPage);
    await expect(cardNames(page)).toHaveText(cheapestFirst.map((p) => p.name));
    const prices = await grid(page)
      .getByTestId('product-price')
      .evaluateAll((nodes) =>
        nodes.map((node) =>
          Number(
            (node.firstElementChild ?? node).textContent?.replace(/[^\d.]/g, '') ?? Number.NaN,
          ),
        ),
      );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await expect(cardNames(page).first()).toHaveText(
      at(sortProducts(products, 'price-desc'), 0).name,
    );
    await expect(page).toHaveURL(/sort=price-desc/);
  });
});

test('the category grid shows 4 per page under 768 px and follows a resize', async ({
  page,
  api,
}) => {
  const products = await categoryProducts(api);
  // Each project starts at its own width (phone 390, desktop 1280) and then crosses 768 px.
  const perPageAt = (width: number) =>
    width < NARROW_BREAKPOINT_PX ? PAGE_SIZES.categoryNarrow : PAGE_SIZES.category;
  const startWidth = page.viewportSize()?.width ?? 1280;
  await page.goto(categoryUrl());
  await expect(cards(page)).toHaveCount(perPageAt(startWidth));
  await expect(pageText(page)).toContainText(
    `Page 1 of ${pageCount(products.length, perPageAt(startWidth))}`,
  );

  for (const width of [NARROW_BREAKPOINT_PX, NARROW_BREAKPOINT_PX - 1, NARROW_BREAKPOINT_PX]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(cards(page), `${width} px`).toHaveCount(perPageAt(width));
    await expect(pageText(page)).toContainText(
      `Page 1 of ${pageCount(products.length, perPageAt(width))}`,
    );
  }
});

test('an empty category and a filter that leaves nothing say so', async ({ page, api }) => {
  expect(await categoryProducts(api, 'No Such Category')).toEqual([]);
  await page.goto('/category/No%20Such%20Category');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Such Category Products');
  await expect(page.getByText('No products found.', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Filter by Type' })).toHaveCount(0);

  await page.goto(categoryUrl('?type=Nothing'));
  await expect(page.getByText('No products found for this category.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('the category screen says it is loading, then shows the products', async ({ page }) => {
  await withoutInitialData(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/listing/products',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(categoryUrl());
  await expect(page.getByRole('status').filter({ hasText: 'Loading products...' })).toHaveAttribute(
    'aria-busy',
    'true',
  );
  release();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText('Loading products...')).toHaveCount(0);
});

test('a category shows the products a link hands over in navigation state at once', async ({
  page,
  api,
}) => {
  const products = await categoryProducts(api);
  const handedOver = products.slice(0, 2);
  // The fetch by name never answers: whatever shows came from the navigation state.
  await page.route(
    (url) => url.pathname === '/api/listing/products',
    () => new Promise<void>(() => undefined),
  );
  await page.goto('/');
  await page.evaluate(
    ({ url, state }) => {
      // This runs in the page; the e2e project is typed for Node, without the DOM library.
      const { history, dispatchEvent, PopStateEvent } = globalThis as unknown as {
        history: { pushState(data: unknown, unused: string, url: string): void; state: unknown };
        dispatchEvent(event: unknown): boolean;
        PopStateEvent: new (type: string, init: { state: unknown }) => unknown;
      };
      // React Router keeps a navigation's state under `usr` in the history entry.
      history.pushState({ usr: state, key: 'handover', idx: 1 }, '', url);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    { url: categoryUrl(), state: { products: handedOver } },
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${CATEGORY} Products`);
  await expect(cardNames(page)).toHaveText(handedOver.map((p) => p.name));
  await expect(page.getByText('Loading products...')).toHaveCount(0);
});

test('a category that fails to load says why and loads on Try again', async ({ page }) => {
  await withoutInitialData(page);
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/listing/products',
    (route) =>
      failing
        ? route.fulfill({
            status: 503,
            json: { error: { code: 'unavailable', message: 'The shop is resting.' } },
          })
        : route.continue(),
  );
  await page.goto(categoryUrl());
  await expect(page.getByRole('alert')).toContainText('Error: The shop is resting.');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('all listings show 9 per page, and Back returns to the previous page', async ({
  page,
  api,
}) => {
  const products = await allProducts(api);
  const pages = pageCount(products.length, PAGE_SIZES.publicListing);

  await page.goto('/alllisting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
  await expect(cards(page)).toHaveCount(PAGE_SIZES.publicListing);
  await expect(cardNames(page)).toHaveText(
    products.slice(0, PAGE_SIZES.publicListing).map((p) => p.name),
  );
  await expect(pageText(page)).toContainText(`Page 1 of ${pages}`);
  await expect(page.getByLabel('Sort by')).toHaveValue('featured');

  await test.step('a page change scrolls to the top of the grid', async () => {
    const next = pageText(page).getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await expect(pageText(page)).toContainText(`Page 2 of ${pages}`);
    await expect
      .poll(() => grid(page).evaluate((node) => Math.round(node.getBoundingClientRect().top)))
      .toBeLessThan(40);
    await expect(grid(page)).toBeInViewport();
    await next.click();
    await expect(pageText(page)).toContainText(`Page 3 of ${pages}`);
  });

  await test.step('Back goes to the previous page number', async () => {
    await page.goBack();
    await expect(pageText(page)).toContainText(`Page 2 of ${pages}`);
    await expect(cardNames(page).first()).toHaveText(at(products, PAGE_SIZES.publicListing).name);
  });

  await test.step('a product opened from page 2 comes Back to page 2', async () => {
    const product = at(products, PAGE_SIZES.publicListing);
    await card(page, product).getByRole('link', { name: product.name }).click();
    await expect(page).toHaveURL(productPath(product));
    await page.goBack();
    await expect(pageText(page)).toContainText(`Page 2 of ${pages}`);
  });
});

test('new arrivals start with the newest product and popular choices with the most sold', async ({
  page,
  api,
}) => {
  // Other journeys add products (a catalogue import) and sell them meanwhile: each page is
  // compared with the catalogue read just before it, both read again when it changed between.
  await expect(async () => {
    const products = await allProducts(api);
    const pages = pageCount(products.length, PAGE_SIZES.publicListing);
    await page.goto('/new-arrival');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Arrivals');
    const newest = sortProducts(products, 'newest');
    await expect(cardNames(page).first()).toHaveText(at(newest, 0).name, { timeout: 2_000 });
    await expect(cards(page)).toHaveCount(PAGE_SIZES.publicListing);
    await expect(pageText(page)).toContainText(`Page 1 of ${pages}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  await expect(async () => {
    const products = await allProducts(api);
    const pages = pageCount(products.length, PAGE_SIZES.publicListing);
    await page.goto('/PopularChoises');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Popular Choices');
    const mostSold = Math.max(...products.map((p) => p.count));
    const popular = sortProducts(products, 'popular');
    expect(at(popular, 0).count).toBe(mostSold);
    await expect(cardNames(page)).toHaveText(
      popular.slice(0, PAGE_SIZES.publicListing).map((p) => p.name),
      { timeout: 2_000 },
    );
    await expect(pageText(page)).toContainText(`Page 1 of ${pages}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});
