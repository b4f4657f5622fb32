import { PAGE_SIZES, pageCount, type Product } from '@soko/contract';
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';

// All Products asks the server for one page at a time (issue 16): the page number lives in the
// address, each page's products are the server's slice, and Back walks the pages backwards.

const PER_PAGE = PAGE_SIZES.publicListing;
const grid = (page: Page) => page.getByRole('region', { name: 'Products' });
const cardNames = (page: Page) => grid(page).getByRole('heading', { level: 3 });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const names = (products: Product[], n: number) =>
  products.slice((n - 1) * PER_PAGE, n * PER_PAGE).map((p) => p.name);

test('pages through every product with the buttons, one server page each, and Back', async ({
  page,
  api,
}) => {
  // One click and one server page for each of the demo catalogue's pages (about ten).
  test.setTimeout(120_000);
  const products = await api.allProducts();
  const pages = pageCount(products.length, PER_PAGE);
  expect(pages).toBeGreaterThanOrEqual(3);
  const listingCalls: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/listing/gellisting') listingCalls.push(response);
  });

  await page.goto('/alllisting');
  await expect(cardNames(page)).toHaveText(names(products, 1));
  await expect(pagination(page)).toContainText(`Page 1 of ${pages}`);

  for (let n = 2; n <= pages; n++) {
    await pagination(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/alllisting\\?page=${n}$`));
    await expect(pagination(page)).toContainText(`Page ${n} of ${pages}`);
    await expect(cardNames(page)).toHaveText(names(products, n));
  }
  await expect(pagination(page).getByRole('button', { name: 'Next' })).toBeDisabled();

  // Every page came from the server as one page of 9, never the whole catalogue.
  expect(listingCalls.length).toBeGreaterThanOrEqual(pages - 1);
  for (const response of listingCalls) {
    expect(new URL(response.url()).searchParams.get('pageSize')).toBe(String(PER_PAGE));
    expect(((await response.json()) as Product[]).length).toBeLessThanOrEqual(PER_PAGE);
  }

  await page.goBack();
  await expect(pagination(page)).toContainText(`Page ${pages - 1} of ${pages}`);
  await expect(cardNames(page)).toHaveText(names(products, pages - 1));
  await page.goBack();
  await expect(pagination(page)).toContainText(`Page ${pages - 2} of ${pages}`);
  await expect(cardNames(page)).toHaveText(names(products, pages - 2));

  // A reload of a deep page shows the same page, read from the server.
  await page.goto(`/alllisting?page=${pages}`);
  await expect(cardNames(page)).toHaveText(names(products, pages));
  await expect(pagination(page)).toContainText(`Page ${pages} of ${pages}`);
});

test('an address past the last page moves to the last page', async ({ page, api }) => {
  const products = await api.allProducts();
  const pages = pageCount(products.length, PER_PAGE);
  await page.goto(`/alllisting?page=${pages + 5}`);
  await expect(pagination(page)).toContainText(`Page ${pages} of ${pages}`);
  await expect(cardNames(page)).toHaveText(names(products, pages));
});

test('a category asks the server for a page of 8 at a time, under the type filter', async ({
  page,
  api,
}) => {
  const name = 'Face Care';
  const all = await api.get<Product[]>(
    `/api/listing/products?categoryName=${encodeURIComponent(name)}&pageSize=48`,
  );
  expect(all.length, 'the demo category has more than one server page').toBeGreaterThan(8);
  const categoryCalls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/listing/products') categoryCalls.push(url);
  });

  // The first page is painted with the page's data, so no call is needed to show it.
  await page.goto(`/category/${encodeURIComponent(name)}`);
  await expect(pagination(page)).toContainText('Page 1 of');
  const perPage = (page.viewportSize()?.width ?? 0) < 768 ? 4 : 8;
  await expect(cardNames(page)).toHaveText(all.slice(0, perPage).map((p) => p.name));
  expect(categoryCalls).toEqual([]);

  // The page after the first server page: page 2 wide, page 3 on a phone.
  const next = pagination(page).getByRole('button', { name: 'Next' });
  for (let shown = perPage; shown < 8; shown += perPage) await next.click();
  await next.click();
  await expect(cardNames(page)).toHaveText(all.slice(8, 8 + perPage).map((p) => p.name));
  expect(categoryCalls.map((url) => url.searchParams.get('page'))).toEqual(['2']);
  expect(categoryCalls[0]?.searchParams.get('pageSize')).toBe('8');
  expect(categoryCalls[0]?.searchParams.get('categoryName')).toBe(name);
});
