// The sitemap as a crawler reads it: /sitemap.xml is an index (decision 017), and each file it
// lists is fetched in turn.
import { expect } from 'vitest';

type Get = (path: string) => Promise<{ statusCode: number; body: string }>;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

/** The index, each file it lists, and every file's text one after another (`body`). */
export async function readSitemap(
  get: Get,
): Promise<{ index: string; files: string[]; body: string }> {
  const index = await get('/sitemap.xml');
  expect(index.statusCode).toBe(200);
  expect(index.body).toContain('<sitemapindex');
  const files: string[] = [];
  for (const loc of locsOf(index.body)) {
    const file = await get(new URL(loc.replaceAll('&amp;', '&')).pathname);
    expect(file.statusCode, loc).toBe(200);
    files.push(file.body);
  }
  return { index: index.body, files, body: files.join('\n') };
}
