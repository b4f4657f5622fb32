import { formatKsh, productPath, variantLabel, type Product } from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { savedCart } from './shopping';

// The cart panel (spec sections 2 to 4): adding from the product page, quantities within the
// stock shown, removing, the saved cart, closing, /cart/:productId/:userId and the header's
// count. Products are picked by what they hold, not by name. Nothing here places an order, so
// the stock the product page shows is the stock the cart caps at.

async function allProducts(api: SokoApi): Promise<Product[]> {
  return api.allProducts();
}

function pick(products: Product[], what: string, test: (product: Product) => boolean): Product {
  const found = products.find(test);
  if (!found) throw new Error(`The demo catalogue has no product with ${what}`);
  return found;
}

/** Plenty of stock in its first variant. */
const withVariants = (p: Product) => (p.variants[0]?.stock ?? 0) >= 5;
/** No variants and only a few in stock: the cap is reachable by clicking. */
const fewInStock = (p: Product) => p.variants.length === 0 && p.stock >= 2 && p.stock <= 6;
const plainInStock = (p: Product) => p.variants.length === 0 && p.stock >= 5;

const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });
const savedPrice = async (page: Page) => (await savedCart(page))?.[0]?.price ?? NaN;

async function addFromProductPage(page: Page, product: Product) {
  await page.goto(productPath(product));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(cartPanel(page)).toBeVisible();
}

test('a shopper adds a product, changes its quantity (never below 1) and removes it', async ({
  page,
  api,
}) => {
  const product = pick(await allProducts(api), 'variants in stock', withVariants);
  const variant = product.variants[0];
  if (!variant) throw new Error('no variant');
  const title = `${product.name} (${variantLabel(variant)})`;
  await addFromProductPage(page, product);
  const cart = cartPanel(page);
  const line = cart.getByRole('listitem').filter({ hasText: title });
  const quantity = cart.getByRole('status', { name: `Quantity of ${title}` });
  const more = cart.getByRole('button', { name: `Increase quantity of ${title}` });
  const fewer = cart.getByRole('button', { name: `Decrease quantity of ${title}` });

  await test.step('the line shows its image, name with the variant, price and quantity 1', async () => {
    await expect(cart.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(line).toBeVisible();
    await expect(line.locator('img')).toHaveAttribute('src', product.imageUrls[0] ?? '');
    const price = await savedPrice(page);
    await expect(line.getByText(formatKsh(price), { exact: true })).toBeVisible();
    await expect(quantity).toHaveText('1');
    await expect(cart.getByTestId('cart-subtotal')).toHaveText(formatKsh(price));
  });

  await test.step('minus at 1 stays at 1', async () => {
    await expect(fewer).toBeDisabled();
    await fewer.click({ force: true });
    await expect(quantity).toHaveText('1');
  });

  await test.step('plus raises the quantity, the subtotal and the header count', async () => {
    const price = await savedPrice(page);
    await more.click();
    await more.click();
    await expect(quantity).toHaveText('3');
    await expect(cart.getByTestId('cart-subtotal')).toHaveText(formatKsh(price * 3));
    expect(await savedCart(page)).toMatchObject([{ productId: product._id, quantity: 3 }]);
    await fewer.click();
    await expect(quantity).toHaveText('2');
  });

  await test.step('the header counts the items', async () => {
    await cart.getByRole('button', { name: 'Close cart' }).click();
    await expect(cart).toHaveCount(0);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' }),
    ).toBeVisible();
  });

  await test.step('Remove empties the cart', async () => {
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
    await cart.getByRole('button', { name: `Remove ${title}` }).click();
    await expect(cart.getByText('Your cart is empty.')).toBeVisible();
    await expect(cart.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(await savedCart(page)).toEqual([]);
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
  });
});

test('the quantity stops at the stock the product page showed', async ({ page, api }) => {
  const product = pick(await allProducts(api), 'a few in stock and no variants', fewInStock);
  await addFromProductPage(page, product);
  const cart = cartPanel(page);
  const more = cart.getByRole('button', { name: `Increase quantity of ${product.name}` });
  const quantity = cart.getByRole('status', { name: `Quantity of ${product.name}` });
  for (let count = 1; count < product.stock; count += 1) await more.click();
  await expect(quantity).toHaveText(String(product.stock));
  await expect(more).toBeDisabled();
  await more.click({ force: true });
  await expect(quantity).toHaveText(String(product.stock));
  expect(await savedCart(page)).toMatchObject([
    { productId: product._id, quantity: product.stock, maxQuantity: product.stock },
  ]);
});

test('the cart is kept across reloads, and a reload adds nothing twice', async ({ page, api }) => {
  const product = pick(await allProducts(api), 'stock and no variants', plainInStock);
  await addFromProductPage(page, product);
  const cart = cartPanel(page);
  const quantity = cart.getByRole('status', { name: `Quantity of ${product.name}` });
  await expect(quantity).toHaveText('1');

  await page.reload();
  await expect(
    cartPanel(page).getByRole('listitem').filter({ hasText: product.name }),
  ).toBeVisible();
  await expect(quantity).toHaveText('1');

  // The same product again raises the line's quantity (spec section 4).
  await addFromProductPage(page, product);
  await expect(quantity).toHaveText('2');
  expect(await savedCart(page)).toHaveLength(1);

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('an empty cart says so', async ({ page }) => {
  await page.goto('/cart');
  const cart = cartPanel(page);
  await expect(cart.getByText('Your cart is empty.')).toBeVisible();
  await expect(cart.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart' })).toHaveAccessibleName(
    'Cart',
  );
});

test('a broken saved cart opens as an empty cart', async ({ page }) => {
  await page.addInitScript("localStorage.setItem('cart', '[{\"productId\":')");
  await page.goto('/cart');
  await expect(cartPanel(page).getByText('Your cart is empty.')).toBeVisible();
});

test('closing goes back one step; Escape closes; with nothing to go back to it goes home', async ({
  page,
  api,
}) => {
  const product = pick(await allProducts(api), 'stock and no variants', plainInStock);

  await test.step('the close button goes back to the product page', async () => {
    await addFromProductPage(page, product);
    await cartPanel(page).getByRole('button', { name: 'Close cart' }).click();
    await expect(page).toHaveURL(productPath(product));
    await expect(cartPanel(page)).toHaveCount(0);
  });

  await test.step('focus moves into the panel and Escape closes it', async () => {
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
    await expect(cartPanel(page)).toBeVisible();
    await expect(cartPanel(page).getByRole('button', { name: 'Close cart' })).toBeFocused();
    // Tab stays inside the modal panel.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    const inside = await page.evaluate("Boolean(document.activeElement?.closest('dialog[open]'))");
    expect(inside).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(productPath(product));
    await expect(cartPanel(page)).toHaveCount(0);
  });

  await test.step('opened directly, closing goes home', async () => {
    await page.goto('/cart');
    await cartPanel(page).getByRole('button', { name: 'Close cart' }).click();
    await expect(page).toHaveURL('/');
  });
});

test('/cart/:productId/:userId adds that product once and shows the cart', async ({
  page,
  api,
}) => {
  const product = pick(await allProducts(api), 'variants in stock', withVariants);
  const variant = product.variants.find((v) => v.stock > 0);
  if (!variant) throw new Error('no variant in stock');
  const title = `${product.name} (${variantLabel(variant)})`;

  await page.goto(`/cart/${product._id}/${product.userId}`);
  await expect(page).toHaveURL('/cart');
  const quantity = cartPanel(page).getByRole('status', { name: `Quantity of ${title}` });
  await expect(quantity).toHaveText('1');
  await page.reload();
  await expect(quantity).toHaveText('1');
  expect(await savedCart(page)).toMatchObject([
    {
      productId: product._id,
      variantId: variant._id,
      quantity: 1,
      // The stock shown, or the shop's most per order when that is lower.
      maxQuantity: Math.min(variant.stock, product.maxPerOrder),
    },
  ]);
});

test('the drawer is 400px wide on a desktop and the full width on a phone', async ({
  page,
}, testInfo) => {
  await page.goto('/cart');
  const box = await cartPanel(page).boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box');
  if (testInfo.project.name === 'phone') {
    expect(box.width).toBe(viewport.width);
  } else {
    expect(box.width).toBe(400);
    expect(box.x + box.width).toBe(viewport.width);
  }
  expect(box.height).toBe(viewport.height);
});

test('a second tab sees the cart change', async ({ page, context, api }) => {
  const product = pick(await allProducts(api), 'stock and no variants', plainInStock);
  const other = await context.newPage();
  await other.goto('/About');
  await expect(other.getByRole('banner').getByRole('link', { name: 'Cart' })).toHaveAccessibleName(
    'Cart',
  );
  await addFromProductPage(page, product);
  await expect(other.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await other.close();
});
