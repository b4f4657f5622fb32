import { expect, test } from './fixtures';

test('a shopper sees the shop in header and footer and finds the way back from a missing page', async ({
  page,
}) => {
  await test.step('the header and footer show the demo shop', async () => {
    await page.goto('/');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Soko Naturals' }),
    ).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByText('© 2025 Soko Naturals. All rights reserved.'),
    ).toBeVisible();
  });

  await test.step('an unknown address shows the not-found page with a link home', async () => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Soko Naturals' }),
    ).toBeVisible();
  });
});

test('the server reports itself healthy', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({
    status: 'ok',
    db: expect.stringMatching(/^(pglite|postgres)$/),
  });
});

test('a first load needs no API call: the page brings its own data', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Soko Naturals' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Face Care/ })).toBeVisible();
  await page.goto('/category/Face%20Care');
  await expect(page.getByRole('heading', { level: 1, name: 'Face Care Products' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Products' }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(apiCalls).toEqual([]);
});
