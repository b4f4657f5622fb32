// `npm run bench` (third part): online payment through the built-in sandbox provider, on PGlite
// and on PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
//
//  1. Pay to status: a shopper follows a payment on the live channel (socket.io, websocket);
//     the time from sending the sandbox Pay to the `paymentStatus:{trackingId}` event arriving,
//     BENCH_PAY_SAMPLES times, one at a time.
//  2. Notifications applied per second: BENCH_PAYMENTS open payments are paid at once through
//     the sandbox (each verified with the provider and applied in one transaction), 50 at a time;
//     then the same notifications again as Pesapal IPNs (each verified, found already applied).
//     Afterwards the database must hold exactly one applied notification per payment.
//
// Prints a Markdown report and writes bench/payments-results.json.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { children, percentile, root, round } from './lib.mjs';
import { DELIVERY_FORM, postJson, startStockedShop } from './shop.mjs';

const samples = Number(process.env.BENCH_PAY_SAMPLES ?? 30);
const paymentCount = Number(process.env.BENCH_PAYMENTS ?? 400);
const concurrency = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

async function openPayment(base, offers) {
  const offer = offers[Math.floor(Math.random() * offers.length)];
  const order = await postJson(agent, `${base}/api/order/create`, {
    items: [offer.item],
    totalPrice: offer.total,
    shipping: 'standard',
    discount: 0,
  });
  if (order.status !== 201) throw new Error(`order answered ${order.status}`);
  const started = await postJson(agent, `${base}/api/payments/process`, {
    orderId: order.body._id,
    formData: DELIVERY_FORM,
  });
  if (started.status !== 200) throw new Error(`process answered ${started.status}`);
  return { orderId: order.body._id, trackingId: started.body.trackingId };
}

/** Runs `task` over `items`, `limit` at a time; answers the seconds it took. */
async function timed(items, limit, task) {
  const began = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
  return (performance.now() - began) / 1000;
}

async function payToStatus(base, offers) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const { trackingId } = await openPayment(base, offers);
    const socket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { trackingId },
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    // Joining the room happens just after the handshake; let it land first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const event = new Promise((resolve) => socket.once(`paymentStatus:${trackingId}`, resolve));
    const began = performance.now();
    await Promise.all([
      postJson(agent, `${base}/api/payments/sandbox/${trackingId}/pay`, {}),
      event,
    ]);
    times.push(performance.now() - began);
    socket.disconnect();
  }
  return times.sort((a, b) => a - b);
}

async function measure(kind) {
  const shop = await startStockedShop(kind, {
    payOnOrder: true,
    stock: 100_000,
    adminUrl,
    agent,
  });
  try {
    const { base, offers } = shop;
    const latency = await payToStatus(base, offers);

    const open = [];
    await timed(Array.from({ length: paymentCount }), 20, async () => {
      open.push(await openPayment(base, offers));
    });
    const paySeconds = await timed(open, concurrency, async ({ trackingId }) => {
      const res = await postJson(agent, `${base}/api/payments/sandbox/${trackingId}/pay`, {});
      if (res.status !== 200) throw new Error(`pay answered ${res.status}`);
    });
    const repeatSeconds = await timed(open, concurrency, async ({ trackingId }) => {
      const res = await postJson(agent, `${base}/api/payments/ipn/pesapal`, {
        OrderTrackingId: trackingId,
        OrderNotificationType: 'IPNCHANGE',
        OrderMerchantReference: '',
      });
      if (res.status !== 200) throw new Error(`IPN answered ${res.status}`);
    });
    await shop.stop('SIGTERM');

    const sql = await shop.direct();
    const ids = open.map((p) => p.trackingId);
    const [applied] = await sql.query(
      'select count(*)::int as n from payment_events where applied and tracking_id = any($1::text[])',
      [ids],
    );
    const [confirmed] = await sql.query(
      "select count(*)::int as n from orders where status = 'confirmed' and id = any($1::uuid[])",
      [open.map((p) => p.orderId)],
    );
    await sql.close();
    return {
      database: kind,
      payToStatusMs: {
        p50: round(percentile(latency, 50)),
        p95: round(percentile(latency, 95)),
        max: round(latency.at(-1) ?? NaN),
      },
      payments: paymentCount,
      appliedPerSecond: round(paymentCount / paySeconds),
      repeatsPerSecond: round(paymentCount / repeatSeconds),
      appliedOnce: applied.n === paymentCount && confirmed.n === paymentCount,
    };
  } finally {
    await shop.cleanup();
  }
}

function toMarkdown(results) {
  return [
    `Online payment through the sandbox (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version}); ${samples} Pay-to-event samples; ${paymentCount} payments applied ${concurrency} at a time`,
    '',
    '| database | Pay → status event p50 ms | p95 ms | max ms | notifications applied/s | repeats (no-op) /s | each applied once |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.payToStatusMs.p50} | ${r.payToStatusMs.p95} | ${r.payToStatusMs.max} | ${r.appliedPerSecond} | ${r.repeatsPerSecond} | ${r.appliedOnce ? 'yes' : 'NO'} |`,
    ),
  ].join('\n');
}

try {
  const results = [await measure('pglite')];
  if (adminUrl) results.push(await measure('postgres'));
  else process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  writeFileSync(
    path.join(root, 'bench', 'payments-results.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  process.stdout.write(`${toMarkdown(results)}\n`);
  if (results.some((r) => !r.appliedOnce)) process.exitCode = 1;
} finally {
  agent.destroy();
  for (const child of children) child.kill('SIGKILL');
}
