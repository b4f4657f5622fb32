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
import pg from 'pg';
import { children, percentile, round, startSoko } from './lib.mjs';

const orderCount = Number(process.env.BENCH_ORDERS ?? 100_000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 200);
const pageSize = 10;
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'soko_bench_orders';

// One statement each, so both databases take them through their plain query call. The demo's
// own orders stay; the generated ones are added around them.
const FILL = [
  `create temp table bench_products as
     select row_number() over (order by p.id) as n, p.id, p.shop_id, p.name, p.price_cents,
            p.image_urls[1] as image_url
       from products p where p.deleted_at is null and p.price_cents > 0`,
  `create temp table bench_buyers as
     select row_number() over (order by id) as n, id, email, first_name, last_name
       from users where role = 'customer'`,
  // One row per order: when it was placed (spread evenly over the year, so pages are like a real
  // list's), who placed it, and a draw that picks its state.
  `create temp table bench_orders as
     select g, gen_random_uuid() as id,
            now() - random() * interval '365 days' as created_at,
            random() as draw, random() as buyer_draw, (g % 4 = 0) as express
       from generate_series(1, ${orderCount}) g`,
  // 1 to 3 lines each, of different products; quantities 1 to 3.
  `create temp table bench_lines as
     select o.id as order_id, k - 1 as position, p.id as product_id, p.shop_id, p.name,
            p.image_url, p.price_cents, 1 + (o.g * 7 + k) % 3 as quantity
       from bench_orders o
       cross join lateral generate_series(1, 1 + o.g % 3) k
       join bench_products p
         on p.n = 1 + (o.g * 31 + k * 17) % (select count(*) from bench_products)`,
  // States as a year of trade leaves them: most delivered, some never paid. Only the newest
  // minutes still wait for payment, each with a hold that outlasts the run (the expiry sweep
  // would otherwise move them while the list is measured).
  `insert into orders (id, order_number, user_id, status, pay_on_order, email, first_name,
                       last_name, country, county, city, address, postal_code, phone_number,
                       subtotal_cents, discount_cents, shipping_cents, total_cents,
                       shipping_option, hold_until, client_key, paid_at, confirmed_at,
                       created_at, updated_at)
     select o.id,
            'SK-' || to_char(o.created_at, 'YY') || '-'
              || lpad(s.n::text, greatest(6, length(s.n::text)), '0'),
            b.id, st.status, o.g % 3 = 0,
            coalesce(b.email, 'guest' || o.g || '@example.co.ke'),
            coalesce(b.first_name, 'Guest'), coalesce(b.last_name, 'Buyer ' || o.g),
            'Kenya', (array['Nairobi','Mombasa','Kisumu','Nakuru','Kiambu'])[1 + o.g % 5],
            (array['Nairobi','Mombasa','Kisumu','Nakuru','Thika'])[1 + o.g % 5],
            (o.g % 900 + 1) || ' Moi Avenue', lpad((o.g % 99999)::text, 5, '0'),
            '07' || lpad((o.g % 100000000)::text, 8, '0'),
            l.subtotal, 0, sh.cents, l.subtotal + sh.cents,
            case when o.express then 'express' else 'standard' end,
            case when st.status = 'pending_payment' then now() + interval '1 day' end,
            coalesce('user:' || b.id, 'ip:bench' || o.g % 5000),
            case when st.status in ('paid','confirmed','shipped','delivered','reversed')
                 then o.created_at + interval '3 minutes' end,
            case when st.status in ('confirmed','shipped','delivered','reversed')
                 then o.created_at + interval '5 minutes' end,
            o.created_at, o.created_at + interval '5 minutes'
       from bench_orders o
       -- Naming o makes it run per order (uncorrelated, it would draw one number for all).
       cross join lateral (select nextval('order_number_seq') as n where o.g > 0) s
       cross join lateral (select case when o.express then 50000 else 20000 end as cents) sh
       join (select order_id, sum(price_cents * quantity)::int as subtotal
               from bench_lines group by order_id) l on l.order_id = o.id
       left join bench_buyers b
         on o.buyer_draw < 0.7
        and b.n = 1 + (o.g % (select count(*) from bench_buyers))
       cross join lateral (select case
            when o.created_at > now() - interval '5 minutes' then 'pending_payment'
            when o.draw < 0.12 then 'expired'
            when o.draw < 0.16 then 'payment_failed'
            when o.draw < 0.18 then 'reversed'
            when o.created_at > now() - interval '3 days' and o.draw < 0.40 then 'paid'
            when o.created_at > now() - interval '7 days' and o.draw < 0.60 then 'confirmed'
            when o.created_at > now() - interval '14 days' and o.draw < 0.80 then 'shipped'
            else 'delivered' end::order_status as status) st`,
  `insert into order_lines (order_id, product_id, shop_id, name, image_url, unit_price_cents,
                            quantity, position)
     select order_id, product_id, shop_id, name, image_url, price_cents, quantity, position
       from bench_lines`,
  `drop table bench_products, bench_buyers, bench_orders, bench_lines`,
  // What autovacuum does soon after a bulk insert (and what a year of trade has long had):
  // without the visibility map it sets, an index-only scan still reads every row it skips.
  `vacuum analyze orders`,
  `vacuum analyze order_lines`,
];

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
  const res = await fetch(`${base}/api/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@soko.test', password: 'soko-demo-pass' }),
  });
  if (!res.ok) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
  const { token } = await res.json();
  const first = await timePage(base, token, 1);
  const lastPage = Math.ceil(first.total / pageSize);
  const pages = [
    { position: 'first', ...first },
    { position: 'middle', ...(await timePage(base, token, Math.ceil(lastPage / 2))) },
    { position: 'last', ...(await timePage(base, token, lastPage)) },
  ];
  return { database, orders: orderCount, requests: requestCount, pages };
}

async function timed(label, work) {
  const started = Date.now();
  await work();
  process.stderr.write(`  ${label} in ${round((Date.now() - started) / 1000)} s\n`);
}

async function onPostgres() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.query(`create database "${databaseName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soko-bench-orders-'));
  const direct = new pg.Client({ connectionString: url.toString() });
  try {
    const base = await startSoko(dataDir, { DATABASE_URL: url.toString() });
    await direct.connect();
    process.stderr.write(`PostgreSQL: inserting ${orderCount} orders...\n`);
    await timed('inserted', async () => {
      for (const statement of FILL) await direct.query(statement);
    });
    return await measure('PostgreSQL', base);
  } finally {
    await direct.end().catch(() => {});
    children.at(-1)?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    // BENCH_KEEP=1 keeps the database for EXPLAIN ANALYZE by hand.
    if (!process.env.BENCH_KEEP) {
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
    }
    await admin.end();
  }
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
      for (const statement of FILL) await db.query(statement);
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
