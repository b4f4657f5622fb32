// `npm run bench:receipt-pdf` (and part of `npm run bench`): the receipt PDF of issue 33
// (decision 047), rendered in this process by the server's own renderReceiptPdf (run with tsx,
// which loads the TypeScript as the build does). The route around it reads one receipt row and
// sends the bytes; this measures what it adds, the rendering. Goal: under 150 ms p95.
//
//   cold       the first render in a fresh process (PDFKit's font metrics and the QR encoder
//              loaded), once.
//   receipt    BENCH_RENDERS (500) renders, one after another, of the test fixture: three tax
//              types, a discount, delivery, and KRA's QR code (test/receipt-fixtures.ts).
//   long       the same with BENCH_LONG_LINES (60) lines: a receipt running over a page.
//   parallel   BENCH_PARALLEL (20) renders started at once, BENCH_RENDERS / 20 times: the
//              latency of each when requests for PDFs arrive together on one process.
//
// Prints JSON and writes bench/receipt-pdf-results.json.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { percentile, round } from './lib.mjs';

const renders = Number(process.env.BENCH_RENDERS ?? 500);
const longLines = Number(process.env.BENCH_LONG_LINES ?? 60);
const parallel = Number(process.env.BENCH_PARALLEL ?? 20);

const coldStart = performance.now();
const { renderReceiptPdf } = await import('../apps/server/src/modules/receipts/pdf.ts');
const { signedReceipt } = await import('../apps/server/test/receipt-fixtures.ts');
const coldPdf = await renderReceiptPdf(signedReceipt);
const coldMs = performance.now() - coldStart;

const longReceipt = {
  ...signedReceipt,
  lines: Array.from({ length: longLines }, (_, index) => ({
    ...signedReceipt.lines[index % signedReceipt.lines.length],
    name: `Item ${index + 1}: ${signedReceipt.lines[index % signedReceipt.lines.length].name}`,
  })),
};

function summary(times, bytes) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    renders: sorted.length,
    bytes,
    p50Ms: round(percentile(sorted, 50), 2),
    p95Ms: round(percentile(sorted, 95), 2),
    p99Ms: round(percentile(sorted, 99), 2),
    maxMs: round(sorted.at(-1), 2),
  };
}

async function oneByOne(receipt) {
  const times = [];
  let bytes = 0;
  for (let n = 0; n < renders; n++) {
    const start = performance.now();
    bytes = (await renderReceiptPdf(receipt)).length;
    times.push(performance.now() - start);
  }
  return summary(times, bytes);
}

async function together() {
  const times = [];
  let bytes = 0;
  for (let round = 0; round < Math.ceil(renders / parallel); round++) {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        const start = performance.now();
        bytes = (await renderReceiptPdf(signedReceipt)).length;
        times.push(performance.now() - start);
      }),
    );
  }
  return summary(times, bytes);
}

const results = {
  at: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version}`,
  loadAverage: os.loadavg().map((n) => round(n, 2)),
  cold: { ms: round(coldMs, 1), bytes: coldPdf.length },
  receipt: await oneByOne(signedReceipt),
  long: { lines: longLines, ...(await oneByOne(longReceipt)) },
  parallel: { atOnce: parallel, ...(await together()) },
};
console.log(JSON.stringify(results, null, 2));
writeFileSync(
  new URL('./receipt-pdf-results.json', import.meta.url),
  `${JSON.stringify(results, null, 2)}\n`,
);
