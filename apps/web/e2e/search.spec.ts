import type { Locator, Page } from '@playwright/test';
import {
  NARROW_BREAKPOINT_PX,
  type Product,
  type SearchFacets,
  type Suggestions,
} from '@soko/contract';
import { expect, test, type SokoApi } from './fixtures';

// Search journeys on the demo catalogue, at desktop and phone widths: the header box with its
// suggestions, and the results page's filters, sort and paging. What a screen should show is
// asked of the API with the same parameters, so the journeys hold whatever the ranking does.

const NO_RESULTS = 'No products found for this category.';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < NARROW_BREAKPOINT_PX;

/** The matches (names, in order) and the total the API gives for a query string. */
async function searched(api: SokoApi, params: string): Promise<{ names: string[]; total: number }> {
  const response = await api.raw.get(`/api/search/get?${params}`);
  expect(response.ok(), `GET /api/search/get?${params}`).toBe(true);
  const products = (await response.json()) as Product[];
  return {
    names: products.map((product) => product.name),
    total: Number(response.headers()['x-total-count']),
  };
}

const foundText = (total: number) =>
  total === 1 ? '1 product found' : `${total.toLocaleString('en-KE')} products found`;

const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const resultNames = (page: Page) => results(page).getByRole('heading', { level: 3 });
const paging = (page: Page) => page.getByRole('navigation', { name: 'Search results pages' });

async function openHeaderSearch(page: Page): Promise<Locator> {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Search products' }).click();
  const box = header.getByRole('combobox', { name: 'Search products' });
  await expect(box).toBeFocused();
  return box;
}

/** On a phone the filters sit behind a 'Filters' button above the results. */
async function filters(page: Page): Promise<Locator> {
  const panel = page.getByRole('group', { name: 'Filters' });
  if (isPhone(page)) {
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
  }
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('the header search box', () => {
  for (const [typed, product] of [
    ['moringga', 'Moringa Leaf Tea'],
    ['shea buter', 'Raw Unrefined Shea Butter'],
  ] as const) {
    test(`finds ${product} for the misspelt '${typed}'`, async ({ page, api }) => {
      const expected = await searched(api, new URLSearchParams({ query: typed }).toString());
      expect(expected.names).toContain(product);

      await page.goto('/');
      const box = await openHeaderSearch(page);
      await box.fill(typed);
      // Nothing highlighted in the suggestions: Enter searches for the text.
      await box.press('Enter');

      await expect(page).toHaveURL(`/search?query=${encodeURIComponent(typed)}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Results for "${typed}"` }),
      ).toBeVisible();
      await expect(page.getByText(foundText(expected.total))).toBeVisible();
      await expect(results(page).getByRole('article', { name: product })).toBeVisible();
    });
  }

  test('a suggestion picked with the keyboard opens its page', async ({ page, api }) => {
    const suggestions = await api.get<Suggestions>('/api/search/suggest?query=moringa');
    const first = suggestions.products[0];
    if (!first) throw new Error('the demo catalogue suggests no product for "moringa"');
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/search/suggest')
        requested.push(url.searchParams.get('query') ?? '');
    });

    await page.goto('/');
    const box = await openHeaderSearch(page);
    const list = page.getByRole('listbox', { name: 'Suggestions' });

    await box.pressSequentially('m');
    // One character asks for nothing.
    await page.waitForTimeout(400);
    await expect(list).toBeHidden();
    expect(requested).toEqual([]);

    // The rest of the word arrives within the pause (at once, as a fast typist's or a paste
    // does; key by key with a delay, a loaded machine once let the pause pass after 'mo').
    await box.fill('moringa');
    const options = list.getByRole('option');
    await expect(options).toHaveCount(suggestions.products.length + suggestions.categories.length);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // Typing faster than the pause asks once, for the whole word.
    expect(requested).toEqual(['moringa']);

    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    expect(await box.getAttribute('aria-activedescendant')).toBe(
      await options.first().getAttribute('id'),
    );
    await expect(options.first()).toContainText(first.name);

    // Up from the first option wraps to the last; Down comes back.
    await box.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');

    // Escape closes the list and keeps the box; arrows open the list again.
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toBeVisible();
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');

    await box.press('Enter');
    await expect(page).toHaveURL(first.path);
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);
  });

  test('a suggestion tapped or clicked opens its page; Escape twice closes the box', async ({
    page,
    api,
  }) => {
    const suggestions = await api.get<Suggestions>('/api/search/suggest?query=shea');
    const category = suggestions.categories[0];
    if (!category) throw new Error('the demo catalogue suggests no category for "shea"');

    await page.goto('/');
    let box = await openHeaderSearch(page);
    await box.fill('shea');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list).toBeVisible();
    await box.press('Escape');
    await expect(list).toBeHidden();
    await box.press('Escape');
    await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);

    box = await openHeaderSearch(page);
    await box.fill('shea');
    // The list is as wide as the box's row: on a phone, the screen's width less its margins.
    const listBox = await list.boundingBox();
    const viewport = page.viewportSize();
    if (isPhone(page) && listBox && viewport) {
      expect(listBox.width).toBeGreaterThan(viewport.width - 48);
    }
    const option = list.getByRole('option', { name: new RegExp(`^${category.name}\\s*Category`) });
    if (isPhone(page)) await option.tap();
    else await option.click();
    await expect(page).toHaveURL(category.path);
    await expect(
      page.getByRole('heading', { level: 1, name: `${category.name} Products` }),
    ).toBeVisible();
  });
});

test.describe('the results page', () => {
  test('filters by category, Type, price and stock, sorts by price, and pages with Back', async ({
    page,
    api,
  }) => {
    // Eight steps, each a navigation and a search: long on a busy two-core machine.
    test.slow();
    const query = 'oil';
    const all = await searched(api, `query=${query}`);
    // The journey needs more than one page of matches.
    expect(all.total).toBeGreaterThan(12);

    await page.goto(`/search?query=${query}`);
    await expect(page.getByText(foundText(all.total))).toBeVisible();
    await expect(resultNames(page)).toHaveText(all.names);
    const pages = Math.ceil(all.total / 12);
    await expect(paging(page)).toContainText(`Page 1 of ${pages}`);

    await test.step('Next shows page 2; Back returns to page 1', async () => {
      const second = await searched(api, `query=${query}&page=2`);
      await paging(page).getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(`/search?query=${query}&page=2`);
      await expect(paging(page)).toContainText(`Page 2 of ${pages}`);
      await expect(resultNames(page)).toHaveText(second.names);

      await page.goBack();
      await expect(page).toHaveURL(`/search?query=${query}`);
      await expect(paging(page)).toContainText(`Page 1 of ${pages}`);
      await expect(resultNames(page)).toHaveText(all.names);

      await page.goForward();
      await expect(paging(page)).toContainText(`Page 2 of ${pages}`);
    });

    const facets = await api.get<SearchFacets>(`/api/search/facets?query=${query}`);
    const category = facets.categories[0];
    if (!category) throw new Error('no category matches "oil"');
    const panel = await filters(page);

    await test.step('a category from the facets, which starts again at page 1', async () => {
      await panel.getByLabel('Category').selectOption(category.name);
      const params = new URLSearchParams({ query, category: category.name });
      await expect(page).toHaveURL(`/search?${params.toString()}`);
      const expected = await searched(api, params.toString());
      expect(expected.total).toBe(category.count);
      await expect(page.getByText(foundText(expected.total))).toBeVisible();
      await expect(resultNames(page)).toHaveText(expected.names);
    });

    await test.step('a Type', async () => {
      await panel.getByLabel('Type').selectOption('Oil');
      const params = new URLSearchParams({ query, category: category.name, type: 'Oil' });
      await expect(page).toHaveURL(`/search?${params.toString()}`);
      const expected = await searched(api, params.toString());
      await expect(page.getByText(foundText(expected.total))).toBeVisible();
      await expect(resultNames(page)).toHaveText(expected.names);
    });

    await test.step('a price range, applied with its button', async () => {
      await panel.getByLabel('Min price').fill('600');
      await panel.getByLabel('Max price').fill('3000');
      await panel.getByRole('button', { name: 'Apply price' }).click();
      const params = new URLSearchParams({
        query,
        category: category.name,
        type: 'Oil',
        minPrice: '600',
        maxPrice: '3000',
      });
      await expect(page).toHaveURL(`/search?${params.toString()}`);
      const expected = await searched(api, params.toString());
      expect(expected.total).toBeGreaterThan(0);
      await expect(page.getByText(foundText(expected.total))).toBeVisible();
      await expect(resultNames(page)).toHaveText(expected.names);
    });

    await test.step('price high to low', async () => {
      await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
      const params = new URLSearchParams({
        query,
        category: category.name,
        type: 'Oil',
        minPrice: '600',
        maxPrice: '3000',
        sort: 'price-desc',
      });
      await expect(page).toHaveURL(`/search?${params.toString()}`);
      const expected = await searched(api, params.toString());
      await expect(resultNames(page)).toHaveText(expected.names);
    });

    await test.step('in stock only, then Clear filters keeps the sort', async () => {
      // The box follows the address, which the router updates after the click (check() would
      // demand the box change in the same instant, and fails when the page is slow).
      await panel.getByLabel('In stock only').click();
      await expect(page).toHaveURL(/inStock=true/);
      await expect(panel.getByLabel('In stock only')).toBeChecked();
      await panel.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(`/search?query=${query}&sort=price-desc`);
      const expected = await searched(api, `query=${query}&sort=price-desc`);
      await expect(resultNames(page)).toHaveText(expected.names);
      await expect(panel.getByLabel('Min price')).toHaveValue('');
    });
  });

  test('a search that matches nothing says so', async ({ page }) => {
    await page.goto('/search?query=zzqxvw');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Results for "zzqxvw"' }),
    ).toBeVisible();
    await expect(page.getByText(NO_RESULTS)).toBeVisible();
    await expect(paging(page)).toHaveCount(0);
  });

  test('a failed search says why and tries again on request', async ({ page, api }) => {
    let failing = true;
    await page.route('**/api/search/get?*', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            json: { error: { code: 'unavailable', message: 'Search is resting' } },
          })
        : route.fallback(),
    );
    await page.goto('/search?query=soap');
    const alert = page.getByRole('alert').filter({ hasText: 'Error: Search is resting' });
    await expect(alert).toBeVisible();

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    const expected = await searched(api, 'query=soap');
    await expect(resultNames(page)).toHaveText(expected.names);
  });

  test('a blank search asks for something to search for, and asks the API nothing', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/search/')) requested.push(request.url());
    });
    await page.goto('/search?query=%20%20');
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.getByText(/Type what you are looking for/)).toBeVisible();
    expect(requested).toEqual([]);
  });
});
