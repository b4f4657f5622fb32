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
  // Other journeys add and delete products in the shared shop while this one pages: a served
  // page is compared with the catalogue read just before it, read again if one came or went.
  const servedPage = async (address: string, n: number) => {
    let products: Product[] = [];
    await expect(async () => {
      products = await api.allProducts();
      await page.goto(address);
      await expect(cardNames(page)).toHaveText(names(products, n), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    return products;
  };
  const listingCalls: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/listing/gellisting') listingCalls.push(response);
  });

  const products = await servedPage('/alllisting', 1);
  const pages = pageCount(products.length, PER_PAGE);
  expect(pages).toBeGreaterThanOrEqual(3);
  await expect(pagination(page)).toContainText(`Page 1 of ${pages}`);

  // Each Next shows exactly the page the server answered for that page number.
  const shown: string[][] = [names(products, 1)];
  for (let n = 2; n <= pages; n++) {
    const answered = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === '/api/listing/gellisting' && url.searchParams.get('page') === String(n)
      );
    });
    await pagination(page).getByRole('button', { name: 'Next' }).click();
    const served = ((await (await answered).json()) as Product[]).map((p) => p.name);
    expect(served.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`/alllisting\\?page=${n}$`));
    await expect(pagination(page)).toContainText(`Page ${n} of ${pages}`);
    await expect(cardNames(page)).toHaveText(served);
    shown.push(served);
  }
  await expect(pagination(page).getByRole('button', { name: 'Next' })).toBeDisabled();

  // Every page came from the server as one page of 9, never the whole catalogue.
  expect(listingCalls.length).toBeGreaterThanOrEqual(pages - 1);
  for (const response of listingCalls) {
    expect(new URL(response.url()).searchParams.get('pageSize')).toBe(String(PER_PAGE));
    expect(((await response.json()) as Product[]).length).toBeLessThanOrEqual(PER_PAGE);
  }

  // Back shows the pages as they were seen.
  await page.goBack();
  await expect(pagination(page)).toContainText(`Page ${pages - 1} of ${pages}`);
  await expect(cardNames(page)).toHaveText(shown[pages - 2] ?? []);
  await page.goBack();
  await expect(pagination(page)).toContainText(`Page ${pages - 2} of ${pages}`);
  await expect(cardNames(page)).toHaveText(shown[pages - 3] ?? []);

  // A reload of a deep page shows the same page, read from the server.
  const now = await servedPage(`/alllisting?page=${pages}`, pages);
  const last = pageCount(now.length, PER_PAGE);
  await expect(pagination(page)).toContainText(`Page ${pages} of ${last}`);
});

test('an address past the last page moves to the last page', async ({ page, api }) => {
  // Other journeys add and delete products meanwhile: the page is compared with the catalogue
  // read just before it, both read again when a product came or went in between.
  await expect(async () => {
    const products = await api.allProducts();
    const pages = pageCount(products.length, PER_PAGE);
    await page.goto(`/alllisting?page=${pages + 5}`);
    await expect(pagination(page)).toContainText(`Page ${pages} of ${pages}`, { timeout: 2_000 });
    await expect(cardNames(page)).toHaveText(names(products, pages), { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
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
