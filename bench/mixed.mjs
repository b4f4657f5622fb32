// `npm run bench:mixed`: a shop's mixed load against two Soko processes behind nginx on
// PostgreSQL, Redis and s3rver (deploy/scale-out.ts, the built server), issue 17.
//
// BENCH_SHOPPERS (50) shoppers each repeat one step after another, picked by weight as a
// shop's traffic goes: the home page, a page of the catalogue, a product (as a page and as its
// data), a search and its suggestions, and one step in ten an order: created, then paid on
// delivery (checkout) or online (the sandbox provider: start, pay, read the status), half each.
// Two phases of BENCH_SECONDS (30) after BENCH_WARMUP_SECONDS (5): browsing only, then the mix,
// so the mix's throughput can be read against browsing's (issue 16 asks for 80% or more).
//
// Every shopper talks to nginx only. One product per kind of shop is scarce (BENCH_SCARCE_STOCK
// units, 30) and every fourth order asks for it, so it sells out during the run and the refusal
// path is measured too; the rest have stock to spare. Afterwards the database is read directly:
//
//   errors     answers other than the expected ones (a 409 for a sold-out product is expected)
//   oversold   units held by live orders beyond a product's starting stock, or stock left that
//              is not the starting stock minus those units
//
// Needs nginx, PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local default) and
// Redis (REDIS_URL or TEST_REDIS_URL, else the local default). Run with tsx (it starts the pair
// from TypeScript); prints a Markdown report and writes bench/mixed-results.json.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { productPath } from '@soko/contract';
import { startScaleOut } from '../deploy/scale-out.ts';
import { cpuMs, percentile, postgresCpuMs, root, round } from './lib.mjs';
import { DELIVERY_FORM } from './shop.mjs';

const shoppers = Number(process.env.BENCH_SHOPPERS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const scarceStock = Number(process.env.BENCH_SCARCE_STOCK ?? 30);
const adminDatabaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A shopper's own connection, from its own loopback address (127.0.1.x): nginx passes that on
 * as the client address, and Soko counts limits and open orders per client, as it would real
 * shoppers on their own phones. From one address, every order would queue on one client's lock.
 */
function shopperAgent(index) {
  const localAddress = `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;
  return { agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), localAddress };
}

/**
 * One HTTP call; answers its status, (JSON only) parsed body and milliseconds. Never throws:
 * status 0 is no answer.
 */
function call(client, base, method, url, body) {
  const began = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent: client.agent,
        localAddress: client.localAddress,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': payload.length }
          : {},
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const isJson = res.headers['content-type']?.startsWith('application/json');
          let parsed = null;
          if (isJson) {
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString());
            } catch {
              parsed = null;
            }
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - began });
        });
      },
    );
    request.on('error', () => resolve({ status: 0, body: null, ms: performance.now() - began }));
    request.end(payload);
  });
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** The catalogue as a shopper sees it, and an order body (the server's own total) per product. */
async function readShop(base, sql) {
  const client = shopperAgent(0);
  const pages = await Promise.all(
    [1, 2].map((page) => call(client, base, 'GET', `/api/listing/getlisting?page=${page}`)),
  );
  const shops = pages.flatMap((page) => page.body);
  const offers = { delivery: [], online: [] };
  for (const shop of shops) {
    for (const product of shop.categories.flatMap((category) => category.products)) {
      const variant = product.variants[0]?._id ?? null;
      const item = {
        name: 'x',
        productId: product._id,
        quantity: 1,
        price: 0,
        selectedVariant: variant,
      };
      const probe = await call(client, base, 'POST', '/api/order/create', {
        items: [item],
        totalPrice: 0,
        shipping: 'standard',
        discount: 0,
      });
      if (probe.status !== 409) throw new Error(`probe answered ${probe.status}`);
      const offer = {
        product,
        variant,
        body: {
          items: [item],
          totalPrice: probe.body.error.details.expected,
          shipping: 'standard',
          discount: 0,
        },
      };
      offers[shop.payonorder ? 'online' : 'delivery'].push(offer);
    }
  }
  // Plenty of everything, then one scarce product (its first variant, or itself) per kind.
  await sql.query('update product_variants set stock = 1000000');
  await sql.query(
    `update products p set stock = coalesce((select sum(stock) from product_variants v where v.product_id = p.id), 1000000)`,
  );
  const scarce = {};
  for (const kind of ['delivery', 'online']) {
    const offer = offers[kind][0];
    if (offer.variant) {
      await sql.query('update product_variants set stock = $1 where id = $2', [
        scarceStock,
        offer.variant,
      ]);
      await sql.query(
        'update products p set stock = (select sum(stock) from product_variants v where v.product_id = p.id) where id = $1',
        [offer.product._id],
      );
    } else {
      await sql.query('update products set stock = $1 where id = $2', [
        scarceStock,
        offer.product._id,
      ]);
    }
    scarce[kind] = offer;
  }
  client.agent.destroy();
  const words = [
    ...new Set(
      offers.delivery
        .concat(offers.online)
        .map((o) => o.product.name.split(/\s+/)[0].toLowerCase()),
    ),
  ];
  return { offers, scarce, words, shops };
}

/** The steps, each a list of calls [name, expected statuses, () => promise of an answer]. */
function steps(base, shop) {
  const allOffers = shop.offers.delivery.concat(shop.offers.online);
  const browse = [
    [
      15,
      'home page',
      async (client) => [['GET / (page)', await call(client, base, 'GET', '/'), [200]]],
    ],
    [
      20,
      'catalogue page',
      async (client) => [
        [
          'GET gellisting',
          await call(
            client,
            base,
            'GET',
            `/api/listing/gellisting?page=${1 + Math.floor(Math.random() * 3)}`,
          ),
          [200],
        ],
      ],
    ],
    [
      15,
      'product page',
      async (client) => {
        const { product } = pick(allOffers);
        return [
          ['GET /product/… (page)', await call(client, base, 'GET', productPath(product)), [200]],
        ];
      },
    ],
    [
      20,
      'product data',
      async (client) => {
        const { product } = pick(allOffers);
        return [
          [
            'GET listing/products/{id}',
            await call(client, base, 'GET', `/api/listing/products/${product._id}`),
            [200],
          ],
        ];
      },
    ],
    [
      15,
      'search',
      async (client) => {
        const word = pick(shop.words);
        return [
          [
            'GET search/get',
            await call(client, base, 'GET', `/api/search/get?query=${encodeURIComponent(word)}`),
            [200],
          ],
        ];
      },
    ],
    [
      5,
      'suggest',
      async (client) => {
        const word = pick(shop.words).slice(0, 3);
        return [
          [
            'GET search/suggest',
            await call(
              client,
              base,
              'GET',
              `/api/search/suggest?query=${encodeURIComponent(word)}`,
            ),
            [200],
          ],
        ];
      },
    ],
  ];
  const order = [
    10,
    'order',
    async (client) => {
      const online = Math.random() < 0.5;
      const kind = online ? 'online' : 'delivery';
      const offer = Math.random() < 0.25 ? shop.scarce[kind] : pick(shop.offers[kind]);
      const created = await call(client, base, 'POST', '/api/order/create', offer.body);
      const results = [['POST order/create', created, [201, 409]]];
      if (created.status !== 201) return results;
      if (!online) {
        const checkout = await call(client, base, 'POST', '/api/order/checkout', {
          ...DELIVERY_FORM,
          orderId: created.body._id,
          totalPrice: created.body.totalPrice,
          shipping: 'standard',
          discount: 0,
        });
        results.push(['POST order/checkout', checkout, [200]]);
        return results;
      }
      const started = await call(client, base, 'POST', '/api/payments/process', {
        orderId: created.body._id,
        formData: DELIVERY_FORM,
      });
      results.push(['POST payments/process', started, [200]]);
      if (started.status !== 200) return results;
      const { trackingId } = started.body;
      results.push([
        'POST sandbox pay',
        await call(client, base, 'POST', `/api/payments/sandbox/${trackingId}/pay`, {}),
        [200],
      ]);
      results.push([
        'GET payments/status',
        await call(client, base, 'GET', `/api/payments/status/${trackingId}`),
        [200],
      ]);
      return results;
    },
  ];
  return { browse, mixed: [...browse, order] };
}

function chooser(weighted) {
  const total = weighted.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let r = Math.random() * total;
    for (const entry of weighted) {
      r -= entry[0];
      if (r < 0) return entry;
    }
    return weighted[weighted.length - 1];
  };
}

/** Runs the shoppers for warm-up plus measured seconds; answers per-call figures. */
async function phase(name, weighted, pids) {
  const choose = chooser(weighted);
  const calls = new Map();
  let measuring = false;
  let stopping = false;
  let steps = 0;
  let orders = 0;
  const clients = Array.from({ length: shoppers }, (_, index) => shopperAgent(index));
  const shopper = async (client) => {
    while (!stopping) {
      const [, stepName, run] = choose();
      const results = await run(client);
      if (!measuring) continue;
      steps++;
      if (stepName === 'order' && results[0][1].status === 201) orders++;
      for (const [callName, answer, expected] of results) {
        const entry = calls.get(callName) ?? { times: [], errors: 0, statuses: {} };
        entry.times.push(answer.ms);
        entry.statuses[answer.status] = (entry.statuses[answer.status] ?? 0) + 1;
        if (!expected.includes(answer.status)) entry.errors++;
        calls.set(callName, entry);
      }
    }
  };
  process.stderr.write(
    `${name}: ${warmupSeconds} s warm-up, ${seconds} s measured, ${shoppers} shoppers\n`,
  );
  const running = clients.map(shopper);
  await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
  measuring = true;
  const cpuBefore = pids.map(cpuMs);
  const pgBefore = postgresCpuMs();
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring = false;
  const elapsedS = (performance.now() - began) / 1000;
  const cpu = pids.map((pid, i) => cpuMs(pid) - cpuBefore[i]);
  const pgCpu = postgresCpuMs() - pgBefore;
  stopping = true;
  await Promise.all(running);
  clients.forEach((client) => client.agent.destroy());
  let requests = 0;
  let errors = 0;
  const perCall = [...calls.entries()].map(([callName, entry]) => {
    const times = entry.times.sort((x, y) => x - y);
    const count = times.length;
    requests += count;
    errors += entry.errors;
    return {
      call: callName,
      count,
      perSecond: round(count / elapsedS),
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      errors: entry.errors,
      statuses: entry.statuses,
    };
  });
  return {
    phase: name,
    seconds: round(elapsedS),
    steps,
    stepsPerSecond: round(steps / elapsedS),
    requestsPerSecond: round(requests / elapsedS),
    ordersPerSecond: round(orders / elapsedS),
    errors,
    serverCpuPercent: cpu.map((ms) => round((ms / 1000 / elapsedS) * 100)),
    postgresCpuPercent: round((pgCpu / 1000 / elapsedS) * 100),
    perCall,
  };
}

/** Units of each scarce product held by live orders (demo orders too), and its stock left. */
async function scarceState(sql, shop) {
  const state = {};
  for (const kind of ['delivery', 'online']) {
    const offer = shop.scarce[kind];
    const { rows } = await sql.query(
      `select coalesce(sum(l.quantity), 0)::int as held,
              (select ${offer.variant ? 'stock from product_variants where id = $2' : 'stock from products where id = $1'}) as stock
         from order_lines l join orders o on o.id = l.order_id
        where l.product_id = $1 ${offer.variant ? 'and l.variant_id = $2' : ''}
          and o.status not in ('expired', 'payment_failed', 'cancelled')`,
      offer.variant ? [offer.product._id, offer.variant] : [offer.product._id],
    );
    state[kind] = { product: offer.product.name, held: rows[0].held, stock: rows[0].stock };
  }
  return state;
}

function oversold(before, after) {
  return Object.keys(after).map((kind) => {
    const held = after[kind].held - before[kind].held;
    return {
      kind,
      product: after[kind].product,
      startingStock: before[kind].stock,
      held,
      stockLeft: after[kind].stock,
      // Units sold past the stock, and any unit the stock lost or gained besides those orders.
      oversold:
        Math.max(0, held - before[kind].stock) +
        Math.abs(before[kind].stock - held - after[kind].stock),
    };
  });
}

const pair = await startScaleOut({
  adminDatabaseUrl,
  redisUrl,
  entry: 'built',
  env: {
    LOG_LEVEL: 'error',
    // Every shopper comes through nginx from 127.0.0.1: one client to the rate limits.
    RATE_LIMIT_ORDERS: '100000000',
    MAX_OPEN_ORDERS_PER_CLIENT: '100000000',
    // The fair limits' per-address and held-units bounds (decision 029), out of the way too.
    RATE_LIMIT_ORDERS_PER_ADDRESS: '100000000',
    MAX_OPEN_ORDERS_PER_ADDRESS: '100000000',
    MAX_HELD_UNITS_PER_SHOP: '100000000',
    HELD_ORDERS_WORTH_PER_PRODUCT: '1000',
    ADDRESS_HOLD_FACTOR: '1000',
    RATE_LIMIT_PUBLIC_WRITES: '100000000',
    RATE_LIMIT_NOTIFICATIONS: '100000000',
  },
});
const sql = new pg.Client({ connectionString: pair.databaseUrl });
try {
  await sql.connect();
  const shop = await readShop(pair.base, sql);
  const { browse, mixed } = steps(pair.base, shop);
  const pids = pair.processes.map((p) => p.child.pid);
  const before = await scarceState(sql, shop);
  const browsing = await phase('browsing only', browse, pids);
  const mixing = await phase('mixed (one step in ten an order)', mixed, pids);
  const sold = oversold(before, await scarceState(sql, shop));
  const results = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, ${round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => round(l, 2))
      .join(' ')}`,
    shoppers,
    browsing,
    mixed: mixing,
    mixedOverBrowsing: round(mixing.requestsPerSecond / browsing.requestsPerSecond, 2),
    oversold: sold,
  };
  writeFileSync(
    path.join(root, 'bench/mixed-results.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  const lines = [`Mixed load against two processes behind nginx (${results.machine})`, ''];
  for (const p of [browsing, mixing]) {
    lines.push(
      `**${p.phase}**: ${p.requestsPerSecond} requests/s, ${p.stepsPerSecond} steps/s, ${p.ordersPerSecond} orders/s, errors ${p.errors}; CPU: processes ${p.serverCpuPercent.join('% / ')}%, PostgreSQL ${p.postgresCpuPercent}%`,
      '',
      '| call | count | per s | p50 ms | p95 ms | errors | statuses |',
      '| ---- | ----: | ----: | -----: | -----: | -----: | -------- |',
      ...p.perCall.map(
        (c) =>
          `| ${c.call} | ${c.count} | ${c.perSecond} | ${c.p50 ?? ''} | ${c.p95 ?? ''} | ${c.errors} | ${JSON.stringify(c.statuses)} |`,
      ),
      '',
    );
  }
  lines.push(`Mixed over browsing throughput: ${results.mixedOverBrowsing}`, '');
  lines.push(
    '| scarce product | starting stock | held by live orders | stock left | oversold |',
    '| --- | ---: | ---: | ---: | ---: |',
  );
  for (const s of sold)
    lines.push(
      `| ${s.kind}: ${s.product} | ${s.startingStock} | ${s.held} | ${s.stockLeft} | ${s.oversold} |`,
    );
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await sql.end().catch(() => {});
  await pair.stop();
}
