// `npm run bench:delivery`: what delivery pricing costs (issue 31, decisions 035 and 036), on the
// built server with the demo data, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL)
// on PostgreSQL.
//
//   quote     BENCH_CONNECTIONS (50) connections, then one, ask GET /api/delivery/quote for a
//             demo product and a county (one of the 47 in turn) for BENCH_SECONDS (10) after a
//             warm-up: p50, p95 and p99 as the client sees them (goal: p95 under 5 ms)
//             Then the same quote with autocannon (the tool `npm run bench` reads other routes
//             with), the county rotating, against a bare Fastify route answering the same bytes
//             (bench/bare-server.mjs), alternated in the same run: the quote's own cost apart from
//             the machine's queueing (BENCH_CONNECTIONS, and 10 connections)
//   placing   the same connections place one-line pay-on-delivery orders (create only) for
//             BENCH_SECONDS after a warm-up: the demo shops with no delivery settings (the
//             spec's Ksh 10), and with settings (county groups, a threshold, a counter) and the
//             order priced for a county; BENCH_ROUNDS (2) pairs in the order without, with, with,
//             without, the server started afresh before each run. The server's CPU milliseconds
//             per order placed (user + system, /proc), each kind's runs summed (goal: at most
//             +10 % with settings)
//
// BENCH_SERVER runs another build (an older commit's dist/main.js), which has no delivery
// settings: run it with BENCH_ONLY=without (placing without settings only) and compare its
// figure with this build's. BENCH_ONLY=quote or placing runs one part.
// Prints a Markdown report and writes bench/delivery-results.json (or BENCH_RESULTS_FILE there).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { children, cpuMs, freePort, percentile, root, round, start } from './lib.mjs';
import { postJson, requestJson, startStockedShop } from './shop.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const only = process.env.BENCH_ONLY;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

// The contract's list, in the spelling the server takes (packages/contract/src/counties.ts).
const COUNTIES = [
  'Mombasa',
  'Kwale',
  'Kilifi',
  'Tana River',
  'Lamu',
  'Taita-Taveta',
  'Garissa',
  'Wajir',
  'Mandera',
  'Marsabit',
  'Isiolo',
  'Meru',
  'Tharaka-Nithi',
  'Embu',
  'Kitui',
  'Machakos',
  'Makueni',
  'Nyandarua',
  'Nyeri',
  'Kirinyaga',
  "Murang'a",
  'Kiambu',
  'Turkana',
  'West Pokot',
  'Samburu',
  'Trans Nzoia',
  'Uasin Gishu',
  'Elgeyo-Marakwet',
  'Nandi',
  'Baringo',
  'Laikipia',
  'Nakuru',
  'Narok',
  'Kajiado',
  'Kericho',
  'Bomet',
  'Kakamega',
  'Vihiga',
  'Bungoma',
  'Busia',
  'Siaya',
  'Kisumu',
  'Homa Bay',
  'Migori',
  'Kisii',
  'Nyamira',
  'Nairobi',
];

/** A Kenyan shop's delivery: Nairobi and near towns, the rest of Kenya, a threshold, a counter. */
const SETTINGS = {
  zones: [
    {
      name: 'Nairobi',
      counties: ['Nairobi'],
      standard: { fee: 150, days: 'Same day' },
      express: { fee: 300, days: '3 hours' },
    },
    {
      name: 'Near Nairobi',
      counties: ['Kiambu', 'Machakos', 'Kajiado', "Murang'a"],
      standard: { fee: 250, days: '1 day' },
      express: { fee: 450, days: 'Same day' },
    },
  ],
  restOfKenya: { standard: { fee: 400, days: '2-3 days' }, express: { fee: 700, days: '1 day' } },
  freeFrom: 100_000,
  pickupCounters: [{ name: 'Moi Avenue counter', address: 'Moi Avenue 12, Nairobi', fee: 50 }],
};

/** Every demo shop gets SETTINGS, set by the admin as an owner would. */
async function setDelivery(agent, base) {
  const signin = await requestJson(agent, 'POST', `${base}/api/user/signin`, {
    body: { email: 'admin@soko.test', password: 'soko-demo-pass' },
  });
  if (signin.status !== 200) throw new Error(`admin sign-in answered ${signin.status}`);
  const token = signin.body.token;
  const shops = await requestJson(agent, 'GET', `${base}/api/property/shop/getall`, { token });
  for (const shop of shops.body) {
    const saved = await requestJson(
      agent,
      'PUT',
      `${base}/api/property/shop/${shop._id}/delivery`,
      {
        token,
        body: SETTINGS,
      },
    );
    if (saved.status !== 200) {
      throw new Error(`delivery PUT answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    }
  }
}

/** Each offer's total as the server prices it for `county` (asked once, as after a 409). */
async function pricedFor(agent, base, offers, county) {
  const priced = [];
  for (const offer of offers) {
    const probe = await postJson(agent, `${base}/api/order/create`, {
      items: [offer.item],
      totalPrice: 0,
      shipping: 'standard',
      discount: 0,
      county,
    });
    if (probe.status !== 409) throw new Error(`price probe answered ${probe.status}`);
    priced.push({ ...offer, total: probe.body.error.details.expected, county });
  }
  return priced;
}

/** `connections` loops calling `one(agent, n)` for the measured seconds after a warm-up. */
async function drive(pid, one, width = connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: width });
  try {
    const loadAverage = os.loadavg()[0];
    const times = [];
    const statuses = {};
    const measuredFrom = Date.now() + warmupSeconds * 1000;
    const until = measuredFrom + seconds * 1000;
    let cpuFrom = NaN;
    const cpuStart = setTimeout(() => (cpuFrom = cpuMs(pid)), warmupSeconds * 1000);
    let calls = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (Date.now() < until) {
          const n = calls++;
          const began = performance.now();
          const status = await one(agent, n);
          if (Date.now() < measuredFrom) continue;
          times.push(performance.now() - began);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    clearTimeout(cpuStart);
    const cpu = cpuMs(pid) - cpuFrom;
    times.sort((a, b) => a - b);
    return { times, statuses, cpu, loadAverage };
  } finally {
    agent.destroy();
  }
}

/** Quotes at `width` connections: latencies as the client sees them, and the server's CPU. */
async function quote(shop, width) {
  const products = [...new Set(shop.offers.map((offer) => offer.item.productId))];
  const run = await drive(
    shop.pid(),
    async (agent, n) => {
      const productId = products[n % products.length];
      const county = encodeURIComponent(COUNTIES[n % COUNTIES.length]);
      const res = await requestJson(
        agent,
        'GET',
        `${shop.base}/api/delivery/quote?productId=${productId}&county=${county}`,
      );
      return res.status;
    },
    width,
  );
  return {
    connections: width,
    calls: run.times.length,
    perSecond: round(run.times.length / seconds),
    p50: round(percentile(run.times, 50), 2),
    p95: round(percentile(run.times, 95), 2),
    p99: round(percentile(run.times, 99), 2),
    serverCpuMsPerQuote: round(run.cpu / run.times.length, 3),
    statuses: run.statuses,
    loadAverage: round(run.loadAverage, 2),
  };
}

/** autocannon at `width` connections, each cycling through `paths`: client-side latencies. */
async function cannon(base, paths, width, duration, pid) {
  const latencies = [];
  const cpuFrom = pid ? cpuMs(pid) : 0;
  const instance = autocannon({
    url: base,
    connections: width,
    duration,
    pipelining: 1,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const cpu = pid ? cpuMs(pid) - cpuFrom : NaN;
  latencies.sort((a, b) => a - b);
  return {
    connections: width,
    perSecond: round(result.requests.average),
    p50: round(percentile(latencies, 50), 2),
    p95: round(percentile(latencies, 95), 2),
    p99: round(percentile(latencies, 99), 2),
    serverCpuMsPerQuote: pid ? round(cpu / latencies.length, 3) : null,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * The quote and a bare route answering its bytes (no validation, hooks, cache or database), at
 * BENCH_CONNECTIONS and at 10, alternated after a warm-up of each.
 */
async function quoteAgainstBare(shop) {
  const [productId] = shop.offers.map((offer) => offer.item.productId);
  const paths = COUNTIES.map(
    (county) => `/api/delivery/quote?productId=${productId}&county=${encodeURIComponent(county)}`,
  );
  const sample = await fetch(`${shop.base}${paths[0]}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soko-bench-bare-'));
  const fixtures = path.join(dir, 'fixtures.json');
  // One county's answer for every county: the bytes differ by a few characters only.
  writeFileSync(
    fixtures,
    JSON.stringify([
      {
        path: '/api/delivery/quote',
        contentType: sample.headers.get('content-type'),
        body: await sample.text(),
      },
    ]),
  );
  const port = await freePort();
  const bare = await start(
    process.execPath,
    ['bench/bare-server.mjs', fixtures, String(port)],
    {},
    /ready/,
  );
  const bareBase = `http://127.0.0.1:${port}`;
  try {
    const rows = [];
    for (const width of [connections, 10]) {
      await cannon(shop.base, paths, width, warmupSeconds, null);
      await cannon(bareBase, paths, width, warmupSeconds, null);
      const soko = await cannon(shop.base, paths, width, seconds, shop.pid());
      const yardstick = await cannon(bareBase, paths, width, seconds, bare.pid);
      rows.push({ soko, bare: yardstick, ratio: round(soko.perSecond / yardstick.perSecond, 2) });
    }
    return rows;
  } finally {
    bare.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function placing(shop, offers) {
  const run = await drive(shop.pid(), async (agent, n) => {
    const offer = offers[n % offers.length];
    const client = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const res = await postJson(
      agent,
      `${shop.base}/api/order/create`,
      {
        items: [offer.item],
        totalPrice: offer.total,
        shipping: 'standard',
        discount: 0,
        ...(offer.county ? { county: offer.county } : {}),
      },
      client,
    );
    return res.status;
  });
  const placed = run.statuses[201] ?? 0;
  return { placed, cpu: run.cpu, statuses: run.statuses, loadAverage: run.loadAverage };
}

const summed = (runs) => {
  const placed = runs.reduce((s, r) => s + r.placed, 0);
  const cpu = runs.reduce((s, r) => s + r.cpu, 0);
  return {
    rounds: runs.length,
    placed,
    ordersPerSecond: round(placed / (seconds * runs.length)),
    cpuMsPerOrder: round(cpu / placed, 3),
    failed: runs.reduce(
      (s, r) => s + Object.entries(r.statuses).reduce((t, [k, v]) => t + (k === '201' ? 0 : v), 0),
      0,
    ),
    loadAverage: round(Math.max(...runs.map((r) => r.loadAverage)), 2),
  };
};

async function measure(kind) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const shop = await startStockedShop(kind, {
    payOnOrder: false,
    stock: 1_000_000,
    adminUrl,
    agent,
  });
  try {
    const result = { database: kind };
    const plain = shop.offers;
    let priced = null;
    const without = [];
    const withSettings = [];
    if (only !== 'quote') {
      // Rounds in the order without, with, with, without... and the server started afresh
      // before each, so neither kind gets the warmer process or the larger database alone.
      for (let i = 0; i < rounds * 2; i++) {
        const withDelivery = i % 4 === 1 || i % 4 === 2;
        if (withDelivery && only === 'without') continue;
        await clearDelivery(shop);
        if (withDelivery) {
          await setDelivery(agent, shop.base);
          priced = await pricedFor(agent, shop.base, plain, 'Kisumu');
          withSettings.push(await placing(shop, priced));
        } else {
          without.push(await placing(shop, plain));
        }
      }
      const a = summed(without);
      const b = withSettings.length > 0 ? summed(withSettings) : null;
      result.placing = {
        without: a,
        withSettings: b,
        cpuChangePercent: b
          ? round(((b.cpuMsPerOrder - a.cpuMsPerOrder) / a.cpuMsPerOrder) * 100)
          : null,
      };
    }
    if (only !== 'placing' && only !== 'without') {
      if (!priced) await setDelivery(agent, shop.base);
      // At 50 connections a quote waits behind the others on one event loop; at one, the
      // latency is the quote's own.
      result.quote = [await quote(shop, connections), await quote(shop, 1)];
      result.quoteAgainstBare = await quoteAgainstBare(shop);
    }
    return result;
  } finally {
    agent.destroy();
    await shop.stop('SIGTERM');
    await shop.cleanup();
  }
}

/**
 * No settings, and the server started afresh: a row with the spec's figures would still be
 * priced as settings, so the shops' rows are deleted with the server stopped (PGlite's folder
 * opens in one process only).
 */
async function clearDelivery(shop) {
  await shop.stop('SIGTERM');
  // An older build (BENCH_SERVER) has no delivery settings to clear: it is only restarted.
  if (!process.env.BENCH_SERVER) {
    const sql = await shop.direct();
    await sql.query('delete from shop_delivery');
    await sql.close();
  }
  await shop.restart();
}

function toMarkdown(results) {
  const lines = [
    `Delivery on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version}, ${new Date().toISOString()}`,
    '',
  ];
  const quotes = results.filter((r) => r.quote);
  if (quotes.length > 0) {
    lines.push(
      `| quote, ${seconds} s | connections | calls/s | p50 ms | p95 ms | p99 ms | server CPU ms per quote | statuses | load average |`,
      '|---|---|---|---|---|---|---|---|---|',
      ...quotes.flatMap((r) =>
        r.quote.map(
          (q) =>
            `| ${r.database} | ${q.connections} | ${q.perSecond} | ${q.p50} | ${q.p95} | ${q.p99} | ${q.serverCpuMsPerQuote} | ${JSON.stringify(q.statuses)} | ${q.loadAverage} |`,
        ),
      ),
      '',
    );
  }
  const against = results.filter((r) => r.quoteAgainstBare);
  if (against.length > 0) {
    lines.push(
      `| quote with autocannon, ${seconds} s | connections | Soko calls/s | bare calls/s | ratio | Soko p50 / p95 / p99 ms | bare p50 / p95 / p99 ms | server CPU ms per quote |`,
      '|---|---|---|---|---|---|---|---|',
      ...against.flatMap((r) =>
        r.quoteAgainstBare.map(
          ({ soko, bare, ratio }) =>
            `| ${r.database} | ${soko.connections} | ${soko.perSecond} | ${bare.perSecond} | ${ratio} | ${soko.p50} / ${soko.p95} / ${soko.p99} | ${bare.p50} / ${bare.p95} / ${bare.p99} | ${soko.serverCpuMsPerQuote} |`,
        ),
      ),
      '',
    );
  }
  const placings = results.filter((r) => r.placing);
  if (placings.length > 0) {
    lines.push(
      `| placing, ${connections} connections, ${rounds} × ${seconds} s each | orders/s | server CPU ms per order | failed | load average |`,
      '|---|---|---|---|---|',
      ...placings.flatMap((r) =>
        [
          [`${r.database}, no delivery settings`, r.placing.without],
          [`${r.database}, settings, priced for a county`, r.placing.withSettings],
        ]
          .filter(([, m]) => m)
          .map(
            ([name, m]) =>
              `| ${name} | ${m.ordersPerSecond} | ${m.cpuMsPerOrder} | ${m.failed} | ${m.loadAverage} |`,
          ),
      ),
      '',
      ...placings
        .filter((r) => r.placing.withSettings)
        .map(
          (r) =>
            `CPU per order with settings, ${r.database}: ${r.placing.cpuChangePercent > 0 ? '+' : ''}${r.placing.cpuChangePercent} %.`,
        ),
    );
  }
  return lines.join('\n');
}

try {
  const results = [await measure('pglite')];
  if (adminUrl) results.push(await measure('postgres'));
  else process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  writeFileSync(
    path.join(root, 'bench', process.env.BENCH_RESULTS_FILE ?? 'delivery-results.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  process.stdout.write(`${toMarkdown(results)}\n`);
} finally {
  for (const child of children) child.kill('SIGKILL');
}
