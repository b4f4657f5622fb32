// Issue 28: the page cache stays within its byte bound however many distinct long addresses
// arrive. Starts the built server (`npm run build` first) on fresh demo data, asks for 300
// distinct ~9 KB `/search?query=` addresses and 100 long category addresses, and records the
// process's memory (RSS) and the cache's size before and after. `npm run bench:page-cache`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { children, startSokoProcess } from './lib.mjs';

const SEARCHES = 300;
const CATEGORIES = 100;
const MB = 1024 * 1024;
const mb = (bytes) => Number((bytes / MB).toFixed(1));

/** The cache's size and the process's memory, as the probe in the server reports them. */
function probe(child) {
  return new Promise((resolve) => {
    const onData = (chunk) => {
      const line = chunk.toString().match(/page-cache-probe (\{.*\})/);
      if (!line) return;
      child.stdout.off('data', onData);
      resolve(JSON.parse(line[1]));
    };
    child.stdout.on('data', onData);
    child.kill('SIGUSR2');
  });
}

/**
 * Text that reads as replacement patterns, different for each n, ~9 KB once in an address
 * (each `$`, space and quote is three characters there; Node takes 16 KB of headers).
 */
const longText = (n) => `${n} ${"$` $' $& ".repeat(400)}`.slice(0, 3_000);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soko-page-cache-'));
try {
  const { base, server } = await startSokoProcess(dataDir, {}, [
    '--import',
    './bench/page-cache-probe.mjs',
  ]);
  // The ordinary pages first, so the cache holds what a shop's cache holds.
  for (const url of ['/', '/alllisting', '/new-arrival', '/PopularChoises', '/blog', '/About']) {
    await fetch(`${base}${url}`).then((res) => res.text());
  }
  const before = await probe(server);
  const started = Date.now();
  let largest = 0;
  const statuses = new Map();
  const urls = [
    ...Array.from(
      { length: SEARCHES },
      (_, n) => `/search?query=${encodeURIComponent(longText(n))}`,
    ),
    ...Array.from({ length: CATEGORIES }, (_, n) => `/category/${encodeURIComponent(longText(n))}`),
  ];
  for (const url of urls) {
    const res = await fetch(`${base}${url}`);
    const body = await res.text();
    largest = Math.max(largest, Buffer.byteLength(body));
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  const after = await probe(server);
  const result = {
    requests: urls.length,
    seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
    statuses: Object.fromEntries(statuses),
    largestPageKB: Number((largest / 1024).toFixed(1)),
    before: { rssMB: mb(before.rss), cacheEntries: before.entries, cacheMB: mb(before.bytes) },
    after: { rssMB: mb(after.rss), cacheEntries: after.entries, cacheMB: mb(after.bytes) },
    cacheBoundMB: mb(after.maxBytes),
  };
  console.log(JSON.stringify(result, null, 2));
  if (after.bytes > after.maxBytes) throw new Error('the page cache outgrew its byte bound');
} finally {
  for (const child of children) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
