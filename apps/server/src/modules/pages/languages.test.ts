import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// Decision 049: a page is painted in the language its `?lang=` or `lang` cookie names, kept
// apart in the page cache, and names its versions in both languages. A stand-in renderer
// writes down the language it was asked to paint in (the real one's words are checked in the
// browser, e2e/swahili.spec.ts).

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--soko-head--><title>Soko</title></head><body><div id="root"></div><noscript>x</noscript></body></html>';

const RENDERER = `
export async function renderPage(url, initialData, locale) {
  return '<main data-locale="' + locale + '">' + (locale === 'sw' ? 'Bidhaa zote' : 'Shop all') + '</main>';
}
`;

let t: TestApp;
let build: string;

beforeAll(async () => {
  build = await mkdtemp(path.join(os.tmpdir(), 'soko-lang-'));
  await mkdir(path.join(build, 'dist'));
  await mkdir(path.join(build, 'dist-server'));
  await writeFile(path.join(build, 'dist', 'index.html'), INDEX);
  await writeFile(path.join(build, 'dist-server', 'entry-server.js'), RENDERER);
  t = await createTestApp({ webDistDir: path.join(build, 'dist') });
});
afterAll(async () => {
  await t?.close();
  await rm(build, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost', ...(cookie ? { cookie } : {}) },
  });

const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(
    ([, lang, href]) => `${lang} ${new URL(href ?? '').pathname}${new URL(href ?? '').search}`,
  );

describe('pages in English and Kiswahili', () => {
  it('paints English without a choice, as before, naming both versions', async () => {
    const res = await get('/alllisting');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<main data-locale="en">Shop all</main>');
    expect(res.body).toMatch(/<link rel="canonical" href="[^"?]*\/alllisting">/);
    expect(alternates(res.body)).toEqual([
      'en /alllisting',
      'sw /alllisting?lang=sw',
      'x-default /alllisting',
    ]);
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    expect(res.headers['set-cookie']).not.toContain('lang=');
  });

  it('paints Kiswahili for the lang cookie, from the cache kept apart from English', async () => {
    await get('/alllisting');
    const res = await get('/alllisting', 'lang=sw');
    expect(res.body).toContain('<html lang="sw">');
    expect(res.body).toContain('<main data-locale="sw">Bidhaa zote</main>');
    expect(res.body).toMatch(/<link rel="canonical" href="[^"]*\/alllisting\?lang=sw">/);
    expect(alternates(res.body)).toEqual([
      'en /alllisting',
      'sw /alllisting?lang=sw',
      'x-default /alllisting',
    ]);
    const english = await get('/alllisting', 'lang=en');
    expect(english.body).toContain('<main data-locale="en">Shop all</main>');
    expect(english.headers.etag).not.toBe(res.headers.etag);
  });

  it('takes ?lang= from the address and keeps it in the cookie for a year', async () => {
    const res = await get('/?lang=sw');
    expect(res.body).toContain('<html lang="sw">');
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('lang='));
    expect(cookie).toMatch(/^lang=sw; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    // The address wins over an older cookie, and sets the new choice.
    const back = await get('/?lang=en', 'lang=sw');
    expect(back.body).toContain('<html lang="en">');
    expect([back.headers['set-cookie']].flat().join(' ')).toContain('lang=en');
  });

  it('paints English for a language it does not have', async () => {
    const res = await get('/?lang=fr', 'lang=de');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
  });

  it('sends owner and admin screens in English only, whatever the cookie (decision 050)', async () => {
    for (const address of ['/shops', '/shops/abc/orders', '/admin/messages', '/addblog']) {
      const res = await get(address, 'lang=sw');
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toContain('<html lang="en">');
      expect(alternates(res.body), address).toEqual([]);
    }
    const asked = await get('/admin?lang=sw');
    expect(asked.body).toContain('<html lang="en">');
    // The choice is still kept for the shopper's pages.
    expect([asked.headers['set-cookie']].flat().join(' ')).toContain('lang=sw');
  });

  it('lists every page in both languages in the sitemap', async () => {
    const res = await get('/sitemap-pages.xml');
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(res.body).toMatch(/<loc>[^<]*\/About<\/loc>/);
    expect(res.body).toMatch(/<loc>[^<]*\/About\?lang=sw<\/loc>/);
    expect(res.body).toMatch(/hreflang="sw" href="[^"]*\/About\?lang=sw"/);
  });
});
