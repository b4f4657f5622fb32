// `npm run bench:early-taps` (issue 29): how many taps made as soon as a control shows are lost
// on a mid-range phone. The built server on fresh demo data; the system Chromium through
// Playwright, a 390×844 touch screen, the CPU slowed 4× and the network held to slow 4G
// (400 ms round trip, 400 kbit/s each way) through the DevTools protocol. Each run opens the page
// in a fresh context (nothing cached, as a first visit), taps the control the moment it is
// visible, then waits for the app to be live and judges whether the tap acted exactly once.
//
// Each case runs twice: as built, and with the page's early-taps script taken out of the HTML,
// which is how every page behaved before issue 29 (the rest of the build is the same).
// Options: BENCH_TAP_RUNS (3 a case and variant), CHROMIUM_PATH, BENCH_TAP_ONLY (a case name).
// Prints a Markdown table for BENCHMARKS.md and writes bench/early-taps-results.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { children, root, round, startSoko } from './lib.mjs';

const RUNS = Number(process.env.BENCH_TAP_RUNS ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// What Lighthouse and DevTools call slow 4G, and a mid-range phone's CPU (issue 29).
const CPU_SLOWDOWN = 4;
const NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
};
// After the app is live, a replayed tap's effect (a navigation, a lazy chunk) may take this long
// on the throttled line before the tap counts as lost.
const EFFECT_MS = 8_000;
const PAGE_MS = 60_000;

const live = (page) => page.waitForSelector('html[data-hydrated]', { timeout: PAGE_MS });
// An expression, not a function: this file is linted without the browser's globals.
const cartLines = (page) => page.evaluate("JSON.parse(localStorage.getItem('cart') ?? '[]')");

/** Polls `check` until true or EFFECT_MS: true when it held. */
async function within(check) {
  const until = Date.now() + EFFECT_MS;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each case: a page, the control to tap, anything to do first, and its one right outcome. */
function cases({ productPath, secondVariant, category }) {
  const searchToggle = (page) => page.getByRole('button', { name: 'Search products' });
  const chat = (page) =>
    page.getByRole('button', { name: 'Chat with us on WhatsApp', exact: true });
  const categoryPath = `/category/${encodeURIComponent(category)}`;
  const opened = (control) => async (page) => {
    await live(page);
    // A doubled tap closes what the first opened: wait a moment for a second one to land.
    await page.waitForTimeout(500);
    return within(async () => (await control(page).getAttribute('aria-expanded')) === 'true');
  };
  return [
    {
      name: 'product: Add to Cart',
      path: productPath,
      control: (page) => page.getByRole('button', { name: 'Add to Cart' }),
      acted: async (page) => {
        await live(page);
        if (!(await within(async () => new URL(page.url()).pathname === '/cart'))) return false;
        await page.waitForTimeout(500);
        const lines = await cartLines(page);
        return lines.length === 1 && lines[0].quantity === 1;
      },
    },
    {
      name: 'product: variant',
      path: productPath,
      control: (page) =>
        page.getByRole('group', { name: 'Variant' }).getByText(secondVariant.label, {
          exact: true,
        }),
      acted: async (page) => {
        await live(page);
        return within(async () =>
          page
            .locator(`input[type=radio][value="${secondVariant.id}"]`)
            .evaluate((radio) => radio.checked),
        );
      },
    },
    { name: 'product: chat', path: productPath, control: chat, acted: opened(chat) },
    { name: 'home: search toggle', path: '/', control: searchToggle, acted: opened(searchToggle) },
    {
      name: 'home: category',
      path: '/',
      control: (page) => page.getByRole('main').getByRole('button', { name: category }),
      acted: (page) =>
        within(async () => new URL(page.url()).searchParams.get('category') === category),
    },
    {
      name: 'home: newsletter',
      path: '/',
      control: (page) => page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }),
      before: (page) =>
        page
          .getByRole('contentinfo')
          .getByLabel('Email address', { exact: true })
          .fill(`bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`),
      acted: async (page, posts) => {
        await live(page);
        const thanked = await within(() =>
          page.getByText('Thank you for subscribing!').isVisible(),
        );
        await page.waitForTimeout(500);
        return thanked && posts.count === 1;
      },
    },
    { name: 'home: chat', path: '/', control: chat, acted: opened(chat) },
    {
      name: 'home: Login',
      path: '/',
      control: (page) => page.getByRole('banner').getByRole('link', { name: 'Login' }),
      acted: (page) => within(async () => new URL(page.url()).pathname === '/login'),
    },
    {
      name: 'category: search toggle',
      path: categoryPath,
      control: searchToggle,
      acted: opened(searchToggle),
    },
    { name: 'category: chat', path: categoryPath, control: chat, acted: opened(chat) },
  ];
}

async function runOnce(browser, base, testCase, withHolder) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    // Both builds' pages pass through the same route, so that they reach the page alike; only
    // the one without the holder has its inline script taken out.
    await page.route(
      (url) => url.origin === base && !url.pathname.startsWith('/api/'),
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const html = await response.text();
        const body = withHolder ? html : html.replace(/<script>[\s\S]*?<\/script>/, '');
        return route.fulfill({ response, body });
      },
    );
    const posts = { count: 0 };
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/newsletter/create')) {
        posts.count += 1;
      }
    });
    const opened = Date.now();
    await page.goto(`${base}${testCase.path}`, { waitUntil: 'commit', timeout: PAGE_MS });
    const control = testCase.control(page);
    await control.waitFor({ state: 'visible', timeout: PAGE_MS });
    const visibleMs = Date.now() - opened;
    await testCase.before?.(page);
    const liveAtTap = (await page.locator('html').getAttribute('data-hydrated')) !== null;
    await control.tap({ timeout: PAGE_MS });
    const acted = await testCase.acted(page, posts);
    return { visibleMs, liveAtTap, acted };
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soko-early-taps-'));
const report = {
  machine: {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    node: process.version,
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((n) => round(n, 1)),
  },
  throttling: { cpuSlowdown: CPU_SLOWDOWN, ...NETWORK },
  runs: RUNS,
  results: [],
};
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
try {
  const base = await startSoko(dataDir);
  const products = await (await fetch(`${base}/api/listing/gellisting?pageSize=48`)).json();
  const product = products.find((p) => p.variants.filter((v) => v.stock > 1).length >= 2);
  if (!product) throw new Error('the demo data has no product with two stocked variants');
  const second = product.variants.filter((v) => v.stock > 1)[1];
  const [listing] = await (await fetch(`${base}/api/listing/getlisting`)).json();
  const slug = product.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const all = cases({
    productPath: `/product/${product._id}/${product.userId}/${slug}`,
    secondVariant: { id: second._id, label: second.name.trim() || second.size.trim() },
    category: listing.categories[0].name,
  }).filter((c) => !process.env.BENCH_TAP_ONLY || c.name === process.env.BENCH_TAP_ONLY);
  for (const testCase of all) {
    for (const withHolder of [false, true]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await runOnce(browser, base, testCase, withHolder);
        process.stderr.write(
          `${testCase.name} ${withHolder ? 'held' : 'before'} #${i + 1}: ${JSON.stringify(run)}\n`,
        );
        runs.push(run);
      }
      report.results.push({
        case: testCase.name,
        build: withHolder ? 'issue 29' : 'before (no holder)',
        taps: runs.length,
        earlyTaps: runs.filter((r) => !r.liveAtTap).length,
        lost: runs.filter((r) => !r.acted).length,
        visibleMs: runs.map((r) => r.visibleMs),
      });
    }
  }
} finally {
  await browser.close();
  for (const child of children) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

writeFileSync(
  path.join(root, 'bench', 'early-taps-results.json'),
  `${JSON.stringify(report, null, 2)}\n`,
);
const rows = report.results.map(
  (r) =>
    `| ${r.case} | ${r.build} | ${r.taps} | ${r.earlyTaps} | ${r.lost} | ${r.visibleMs.join(', ')} |`,
);
process.stdout.write(
  [
    '| control | build | taps | before the app was live | lost or doubled | shown after (ms) |',
    '| ------- | ----- | ---- | ----------------------- | --------------- | ---------------- |',
    ...rows,
    '',
  ].join('\n'),
);
