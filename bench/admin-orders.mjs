// `npm run bench:admin-orders` (builds first): the admin orders list (issue 14) at 100,000
// orders, against the real built server.
//
// The server migrates and seeds a fresh PostgreSQL database (soko_bench_orders on the server
// that BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/
// postgres names; dropped at the end unless BENCH_KEEP=1), then BENCH_ORDERS orders (default
// 100000) of 1 to 3 lines of the demo products are inserted in SQL beside it: dates spread over
// the last year, the states a year of trade leaves, signed-in and anonymous buyers. The demo
// admin signs in and reads GET /api/order/getall?page=N&pageSize=10 for the first, middle and
// last page, BENCH_REQUESTS times each (default 200), one at a time after 20 of warm-up; p50,
// p95 and max in ms, and the X-Total-Count the server answered.
//
// BENCH_PGLITE=1 runs it on the embedded database too (the rows are inserted with the server
// stopped: PGlite's folder opens in one process at a time; BENCH_KEEP=1 keeps the folder).
// Prints a Markdown table and writes bench/admin-orders-results.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { children, percentile, round, startSoko } from './lib.mjs';
import { onFilledPostgres, orderFill, signIn, timed } from './year-of-orders.mjs';

const orderCount = Number(process.env.BENCH_ORDERS ?? 100_000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 200);
const pageSize = 10;
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'soko_bench_orders';

/** Timings of GET /api/order/getall for one page, after a warm-up. */
async function timePage(base, token, page) {
  const url = `${base}/api/order/getall?page=${page}&pageSize=${pageSize}`;
  const headers = { authorization: `Bearer ${token}` };
  const get = async () => {
    const res = await fetch(url, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`page ${page} answered ${res.status}: ${JSON.stringify(body)}`);
    const total = Number(res.headers.get('x-total-count'));
    if (body.length !== Math.min(pageSize, total - (page - 1) * pageSize)) {
      throw new Error(`page ${page} of ${total} orders held ${body.length}`);
    }
    return total;
  };
  for (let i = 0; i < 20; i++) await get();
  const times = [];
  let total = 0;
  for (let i = 0; i < requestCount; i++) {
    const started = performance.now();
    total = await get();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    page,
    total,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1)),
  };
}

async function measure(database, base) {
  const token = await signIn(base, 'admin@soko.test');
  const first = await timePage(base, token, 1);
  const lastPage = Math.ceil(first.total / pageSize);
  const pages = [
    { position: 'first', ...first },
    { position: 'middle', ...(await timePage(base, token, Math.ceil(lastPage / 2))) },
    { position: 'last', ...(await timePage(base, token, lastPage)) },
  ];
  return { database, orders: orderCount, requests: requestCount, pages };
}

async function onPostgres() {
  return onFilledPostgres({ adminUrl, databaseName, orderCount }, (base) =>
    measure('PostgreSQL', base),
  );
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soko-bench-orders-pglite-'));
  try {
    // The first start migrates and seeds; the rows go in with the server down.
    await startSoko(dataDir);
    const seeded = children.at(-1);
    await new Promise((resolve) => {
      seeded.once('exit', resolve);
      seeded.kill('SIGTERM');
    });
    process.stderr.write(`PGlite: inserting ${orderCount} orders...\n`);
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pg') });
    await timed('inserted', async () => {
      for (const statement of orderFill(orderCount)) await db.query(statement);
    });
    await db.close();
    return await measure('PGlite', await startSoko(dataDir));
  } finally {
    children.at(-1)?.kill('SIGKILL');
    if (process.env.BENCH_KEEP) process.stderr.write(`PGlite's folder kept: ${dataDir}/pg\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  const results = [await onPostgres()];
  if (process.env.BENCH_PGLITE === '1') results.push(await onPglite());
  const machine = {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGiB: round(os.totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
  };
  writeFileSync(
    new URL('./admin-orders-results.json', import.meta.url),
    `${JSON.stringify({ machine, results }, null, 2)}\n`,
  );
  console.log(`Machine: ${machine.cpus}, ${machine.memoryGiB} GiB, Node ${machine.node}\n`);
  console.log('| database | page | X-Total-Count | p50 ms | p95 ms | max ms |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    for (const p of r.pages) {
      console.log(
        `| ${r.database} | ${p.position} (${p.page}) | ${p.total.toLocaleString('en')} | ${p.p50} | **${p.p95}** | ${p.max} |`,
      );
    }
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
}
