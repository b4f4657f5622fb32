import { formatKsh, type AuthResponse, type Shop, type StatsOverview } from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { seedToken } from './shopping';

// The dashboards' figures (issue 15): the admin's for every shop on /admin and an owner's for
// their shop on /add-products/:shopId, each with its two charts. Other journeys place orders at
// the same time, so the screen is compared with the API's answer read around it, not with fixed
// numbers: a reading taken while an order landed is taken again.

const signIn = (api: SokoApi, email: string) =>
  api.post<AuthResponse>('/api/user/signin', { email, password: 'soko-demo-pass' });

const wholeNumber = new Intl.NumberFormat('en-US');

/** What the section shows for each card, as the API's answer says it should read. */
const expectedCards = (stats: StatsOverview) => ({
  Sales: formatKsh(stats.sales),
  Orders: wholeNumber.format(stats.orders),
  'Average order value': formatKsh(stats.averageOrderValue),
  'Waiting to ship': wholeNumber.format(stats.waitingToShip),
  // The marketplace's only (decision 043): orders paid from an unpaid order's reminder.
  ...(stats.recovered
    ? {
        'Recovered orders': `${wholeNumber.format(stats.recovered.orders)} (${formatKsh(stats.recovered.sales)})`,
      }
    : {}),
});

async function shownCards(page: Page, terms: readonly string[]) {
  const section = page.getByRole('region', { name: 'Last 30 days' });
  const shown: Record<string, string> = {};
  await expect(section.locator('dl > div')).toHaveCount(terms.length);
  for (const term of terms) {
    const card = section.locator('dl > div').filter({ has: page.getByText(term, { exact: true }) });
    shown[term] = (await card.locator('dd').innerText()).trim();
  }
  return shown;
}

/** The screen's cards equal the API's answer, read before and after the screen loaded. */
async function expectFiguresOf(page: Page, api: SokoApi, url: string, path: string, token: string) {
  await expect(async () => {
    const before = await api.get<StatsOverview>(path, { token });
    await page.goto(url);
    await expect(
      page.getByRole('region', { name: 'Last 30 days' }).locator('dd').first(),
    ).toBeVisible();
    const shown = await shownCards(page, Object.keys(expectedCards(before)));
    const after = await api.get<StatsOverview>(path, { token });
    expect(after, 'no order landed while the screen loaded').toEqual(before);
    expect(shown).toEqual(expectedCards(after));
  }).toPass({ timeout: 60_000 });
  const stats = await api.get<StatsOverview>(path, { token });
  return stats;
}

async function expectCharts(page: Page) {
  const section = page.getByRole('region', { name: 'Last 30 days' });
  for (const name of ['Sales per day, last 30 days', 'Orders per day, last 30 days']) {
    const chart = section.getByRole('img', { name });
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas').first()).toBeVisible();
    // The figures behind the picture, for those who cannot see it.
    await section.getByText(`${name}: the figures`).click();
    await expect(section.getByRole('table', { name }).getByRole('row')).toHaveCount(31);
  }
  // Nothing runs off a phone's screen sideways.
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the admin dashboard opens on the last 30 days of every shop, with both charts', async ({
  page,
  api,
}) => {
  const admin = await signIn(api, 'admin@soko.test');
  await seedToken(page, admin.token);
  const stats = await expectFiguresOf(
    page,
    api,
    '/admin',
    '/api/stats/overview?days=30',
    admin.token,
  );
  // The demo's past orders fall in the period: there is something to draw.
  expect(stats.orders).toBeGreaterThan(0);
  expect(Object.keys(expectedCards(stats))).toContain('Recovered orders');
  await expectCharts(page);
  const top = page.getByRole('region', { name: 'Top products' }).getByRole('listitem');
  await expect(top).toHaveCount(stats.topProducts.length);
  await expect(top.first()).toContainText(stats.topProducts[0]?.name ?? '');

  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('heading', { name: 'Last 7 days' })).toBeVisible();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('an owner’s shop page opens on its own figures', async ({ page, api }) => {
  const owner = await signIn(api, 'owner@soko.test');
  const [shop] = await api.get<Shop[]>('/api/property/shop/getall', { token: owner.token });
  if (!shop) throw new Error('the demo owner has no shop');
  await seedToken(page, owner.token);
  const path = `/api/property/shop/${shop._id}/stats?days=30`;
  const stats = await expectFiguresOf(page, api, `/add-products/${shop._id}`, path, owner.token);
  const everyShop = await signIn(api, 'admin@soko.test').then((admin) =>
    api.get<StatsOverview>('/api/stats/overview?days=30', { token: admin.token }),
  );
  // Its own lines only: never more than the whole marketplace; recovered orders are the admin's.
  expect(stats.sales).toBeLessThanOrEqual(everyShop.sales);
  expect(stats.recovered).toBeUndefined();
  if (stats.orders > 0) await expectCharts(page);
  else await expect(page.getByText('No sales in the last 30 days.')).toBeVisible();
});
