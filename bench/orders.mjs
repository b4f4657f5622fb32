// `npm run bench` (second part): order creation under load, on PGlite and on PostgreSQL.
//
// 50 shoppers (BENCH_SHOPPERS) each place pay-on-delivery orders one after another for
// BENCH_SECONDS (after BENCH_WARMUP_SECONDS, 2) against the real built server. Every order is
// one line, quantity 1, of a
// random product variant of the pay-on-delivery shop, whose stock is set first to
// BENCH_STOCK (1000) units per variant, enough for the run, so the orders a second measure the
// server and not the stock left; one variant holds BENCH_SCARCE_STOCK (20) and sells out early,
// so refusals (409) are measured too. (Until 2026-11-24 every variant held 100: at the rates
// measured since, the whole stock was sold before the run ended, and the orders a second
// stopped at what the stock allowed.) Then the server is killed with SIGKILL and the database
// is read directly:
//
//   oversold units  variants whose acknowledged units exceed the stock they started with, or
//                   whose stock left is not what they started with minus what was sold
//   lost orders     orders answered 201 that the database does not hold after the kill
//
// PostgreSQL is used when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server it may
// create databases on; it is skipped otherwise (BENCH_ORDERS_ON=postgres skips PGlite). The
// server's CPU time per order comes from /proc/<pid>/stat over the measured seconds, and
// PostgreSQL's from its processes' (every postgres process on the machine). Prints a Markdown report and writes
// bench/orders-results.json.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { children, cpuMs, percentile, postgresCpuMs, root, round } from './lib.mjs';
import { postJson, startStockedShop } from './shop.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 50);
const stockPerVariant = Number(process.env.BENCH_STOCK ?? 1000);
const scarceStock = Number(process.env.BENCH_SCARCE_STOCK ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const agent = new http.Agent({ keepAlive: true, maxSockets: shoppers });

async function measure(kind) {
  const shop = await startStockedShop(kind, {
    payOnOrder: false,
    stock: stockPerVariant,
    scarceStock,
    adminUrl,
    agent,
  });
  try {
    const { base, offers } = shop;
    const acknowledged = [];
    const soldPerKey = new Map();
    const latencies = [];
    const statuses = {};
    // The first seconds warm up (JIT, query plans, PGlite's WASM): their orders count towards
    // the stock checks, their latencies do not.
    const measuredFrom = performance.now() + warmupSeconds * 1000;
    const until = Date.now() + (warmupSeconds + seconds) * 1000;
    let placedCount = 0;
    // The server's (and PostgreSQL's) CPU time over the measured seconds, per order answered 201.
    let cpuFrom = { server: NaN, database: NaN };
    const cpuStart = setTimeout(() => {
      cpuFrom = { server: cpuMs(shop.pid()), database: postgresCpuMs() };
    }, warmupSeconds * 1000);
    const loadAverage = os.loadavg()[0];
    await Promise.all(
      Array.from({ length: shoppers }, async () => {
        while (Date.now() < until) {
          // Each order from its own address, as from many shoppers' phones: one address's
          // open orders are bounded (MAX_OPEN_ORDERS_PER_CLIENT), and these are never paid.
          const n = placedCount++;
          const client = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          const offer = offers[Math.floor(Math.random() * offers.length)];
          const began = performance.now();
          const res = await postJson(
            agent,
            `${base}/api/order/create`,
            {
              items: [offer.item],
              totalPrice: offer.total,
              shipping: 'standard',
              discount: 0,
            },
            client,
          );
          if (began >= measuredFrom) {
            latencies.push(performance.now() - began);
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          }
          if (res.status === 201) {
            acknowledged.push(res.body._id);
            soldPerKey.set(offer.key, (soldPerKey.get(offer.key) ?? 0) + 1);
          }
        }
      }),
    );
    clearTimeout(cpuStart);
    const cpuUsed = {
      server: cpuMs(shop.pid()) - cpuFrom.server,
      database: postgresCpuMs() - cpuFrom.database,
    };
    // No graceful stop: what was acknowledged must already be durable.
    await shop.stop('SIGKILL');

    const sql = await shop.direct();
    const found = new Set(
      (await sql.query('select id from orders where id = any($1::uuid[])', [acknowledged])).map(
        (r) => r.id,
      ),
    );
    const after = new Map(
      (
        await sql.query(
          `select coalesce(v.id, p.id) as key, coalesce(v.stock, p.stock) as stock
             from products p left join product_variants v on v.product_id = p.id`,
        )
      ).map((r) => [r.key, Number(r.stock)]),
    );
    await sql.close();
    let oversold = 0;
    for (const offer of offers) {
      const sold = soldPerKey.get(offer.key) ?? 0;
      oversold +=
        Math.max(sold - offer.stock, 0) +
        Math.abs(offer.stock - sold - (after.get(offer.key) ?? 0));
    }
    latencies.sort((a, b) => a - b);
    const total = latencies.length;
    return {
      database: kind,
      shoppers,
      seconds,
      requests: total,
      requestsPerSecond: round(total / seconds),
      ordersPerSecond: round((statuses[201] ?? 0) / seconds),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      serverCpuMsPerOrder: round(cpuUsed.server / (statuses[201] ?? 1), 2),
      // PGlite runs inside the server: its CPU is the server's.
      databaseCpuMsPerOrder:
        kind === 'postgres' ? round(cpuUsed.database / (statuses[201] ?? 1), 2) : null,
      loadAverage: round(loadAverage, 2),
      statuses,
      variants: offers.length,
      unitsAtStart: offers.reduce((sum, o) => sum + o.stock, 0),
      oversoldUnits: oversold,
      lostOrders: acknowledged.filter((id) => !found.has(id)).length,
    };
  } finally {
    await shop.cleanup();
  }
}

function toMarkdown(results) {
  const lines = [
    `Order creation, ${shoppers} concurrent shoppers for ${seconds} s each after ${warmupSeconds} s of warm-up (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version})`,
    '',
    '| database | orders/s (201) | requests/s | p50 ms | p95 ms | p99 ms | server CPU ms/order | PostgreSQL CPU ms/order | answers | oversold units | lost orders | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.ordersPerSecond} | ${r.requestsPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.serverCpuMsPerOrder} | ${r.databaseCpuMsPerOrder ?? '-'} | ${Object.entries(
          r.statuses,
        )
          .map(([s, n]) => `${n}× ${s}`)
          .join(', ')} | ${r.oversoldUnits} | ${r.lostOrders} | ${r.loadAverage} |`,
    ),
  ];
  return lines.join('\n');
}

try {
  // BENCH_ORDERS_ON=postgres measures PostgreSQL alone.
  const only = process.env.BENCH_ORDERS_ON;
  const results = only === 'postgres' ? [] : [await measure('pglite')];
  if (adminUrl) results.push(await measure('postgres'));
  else process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  writeFileSync(
    path.join(root, 'bench', 'orders-results.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  process.stdout.write(`${toMarkdown(results)}\n`);
  if (results.some((r) => r.oversoldUnits > 0 || r.lostOrders > 0)) process.exitCode = 1;
} finally {
  agent.destroy();
  for (const child of children) child.kill('SIGKILL');
}
