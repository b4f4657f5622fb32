import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  authResponseSchema,
  blogListResponseSchema,
  blogPostSchema,
  type BlogPost,
} from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { uploadedPicture } from '../../../test/pictures';
import { DEMO_PASSWORD } from '../../../test/settings';
import { readSitemap } from '../../../test/sitemap';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--soko-head--><title>Soko</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let dist: string;
const tokens = { customer: '', owner: '', admin: '' };

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/signin',
    payload: { email, password: DEMO_PASSWORD },
  });
  return authResponseSchema.parse(res.json()).token;
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'soko-blog-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: 'https://shop.example' } });
  tokens.customer = await signIn('shopper@soko.test');
  tokens.owner = await signIn('owner@soko.test');
  tokens.admin = await signIn('admin@soko.test');
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const create = (payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blog/create',
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function write(payload: Partial<{ title: string; content: string; imageUrls: string[] }>) {
  const res = await create(
    { title: 'A post', content: 'Some words.', imageUrls: [], ...payload },
    tokens.admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return blogPostSchema.parse(res.json());
}

// The demo tenant answers at localhost; its canonical address is PUBLIC_URL.
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

const list = async (page = 1) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/blog/get?page=${page}` });
  expect(res.statusCode).toBe(200);
  return { posts: blogListResponseSchema.parse(res.json()), total: res.headers['x-total-count'] };
};

describe('POST /api/blog/create', () => {
  const post = { title: 'Shea butter, three ways', content: 'Melt it.', imageUrls: [] };

  it('lets only an admin write: 401 signed out, 403 customer and owner, 201 admin', async () => {
    expect((await create(post)).statusCode).toBe(401);
    expect((await create(post, tokens.customer)).statusCode).toBe(403);
    expect((await create(post, tokens.owner)).statusCode).toBe(403);
    const picture = await uploadedPicture(t.database.db, null);
    const res = await create({ ...post, imageUrls: [picture] }, tokens.admin);
    expect(res.statusCode).toBe(201);
    const created = blogPostSchema.parse(res.json());
    expect(created).toMatchObject({ title: post.title, imageUrls: [picture] });
    expect(created.contentHtml).toBe('<p>Melt it.</p>\n');
  });

  it('requires title and content, refuses unknown fields, with messages', async () => {
    const missing = await create({ title: ' ', content: '', imageUrls: [] }, tokens.admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({
      title: 'Title is required.',
      content: 'Content is required.',
    });
    const extra = await create({ ...post, authorId: 'someone' }, tokens.admin);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields.authorId).toBe('Unknown field.');
  });

  it('takes only pictures uploaded for the blog, or already on a post', async () => {
    const [shop] = (await t.app.inject('/api/metadata')).json() as Array<{ _id: string }>;
    if (!shop) throw new Error('the demo has no shop');
    const refused = {
      'a tracking pixel': 'https://tracker.example/pixel.gif',
      'a path of our API': '/api/user/profile',
      'a shop’s upload': await uploadedPicture(t.database.db, shop._id),
      'an upload at a size it was not stored at': (
        await uploadedPicture(t.database.db, null, 1200, 1200)
      ).replace('1200x1200', '600x600'),
    };
    for (const [what, address] of Object.entries(refused)) {
      const res = await create({ ...post, imageUrls: [address] }, tokens.admin);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.fields, what).toEqual({
        imageUrls: 'Use a picture uploaded for the blog.',
      });
    }
    const kept = await write({ imageUrls: [await uploadedPicture(t.database.db, null)] });
    // A picture a post already shows may be used again.
    expect((await write({ imageUrls: kept.imageUrls })).imageUrls).toEqual(kept.imageUrls);
  });

  it('refuses a seventh picture with the spec’s words', async () => {
    const res = await create({ ...post, imageUrls: Array(7).fill('/media/a.webp') }, tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('You can only upload 6 images per listing');
  });
});

describe('rendering', () => {
  it('shows typed HTML and script links as text, never as markup', async () => {
    const post = await write({
      content:
        '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))',
    });
    expect(post.contentHtml).not.toContain('<script');
    expect(post.contentHtml).not.toMatch(/<img[^>]*onerror/i);
    expect(post.contentHtml).not.toContain('href="javascript:');
    expect(post.contentHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(post.contentHtml).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The description is plain text (escaped wherever it is written), so the words stay.
    expect(post.description).toContain('<script>alert(1)</script>');
  });

  it('renders headings, paragraphs and links (marked nofollow)', async () => {
    const post = await write({
      content: '## Heading\n\nFirst paragraph.\n\nSee [the market](https://example.com/market).',
    });
    expect(post.contentHtml).toContain('<h2>Heading</h2>');
    expect(post.contentHtml).toContain('<p>First paragraph.</p>');
    expect(post.contentHtml).toContain(
      '<a href="https://example.com/market" rel="nofollow noopener noreferrer">the market</a>',
    );
    expect(post.description).toBe('Heading First paragraph. See the market.');
  });
});

describe('reading', () => {
  it('lists newest first, 10 a page, with the total; a new post shows at once', async () => {
    const before = await list();
    const post = await write({ title: 'Newest post' });
    const after = await list();
    expect(Number(after.total)).toBe(Number(before.total) + 1);
    expect(after.posts[0]?._id).toBe(post._id);
    expect(after.posts.length).toBeLessThanOrEqual(10);
    const times = after.posts.map((p: BlogPost) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Enough posts for a second page, which starts where the first ends.
    for (let i = 0; i < 11; i += 1) await write({ title: `Filler ${i}` });
    const first = await list(1);
    const second = await list(2);
    expect(first.posts).toHaveLength(10);
    expect(second.posts.length).toBeGreaterThan(0);
    const firstIds = new Set(first.posts.map((p) => p._id));
    expect(second.posts.some((p) => firstIds.has(p._id))).toBe(false);
  });

  it('reads one post; unknown and malformed ids are 404', async () => {
    const post = await write({ title: 'Read me' });
    const res = await t.app.inject({ method: 'GET', url: `/api/blog/${post._id}` });
    expect(res.statusCode).toBe(200);
    expect(blogPostSchema.parse(res.json())._id).toBe(post._id);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/blog/${id}` })).statusCode).toBe(404);
    }
  });
});

describe('pages for crawlers', () => {
  it('serves a post’s page with its title, description and Open Graph tags', async () => {
    const seo = (await page('/api/tenant')).json().seo as { title: string; url: string };
    const seoTitle = seo.title;
    const base = seo.url.replace(/\/+$/, '');
    const post = await write({
      title: 'Kikoy & kitenge care',
      content: 'Wash cold. Dry in shade.',
      imageUrls: [
        await uploadedPicture(t.database.db, null, 1200, 900),
        await uploadedPicture(t.database.db, null),
      ],
    });
    const [first] = post.imageUrls;
    const res = await page(`/blog/${post._id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<title>Kikoy &amp; kitenge care | ${seoTitle}</title>`);
    expect(html).toContain('<meta name="description" content="Wash cold. Dry in shade.">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(`<meta property="og:image" content="${base}${first}">`);
    expect(html).toContain(`<link rel="canonical" href="${base}/blog/${post._id}">`);
    const unknown = await page('/blog/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const blog = await page('/blog');
    expect(blog.body).toContain(`<title>Blog | ${seoTitle}</title>`);
  });

  it('lists /blog and every post in the sitemap, new ones included', async () => {
    const base = ((await page('/api/tenant')).json().seo.url as string).replace(/\/+$/, '');
    const before = await readSitemap(page);
    expect(before.body).toContain(`<loc>${base}/blog</loc>`);
    const post = await write({ title: 'For the sitemap' });
    const after = await readSitemap(page);
    expect(after.body).toContain(`<loc>${base}/blog/${post._id}</loc>`);
  });
});
