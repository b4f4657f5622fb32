// `npm run bench:catalogue` (issue 32, decision 039): a shop's catalogue as CSV on the embedded
// database (PGlite), against the built server with fresh demo data.
//
//   import   BENCH_IMPORT_PRODUCTS (10000) new products, each a row, imported in one request
//            (the real import: one transaction); the time from sending to the answer. Goal:
//            under 30 s. Then the same file again (every row unchanged).
//   export   the shop grown to BENCH_EXPORT_PRODUCTS (100000) products (imported in parts of
//            the import's size), then its export read to the end while the server's resident
//            memory (/proc/<pid>/status VmRSS) is sampled every 20 ms: its growth over the
//            figure before the export. Goal: under 100 MB.
//
// Small runs: BENCH_IMPORT_PRODUCTS=500 BENCH_EXPORT_PRODUCTS=2000 node bench/catalogue-csv.mjs
// Prints JSON and writes bench/catalogue-csv-results.json.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { children, round, startSokoProcess } from './lib.mjs';

const importCount = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 10_000);
const exportCount = Math.max(importCount, Number(process.env.BENCH_EXPORT_PRODUCTS ?? 100_000));
const HEADERS = [
  'Product SKU',
  'SKU',
  'Name',
  'Category',
  'Description',
  'Price (Ksh)',
  'Discount',
  'Discount label',
  'Type',
  'Pricing type',
  'Option name',
  'Option size',
  'Stock',
  'Pictures',
];

/** Products `from`..`from + count - 1`, spread over 20 categories. */
function csv(from, count) {
  const lines = [HEADERS.join(',')];
  for (let n = from; n < from + count; n++) {
    lines.push(
      [
        '',
        `BENCH-${n}`,
        `Kikoi wrap ${n}`,
        `Bench category ${n % 20}`,
        'Handwoven cotton from Mombasa',
        String(500 + (n % 1000)),
        '',
        '',
        'Kikoi',
        'Fixed',
        '',
        '',
        '7',
        '',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const rssKb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soko-bench-catalogue-'));
  try {
    const { base, server } = await startSokoProcess(dataDir, { LOG_LEVEL: 'error' });
    const signin = await fetch(`${base}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@soko.test', password: 'soko-demo-pass' }),
    });
    const { token } = await signin.json();
    const auth = { authorization: `Bearer ${token}` };
    const shops = await (await fetch(`${base}/api/property/shop/getall`, { headers: auth })).json();
    const url = `${base}/api/property/shop/${shops[0]._id}/catalogue.csv`;

    const importFile = async (text) => {
      const started = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: text,
      });
      const body = await res.json();
      if (res.status !== 200)
        throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
      return { seconds: round((performance.now() - started) / 1000, 2), body };
    };

    const first = csv(0, importCount);
    const created = await importFile(first);
    const again = await importFile(first);
    process.stderr.write(`imported ${importCount} in ${created.seconds} s\n`);

    for (let from = importCount; from < exportCount; from += importCount) {
      await importFile(csv(from, Math.min(importCount, exportCount - from)));
    }
    const before = rssKb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(server.pid));
    }, 20);
    const started = performance.now();
    const res = await fetch(url, { headers: auth });
    let bytes = 0;
    let rows = -1;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) rows += 1;
    }
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(server.pid));

    const results = {
      date: new Date().toISOString(),
      database: 'pglite',
      import: {
        products: importCount,
        seconds: created.seconds,
        goalSeconds: 30,
        counts: created.body.products,
        reimportSeconds: again.seconds,
        reimportCounts: again.body.products,
      },
      export: {
        products: exportCount,
        rows,
        megabytes: round(bytes / 1024 / 1024, 1),
        seconds: round((performance.now() - started) / 1000, 2),
        rssBeforeMb: round(before / 1024, 1),
        rssGrowthMb: round((peak - before) / 1024, 1),
        goalGrowthMb: 100,
      },
    };
    console.log(JSON.stringify(results, null, 2));
    writeFileSync(
      new URL('./catalogue-csv-results.json', import.meta.url),
      `${JSON.stringify(results, null, 2)}\n`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
