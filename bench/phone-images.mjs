// `npm run bench` (fifth part): the bytes a phone downloads for a product page's pictures, with
// the srcset the storefront writes and, for comparison, if every picture were its full-size
// file (what the page would cost without srcset). Real Chromium (/usr/bin/chromium) at a phone's
// viewport (360x780, device pixel ratio 2) against the real built server with fresh demo data;
// the page is scrolled to the end so the lazy pictures (related products) load too.
//
// Prints a Markdown report and writes bench/phone-images-results.json. `npm run build` first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { children, startSoko } from './lib.mjs';

const { parseMediaUrl, productPath } = await tsImport(
  '../packages/contract/src/index.ts',
  import.meta.url,
);

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function byteLength(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soko-phone-images-'));
const browser = await chromium.launch({ executablePath: chromiumPath });
try {
  const base = await startSoko(dataDir);
  const products = await (await fetch(`${base}/api/listing/gellisting`)).json();
  // The page with the most pictures: the worst case a shopper meets.
  const product = [...products].sort((a, b) => b.imageUrls.length - a.imageUrls.length)[0];
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const fetched = new Map();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/media/')) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    fetched.set(url.pathname, body.length);
  });
  await page.goto(`${base}${productPath(product)}`, { waitUntil: 'networkidle' });
  for (let y = 0; y < 20; y++) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  const fullSize = [
    ...new Set(
      await page
        .locator('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? '')),
    ),
  ].filter((src) => parseMediaUrl(src));
  // Each picture's full-size file, fetched once: what the page would cost without srcset.
  let before = 0;
  for (const src of fullSize) before += await byteLength(`${base}${src}`);
  const after = [...fetched.values()].reduce((sum, bytes) => sum + bytes, 0);
  const result = {
    date: new Date().toISOString(),
    product: product.name,
    pictures: fullSize.length,
    withoutSrcsetBytes: before,
    withSrcsetBytes: after,
    requests: [...fetched.keys()],
  };
  writeFileSync(
    new URL('./phone-images-results.json', import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `Product page "${product.name}" on a 360x780 phone (DPR 2), ${fullSize.length} pictures drawn:`,
  );
  console.log(`| | bytes of pictures |\n| --- | ---: |`);
  console.log(`| full-size files (no srcset) | ${kb(before)} |`);
  console.log(`| as downloaded with srcset | **${kb(after)}** |`);
  console.log(`Saved: ${(100 * (1 - after / before)).toFixed(0)}%`);
} finally {
  await browser.close();
  for (const child of children) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
