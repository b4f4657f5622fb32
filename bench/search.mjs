// `npm run bench:search`: search's latency on a generated catalogue, in process (the service
// functions the routes call, so the figures are the database's work plus the shaping).
//
//   - PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1
//     :5432/postgres): a scratch database per size, BENCH_SEARCH_SIZES products (default
//     100000; add 1000000 for the million: it takes several minutes to build).
//   - The embedded database (PGlite): BENCH_SEARCH_PGLITE products (default 10000).
//
// Each size runs BENCH_SEARCH_QUERIES searches (default 300) drawn from exact words, prefixes
// and typos (a letter missing, added, swapped or wrong), then as many suggestions, one at a
// time; p50/p95/p99 in ms. Prints a Markdown table and writes bench/search-results.json.
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { percentile, root, round } from './lib.mjs';

const sizes = (process.env.BENCH_SEARCH_SIZES ?? '100000').split(',').map(Number);
const pgliteSize = Number(process.env.BENCH_SEARCH_PGLITE ?? 10000);
const queryCount = Number(process.env.BENCH_SEARCH_QUERIES ?? 300);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const ts = (file) => tsImport(path.join(root, file), import.meta.url);
const { openPglite, openPostgres } = await ts('apps/server/src/platform/db.ts');
const { searchProducts, suggestionsFor } = await ts('apps/server/src/modules/search/service.ts');
const { searchQuerySchema } = await ts('packages/contract/src/search.ts');

// A catalogue's vocabulary, Swahili and English: names are two or three of these, so words
// repeat across products the way they do in a real shop.
const WORDS = (
  'shea butter moringa baobab aloe frankincense myrrh coconut avocado hibiscus rosehip ' +
  'lemongrass eucalyptus sandalwood neem turmeric ginger honey beeswax cocoa mango papaya ' +
  'kikoy kanga kitenge shuka kiondo sisal soapstone mvule beads cowrie leather brass ' +
  'sabuni mafuta asali chai tangawizi mdalasini karafuu pilipili ndimu nazi ukwaju ' +
  'oil cream soap balm scrub mask serum lotion tea powder basket bag bowl spoon throw sarong ' +
  'bracelet necklace earrings sandals cushion candle diffuser blend gift set pure raw organic ' +
  'whipped cold pressed wild handmade'
).split(' ');

// Brand and place names made from Swahili-like syllables: a real catalogue has thousands of
// distinct words, most of them rare, so a typed word usually matches a small share of it.
const SYLLABLES = 'ma ku ti la na zi wa mbe nga ri so ke lu ha mo ji pe ya chu do fu'.split(' ');
const COINED = Array.from({ length: 4000 }, (_, i) => {
  let word = '';
  for (let n = i + 7, k = 0; k < 3; k++, n = Math.floor(n / SYLLABLES.length) + k * 5) {
    word += SYLLABLES[n % SYLLABLES.length];
  }
  return word;
});

function* rng(seed) {
  let state = seed >>> 0;
  for (;;) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    yield ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/** A generated catalogue, inserted in SQL batches (the search triggers run on every row). */
async function fill(db, sql, count) {
  const [{ id: userId }] = (
    await db.execute(
      sql`insert into users (email, first_name, last_name, password_hash)
          values ('bench@soko.test', 'Bench', 'Owner', 'x') returning id`,
    )
  ).rows;
  const shops = [];
  for (const name of ['Soko Naturals', 'Kikapu Crafts', 'Pwani Spices', 'Nyumbani Home']) {
    const [{ id }] = (
      await db.execute(
        sql`insert into shops (owner_id, name, owner, owner_email, contact_email, contact_phone, address)
            values (${userId}, ${name}, 'Bench', 'b@soko.test', 'b@soko.test', '0712345678', 'Nairobi')
            returning id`,
      )
    ).rows;
    const categories = [];
    for (const category of ['Skincare', 'Vyakula', 'Crafts', 'Home', 'Wellness']) {
      const [{ id: categoryId }] = (
        await db.execute(
          sql`insert into categories (shop_id, name) values (${id}, ${category}) returning id`,
        )
      ).rows;
      categories.push(categoryId);
    }
    shops.push({ id, categories });
  }
  const random = rng(42);
  const pick = () => WORDS[Math.floor(random.next().value * WORDS.length)];
  // Rare words are many and each is seldom used (a skewed draw over COINED).
  const coin = () => COINED[Math.floor(random.next().value ** 2 * COINED.length)];
  const batch = 2000;
  for (let done = 0; done < count; done += batch) {
    const rows = [];
    for (let i = done; i < Math.min(count, done + batch); i++) {
      const shop = shops[i % shops.length];
      const name = `${coin()} ${pick()} ${pick()}`;
      const description = `${coin()} ${pick()} ${coin()} ${pick()} ${coin()}||${pick()} ${coin()} ${coin()}`;
      rows.push(
        sql`(${shop.id}, ${shop.categories[i % 5]}, ${name}, ${description}, ${100 + (i % 5000) * 10}, ${i % 7 === 0 ? 0 : 1 + (i % 50)}, ${pick()})`,
      );
    }
    await db.execute(
      sql`insert into products (shop_id, category_id, name, description, price_cents, stock, type)
          values ${sql.join(rows, sql`, `)}`,
    );
    if ((done / batch) % 25 === 0) process.stderr.write(`  ${done + rows.length} products\n`);
  }
  await db.execute(sql`analyze`);
}

function queries(count) {
  const random = rng(7);
  const r = () => random.next().value;
  const typo = (word) => {
    const at = 1 + Math.floor(r() * (word.length - 2));
    switch (Math.floor(r() * 4)) {
      case 0:
        return word.slice(0, at) + word.slice(at + 1); // missing
      case 1:
        return word.slice(0, at) + word[at] + word.slice(at); // added
      case 2:
        return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2); // swapped
      default:
        return word.slice(0, at) + 'x' + word.slice(at + 1); // wrong
    }
  };
  const long = [...WORDS.filter((w) => w.length >= 5), ...COINED.slice(0, 400)];
  return Array.from({ length: count }, (_, i) => {
    const word = long[Math.floor(r() * long.length)];
    const other = WORDS[Math.floor(r() * WORDS.length)];
    switch (i % 4) {
      case 0:
        return word;
      case 1:
        return word.slice(0, 4);
      case 2:
        return typo(word);
      default:
        return `${other} ${typo(word)}`;
    }
  });
}

async function measure(db, label, count) {
  const texts = queries(queryCount);
  for (const text of texts.slice(0, 20))
    await searchProducts(db, searchQuerySchema.parse({ query: text }));
  const times = { search: [], suggest: [] };
  let found = 0;
  for (const text of texts) {
    let started = performance.now();
    const { total } = await searchProducts(db, searchQuerySchema.parse({ query: text }));
    times.search.push(performance.now() - started);
    if (total > 0) found += 1;
    started = performance.now();
    await suggestionsFor(db, text);
    times.suggest.push(performance.now() - started);
  }
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
    };
  };
  return {
    database: label,
    products: count,
    queries: texts.length,
    foundShare: round(found / texts.length, 2),
    search: stats(times.search),
    suggest: stats(times.suggest),
  };
}

const { sql } = await import('drizzle-orm');
const results = [];
for (const size of sizes) {
  const name = `soko_bench_search_${size}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  try {
    await database.migrate();
    process.stderr.write(`PostgreSQL: inserting ${size} products...\n`);
    const started = Date.now();
    await fill(database.db, sql, size);
    process.stderr.write(`  built in ${round((Date.now() - started) / 1000)} s\n`);
    results.push(await measure(database.db, 'PostgreSQL', size));
  } finally {
    await database.close();
    // BENCH_SEARCH_KEEP=1 keeps the database for EXPLAIN ANALYZE by hand.
    if (!process.env.BENCH_SEARCH_KEEP) {
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
    await admin.end();
  }
}
if (pgliteSize > 0) {
  const database = await openPglite({});
  try {
    await database.migrate();
    process.stderr.write(`PGlite: inserting ${pgliteSize} products...\n`);
    await fill(database.db, sql, pgliteSize);
    results.push(await measure(database.db, 'PGlite', pgliteSize));
  } finally {
    await database.close();
  }
}

const report = {
  machine: {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGiB: round(os.totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
  },
  results,
};
writeFileSync(
  new URL('./search-results.json', import.meta.url),
  `${JSON.stringify(report, null, 2)}\n`,
);
console.log(
  `Machine: ${report.machine.cpus}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}\n`,
);
console.log(
  '| database | products | search p50 / p95 / p99 (ms) | suggest p50 / p95 / p99 (ms) | queries with results |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.products.toLocaleString('en')} | ${r.search.p50} / **${r.search.p95}** / ${r.search.p99} | ${r.suggest.p50} / **${r.suggest.p95}** / ${r.suggest.p99} | ${Math.round(r.foundShare * 100)}% |`,
  );
}
