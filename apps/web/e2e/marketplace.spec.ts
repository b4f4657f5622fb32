import type { Listing, Shop } from '@soko/contract';
import { productPath } from '@soko/contract';
import { expect, test } from './fixtures';

// In the marketplace a shopper can tell who sells what: outside the seller's own host, product
// pages and cards name the shop, linking to its page of categories and products.

test('a product of another shop names its seller, whose page lists its categories and products', async ({
  page,
  api,
}) => {
  const [ownShop] = await api.get<Shop[]>('/api/metadata');
  const products = await api.allProducts();
  const foreign = products.find((p) => p.shopId !== ownShop?._id && p.imageUrls.length > 0);
  const own = products.find((p) => p.shopId === ownShop?._id);
  if (!foreign || !own) throw new Error('the demo data needs products of two shops');

  await page.goto(productPath(own));
  await expect(page.getByRole('heading', { level: 1, name: own.name })).toBeVisible();
  await expect(page.getByText('Sold by')).toHaveCount(0);

  await page.goto(productPath(foreign));
  await expect(page.getByRole('heading', { level: 1, name: foreign.name })).toBeVisible();
  const details = page.getByRole('region', { name: foreign.name });
  await expect(details.getByText(`Sold by ${foreign.shopName}`)).toBeVisible();
  await details.getByRole('link', { name: foreign.shopName }).click();
  await expect(page).toHaveURL(`/shop/${foreign.shopId}`);
  await expect(page.getByRole('heading', { level: 1, name: foreign.shopName })).toBeVisible();
  const listing = await api.get<Listing>(`/api/listing/shop/${foreign.shopId}`);
  const category = listing.categories.find((c) => c.products.length > 0);
  if (!category) throw new Error('the second shop needs a category with products');
  const pick = page
    .getByRole('navigation', { name: 'Categories of this shop' })
    .getByRole('button', { name: category.name });
  await pick.click();
  // A tap made before the app started is made when it does: the grid shows every category's
  // products until then.
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
  const grid = page.getByRole('region', { name: 'Products' });
  await expect(grid.getByRole('article').first()).toBeVisible();
  const names = await grid.getByRole('article').getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(category.products.map((p) => p.name)).toContain(name);
  // Cards say who sells them too.
  await expect(grid.getByRole('article').first().getByText('Sold by')).toBeVisible();
});
