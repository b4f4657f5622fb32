// A year of trade for the benchmarks that need many orders (bench/admin-orders.mjs,
// bench/dashboard.mjs): `orderCount` orders of 1 to 3 lines of the demo products, inserted in
// SQL beside a seeded database, and a fresh PostgreSQL database to hold them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { children, round, startSoko } from './lib.mjs';

// One statement each, so both databases take them through their plain query call. The demo's
// own orders stay; the generated ones are added around them.
export const orderFill = (orderCount) => [
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
  // One part per shop of each order, in its order's state as far as a part has one (a part of
  // an order never paid, or given back, is cancelled or waits as the order does).
  `insert into order_parts (order_id, shop_id, status, subtotal_cents, created_at, updated_at)
     select l.order_id, l.shop_id,
            case when o.status in ('confirmed', 'shipped', 'delivered') then o.status
                 when o.status in ('pending_payment', 'paid') then 'pending_payment'
                 else 'cancelled' end::order_status,
            sum(l.price_cents * l.quantity)::int, o.created_at, o.updated_at
       from bench_lines l join orders o on o.id = l.order_id
      group by l.order_id, l.shop_id, o.status, o.created_at, o.updated_at`,
  // The triggers counted each order's total as it was written, before its lines and parts:
  // the dashboard's daily sales are counted again from what is there now.
  `select soko_sales_rebuild()`,
  `drop table bench_products, bench_buyers, bench_orders, bench_lines`,
  // What autovacuum does soon after a bulk insert (and what a year of trade has long had):
  // without the visibility map it sets, an index-only scan still reads every row it skips.
  `vacuum analyze orders`,
  `vacuum analyze order_lines`,
  `vacuum analyze order_parts`,
  `vacuum analyze sales_daily`,
];

export async function timed(label, work) {
  const started = Date.now();
  await work();
  process.stderr.write(`  ${label} in ${round((Date.now() - started) / 1000)} s\n`);
}

/**
 * A fresh database `databaseName` on the server `adminUrl` names, migrated and seeded by the
 * built server, then filled with `orderCount` orders; `measure(base)` runs against the server.
 * The database is dropped at the end unless BENCH_KEEP=1 (kept for EXPLAIN ANALYZE by hand).
 */
export async function onFilledPostgres({ adminUrl, databaseName, orderCount, fill }, measure) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.query(`create database "${databaseName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${databaseName}-`));
  const direct = new pg.Client({ connectionString: url.toString() });
  try {
    const base = await startSoko(dataDir, { DATABASE_URL: url.toString() });
    await direct.connect();
    // `fill`: other rows than orders (statements to run instead), for benches of other tables.
    process.stderr.write(`PostgreSQL: inserting ${fill ? 'rows' : `${orderCount} orders`}...\n`);
    await timed('inserted', async () => {
      for (const statement of fill ?? orderFill(orderCount)) await direct.query(statement);
    });
    return await measure(base);
  } finally {
    await direct.end().catch(() => {});
    children.at(-1)?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) {
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
    }
    await admin.end();
  }
}

/** The demo account's bearer token. */
export async function signIn(base, email) {
  const res = await fetch(`${base}/api/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'soko-demo-pass' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}
