// `npm run bench` (second part): order creation under load, on PGlite and on PostgreSQL.
//
// 50 shoppers (BENCH_SHOPPERS) each place pay-on-delivery orders one after another for
// BENCH_SECONDS against the real built server. Every order is one line, quantity 1, of a
// random product variant of the pay-on-delivery shop, whose stock is set first to
// BENCH_STOCK units per variant (so some variants run out during the run and the 409 path is
// measured too). Then the server is killed with SIGKILL and the database is read directly:
//
//   oversold units  variants whose acknowledged units exceed the stock they started with, or
//                   whose stock left is not what they started with minus what was sold
//   lost orders     orders answered 201 that the database does not hold after the kill
//
// PostgreSQL is used when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server it may
// create databases on; it is skipped otherwise. Prints a Markdown report and writes
// bench/orders-results.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { children, freePort, percentile, root, round, start } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 50);
const stockPerVariant = Number(process.env.BENCH_STOCK ?? 400);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const agent = new http.Agent({ keepAlive: true, maxSockets: shoppers });

function postJson(url, body) {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A thin SQL interface over either database, used only while the server is down. */
async function openDirect(kind, target) {
  if (kind === 'pglite') {
    const db = await PGlite.create({ dataDir: target });
    return {
      query: async (text, params) => (await db.query(text, params)).rows,
      close: () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.end(),
  };
}

/** Gives every variant of the pay-on-delivery shop the same stock, and answers them. */
async function stockUp(sql) {
  await sql.query(
    `update product_variants v set stock = $1
       from products p join shops s on s.id = p.shop_id
      where v.product_id = p.id and not s.pay_on_order`,
    [stockPerVariant],
  );
  await sql.query(
    `update products p set stock = (select coalesce(sum(stock), 0) from product_variants v where v.product_id = p.id)
      where exists (select 1 from product_variants v where v.product_id = p.id)
        and not (select pay_on_order from shops s where s.id = p.shop_id)`,
  );
  await sql.query(
    `update products p set stock = $1
      where not exists (select 1 from product_variants v where v.product_id = p.id)
        and not (select pay_on_order from shops s where s.id = p.shop_id)`,
    [stockPerVariant],
  );
  return sql.query(
    `select p.id as product_id, v.id as variant_id, p.name, coalesce(v.stock, p.stock) as stock
       from products p join shops s on s.id = p.shop_id
       left join product_variants v on v.product_id = p.id
      where not s.pay_on_order`,
  );
}

function serverEnv(port, dataDir, databaseUrl) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    RATE_LIMIT_ORDERS: '100000000',
  };
}

const startServer = (env) =>
  start(process.execPath, ['apps/server/dist/main.js'], env, /Soko is serving on/);

async function stop(child, signal) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function measure(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `soko-bench-orders-${kind}-`));
  let databaseUrl;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `soko_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    };
  }
  const direct = () => openDirect(kind, kind === 'pglite' ? path.join(dataDir, 'pg') : databaseUrl);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    // First start seeds the demo data; PGlite's folder can only be opened with the server down.
    let server = await startServer(serverEnv(port, dataDir, databaseUrl));
    await stop(server, 'SIGTERM');
    let sql = await direct();
    const lines = await stockUp(sql);
    await sql.close();
    server = await startServer(serverEnv(port, dataDir, databaseUrl));

    // The server's own price for each line (asked once, as a client does after a 409).
    const offers = [];
    for (const line of lines) {
      const item = {
        name: line.name,
        productId: line.product_id,
        quantity: 1,
        price: 0,
        selectedVariant: line.variant_id,
      };
      const probe = await postJson(`${base}/api/order/create`, {
        items: [item],
        totalPrice: 0,
        shipping: 'standard',
        discount: 0,
      });
      if (probe.status !== 409) throw new Error(`price probe answered ${probe.status}`);
      offers.push({
        item: { ...item, price: probe.body.error.details.items[0].price },
        total: probe.body.error.details.expected,
        key: line.variant_id ?? line.product_id,
      });
    }

    const acknowledged = [];
    const soldPerKey = new Map();
    const latencies = [];
    const statuses = {};
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: shoppers }, async () => {
        while (Date.now() < until) {
          const offer = offers[Math.floor(Math.random() * offers.length)];
          const began = performance.now();
          const res = await postJson(`${base}/api/order/create`, {
            items: [offer.item],
            totalPrice: offer.total,
            shipping: 'standard',
            discount: 0,
          });
          latencies.push(performance.now() - began);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 201) {
            acknowledged.push(res.body._id);
            soldPerKey.set(offer.key, (soldPerKey.get(offer.key) ?? 0) + 1);
          }
        }
      }),
    );
    agent.destroy();
    // No graceful stop: what was acknowledged must already be durable.
    await stop(server, 'SIGKILL');

    sql = await direct();
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
    for (const line of lines) {
      const key = line.variant_id ?? line.product_id;
      const sold = soldPerKey.get(key) ?? 0;
      const started = Number(line.stock);
      oversold += Math.max(sold - started, 0) + Math.abs(started - sold - (after.get(key) ?? 0));
    }
    latencies.sort((a, b) => a - b);
    const total = latencies.length;
    return {
      database: kind,
      shoppers,
      seconds,
      requests: total,
      requestsPerSecond: round(total / seconds),
      ordersPerSecond: round(acknowledged.length / seconds),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      statuses,
      variants: lines.length,
      unitsAtStart: lines.reduce((sum, l) => sum + Number(l.stock), 0),
      oversoldUnits: oversold,
      lostOrders: acknowledged.filter((id) => !found.has(id)).length,
    };
  } finally {
    await dropDatabase().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function toMarkdown(results) {
  const lines = [
    `Order creation, ${shoppers} concurrent shoppers for ${seconds} s each (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version})`,
    '',
    '| database | orders/s (201) | requests/s | p50 ms | p95 ms | p99 ms | answers | oversold units | lost orders |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.ordersPerSecond} | ${r.requestsPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${Object.entries(
          r.statuses,
        )
          .map(([s, n]) => `${n}× ${s}`)
          .join(', ')} | ${r.oversoldUnits} | ${r.lostOrders} |`,
    ),
  ];
  return lines.join('\n');
}

try {
  const results = [await measure('pglite')];
  if (adminUrl) results.push(await measure('postgres'));
  else process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  writeFileSync(
    path.join(root, 'bench', 'orders-results.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  process.stdout.write(`${toMarkdown(results)}\n`);
  if (results.some((r) => r.oversoldUnits > 0 || r.lostOrders > 0)) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGKILL');
}
