import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SEO_DEFAULTS } from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { shortName } from './manifest';

// Decision 016: the manifest is made per tenant, and the files a release replaces (the service
// worker, the shell it precaches, the manifest) are never kept by the HTTP cache.
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'soko-manifest-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><head><!--soko-head--></head>');
  await writeFile(path.join(dist, 'sw.js'), 'self.skipWaiting();');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, host = 'localhost') =>
  t.app.inject({ method: 'GET', url, headers: { host } });

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

describe('GET /manifest.webmanifest', () => {
  it('names the tenant of the host, with the brand colour and the build’s icons', async () => {
    const title = (await get('/api/tenant')).json<{ seo: { title: string } }>().seo.title;
    const answer = await get('/manifest.webmanifest');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    const manifest = answer.json<Manifest>();
    expect(manifest.name).toBe(title);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toBe('#166534');
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          src: '/icons/icon-192.png',
          sizes: '192x192',
          type: 'image/png',
        }),
        expect.objectContaining({
          src: '/icons/icon-512.png',
          sizes: '512x512',
          type: 'image/png',
        }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
  });

  it('gives another tenant its own name', async () => {
    const manifest = (await get('/manifest.webmanifest', 'shop2.localhost')).json<Manifest>();
    expect(manifest.name).toBe(SEO_DEFAULTS.title);
  });
});

describe('HTTP caching of the build', () => {
  it('makes browsers check the service worker and the shell on every use', async () => {
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed assets for a year and other files for an hour', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('shortName', () => {
  it('keeps a short title and cuts a long one at a word', () => {
    expect(shortName('Soko')).toBe('Soko');
    expect(shortName('Soko Naturals Kenya')).toBe('Soko');
    expect(shortName('Supercalifragilistic')).toBe('Supercalifra');
  });
});
