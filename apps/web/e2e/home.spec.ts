import type { Locator, Page } from '@playwright/test';
import type { Listing } from '@soko/contract';
import { expect, test, withoutInitialData } from './fixtures';

// The home page: banner (two side images around the promotional strip) and the category
// buttons, on the demo shop's listing.

async function tenantListing(api: { get<T>(path: string): Promise<T> }): Promise<Listing> {
  const [listing] = await api.get<Listing[]>('/api/listing/getlisting');
  if (!listing) throw new Error('the demo data has no listing');
  return listing;
}

async function routeListing(page: Page, change: (listing: Listing) => Listing) {
  await page.route('**/api/listing/getlisting', async (route) => {
    const response = await route.fetch();
    const [first, ...rest] = (await response.json()) as Listing[];
    await route.fulfill({ response, json: first ? [change(first), ...rest] : [] });
  });
}

/** The 1-based number of the slide whose pagination dot is marked current. */
async function currentSlide(strip: Locator): Promise<number> {
  const label = await strip.locator('button[aria-current="true"]').getAttribute('aria-label');
  return Number(label?.replace('Go to slide ', ''));
}

async function loaded(image: Locator) {
  await expect
    .poll(() =>
      image.evaluate((element) => {
        // The root tsconfig has no DOM library: name the two fields read here.
        const img = element as unknown as { complete: boolean; naturalWidth: number };
        return img.complete && img.naturalWidth > 0;
      }),
    )
    .toBe(true);
}

test.describe('banner', () => {
  test('shows the listing images beside the strip; the first loads first', async ({
    page,
    api,
  }) => {
    const listing = await tenantListing(api);
    const [left, right] = listing.imageUrls;
    if (!left || !right) throw new Error('the demo listing has two banner images');
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Featured' });

    const first = banner.locator(`img[src="${left}"]`);
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('srcset', /w320\.webp 320w/);
    await expect(first).toHaveAttribute('width', /\d+/);
    await loaded(first);

    const second = banner.locator(`img[src="${right}"]`);
    await expect(second).toBeVisible();
    await expect(second).toHaveAttribute('loading', 'lazy');
    await loaded(second);

    // Spec: 100px high on medium screens and 150px on large ones.
    const height = await first.evaluate((img) => img.getBoundingClientRect().height);
    const width = page.viewportSize()?.width ?? 0;
    if (width >= 1024) expect(height).toBe(150);
    else if (width >= 768) expect(height).toBe(100);
    else expect(height).toBeGreaterThanOrEqual(80);
  });

  test('falls back to the default images when the listing has none', async ({ page }) => {
    await withoutInitialData(page);
    await routeListing(page, (listing) => ({ ...listing, imageUrls: [] }));
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Featured' });
    for (const src of ['/default-image1.jpg', '/default-image2.jpg']) {
      const image = banner.locator(`img[src="${src}"]`);
      await expect(image).toBeVisible();
      await loaded(image);
    }
  });

  test('a listing with one image falls back for the second only', async ({ page, api }) => {
    await withoutInitialData(page);
    const listing = await tenantListing(api);
    const only = listing.imageUrls[0] ?? '';
    await routeListing(page, (original) => ({ ...original, imageUrls: [only] }));
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Featured' });
    await expect(banner.locator(`img[src="${only}"]`)).toBeVisible();
    await expect(banner.locator('img[src="/default-image2.jpg"]')).toBeVisible();
    await expect(banner.locator('img[src="/default-image1.jpg"]')).toHaveCount(0);
  });
});

test.describe('promotional strip', () => {
  test('plays by itself, follows the dots, keeps playing, and pauses on request', async ({
    page,
    api,
  }) => {
    const listing = await tenantListing(api);
    const count = listing.promotionalimages.length;
    expect(count).toBeGreaterThan(2);
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Promotions' });
    const dots = strip.getByRole('button', { name: /^Go to slide \d+$/ });
    await expect(dots).toHaveCount(count);
    // No arrows (spec): the dots and the pause button are the only controls.
    await expect(strip.getByRole('button')).toHaveCount(count + 1);
    await expect(strip.getByRole('group')).toHaveCount(count);
    for (const [index, src] of listing.promotionalimages.entries()) {
      await expect(
        strip.getByRole('group', { name: `${index + 1} of ${count}` }).locator('img'),
      ).toHaveAttribute('src', src);
    }

    // Autoplay: 3000 ms a slide.
    await expect(strip.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(strip.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
      { timeout: 6_000 },
    );

    // A dot goes to its slide, and the strip carries on from there.
    await strip.getByRole('button', { name: `Go to slide ${count}` }).click();
    await expect(strip.getByRole('button', { name: `Go to slide ${count}` })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(strip.getByRole('group', { name: `${count} of ${count}` })).toBeInViewport({
      ratio: 0.9,
    });
    await expect(strip.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute(
      'aria-current',
      'true',
      { timeout: 6_000 },
    );

    // Pause holds the slide; play starts again.
    await strip.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(strip.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    const held = await currentSlide(strip);
    await page.waitForTimeout(4_000);
    expect(await currentSlide(strip)).toBe(held);
    await strip.getByRole('button', { name: 'Play slideshow' }).click();
    await expect(strip.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await expect.poll(() => currentSlide(strip), { timeout: 6_000 }).toBe((held % count) + 1);
  });

  test('a swipe moves the strip, and it keeps playing afterwards', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Promotions' });
    await strip.getByRole('button', { name: 'Pause slideshow' }).click();
    // The strip scrolls natively: a swipe is a horizontal scroll of the slides' box.
    await strip.locator('[aria-live]').evaluate((box) => {
      box.scrollTo({ left: box.clientWidth * 2 + 60, behavior: 'instant' });
    });
    await expect(strip.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await strip.getByRole('button', { name: 'Play slideshow' }).click();
    await expect(strip.getByRole('button', { name: 'Go to slide 4' })).toHaveAttribute(
      'aria-current',
      'true',
      { timeout: 6_000 },
    );
  });

  test('does not play by itself when the shopper prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Promotions' });
    await expect(strip.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.waitForTimeout(4_000);
    expect(await currentSlide(strip)).toBe(1);
    await strip.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(strip.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});

test.describe('categories', () => {
  test('none is picked at start; picking one lists its products', async ({ page, api }) => {
    const listing = await tenantListing(api);
    const [first, second] = listing.categories;
    if (!first || !second) throw new Error('the demo listing has categories');
    await page.goto('/');
    const main = page.getByRole('main');
    const buttons = main.getByRole('button', { pressed: true });

    for (const category of listing.categories) {
      await expect(main.getByRole('button', { name: category.name })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }
    await expect(buttons).toHaveCount(0);
    await expect(main.getByText('Pick a category to see its products.')).toBeVisible();
    await expect(main.getByRole('article')).toHaveCount(0);

    await main.getByRole('button', { name: second.name }).click();
    await expect(main.getByRole('button', { name: second.name })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(main.getByText('Pick a category to see its products.')).toHaveCount(0);
    const cards = main.getByRole('article');
    await expect(cards).toHaveCount(second.products.length);
    for (const product of second.products) {
      await expect(main.getByRole('article', { name: product.name, exact: true })).toBeVisible();
    }
    for (const product of first.products) {
      await expect(main.getByRole('article', { name: product.name, exact: true })).toHaveCount(0);
    }
    await expect(main.getByRole('link', { name: `View all ${second.name}` })).toHaveAttribute(
      'href',
      `/category/${encodeURIComponent(second.name)}`,
    );

    // Picking another replaces the list; pressing the picked one again clears it.
    await main.getByRole('button', { name: first.name }).click();
    await expect(main.getByRole('button', { name: second.name })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(cards).toHaveCount(first.products.length);
    await main.getByRole('button', { name: first.name }).click();
    await expect(buttons).toHaveCount(0);
    await expect(main.getByText('Pick a category to see its products.')).toBeVisible();
  });

  test('a picked category survives going to a product and back', async ({ page, api }) => {
    const listing = await tenantListing(api);
    const category = listing.categories.find((c) => /&/.test(c.name)) ?? listing.categories[0];
    const product = category?.products[0];
    if (!category || !product) throw new Error('the demo listing has products');
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: category.name }).click();
    // A name with '&' is encoded in the category link.
    await expect(main.getByRole('link', { name: `View all ${category.name}` })).toHaveAttribute(
      'href',
      `/category/${encodeURIComponent(category.name)}`,
    );
    await main
      .getByRole('article', { name: product.name, exact: true })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/product\//);
    await page.goBack();
    await expect(main.getByRole('button', { name: category.name })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(main.getByRole('article', { name: product.name, exact: true })).toBeVisible();
  });

  test('a failed listing is logged and the page stays calm', async ({ page }) => {
    await withoutInitialData(page);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.route('**/api/listing/getlisting', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }),
    );
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByText('Our products could not be loaded just now.')).toBeVisible();
    const banner = page.getByRole('region', { name: 'Featured' });
    await expect(banner.locator('img[src="/default-image1.jpg"]')).toBeVisible();
    await expect(banner.locator('img[src="/default-image2.jpg"]')).toBeVisible();
    await expect.poll(() => logged.some((text) => text.includes('Error: 500'))).toBe(true);

    // Once the server answers again, Try again brings the categories.
    await page.unroute('**/api/listing/getlisting');
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByText('Pick a category to see its products.')).toBeVisible();
  });
});
