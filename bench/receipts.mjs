// `npm run bench:receipts` (and part of `npm run bench`): what receipts (issue 33, decisions
// 045-047) cost a paid checkout, and their PDF route, on the built server with fresh demo data,
// on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL.
//
//   cpu   BENCH_CONNECTIONS (20) shoppers, each from its own address, place a one-line order in
//         a pay-online shop, start its payment (POST /api/payments/process with the delivery
//         form) and pay it through the sandbox (POST /api/payments/sandbox/{trackingId}/pay),
//         over and over, for BENCH_SECONDS (10) after BENCH_WARMUP_SECONDS (3) of the same.
//         The shops are VAT-registered first (their tax profile, eTIMS off), so receipts have
//         VAT lines. The measured window opens on a quiet server (the warm-up's events all
//         followed) and closes when it is quiet again (the order-events follower has issued
//         the receipts and written the messages of every order paid): the server's CPU
//         milliseconds (its process and any under it, /proc) per order paid, and on
//         PostgreSQL the database's processes' too. "Quiet": a second in which the server used
//         at most BENCH_QUIET_MS (40) ms. Afterwards, on this build, every order paid must
//         have exactly one receipt (GET /api/orders/{id}/receipts, outside the window).
//         BENCH_SERVER names an older build's dist/main.js (the build before receipts): runs
//         then alternate BENCH_ROUNDS (2) pairs in the order base, new, new, base..., each on
//         its own fresh database and server; each kind's runs are summed, and the change of
//         this build's CPU per paid order over the base's is the figure (goal: at most +15 %).
//         Without BENCH_SERVER this build runs BENCH_ROUNDS times alone.
//   pdf   On this build's first run, once its receipts are issued: GET /api/receipts/{id}/pdf
//         as the order's shopper (the bench's orders are anonymous: whoever holds the id reads
//         them, decision 045), the receipts in turn, at 1 and at 10 connections for
//         BENCH_PDF_SECONDS (5) each after a second of warm-up: p50, p95 and p99 as the client
//         sees them (goal: p95 under 150 ms) and the server's CPU per PDF.
//
//   profile  BENCH_ONLY=profile: one run of each build (the base's first when BENCH_SERVER is
//         set), PGlite and PostgreSQL, under V8's sampling profiler (bench/profiled-server.mjs)
//         over the measured window: the server's main-thread CPU per order paid by where it
//         went (bench/profile.mjs): the receipts module, the eTIMS module, the event follower
//         and messages, the outbox, the rest (taking and paying the orders). The profiler
//         slows the server: its totals are not the figures above, its shares are the point.
//         It costs CPU of its own while the server idles: quiet is then a second of at most
//         BENCH_PROFILED_QUIET_MS (250) ms.
//
// BENCH_ONLY=cpu skips the PDF route. Prints a Markdown report and writes
// bench/receipts-results.json (or BENCH_RESULTS_FILE there).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { children, percentile, postgresCpuMs, root, round, treeCpuMs } from './lib.mjs';
import { cpuShares } from './profile.mjs';
import { DELIVERY_FORM, postJson, requestJson, startStockedShop } from './shop.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const pdfSeconds = Number(process.env.BENCH_PDF_SECONDS ?? 5);
const quietMs = Number(process.env.BENCH_QUIET_MS ?? 40);
const profiledQuietMs = Number(process.env.BENCH_PROFILED_QUIET_MS ?? 250);
const only = process.env.BENCH_ONLY;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const THIS_BUILD = 'apps/server/dist/main.js';
const baseBuild = process.env.BENCH_SERVER;

/** A VAT-registered shop with eTIMS off (decision 044), as its owner would save it. */
const TAX_PROFILE = { kraPin: 'P051234567X', vatRegistered: true, etims: { enabled: false } };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every demo shop VAT-registered, by the admin; answers the statuses (404: no tax profile). */
async function registerForVat(agent, base) {
  const signin = await requestJson(agent, 'POST', `${base}/api/user/signin`, {
    body: { email: 'admin@soko.test', password: 'soko-demo-pass' },
  });
  if (signin.status !== 200) throw new Error(`admin sign-in answered ${signin.status}`);
  const token = signin.body.token;
  const shops = await requestJson(agent, 'GET', `${base}/api/property/shop/getall`, { token });
  const statuses = {};
  for (const shop of shops.body) {
    const saved = await requestJson(
      agent,
      'PUT',
      `${base}/api/property/shop/${shop._id}/tax-profile`,
      { token, body: TAX_PROFILE },
    );
    if (saved.status !== 200 && saved.status !== 404) {
      throw new Error(`tax profile PUT answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    }
    statuses[saved.status] = (statuses[saved.status] ?? 0) + 1;
  }
  return statuses;
}

/**
 * Waits until the server has a quiet second (at most `quietMs` of CPU); answers its CPU
 * milliseconds when that second began, and the seconds waited. Gives up after a minute.
 */
async function quiet(pid, limit = quietMs) {
  const began = performance.now();
  let before = treeCpuMs(pid);
  while (performance.now() - began < 60_000) {
    await sleep(1000);
    const now = treeCpuMs(pid);
    if (now - before <= limit) {
      return { cpu: before, waitedSeconds: (performance.now() - began) / 1000 - 1 };
    }
    before = now;
  }
  throw new Error('the server did not go quiet within a minute');
}

/** One shopper's checkout paid online: order, payment start, sandbox Pay. */
async function payOne(agent, base, offer, client) {
  const order = await postJson(
    agent,
    `${base}/api/order/create`,
    { items: [offer.item], totalPrice: offer.total, shipping: 'standard', discount: 0 },
    client,
  );
  if (order.status !== 201) return { step: 'order', status: order.status };
  const started = await postJson(
    agent,
    `${base}/api/payments/process`,
    { orderId: order.body._id, formData: DELIVERY_FORM },
    client,
  );
  if (started.status !== 200) return { step: 'process', status: started.status };
  const paid = await postJson(
    agent,
    `${base}/api/payments/sandbox/${started.body.trackingId}/pay`,
    {},
    client,
  );
  if (paid.status !== 200) return { step: 'pay', status: paid.status };
  return { step: 'paid', status: 200, orderId: order.body._id };
}

/** `connections` shoppers paying orders for `forSeconds`; answers the orders paid and times. */
async function shoppers(agent, shop, forSeconds, firstShopper) {
  const until = Date.now() + forSeconds * 1000;
  const paid = [];
  const times = [];
  const failed = {};
  let n = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, shopper) => {
      const client = `10.33.${firstShopper + shopper}.${shopper + 1}`;
      while (Date.now() < until) {
        const offer = shop.offers[n++ % shop.offers.length];
        const began = performance.now();
        const outcome = await payOne(agent, shop.base, offer, client);
        if (outcome.orderId) {
          paid.push(outcome.orderId);
          times.push(performance.now() - began);
        } else {
          const key = `${outcome.step} ${outcome.status}`;
          failed[key] = (failed[key] ?? 0) + 1;
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { paid, times, failed };
}

/** Every order's receipts on this build, 10 at a time: answers the receipts' ids, and misfits. */
async function receiptsOf(agent, base, orderIds) {
  const ids = [];
  const wrong = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < orderIds.length) {
        const orderId = orderIds[next++];
        const res = await requestJson(agent, 'GET', `${base}/api/orders/${orderId}/receipts`);
        const receipts = res.status === 200 ? res.body.filter((r) => r.kind === 'receipt') : [];
        if (receipts.length !== 1 || receipts[0].vat <= 0) {
          wrong.push({ orderId, status: res.status, receipts: receipts.length });
        } else ids.push(receipts[0]._id);
      }
    }),
  );
  return { ids, wrong };
}

/** GET `url` and read its bytes; answers the status, content type and length. */
function getBytes(agent, url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode, type: res.headers['content-type'], bytes }),
      );
    });
    request.on('error', reject);
  });
}

/** The PDF route at `width` connections, the receipts in turn, after a second of warm-up. */
async function pdfRoute(shop, receiptIds, width) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: width });
  try {
    const loadAverage = os.loadavg()[0];
    const times = [];
    const statuses = {};
    let bytes = 0;
    let n = 0;
    const loop = async (until, record) => {
      await Promise.all(
        Array.from({ length: width }, async () => {
          while (Date.now() < until) {
            const id = receiptIds[n++ % receiptIds.length];
            const began = performance.now();
            const res = await getBytes(agent, `${shop.base}/api/receipts/${id}/pdf`);
            if (!record) continue;
            times.push(performance.now() - began);
            const key = res.status === 200 && res.type === 'application/pdf' ? 'pdf' : res.status;
            statuses[key] = (statuses[key] ?? 0) + 1;
            bytes = Math.max(bytes, res.bytes);
          }
        }),
      );
    };
    await loop(Date.now() + 1000, false);
    const cpuFrom = treeCpuMs(shop.pid());
    await loop(Date.now() + pdfSeconds * 1000, true);
    const cpu = treeCpuMs(shop.pid()) - cpuFrom;
    times.sort((a, b) => a - b);
    return {
      connections: width,
      calls: times.length,
      perSecond: round(times.length / pdfSeconds),
      bytes,
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
      p99: round(percentile(times, 99), 2),
      max: round(times.at(-1) ?? NaN, 2),
      serverCpuMsPerPdf: round(cpu / times.length, 2),
      statuses,
      loadAverage: round(loadAverage, 2),
    };
  } finally {
    agent.destroy();
  }
}

/** Where the server's CPU goes (bench/profile.mjs): each sample to the first group on its stack. */
const CPU_GROUPS = [
  { name: 'receipts', test: (frame) => /modules\/receipts\//.test(frame.source ?? '') },
  { name: 'etims', test: (frame) => /modules\/etims\//.test(frame.source ?? '') },
  {
    name: 'follower',
    test: (frame) =>
      /modules\/(orders\/events|messages\/service|messages\/order-messages)\.ts$/.test(
        frame.source ?? '',
      ),
  },
  {
    name: 'outbox',
    test: (frame) =>
      /modules\/messages\/(outbox|runner|email|channels)\.ts$/.test(frame.source ?? ''),
  },
];

/** The profile the server writes at its second SIGUSR2, read into shares per order paid. */
async function profileShares(file, paid) {
  for (let waited = 0; !existsSync(file); waited += 100) {
    if (waited > 60_000) throw new Error('the server wrote no profile');
    await sleep(100);
  }
  await sleep(500); // written in one call, but let it land
  const { busyMs, ms } = cpuShares(file, CPU_GROUPS);
  rmSync(file, { force: true });
  const perOrder = (value) => round(value / paid, 3);
  return {
    busyMsPerOrder: perOrder(busyMs),
    msPerOrder: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, perOrder(v)])),
  };
}

/** One run: a fresh database and server of `build`, shoppers paying, the server's CPU per order. */
async function run(database, build, index, withPdf, profiled = false) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections + 4 });
  const entry = build === 'base' ? baseBuild : THIS_BUILD;
  const profileFile = profiled
    ? path.join(os.tmpdir(), `soko-receipts-${process.pid}-${index}.cpuprofile`)
    : null;
  const shop = await startStockedShop(database, {
    payOnOrder: true,
    stock: 1_000_000,
    adminUrl,
    agent,
    entry,
    // bench/profiled-server.mjs imports the build BENCH_SERVER names.
    env: profileFile ? { BENCH_PROFILE_FILE: profileFile, BENCH_SERVER: entry } : {},
  });
  try {
    const taxProfile = await registerForVat(agent, shop.base);
    const pid = shop.pid();
    const warm = await shoppers(agent, shop, warmupSeconds, 0);
    const from = await quiet(pid);
    if (profileFile) process.kill(pid, 'SIGUSR2');
    const pgFrom = database === 'postgres' ? postgresCpuMs() : NaN;
    const loadAverage = os.loadavg()[0];
    const began = performance.now();
    const measured = await shoppers(agent, shop, seconds, connections);
    const loadSeconds = (performance.now() - began) / 1000;
    // The profiler's sampling costs a running server CPU of its own, idle or not.
    const to = await quiet(pid, profileFile ? profiledQuietMs : quietMs);
    if (profileFile) process.kill(pid, 'SIGUSR2');
    const pgCpu = database === 'postgres' ? postgresCpuMs() - pgFrom : NaN;
    const serverCpu = to.cpu - from.cpu;
    const paid = measured.paid.length;
    const result = {
      run: index + 1,
      database,
      build,
      paid,
      ordersPerSecond: round(paid / loadSeconds),
      serverCpuMs: round(serverCpu, 0),
      cpuMsPerOrder: round(serverCpu / paid, 3),
      postgresCpuMsPerOrder: database === 'postgres' ? round(pgCpu / paid, 3) : null,
      settleSeconds: round(to.waitedSeconds, 1),
      checkoutMs: {
        p50: round(percentile(measured.times, 50), 1),
        p95: round(percentile(measured.times, 95), 1),
      },
      failed: measured.failed,
      warmupPaid: warm.paid.length,
      taxProfile,
      loadAverage: round(loadAverage, 2),
    };
    if (profileFile) result.profile = await profileShares(profileFile, paid);
    if (build === 'new') {
      // Outside the window: every order paid, the warm-up's too, has its one receipt with VAT.
      const { ids, wrong } = await receiptsOf(agent, shop.base, [...warm.paid, ...measured.paid]);
      result.receipts = ids.length;
      result.withoutTheirReceipt = wrong.length;
      if (wrong.length > 0) result.firstWithout = wrong.slice(0, 3);
      if (withPdf) result.pdf = [await pdfRoute(shop, ids, 1), await pdfRoute(shop, ids, 10)];
    }
    process.stderr.write(`${JSON.stringify(result)}\n`);
    return result;
  } finally {
    agent.destroy();
    await shop.stop('SIGTERM');
    await shop.cleanup();
  }
}

const sum = (runs) => {
  const paid = runs.reduce((s, r) => s + r.paid, 0);
  const cpu = runs.reduce((s, r) => s + r.serverCpuMs, 0);
  const pgRuns = runs.filter((r) => r.postgresCpuMsPerOrder !== null);
  return {
    runs: runs.length,
    paid,
    cpuMsPerOrder: round(cpu / paid, 3),
    postgresCpuMsPerOrder:
      pgRuns.length > 0
        ? round(pgRuns.reduce((s, r) => s + r.postgresCpuMsPerOrder * r.paid, 0) / paid, 3)
        : null,
  };
};

const change = (a, b) => round(((b - a) / a) * 100);

async function measure(database) {
  if (only === 'profile') {
    const runs = [];
    for (const build of baseBuild ? ['base', 'new'] : ['new'])
      runs.push(await run(database, build, runs.length, false, true));
    return { database, runs, sums: {}, cpuChangePercent: null, pdf: null };
  }
  const kinds = [];
  for (let i = 0; i < rounds * 2; i++) {
    // base, new, new, base...: neither build gets the later (or earlier) machine alone.
    if (baseBuild) kinds.push(i % 4 === 0 || i % 4 === 3 ? 'base' : 'new');
    else if (i < rounds) kinds.push('new');
  }
  const runs = [];
  for (const [index, build] of kinds.entries()) {
    const withPdf = only !== 'cpu' && build === 'new' && !runs.some((r) => r.build === 'new');
    runs.push(await run(database, build, index, withPdf));
  }
  const base = runs.filter((r) => r.build === 'base');
  const fresh = runs.filter((r) => r.build === 'new');
  const sums = { new: sum(fresh), ...(base.length > 0 ? { base: sum(base) } : {}) };
  return {
    database,
    runs,
    sums,
    cpuChangePercent: sums.base ? change(sums.base.cpuMsPerOrder, sums.new.cpuMsPerOrder) : null,
    postgresCpuChangePercent:
      sums.base && sums.base.postgresCpuMsPerOrder !== null
        ? change(sums.base.postgresCpuMsPerOrder, sums.new.postgresCpuMsPerOrder)
        : null,
    pdf: runs.find((r) => r.pdf)?.pdf ?? null,
  };
}

const signed = (n) => `${n > 0 ? '+' : ''}${n} %`;

function toMarkdown(results) {
  const lines = [
    `Receipts on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version}, ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((n) => round(n, 2))
      .join(' / ')}; base build: ${baseBuild ?? 'none'}`,
    '',
    `| paid checkout, ${connections} shoppers, ${seconds} s | build | orders paid | orders/s | server CPU ms | CPU ms per order | PostgreSQL CPU ms per order | settle s | checkout p50 / p95 ms | failed | receipts | load average |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.flatMap((r) =>
      r.runs.map(
        (x) =>
          `| ${x.run}: ${x.database} | ${x.build} | ${x.paid} | ${x.ordersPerSecond} | ${x.serverCpuMs} | ${x.cpuMsPerOrder} | ${x.postgresCpuMsPerOrder ?? '–'} | ${x.settleSeconds} | ${x.checkoutMs.p50} / ${x.checkoutMs.p95} | ${JSON.stringify(x.failed)} | ${x.build === 'new' ? `${x.receipts}, ${x.withoutTheirReceipt} missing` : '–'} | ${x.loadAverage} |`,
      ),
    ),
    '',
    '| database | build | runs | orders paid | server CPU ms per order | PostgreSQL CPU ms per order |',
    '|---|---|---|---|---|---|',
    ...results.flatMap((r) =>
      Object.entries(r.sums).map(
        ([build, s]) =>
          `| ${r.database} | ${build} | ${s.runs} | ${s.paid} | ${s.cpuMsPerOrder} | ${s.postgresCpuMsPerOrder ?? '–'} |`,
      ),
    ),
    '',
    ...results
      .filter((r) => r.cpuChangePercent !== null)
      .map(
        (r) =>
          `Server CPU per paid order with receipts, ${r.database}: ${signed(r.cpuChangePercent)}${r.postgresCpuChangePercent !== null ? ` (PostgreSQL's processes: ${signed(r.postgresCpuChangePercent)})` : ''}.`,
      ),
  ];
  const profiled = results.flatMap((r) => r.runs.filter((x) => x.profile));
  if (profiled.length > 0) {
    const groups = Object.keys(profiled[0].profile.msPerOrder);
    lines.push(
      '',
      `| under the profiler: main-thread CPU ms per order paid | build | orders paid | busy | ${groups.join(' | ')} |`,
      `|---|---|---|---|${groups.map(() => '---').join('|')}|`,
      ...profiled.map(
        (x) =>
          `| ${x.database} | ${x.build} | ${x.paid} | ${x.profile.busyMsPerOrder} | ${groups.map((g) => x.profile.msPerOrder[g]).join(' | ')} |`,
      ),
    );
  }
  const pdfs = results.filter((r) => r.pdf);
  if (pdfs.length > 0) {
    lines.push(
      '',
      `| GET /api/receipts/{id}/pdf, ${pdfSeconds} s | connections | PDFs/s | bytes | p50 ms | p95 ms | p99 ms | max ms | server CPU ms per PDF | statuses | load average |`,
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...pdfs.flatMap((r) =>
        r.pdf.map(
          (p) =>
            `| ${r.database} | ${p.connections} | ${p.perSecond} | ${p.bytes} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.max} | ${p.serverCpuMsPerPdf} | ${JSON.stringify(p.statuses)} | ${p.loadAverage} |`,
        ),
      ),
    );
  }
  return lines.join('\n');
}

try {
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg().map((n) => round(n, 2));
  const results = [await measure('pglite')];
  if (adminUrl) results.push(await measure('postgres'));
  else process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  writeFileSync(
    path.resolve(root, 'bench', process.env.BENCH_RESULTS_FILE ?? 'receipts-results.json'),
    `${JSON.stringify(
      {
        startedAt,
        endedAt: new Date().toISOString(),
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version}`,
        loadAverage: { before: loadBefore, after: os.loadavg().map((n) => round(n, 2)) },
        settings: { seconds, warmupSeconds, connections, rounds, pdfSeconds, quietMs, baseBuild },
        results,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`${toMarkdown(results)}\n`);
  if (results.some((r) => r.runs.some((x) => x.withoutTheirReceipt > 0))) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGKILL');
}
