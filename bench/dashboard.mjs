// `npm run bench:dashboard` (builds first): the dashboard's figures (issue 15) at 100,000
// orders on PostgreSQL, against the real built server.
//
// A fresh database (soko_bench_dashboard on the server BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres names; dropped at the end
// unless BENCH_KEEP=1) is migrated and seeded, then filled with BENCH_ORDERS orders (default
// 100000) by the generator bench/admin-orders.mjs uses (bench/year-of-orders.mjs). The demo
// admin reads GET /api/stats/overview and the demo owner GET /api/property/shop/:id/stats, for
// 30 days (the dashboard's default) and 365 days, BENCH_REQUESTS times each (default 200), one
// at a time after 20 of warm-up: p50, p95 and max in ms. Prints a Markdown table and writes
// bench/dashboard-results.json.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { children, percentile, round } from './lib.mjs';
import { onFilledPostgres, signIn } from './year-of-orders.mjs';

const orderCount = Number(process.env.BENCH_ORDERS ?? 100_000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 200);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'soko_bench_dashboard';

async function timeCall(base, label, url, token) {
  const headers = { authorization: `Bearer ${token}` };
  const get = async () => {
    const res = await fetch(`${base}${url}`, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  for (let i = 0; i < 20; i++) await get();
  const times = [];
  let body;
  for (let i = 0; i < requestCount; i++) {
    const started = performance.now();
    body = await get();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    call: label,
    url,
    orders: body.orders,
    sales: body.sales,
    waitingToShip: body.waitingToShip,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1)),
  };
}

async function measure(base) {
  const adminToken = await signIn(base, 'admin@soko.test');
  const ownerToken = await signIn(base, 'owner@soko.test');
  const shops = await fetch(`${base}/api/property/shop/getall`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  }).then((res) => res.json());
  const shopId = shops[0]?._id;
  if (!shopId) throw new Error('the demo owner has no shop');
  const calls = [];
  for (const days of [30, 365]) {
    calls.push(
      await timeCall(base, `admin, ${days} days`, `/api/stats/overview?days=${days}`, adminToken),
      await timeCall(
        base,
        `shop, ${days} days`,
        `/api/property/shop/${shopId}/stats?days=${days}`,
        ownerToken,
      ),
    );
  }
  return { database: 'PostgreSQL', orders: orderCount, requests: requestCount, calls };
}

try {
  const result = await onFilledPostgres({ adminUrl, databaseName, orderCount }, measure);
  const machine = {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGiB: round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os.loadavg().map((n) => round(n, 2)),
    date: new Date().toISOString(),
  };
  writeFileSync(
    new URL('./dashboard-results.json', import.meta.url),
    `${JSON.stringify({ machine, result }, null, 2)}\n`,
  );
  console.log(
    `Machine: ${machine.cpus}, ${machine.memoryGiB} GiB, Node ${machine.node}, load average ${machine.loadAverage.join(' ')}\n`,
  );
  console.log('| call | orders counted | waiting to ship | p50 ms | p95 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const c of result.calls) {
    console.log(
      `| ${c.call} | ${c.orders.toLocaleString('en')} | ${c.waitingToShip.toLocaleString('en')} | ${c.p50} | **${c.p95}** | ${c.max} |`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
}
