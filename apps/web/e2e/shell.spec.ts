import type { Page, Request } from '@playwright/test';
import { WEEKDAYS, type Shop, type Tenant } from '@soko/contract';
import { expect, test, withoutInitialData } from './fixtures';

// The header, footer, newsletter form, chat button and the app's fallback pages, on the demo
// shop (tenant host localhost) at desktop and phone widths.

async function currentShop(api: { get<T>(path: string): Promise<T> }): Promise<Shop> {
  const [shop] = await api.get<Shop[]>('/api/metadata');
  if (!shop) throw new Error('the demo data has no shop');
  return shop;
}

/** Answers GET /api/metadata with the real list, its first shop changed by `change`. */
async function routeMetadata(page: Page, change: (shop: Shop) => Shop) {
  await page.route('**/api/metadata', async (route) => {
    const response = await route.fetch();
    const [first, ...rest] = (await response.json()) as Shop[];
    await route.fulfill({ response, json: first ? [change(first), ...rest] : [] });
  });
}

/** Matches a text anywhere in an accessible name, special characters and all. */
const textPattern = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

function newsletterRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/newsletter/create') seen.push(request);
  });
  return seen;
}

test.describe('header', () => {
  test('shows the shop name, its map link, the cart and the login link', async ({ page, api }) => {
    const shop = await currentShop(api);
    await page.goto('/About');
    const header = page.getByRole('banner');

    const home = header.getByRole('link', { name: shop.name });
    await expect(home).toHaveAttribute('href', '/');

    const map = header.getByRole('link', { name: textPattern(shop.location.address) });
    await expect(map).toHaveAttribute('href', shop.location.mapurl[0] ?? '');
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', /noopener/);

    await header.getByRole('link', { name: 'Cart' }).click();
    await expect(page).toHaveURL('/cart');
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart).toBeVisible();
    await cart.getByRole('button', { name: 'Close cart' }).click();
    await expect(page).toHaveURL('/About');

    await header.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');

    await home.click();
    await expect(page).toHaveURL('/');
  });

  test('the search toggle opens a search box; blank does nothing, text goes to /search', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const toggle = header.getByRole('button', { name: 'Search products' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(header.getByRole('combobox')).toHaveCount(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const box = header.getByRole('combobox', { name: 'Search products' });
    await expect(box).toBeFocused();

    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(box).toBeVisible();

    await box.fill('  shea butter ');
    await header.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search?query=shea%20butter');
    await expect(header.getByRole('combobox')).toHaveCount(0);

    // Escape closes the box and gives focus back to the toggle.
    await toggle.click();
    await header.getByRole('combobox').press('Escape');
    await expect(header.getByRole('combobox')).toHaveCount(0);
    await expect(toggle).toBeFocused();
  });

  test('says so while shop data loads, and when the shop has no address', async ({ page }) => {
    await withoutInitialData(page);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/metadata', async (route) => {
      await gate;
      const response = await route.fetch();
      const [first, ...rest] = (await response.json()) as Shop[];
      await route.fulfill({
        response,
        json: first ? [{ ...first, location: { address: '', mapurl: [] } }, ...rest] : [],
      });
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByText('Loading shop data...')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText('Loading footer data...')).toBeVisible();
    release();
    await expect(page.getByRole('banner').getByText('Location not available')).toBeVisible();
    await expect(page.getByText('Loading shop data...')).toHaveCount(0);
    await expect(page.getByText('Loading footer data...')).toHaveCount(0);
  });
});

test.describe('footer', () => {
  test('shows opening days, policy, contacts, three social links, payments and 2025', async ({
    page,
    api,
  }) => {
    const shop = await currentShop(api);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');

    const days = footer.getByRole('region', { name: 'Opening Days' }).getByRole('listitem');
    const expected = WEEKDAYS.flatMap((day) => {
      const period = shop.operationperiods[day];
      return period
        ? [`${day.charAt(0).toUpperCase()}${day.slice(1)} ${period.open} - ${period.close}`]
        : [];
    });
    expect(expected).toHaveLength(7);
    await expect(days).toHaveText(expected);

    await expect(
      footer.getByRole('region', { name: 'Company Policy' }).getByText(shop.companypolicy),
    ).toBeVisible();

    const contact = footer.getByRole('region', { name: 'Contact Us' });
    await expect(
      contact.getByRole('link', { name: textPattern(shop.location.address) }),
    ).toHaveAttribute('href', shop.location.mapurl[0] ?? '');
    await expect(contact.getByRole('link', { name: shop.contact.phoneno })).toHaveAttribute(
      'href',
      `tel:${shop.contact.phoneno.replace(/[^\d+]/g, '')}`,
    );
    await expect(contact.getByRole('link', { name: shop.contact.email })).toHaveAttribute(
      'href',
      `mailto:${shop.contact.email}`,
    );

    // The demo shop lists Facebook, Twitter, Instagram and TikTok: TikTok gets no icon.
    const socials = contact.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(socials).toHaveCount(3);
    const byName = {
      Facebook: /facebook\.com/,
      'X (Twitter)': /(twitter|x)\.com/,
      Instagram: /instagram\.com/,
    };
    for (const [name, host] of Object.entries(byName)) {
      const link = contact
        .getByRole('list', { name: 'Social media' })
        .getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', host);
      await expect(link).toHaveAttribute('target', '_blank');
      expect(shop.socialmedialinks).toContain(await link.getAttribute('href'));
    }
    await expect(footer.locator('a[href*="tiktok"]')).toHaveCount(0);

    const payments = footer.getByRole('list', { name: 'We accept' });
    for (const brand of ['M-Pesa', 'Airtel Money', 'Visa', 'Mastercard']) {
      await expect(payments.getByRole('img', { name: brand })).toBeVisible();
    }

    await expect(footer.getByText(`© 2025 ${shop.name}. All rights reserved.`)).toBeVisible();
  });

  test('falls back when the shop has no hours, policy or social links', async ({ page }) => {
    await withoutInitialData(page);
    await routeMetadata(page, (shop) => ({
      ...shop,
      operationperiods: {},
      companypolicy: '',
      socialmedialinks: ['https://www.youtube.com/@someone'],
    }));
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('No operation periods available')).toBeVisible();
    await expect(footer.getByText('No policy available.')).toBeVisible();
    await expect(footer.getByRole('list', { name: 'Social media' })).toHaveCount(0);
  });
});

test.describe('newsletter', () => {
  test('an invalid email shows the message and sends nothing', async ({ page }) => {
    const sent = newsletterRequests(page);
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Newsletter' });
    const input = form.getByRole('textbox', { name: 'Email address' });
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('required', '');

    for (const typed of ['not-an-email', 'someone@nodot', '']) {
      await input.fill(typed);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address.');
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    // Typing again clears the message.
    await input.fill('someone@');
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect(sent).toHaveLength(0);
  });

  test('a valid email subscribes, thanks the shopper and clears the input', async ({
    page,
  }, testInfo) => {
    const sent = newsletterRequests(page);
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Newsletter' });
    const input = form.getByRole('textbox', { name: 'Email address' });
    const email = `e2e-${testInfo.project.name}-${Date.now()}@example.com`;
    await input.fill(email);
    await input.press('Enter');
    await expect(form.getByRole('status')).toHaveText('Thank you for subscribing!');
    await expect(input).toHaveValue('');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postDataJSON()).toEqual({ email });
  });

  test('a failing server shows the failure text and keeps the email', async ({ page }) => {
    await page.route('**/api/newsletter/create', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }),
    );
    await page.goto('/');
    const form = page.getByRole('region', { name: 'Newsletter' });
    const input = form.getByRole('textbox', { name: 'Email address' });
    await input.fill('shopper@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'There was an error subscribing. Please try again.',
    );
    await expect(input).toHaveValue('shopper@example.com');
    await expect(form.getByText('Thank you for subscribing!')).toHaveCount(0);
  });
});

// The chat box's journeys (opening, sending, closing, the badge) are in chat.spec.ts.
test.describe('chat button', () => {
  test('is absent when the tenant has no WhatsApp data', async ({ page }) => {
    await withoutInitialData(page);
    await page.route('**/api/tenant', async (route) => {
      const response = await route.fetch();
      const tenant = (await response.json()) as Tenant;
      await route.fulfill({ response, json: { ...tenant, whatsapp: null } });
    });
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByText('© 2025', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: /Chat with us on WhatsApp/ })).toHaveCount(0);
  });
});

test.describe('pages', () => {
  test('the About page tells the shop story', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await expect(page).toHaveURL('/About');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Our mission' })).toBeVisible();
    const values = main.getByRole('region', { name: 'Our values' });
    await expect(values.getByRole('heading', { name: 'Ethical sourcing' })).toBeVisible();
    await expect(values.getByRole('heading', { name: 'Clean formulations' })).toBeVisible();
    await expect(main.getByText('Radiance from within', { exact: true })).toBeVisible();
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('a page whose code cannot load shows the router fallback inside the layout', async ({
    page,
  }) => {
    // A deploy that replaced the app's files under an open tab looks exactly like this.
    await page.route(/\/assets\/about-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    const fallback = page.getByRole('main').getByRole('alert');
    await expect(fallback.getByRole('heading')).toHaveText('Unexpected Application Error!');
    await expect(fallback.getByText(/about-page/)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('a painted page whose code cannot load shows the fallback inside one layout', async ({
    page,
  }) => {
    // The same, opened directly (or by a tap on the link before the app started): the server
    // paints the page, and the app, unable to load its code, draws the fallback in its place.
    await page.route(/\/assets\/about-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/About');
    const fallback = page.getByRole('main').getByRole('alert');
    await expect(fallback.getByRole('heading')).toHaveText('Unexpected Application Error!');
    await expect(fallback.getByText(/about-page/)).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
  });
});
