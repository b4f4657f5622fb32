import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// The build's one inline script (the early-taps holder, decision 028) stands in as EARLY_TAPS.
const EARLY_TAPS = 'window.sokoEarlyTaps={controls:"button",taps:[]}';
const INDEX = `<!doctype html><html><head><script>${EARLY_TAPS}</script><!--soko-head--><title>Soko</title></head><body></body></html>`;
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'soko-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('serving the web app', () => {
  it('serves the app at / and at every browser route, never cached stale', async () => {
    for (const url of ['/', '/category/Face%20Care', '/alllisting', '/PopularChoises', '/cart']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<body></body>');
      expect(res.body.match(/<title>/g), url).toHaveLength(1);
    }
  });

  it('answers a path the app does not have with the app and a real 404', async () => {
    for (const url of ['/no/such/page', '/popularchoises', '/product/only/two']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it("allows the build's inline script by its hash, and no other inline script", async () => {
    const res = await get('/');
    expect(res.body).toContain(`<script>${EARLY_TAPS}</script>`);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(csp)?.[1];
    const hash = createHash('sha256').update(EARLY_TAPS).digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    // An API answer is never a document: it allows nothing at all (decision 037).
    const api = await get('/api/health');
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps unknown API and media paths as JSON 404s', async () => {
    for (const url of ['/api/nope', '/media/none/1x1.webp', '/assets/missing.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('serves seeded media as WebP with nosniff and a long cache', async () => {
    const [key] = await readdir(inject('mediaDir'));
    const [file] = await readdir(path.join(inject('mediaDir'), key as string));
    const res = await get(`/media/${key}/${file}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('refuses path traversal out of the media folder', async () => {
    const res = await get('/media/..%2f..%2f..%2fetc%2fpasswd');
    expect([400, 403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('root:');
  });
});
