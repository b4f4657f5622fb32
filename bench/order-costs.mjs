// `npm run bench` (after orders.mjs): what an order costs beside the rest of the shop, on
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without one). Issue 16.
//
//   cart to order   one shopper on one keep-alive connection places a one-line pay-on-delivery
//                   order and sends its final checkout, BENCH_CART_SAMPLES times (200) one after
//                   another: the p50 of create + checkout together
//   mixed load      BENCH_SHOPPERS (50) shoppers for BENCH_SECONDS (10) each, browsing (a
//                   product page, the home listing), first browsing only, then with one call in
//                   ten an order placed (create), then with one call in ten a whole order
//                   (create, then its checkout, counted as one call): calls answered a second,
//                   and each mixed run's as a share of the browse-only run's
//
// Every variant of the pay-on-delivery shop holds BENCH_STOCK (100000) units, so nothing sells
// out. Prints a Markdown report and writes bench/order-costs-results.json.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { children, cpuMs, percentile, root, round } from './lib.mjs';
import { DELIVERY_FORM, postJson, startStockedShop } from './shop.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 50);
const samples = Number(process.env.BENCH_CART_SAMPLES ?? 200);
const stock = Number(process.env.BENCH_STOCK ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function get(agent, url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
}

/** One order, created and (unless `placeOnly`) checked out; answers the statuses. */
async function order(agent, base, offer, client, placeOnly = false) {
  const created = await postJson(
    agent,
    `${base}/api/order/create`,
    { items: [offer.item], totalPrice: offer.total, shipping: 'standard', discount: 0 },
    client,
  );
  if (created.status !== 201 || placeOnly) return [created.status];
  const checkout = await postJson(
    agent,
    `${base}/api/order/checkout`,
    {
      ...DELIVERY_FORM,
      orderId: created.body._id,
      totalPrice: created.body.totalPrice,
      shipping: 'standard',
      discount: 0,
    },
    client,
  );
  return [created.status, checkout.status];
}

async function cartToOrder(base, offers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const times = [];
    const statuses = {};
    // A few first orders warm the server up and are not counted.
    for (let i = 0; i < samples + 20; i++) {
      const offer = offers[i % offers.length];
      const began = performance.now();
      const answers = await order(agent, base, offer, '10.9.9.9');
      if (i >= 20) times.push(performance.now() - began);
      for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    }
    times.sort((a, b) => a - b);
    return {
      samples: times.length,
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
      statuses,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * `shoppers` shoppers for `seconds`; with `orderEvery`, one call in that many is an order
 * (placed only, or placed and checked out).
 */
async function load(base, offers, pid, orderEvery, { placeOnly = false } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: shoppers });
  try {
    const loadAverage = os.loadavg()[0];
    const counts = { browse: 0, orders: 0, failed: 0 };
    const measuredFrom = Date.now() + warmupSeconds * 1000;
    const until = measuredFrom + seconds * 1000;
    let cpuFrom = NaN;
    const cpuStart = setTimeout(() => (cpuFrom = cpuMs(pid)), warmupSeconds * 1000);
    let calls = 0;
    await Promise.all(
      Array.from({ length: shoppers }, async () => {
        while (Date.now() < until) {
          const n = calls++;
          const offer = offers[Math.floor(Math.random() * offers.length)];
          const counted = Date.now() >= measuredFrom;
          if (orderEvery && n % orderEvery === orderEvery - 1) {
            const client = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
            const answers = await order(agent, base, offer, client, placeOnly);
            if (!counted) continue;
            if (answers.join() === (placeOnly ? '201' : '201,200')) counts.orders++;
            else counts.failed++;
          } else {
            const url =
              n % 2 === 0
                ? `${base}/api/listing/products/${offer.item.productId}`
                : `${base}/api/listing/getlisting`;
            const status = await get(agent, url);
            if (!counted) continue;
            if (status === 200) counts.browse++;
            else counts.failed++;
          }
        }
      }),
    );
    clearTimeout(cpuStart);
    const cpu = cpuMs(pid) - cpuFrom;
    return {
      browsePerSecond: round(counts.browse / seconds),
      ordersPerSecond: round(counts.orders / seconds),
      callsPerSecond: round((counts.browse + counts.orders) / seconds),
      failed: counts.failed,
      serverCpuPercent: round((cpu / (seconds * 1000)) * 100),
      loadAverage: round(loadAverage, 2),
    };
  } finally {
    agent.destroy();
  }
}

async function measure() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const shop = await startStockedShop('postgres', { payOnOrder: false, stock, adminUrl, agent });
  agent.destroy();
  try {
    const cart = await cartToOrder(shop.base, shop.offers);
    const browseOnly = await load(shop.base, shop.offers, shop.pid(), 0);
    const placing = await load(shop.base, shop.offers, shop.pid(), 10, { placeOnly: true });
    const mixed = await load(shop.base, shop.offers, shop.pid(), 10);
    const share = (m) => round((m.callsPerSecond / browseOnly.callsPerSecond) * 100);
    return {
      database: 'postgres',
      cartToOrder: cart,
      browseOnly,
      placing,
      mixed,
      placingShareOfBrowseOnly: share(placing),
      mixedShareOfBrowseOnly: share(mixed),
    };
  } finally {
    await shop.stop('SIGTERM');
    await shop.cleanup();
  }
}

function toMarkdown(r) {
  return [
    `Order costs on PostgreSQL (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version})`,
    '',
    `Cart to order (create + checkout, one shopper, ${r.cartToOrder.samples} orders): p50 ${r.cartToOrder.p50} ms, p95 ${r.cartToOrder.p95} ms`,
    '',
    `| ${shoppers} shoppers, ${seconds} s | calls/s | browse/s | orders/s | failed | server CPU % | load average |`,
    '|---|---|---|---|---|---|---|',
    ...[
      ['browse only', r.browseOnly],
      ['one call in ten an order placed', r.placing],
      ['one call in ten an order placed and checked out', r.mixed],
    ].map(
      ([name, m]) =>
        `| ${name} | ${m.callsPerSecond} | ${m.browsePerSecond} | ${m.ordersPerSecond} | ${m.failed} | ${m.serverCpuPercent} | ${m.loadAverage} |`,
    ),
    '',
    `Share of browse-only calls a second kept: ${r.placingShareOfBrowseOnly} % with orders placed, ${r.mixedShareOfBrowseOnly} % with orders placed and checked out.`,
  ].join('\n');
}

try {
  if (!adminUrl) {
    process.stderr.write('order costs skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  } else {
    const result = await measure();
    writeFileSync(
      path.join(root, 'bench', 'order-costs-results.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    process.stdout.write(`${toMarkdown(result)}\n`);
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
}
