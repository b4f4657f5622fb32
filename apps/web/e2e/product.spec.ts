import {
  descriptionBullets,
  discountedPriceCents,
  formatKsh,
  fromCents,
  parseDiscountPercent,
  productNameSlug,
  productPath,
  seoWithDefaults,
  toCents,
  variantLabel,
  type Product,
  type Tenant,
} from '@soko/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type SokoApi, withoutInitialData } from './fixtures';

// Journeys through the product page on the demo catalogue. Products are picked by what they
// hold (images, variants, stock, discount), not by name, so a change of demo data that keeps
// those cases keeps these journeys meaningful.

async function allProducts(api: SokoApi): Promise<Product[]> {
  return api.allProducts();
}

function pick(products: Product[], what: string, test: (product: Product) => boolean): Product {
  const found = products.find(test);
  if (!found) throw new Error(`The demo catalogue has no product with ${what}`);
  return found;
}

/** Several images, a discount, '||' bullets, and variants: two in stock and one sold out. */
const richProduct = (p: Product) =>
  p.imageUrls.length > 1 &&
  parseDiscountPercent(p.discounts) !== null &&
  p.description.includes('||') &&
  p.variants.filter((v) => v.stock > 0).length >= 2 &&
  p.variants.some((v) => v.stock === 0) &&
  p.pricingType !== 'Fixed' &&
  Boolean(p.Type?.trim());

/** The variant's label: its name, else its size. */
/** The product's own part of the page (name, price, variants, stock, cart), not the carousel. */
const details = (page: Page, product: Product) =>
  page.getByRole('region', { name: product.name, exact: true });

function effectivePrice(product: Product): number {
  return fromCents(discountedPriceCents(toCents(product.price), product.discounts));
}

const mainImage = (page: Page) => page.getByRole('main').locator('img[fetchpriority="high"]');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

test('a shopper reads a product: name, type, price with discount, bullets and images', async ({
  page,
  api,
}) => {
  await withoutInitialData(page);
  const product = pick(await allProducts(api), 'images, variants and a discount', richProduct);
  const percent = parseDiscountPercent(product.discounts);

  await test.step('the page says it is loading until the product arrives', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/listing\/products\/[^/?]+$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(productPath(product));
    await expect(page.getByRole('status').getByText('Loading product details...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText('Loading product details...')).toHaveCount(0);
    await page.unroute(/\/api\/listing\/products\/[^/?]+$/);
  });

  await test.step('type, discounted price, struck original and the percentage show', async () => {
    const own = details(page, product);
    await expect(own.getByText(`Type: ${product.Type?.trim()}`)).toBeVisible();
    const price = own.getByTestId('product-price');
    await expect(price).toContainText(formatKsh(effectivePrice(product)));
    await expect(price.locator('s')).toContainText(formatKsh(product.price));
    await expect(own.getByText(`${percent}% off`)).toBeVisible();
    await expect(
      own.getByText(product.pricingType === 'Negotiable' ? 'Price negotiable' : 'Price may vary'),
    ).toBeVisible();
  });

  await test.step('the description reads as a list of its || parts', async () => {
    const description = page.getByRole('region', { name: 'Description' });
    await expect(description.getByRole('listitem')).toHaveText(
      descriptionBullets(product.description),
    );
  });

  await test.step('the first image is the main one and a thumbnail switches it', async () => {
    const total = product.imageUrls.length;
    await expect(mainImage(page)).toHaveAttribute('src', product.imageUrls[0] ?? '');
    await expect(mainImage(page)).toHaveAttribute('loading', 'eager');
    const first = page.getByRole('button', { name: `Show image 1 of ${total}` });
    const second = page.getByRole('button', { name: `Show image 2 of ${total}` });
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /^Show image \d+ of \d+$/ })).toHaveCount(total);

    await second.click();
    await expect(mainImage(page)).toHaveAttribute('src', product.imageUrls[1] ?? '');
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    // The image really is there, not a broken link.
    await expect
      .poll(() =>
        mainImage(page).evaluate((img) => (img as { naturalWidth?: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
  });

  await test.step('the tab is titled with the product and the shop', async () => {
    const tenant = await api.get<Tenant>('/api/tenant');
    await expect(page).toHaveTitle(`${product.name} | ${seoWithDefaults(tenant.seo).title}`);
  });
});

test('a product without images says so, and one without bullets reads as a paragraph', async ({
  page,
  api,
}) => {
  const products = await allProducts(api);
  const bare = pick(products, 'no image', (p) => p.imageUrls.length === 0);
  await page.goto(productPath(bare));
  await expect(page.getByRole('heading', { level: 1, name: bare.name })).toBeVisible();
  await expect(page.getByText('No image available')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show image/ })).toHaveCount(0);

  const plain = pick(
    products,
    'a plain description and one image',
    (p) => p.imageUrls.length === 1 && !p.description.includes('||') && p.description.length > 0,
  );
  await page.goto(productPath(plain));
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description.getByText(plain.description.trim())).toBeVisible();
  await expect(description.getByRole('listitem')).toHaveCount(0);
  // A single image needs no thumbnails.
  await expect(mainImage(page)).toHaveAttribute('src', plain.imageUrls[0] ?? '');
  await expect(page.getByRole('button', { name: /^Show image/ })).toHaveCount(0);
});

test('a shopper picks a variant, sees its stock and adds it to the cart', async ({ page, api }) => {
  const product = pick(await allProducts(api), 'images, variants and a discount', richProduct);
  const [first, ...others] = product.variants;
  if (!first || first.stock === 0) throw new Error('the first variant should be in stock');
  const other = others.find((v) => v.stock > 0);
  const soldOut = product.variants.find((v) => v.stock === 0);
  if (!other || !soldOut) throw new Error('expected another in-stock and a sold-out variant');

  await page.goto(productPath(product));
  const own = details(page, product);
  const variants = own.getByRole('group', { name: 'Variant' });
  // Accessible names read '{name} {size}', then 'Out of stock' for a sold-out one.
  const radio = (variant: { size: string; name: string }) =>
    variants.getByRole('radio', {
      name: new RegExp(
        `^${escapeRegExp(variant.name)}(?: ${escapeRegExp(variant.size)})?(?: Out of stock)?$`,
      ),
    });

  await test.step('the first variant is chosen and its stock shows', async () => {
    await expect(radio(first)).toBeChecked();
    await expect(own.getByText(`In stock: ${first.stock}`)).toBeVisible();
  });

  await test.step('a sold-out variant cannot be chosen and says why', async () => {
    await expect(radio(soldOut)).toBeDisabled();
    await expect(radio(soldOut)).toHaveAccessibleName(/Out of stock/);
  });

  await test.step('another variant shows its own stock', async () => {
    await variants.getByText(variantLabel(other), { exact: true }).click();
    await expect(radio(other)).toBeChecked();
    await expect(radio(first)).not.toBeChecked();
    await expect(own.getByText(`In stock: ${other.stock}`)).toBeVisible();
  });

  await test.step('Add to Cart opens the cart holding the chosen line', async () => {
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL('/cart');
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(
      cart.getByRole('listitem').filter({ hasText: `${product.name} (${variantLabel(other)})` }),
    ).toBeVisible();
    // The line is saved as the cart keeps it, and the router state that carried it is gone,
    // so a reload cannot add it twice. (Expressions as strings: this project's e2e types have
    // no DOM library.)
    await expect
      .poll(() => page.evaluate("JSON.parse(localStorage.getItem('cart') ?? 'null')"))
      .toEqual([
        {
          productId: product._id,
          // The line keeps its shop: a shop's own discount code takes off its lines only.
          shopId: product.shopId,
          name: product.name,
          price: effectivePrice(product),
          image: product.imageUrls[0],
          selectedVariant: variantLabel(other),
          variantId: other._id,
          maxQuantity: other.stock,
          quantity: 1,
        },
      ]);
    expect(await page.evaluate('history.state?.usr ?? null')).toBeNull();
  });
});

test('a sold-out product cannot be added to the cart', async ({ page, api }) => {
  const product = pick(
    await allProducts(api),
    'no stock and no variants',
    (p) => p.stock === 0 && p.variants.length === 0,
  );
  await page.goto(productPath(product));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const own = details(page, product);
  await expect(own.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('an unknown product shows the spec error and a way back to the shop', async ({ page }) => {
  await page.goto('/product/00000000-0000-4000-8000-000000000000/someone/no-such-thing');
  await expect(page.getByRole('alert')).toHaveText('Error: HTTP error! status: 404');
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL('/');
});

test('a wrong name or user segment is replaced by the canonical address', async ({ page, api }) => {
  const product = pick(await allProducts(api), 'a name with a character to encode', (p) =>
    p.name.includes('&'),
  );
  await page.goto(`/product/${product._id}/not-the-owner/${productNameSlug('Old Name')}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveURL(productPath(product));
  // Replaced, not pushed: Back leaves the product instead of returning to the wrong address.
  await page.goBack();
  await expect(page).not.toHaveURL(/not-the-owner/);
});

test('related products: two per slide, 1 or 3 slides in view, buttons scroll', async ({
  page,
  api,
}, testInfo) => {
  const products = await allProducts(api);
  const product = pick(products, 'at least 7 related products', (p) => {
    const related = products.filter((o) => o.categoryId === p.categoryId && o._id !== p._id);
    return related.length >= 7 && p.imageUrls.length > 0;
  });
  const related = await api.get<Product[]>(
    `/api/listing/products?category=${product.categoryId}&exclude=${product._id}`,
  );
  const slideCount = Math.ceil(related.length / 2);

  await page.goto(productPath(product));
  const carousel = page.getByRole('region', { name: 'You may also like:' });
  await carousel.scrollIntoViewIfNeeded();
  const slides = carousel.getByRole('group', { name: /^\d+ of \d+$/ });
  await expect(slides).toHaveCount(slideCount);
  await expect(carousel.getByRole('article')).toHaveCount(related.length);
  await expect(carousel.getByRole('article').filter({ hasText: product.name })).toHaveCount(0);

  const track = slides.first().locator('..');
  const trackBox = await box(track);
  const inView = async () => {
    const boxes = await Promise.all((await slides.all()).map(box));
    const left = (await box(track)).x;
    return boxes.filter((b) => b.x >= left - 1 && b.x + b.width <= left + trackBox.width + 1)
      .length;
  };

  await test.step('each slide stacks two cards 10 px apart; slides are 10 px apart', async () => {
    const [top, bottom] = await slides.first().getByRole('article').all();
    if (!top || !bottom) throw new Error('the first slide should hold two cards');
    const a = await box(top);
    const b = await box(bottom);
    expect(Math.round(b.y - (a.y + a.height))).toBe(10);
    expect(Math.round(a.x)).toBe(Math.round(b.x));
    const first = await box(slides.nth(0));
    const second = await box(slides.nth(1));
    expect(Math.round(second.x - (first.x + first.width))).toBe(10);
  });

  await test.step('the width decides how many slides are in view', async () => {
    const expected = testInfo.project.name === 'phone' ? 1 : 3;
    expect(await inView()).toBe(expected);
  });

  await test.step('Next scrolls on, Previous comes back', async () => {
    const previous = carousel.getByRole('button', { name: 'Previous slide' });
    const next = carousel.getByRole('button', { name: 'Next slide' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect
      .poll(async () => Math.round((await box(slides.nth(1))).x))
      .toBe(Math.round(trackBox.x));
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
  });

  await test.step('a related card opens that product at the top of the page', async () => {
    const target = related[0];
    if (!target) throw new Error('no related product');
    await carousel.getByRole('link', { name: target.name }).click();
    await expect(page).toHaveURL(productPath(target));
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(target.name)} \\| `));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
