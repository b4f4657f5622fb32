// `npm run bench:listing` (builds first): how big every listing call's answer is at 100,000
// products (issue 16: each under 64 KB), and how long it takes, against the real built server.
//
// The server migrates and seeds a fresh PostgreSQL database (soko_bench_listing on the server
// that BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/
// postgres names; dropped at the end unless BENCH_KEEP=1), then BENCH_PRODUCTS products
// (default 100000) are inserted in SQL beside it, spread over every category, each with a
// 30-word description and two images. Each listing call is read BENCH_REQUESTS times (default
// 50): the first read goes to the database (nothing is cached after the insert), the rest come
// from the response cache; the size is the body's bytes, uncompressed. Prints a Markdown table and writes bench/listing-size-results.json.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { percentile, round } from './lib.mjs';
import { onFilledPostgres } from './year-of-orders.mjs';

const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 50);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const fill = (count) => [
  `insert into products (shop_id, category_id, name, description, price_cents, discounts,
                         type, image_urls, stock, count, rating_sum, rating_count, created_at)
   select c.shop_id, c.id, 'Bench product ' || g,
          repeat('A plain honest description of a bench product. ', 4),
          100 + (g * 7919) % 500000, case when g % 5 = 0 then '10' end, 'Bench',
          array['/media/bench-' || g || '-a.webp', '/media/bench-' || g || '-b.webp'],
          1 + g % 40, (g * 31) % 997, (1 + g % 5) * ((g * 13) % 50), (g * 13) % 50,
          now() - g * interval '1 second'
   from generate_series(1, ${count}) g
   cross join lateral (
     select id, shop_id from categories where deleted_at is null
     order by id offset (g % (select count(*) from categories where deleted_at is null)) limit 1
   ) c`,
  'analyze products',
];

async function measure(base) {
  const shops = await (await fetch(`${base}/api/metadata`)).json();
  const [listing] = await (await fetch(`${base}/api/listing/getlisting`)).json();
  const category = encodeURIComponent(listing.categories[0].name);
  const total = Number(
    (await fetch(`${base}/api/listing/gellisting`)).headers.get('x-total-count'),
  );
  const last = Math.ceil(total / 9);
  // The owner's screen (Manage Products) of the first shop: its categories and one's products.
  const { token } = await (
    await fetch(`${base}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@soko.test', password: 'soko-demo-pass' }),
    })
  ).json();
  const ownerCategories = `/api/property/shop/${shops[0]._id}/categories`;
  const [ownerCategory] = await (
    await fetch(`${base}${ownerCategories}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const calls = [
    ['gellisting, no parameters (first 9)', '/api/listing/gellisting'],
    ['gellisting, middle page', `/api/listing/gellisting?page=${Math.ceil(last / 2)}`],
    ['gellisting, last page', `/api/listing/gellisting?page=${last}`],
    ['gellisting, 48 a page (the most)', '/api/listing/gellisting?pageSize=48'],
    ['gellisting, newest', '/api/listing/gellisting?sort=newest'],
    ['gellisting, popular', '/api/listing/gellisting?sort=popular'],
    ['gellisting, price low to high', '/api/listing/gellisting?sort=price-asc'],
    ['getlisting, no parameters', '/api/listing/getlisting'],
    ['getlisting, page 2 (the second shop)', '/api/listing/getlisting?page=2'],
    ['shop listing, no parameters', `/api/listing/shop/${shops[0]._id}`],
    ['category by name, no parameters (first 8)', `/api/listing/products?categoryName=${category}`],
    [
      'category by name, 48 a page, by price',
      `/api/listing/products?categoryName=${category}&pageSize=48&sort=price-asc`,
    ],
    ['category type labels', `/api/listing/category-types?categoryName=${category}`],
    ['owner: the shop’s categories', ownerCategories, token],
    [
      'owner: a category’s products (first 20)',
      `/api/property/categories/${ownerCategory._id}/products`,
      token,
    ],
  ];
  const rows = [];
  for (const [name, path, bearer] of calls) {
    const read = async () => {
      const headers = bearer ? { authorization: `Bearer ${bearer}` } : {};
      const res = await fetch(`${base}${path}`, { headers });
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return Buffer.byteLength(await res.text());
    };
    // The first read goes to the database (nothing is cached after the insert); the rest are
    // answered from the response cache, as in production between writes (the owner's calls are
    // private and never cached).
    let started = performance.now();
    const bytes = await read();
    const firstMs = round(performance.now() - started);
    const times = [];
    for (let i = 0; i < requestCount; i++) {
      started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({ call: name, path, bytes, firstMs, cachedP50: round(percentile(times, 50)) });
  }
  return { products: total, requests: requestCount, rows };
}

const result = await onFilledPostgres(
  { adminUrl, databaseName: 'soko_bench_listing', orderCount: 0, fill: fill(productCount) },
  measure,
);
const machine = {
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}`,
  memoryGiB: round(os.totalmem() / 2 ** 30),
  node: process.version,
  date: new Date().toISOString(),
};
writeFileSync(
  new URL('./listing-size-results.json', import.meta.url),
  `${JSON.stringify({ machine, ...result }, null, 2)}\n`,
);
console.log(
  `| call | bytes | under 64 KB | first read (database) ms | cached p50 ms |\n| --- | ---: | :-: | ---: | ---: |`,
);
for (const row of result.rows) {
  console.log(
    `| ${row.call} | ${row.bytes.toLocaleString('en')} | ${row.bytes < 65_536 ? 'yes' : '**no**'} | ${row.firstMs} | ${row.cachedP50} |`,
  );
}
console.log(`\n${result.products.toLocaleString('en')} products; ${JSON.stringify(machine)}`);
process.exit(0);
