// `npm run bench:metrics` (builds the server first): what watching the shop costs (decision 052).
//
// Two built servers on fresh demo data (PGlite, NODE_ENV=production, LOG_LEVEL=warn), one with
// METRICS_TOKEN set (the request hook on) and one without (no registry, no hook). autocannon reads
// one product's detail, GET /api/listing/products/{id}, at BENCH_CONNECTIONS (default 10) for
// BENCH_SECONDS (default 5) per round, alternating the two servers for BENCH_ROUNDS rounds
// (default 3) each, so a busy moment of the shared machine falls on both. Then BENCH_SCRAPES
// (default 200) scrapes of GET /metrics, one at a time after 20 of warm-up: p50, p95, max in ms.
// Prints a Markdown table and writes bench/metrics-results.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { children, percentile, round, startSokoProcess } from './lib.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const scrapes = Number(process.env.BENCH_SCRAPES ?? 200);
const TOKEN = 'bench-metrics-token-0123456789';

const dirs = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soko-bench-metrics-'));
  dirs.push(dir);
  return dir;
};

async function load(base, productPath) {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [{ method: 'GET', path: productPath }],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

async function main() {
  const on = await startSokoProcess(dataDir(), { METRICS_TOKEN: TOKEN });
  const off = await startSokoProcess(dataDir());
  // Each server seeded its own demo data (its own ids): the same product, found by name.
  const productPathOf = async (base, name) => {
    const products = await (await fetch(`${base}/api/listing/gellisting`)).json();
    const product = name ? products.find((p) => p.name === name) : products[0];
    if (!product) throw new Error(`${base}: no product ${name ?? ''}`);
    const found = `/api/listing/products/${product._id}`;
    const res = await fetch(`${base}${found}`);
    if (!res.ok) throw new Error(`${base}${found} answered ${res.status}`);
    return { path: found, name: product.name };
  };
  const onProduct = await productPathOf(on.base);
  const offProduct = await productPathOf(off.base, onProduct.name);

  process.stderr.write(`warm-up, then ${rounds} alternating rounds of ${seconds} s each...\n`);
  await load(on.base, onProduct.path);
  await load(off.base, offProduct.path);
  const withMetrics = [];
  const without = [];
  for (let r = 0; r < rounds; r++) {
    // Which goes first alternates too.
    if (r % 2 === 0) {
      withMetrics.push(await load(on.base, onProduct.path));
      without.push(await load(off.base, offProduct.path));
    } else {
      without.push(await load(off.base, offProduct.path));
      withMetrics.push(await load(on.base, onProduct.path));
    }
  }
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  const costPercent = (1 - mean(withMetrics) / mean(without)) * 100;

  const scrape = async () => {
    const res = await fetch(`${on.base}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = await res.text();
    if (!res.ok || !text.includes('soko_http_request_duration_seconds')) {
      throw new Error(`/metrics answered ${res.status}`);
    }
    return text.length;
  };
  for (let i = 0; i < 20; i++) await scrape();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < scrapes; i++) {
    const started = performance.now();
    bytes = await scrape();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    productDetail: {
      connections,
      secondsPerRound: seconds,
      rounds,
      withMetricsPerSecond: withMetrics.map((n) => round(n)),
      withoutPerSecond: without.map((n) => round(n)),
      costPercent: round(costPercent, 2),
    },
    scrape: {
      count: scrapes,
      bytes,
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
      max: round(times.at(-1), 2),
    },
  };
  writeFileSync(
    new URL('./metrics-results.json', import.meta.url),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log('| measure | figure |');
  console.log('|---|---|');
  console.log(
    `| product detail, req/s with request metrics (mean of ${rounds}) | ${round(mean(withMetrics))} |`,
  );
  console.log(`| product detail, req/s without (mean of ${rounds}) | ${round(mean(without))} |`);
  console.log(`| cost of the request metrics | ${round(costPercent, 2)} % |`);
  console.log(
    `| GET /metrics scrape (${bytes} bytes), p50 / p95 / max | ${results.scrape.p50} / ${results.scrape.p95} / ${results.scrape.max} ms |`,
  );
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
