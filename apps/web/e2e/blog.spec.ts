import sharp from 'sharp';
import type { AuthResponse } from '@soko/contract';
import { expect, test } from './fixtures';
import { seedToken } from './shopping';

// The blog (spec section 2 "Add Blog", DESIGN.md): an admin writes a post with a heading, a link
// and two pictures; readers find it from the footer; typed HTML shows as text, never runs.

async function png(red: number, green: number, blue: number, name: string) {
  const buffer = await sharp({
    create: { width: 48, height: 48, channels: 3, background: { r: red, g: green, b: blue } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const signIn = (api: { post: <T>(p: string, d: unknown) => Promise<T> }, email: string) =>
  api.post<AuthResponse>('/api/user/signin', { email, password: 'soko-demo-pass' });

test('an admin writes a post that readers find from the footer, script shown as text', async ({
  page,
  api,
}) => {
  const { token } = await signIn(api, 'admin@soko.test');
  await seedToken(page, token);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const title = `Market day ${Date.now()}`;
  await page.goto('/addblog');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page
    .getByLabel('Content', { exact: true })
    .fill(
      '## Fresh this week\n\nMangoes from [the coast](https://example.com/coast).\n\n<script>alert(1)</script>',
    );
  await page
    .getByLabel('Add blog images')
    .setInputFiles([await png(200, 80, 40, 'a.png'), await png(40, 120, 60, 'b.png')]);
  await page.getByRole('button', { name: 'Upload blog images' }).click();
  await expect(
    page.getByRole('list', { name: 'Blog images', exact: true }).getByRole('listitem'),
  ).toHaveCount(2);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post published.' })).toBeVisible();
  await page.getByRole('link', { name: `Read “${title}”` }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Fresh this week' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'the coast' })).toHaveAttribute(
    'rel',
    'nofollow noopener noreferrer',
  );
  await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^${title}, picture`) })).toHaveCount(2);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  expect(dialogs).toBe(0);
});

test('a customer at /addblog is sent away', async ({ page, api }) => {
  const { token } = await signIn(api, 'shopper@soko.test');
  await seedToken(page, token);
  await page.goto('/addblog');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Add Blog' })).toHaveCount(0);
});
