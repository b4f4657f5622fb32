// `npm run bench` (last part): the outbox of issue 30 against a real SMTP server on loopback
// (npm smtp-server, in a process of its own, bench/smtp-inbox.mjs, which counts what it
// receives by Message-ID and by recipient and notes when each mail arrived), on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL; skipped without one). Three measures, on one fresh database:
//
//   drain       BENCH_DRAIN_MESSAGES (10000) `queued` email rows are inserted at once while two
//               server processes with SMTP_URL set run on the database; the time from the
//               insert's commit until the last of them reached the SMTP server, the mails a
//               second, duplicates (a Message-ID received twice) and lost (a row not `sent`,
//               or sent but never received). The start includes the wait for the workers' next
//               poll (every 2 s), as in production.
//   latency     BENCH_SHOPPERS (50) shoppers place pay-on-delivery orders (create + final
//               checkout, one after another) for BENCH_SECONDS (10) after BENCH_WARMUP_SECONDS
//               (2) against one server with SMTP_URL set; for each order checked out in the
//               measured seconds, the time from its checkout's 200 to the arrival of its "Your
//               … order <number>" mail: p50, p95, p99 and how many never came
//               (BENCH_MAIL_WAIT_SECONDS, 60, after the load ends). Each shopper orders again
//               at once, or after BENCH_PAUSE_MS (0). BENCH_ONLY=latency measures only this
//               and prints its JSON (bench/messages-results.json is left as it is).
//   cpu         the server's CPU time (/proc/<pid>/stat, as order-costs.mjs) per order checked
//               out, with SMTP_URL set (the follower writes each order's mails `queued` and the
//               outbox sends them) against unset (the follower writes the same rows `held`, and
//               nothing is sent): BENCH_CPU_ROUNDS (3) alternating pairs of runs of the load
//               above, each after a restart and a warm-up, its CPU counted from the load's start
//               until every event was followed and (with SMTP) every mail sent. Held rows are
//               deleted after each run without SMTP, so the next run's outbox does not send them.
//               Then the same mails through nodemailer alone (a process of its own sending copies
//               of an order mail to the same inbox, BENCH_CHANNEL_MAILS, 4000), and one more run
//               with SMTP set under V8's profiler (bench/profile.mjs): the share of the server's
//               CPU in the SMTP conversation, the outbox's own code, the event follower and the
//               rest. BENCH_ONLY=cpu runs only these.
//
// Prints a Markdown report and writes bench/messages-results.json.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { children, cpuMs, freePort, percentile, postgresCpuMs, root, round } from './lib.mjs';
import { cpuShares } from './profile.mjs';
import {
  DELIVERY_FORM,
  postJson,
  serverEnv,
  startServer,
  startStockedShop,
  stop,
} from './shop.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 50);
const drainCount = Number(process.env.BENCH_DRAIN_MESSAGES ?? 10_000);
const cpuRounds = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const mailWaitSeconds = Number(process.env.BENCH_MAIL_WAIT_SECONDS ?? 60);
// Each shopper's pause after an order (0: the next at once, a closed loop at the server's pace).
const pauseMs = Number(process.env.BENCH_PAUSE_MS ?? 0);
// `latency` measures only the checkout to mail (for a run with a pause).
const only = process.env.BENCH_ONLY;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const MAIL_FROM = 'shop@soko.test';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The loopback SMTP server (bench/smtp-inbox.mjs, a process of its own): every mail's Message-ID,
 * recipients, and the arrival of each order's first mail, on this process's clock
 * (performance.now()).
 */
async function startInbox() {
  const inbox = {
    received: 0,
    /** Message-ID → times received. */
    byId: new Map(),
    /** Recipient → mails received. */
    byRecipient: new Map(),
    /** Order number → arrival (performance.now()) of its first "Your … order <number>" mail. */
    orderMail: new Map(),
    /** Arrival of the last mail. */
    lastAt: 0,
  };
  const child = fork(path.join(root, 'bench', 'smtp-inbox.mjs'), [], { stdio: 'inherit' });
  children.push(child);
  const port = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the SMTP inbox exited with ${code}`)));
    child.on('message', (event) => {
      if (event.type === 'ready') {
        resolve(event.port);
        return;
      }
      const at = event.at - performance.timeOrigin;
      const id = event.id ?? `(none ${inbox.received})`;
      inbox.received++;
      inbox.lastAt = at;
      inbox.byId.set(id, (inbox.byId.get(id) ?? 0) + 1);
      for (const address of event.recipients) {
        inbox.byRecipient.set(address, (inbox.byRecipient.get(address) ?? 0) + 1);
      }
      const order = /^Your .* order (\S+)$/.exec(event.subject);
      if (order && !inbox.orderMail.has(order[1])) inbox.orderMail.set(order[1], at);
    });
  });
  child.removeAllListeners('exit');
  inbox.url = `smtp://127.0.0.1:${port}`;
  inbox.close = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.disconnect();
    });
  return inbox;
}

async function query(databaseUrl, text, params) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** (b) Two processes drain `drainCount` queued rows into the SMTP server. */
async function drain(shop, inbox, smtpEnv) {
  const port = await freePort();
  const second = await startServer({
    ...serverEnv(port, `${shop.dataDir}-second`, shop.databaseUrl),
    ...smtpEnv,
  });
  try {
    const pids = [shop.pid(), second.pid];
    const idsBefore = new Set(inbox.byId.keys());
    const loadAverage = os.loadavg()[0];
    const cpuFrom = pids.map(cpuMs);
    const databaseFrom = postgresCpuMs();
    // One statement, so every row is committed (and due) at the same instant.
    const rows = await query(
      shop.databaseUrl,
      `insert into messages (channel, kind, recipient, sender_name, subject, body, status, give_up_at)
       select 'email', 'order_received', 'drain-' || g || '@example.com', 'Soko',
              'Bench drain ' || g, 'Message ' || g || ' of the drain benchmark.', 'queued',
              now() + interval '1 day'
         from generate_series(1, $1::int) g
       returning id`,
      [drainCount],
    );
    const began = performance.now();
    const domain = MAIL_FROM.split('@')[1];
    const expected = rows.map((row) => `<${row.id}@${domain}>`);
    const arrived = () => expected.filter((id) => inbox.byId.has(id)).length;
    let firstAt = NaN;
    const deadline = Date.now() + 600_000;
    for (;;) {
      const count = arrived();
      if (count > 0 && Number.isNaN(firstAt)) firstAt = performance.now();
      if (count === expected.length || Date.now() > deadline) break;
      await sleep(50);
    }
    const endedAt = inbox.lastAt;
    const cpu = pids.map((pid, i) => cpuMs(pid) - cpuFrom[i]);
    const databaseCpu = postgresCpuMs() - databaseFrom;
    // Late copies would show as duplicates: give them a moment.
    await sleep(3000);
    const [states] = await query(
      shop.databaseUrl,
      `select count(*) filter (where status = 'sent')::int as sent,
              count(*) filter (where status <> 'sent')::int as unsent,
              count(*) filter (where attempts > 1)::int as retried
         from messages where subject like 'Bench drain %'`,
    );
    const duplicates = expected.reduce(
      (n, id) => n + Math.max(0, (inbox.byId.get(id) ?? 0) - 1),
      0,
    );
    const missing = expected.filter((id) => !inbox.byId.has(id)).length;
    const drainRecipients = [...inbox.byRecipient.keys()].filter((r) => r.startsWith('drain-'));
    const seconds = (endedAt - began) / 1000;
    return {
      messages: drainCount,
      processes: 2,
      seconds: round(seconds, 2),
      perSecond: round(drainCount / seconds),
      // From the first mail's arrival (the workers' poll is not counted).
      secondsFromFirstMail: round((endedAt - firstAt) / 1000, 2),
      received: expected.reduce((n, id) => n + (inbox.byId.get(id) ?? 0), 0),
      otherMailsMeanwhile: [...inbox.byId.keys()].filter(
        (id) => !idsBefore.has(id) && !expected.includes(id),
      ).length,
      duplicates,
      missing,
      recipients: drainRecipients.length,
      sentRows: states.sent,
      unsentRows: states.unsent,
      retriedRows: states.retried,
      lost: Math.max(missing, states.unsent),
      serverCpuMs: cpu.map((ms) => round(ms)),
      serverCpuMsPerMessage: round(cpu.reduce((a, b) => a + b, 0) / drainCount, 3),
      postgresCpuMsPerMessage: round(databaseCpu / drainCount, 3),
      loadAverage: round(loadAverage, 2),
    };
  } finally {
    await stop(second, 'SIGTERM');
  }
}

/**
 * `shoppers` shoppers place and check out orders for `runSeconds`; answers the checkouts answered
 * 200 (order number and when), and the failures.
 */
async function orderLoad(shop, runSeconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: shoppers });
  const confirmed = [];
  let failed = 0;
  let n = 0;
  const until = Date.now() + runSeconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: shoppers }, async () => {
        while (Date.now() < until) {
          const i = n++;
          const client = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
          const offer = shop.offers[Math.floor(Math.random() * shop.offers.length)];
          const created = await postJson(
            agent,
            `${shop.base}/api/order/create`,
            { items: [offer.item], totalPrice: offer.total, shipping: 'standard', discount: 0 },
            client,
          );
          if (created.status !== 201) {
            if (failed === 0)
              process.stderr.write(`create: ${created.status} ${JSON.stringify(created.body)}\n`);
            failed++;
            continue;
          }
          const checkout = await postJson(
            agent,
            `${shop.base}/api/order/checkout`,
            {
              ...DELIVERY_FORM,
              orderId: created.body._id,
              totalPrice: created.body.totalPrice,
              shipping: 'standard',
              discount: 0,
            },
            client,
          );
          const at = performance.now();
          if (checkout.status !== 200) {
            if (failed === 0)
              process.stderr.write(
                `checkout: ${checkout.status} ${JSON.stringify(checkout.body)}\n`,
              );
            failed++;
            continue;
          }
          confirmed.push({ number: checkout.body?.orderId ?? created.body.orderId, at });
          if (pauseMs > 0) await sleep(pauseMs);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { confirmed, failed };
}

/** Waits until every order event is followed and, when `sending`, every email is settled. */
async function settled(shop, sending, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await query(
      shop.databaseUrl,
      `select (select count(*) from order_events where followed_at is null)::int as events,
              (select count(*) from messages where channel = 'email'
                  and status in ('queued', 'sending'))::int as mails`,
    );
    if (row.events === 0 && (!sending || row.mails === 0)) return;
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(row)}`);
    await sleep(100);
  }
}

/** (c) From a checkout's 200 to its shopper's mail, with `shoppers` ordering. */
async function latency(shop, inbox) {
  const loadAverage = os.loadavg()[0];
  await orderLoad(shop, warmupSeconds);
  const { confirmed, failed } = await orderLoad(shop, seconds);
  const deadline = Date.now() + mailWaitSeconds * 1000;
  while (Date.now() < deadline && confirmed.some((o) => !inbox.orderMail.has(o.number))) {
    await sleep(100);
  }
  const times = confirmed
    .filter((o) => inbox.orderMail.has(o.number))
    .map((o) => inbox.orderMail.get(o.number) - o.at)
    .sort((a, b) => a - b);
  const under2s = times.filter((t) => t < 2000).length;
  return {
    shoppers,
    seconds,
    pauseMs,
    orders: confirmed.length,
    ordersPerSecond: round(confirmed.length / seconds),
    failed,
    mails: times.length,
    neverArrived: confirmed.length - times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) ?? NaN),
    under2sShare: round((under2s / Math.max(1, confirmed.length)) * 100),
    loadAverage: round(loadAverage, 2),
  };
}

/**
 * (a) What the SMTP conversation itself costs, outbox aside: a process of its own sends
 * `channelMails` copies of a real order mail (read from the database) through nodemailer with the
 * server's transport settings (pooled, SMTP_POOL_SIZE connections, rounds of 100 as the worker
 * hands them over) to the same inbox; its CPU time a mail, after a warm-up.
 */
const channelMails = Number(process.env.BENCH_CHANNEL_MAILS ?? 4000);
async function channelCost(shop, inbox) {
  const [mail] = await query(
    shop.databaseUrl,
    `select sender_name, subject, body from messages
      where kind = 'order_received' and channel = 'email' limit 1`,
  );
  if (!mail) throw new Error('no order mail to copy');
  const script = `
    import nodemailer from 'nodemailer';
    const [url, from, senderName, subject, body, total, poolSize] = process.argv.slice(1);
    const transport = nodemailer.createTransport({ url, pool: true, maxConnections: Number(poolSize), maxMessages: 100 });
    let n = 0;
    const send = () => transport.sendMail({
      from: { name: senderName, address: from }, to: 'channel-' + n + '@example.com', subject, text: body,
      messageId: '<channel-' + n++ + '@soko.test>', headers: { 'Auto-Submitted': 'auto-generated' },
    });
    const rounds = async (count) => { for (let i = 0; i < count; i += 100) await Promise.all(Array.from({ length: Math.min(100, count - i) }, send)); };
    await rounds(500);
    const from0 = process.cpuUsage();
    await rounds(Number(total));
    const used = process.cpuUsage(from0);
    process.stdout.write(String((used.user + used.system) / 1000 / Number(total)));
    transport.close();`;
  // Not execFileSync: the inbox the child sends to runs in this process.
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      script,
      inbox.url,
      MAIL_FROM,
      mail.sender_name,
      mail.subject,
      mail.body,
      String(channelMails),
      process.env.SMTP_POOL_SIZE ?? '30',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  return { mails: channelMails, cpuMsPerMail: round(Number(stdout), 3) };
}

/** Where the server's CPU goes, sending included (bench/profile.mjs): the first group wins. */
const CPU_GROUPS = [
  { name: 'smtp', test: (frame) => frame.url.includes('/node_modules/nodemailer/') },
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

/**
 * (a) The same load with SMTP set under the profiler, from the load's start until all is sent:
 * the share of the main thread's CPU in the outbox's own code (claiming, recording, waking,
 * handing mails to the mail thread), in the event follower (reading orders, writing their
 * messages) and the rest (taking the orders). The SMTP conversation runs on the mail thread
 * (email.ts), which this profile does not see: its cost is the channel figure above; a frame of
 * nodemailer on the main thread would count as `smtp`.
 */
async function profiledRun(shop, smtpEnv) {
  const file = path.join(os.tmpdir(), `soko-messages-${process.pid}.cpuprofile`);
  rmSync(file, { force: true });
  await shop.restart({ ...smtpEnv, BENCH_PROFILE_FILE: file });
  await orderLoad(shop, warmupSeconds);
  await settled(shop, true);
  process.kill(shop.pid(), 'SIGUSR2');
  const { confirmed } = await orderLoad(shop, seconds);
  await settled(shop, true);
  process.kill(shop.pid(), 'SIGUSR2');
  for (let waited = 0; !existsSync(file); waited += 100) {
    if (waited > 60_000) throw new Error('the server wrote no profile');
    await sleep(100);
  }
  await sleep(500); // written in one call, but let it land
  const { busyMs, ms } = cpuShares(file, CPU_GROUPS);
  rmSync(file, { force: true });
  const ordering = ms.rest + ms.follower;
  const perOrder = (value) => round(value / confirmed.length, 3);
  return {
    orders: confirmed.length,
    busyMsPerOrder: perOrder(busyMs),
    msPerOrder: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, perOrder(v)])),
    // Each as a share of what taking the orders and writing their messages cost.
    smtpPercent: round((ms.smtp / ordering) * 100),
    outboxPercent: round((ms.outbox / ordering) * 100),
    followerPercent: round((ms.follower / ms.rest) * 100),
  };
}

/** (a) One run: the server's CPU per order from the load's start until all is settled. */
async function cpuRun(shop, smtpEnv, sending) {
  await shop.restart(sending ? smtpEnv : {});
  await orderLoad(shop, warmupSeconds);
  await settled(shop, sending);
  const loadAverage = os.loadavg()[0];
  const began = performance.now();
  const from = cpuMs(shop.pid());
  const databaseFrom = postgresCpuMs();
  const sentEmails = async () =>
    (
      await query(
        shop.databaseUrl,
        `select count(*)::int as n from messages where channel = 'email' and status = 'sent'`,
      )
    )[0].n;
  const sentBefore = await sentEmails();
  const { confirmed, failed } = await orderLoad(shop, seconds);
  await settled(shop, sending);
  const cpu = cpuMs(shop.pid()) - from;
  const databaseCpu = postgresCpuMs() - databaseFrom;
  const [counts] = await query(
    shop.databaseUrl,
    `select count(*) filter (where status = 'held')::int as held,
            count(*) filter (where status = 'sent')::int as sent
       from messages`,
  );
  // Held rows would be sent by the next run's outbox: out of its way.
  if (!sending) await query(shop.databaseUrl, `delete from messages where status = 'held'`);
  return {
    smtp: sending,
    orders: confirmed.length,
    failed,
    ordersPerSecond: round(confirmed.length / seconds),
    wallSeconds: round((performance.now() - began) / 1000, 2),
    serverCpuMsPerOrder: round(cpu / confirmed.length, 2),
    mailsSentPerOrder: round(((await sentEmails()) - sentBefore) / confirmed.length, 2),
    postgresCpuMsPerOrder: round(databaseCpu / confirmed.length, 2),
    heldRows: counts.held,
    sentRows: counts.sent,
    loadAverage: round(loadAverage, 2),
  };
}

async function measure() {
  const inbox = await startInbox();
  const smtpEnv = { SMTP_URL: inbox.url, MAIL_FROM };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const shop = await startStockedShop('postgres', {
    payOnOrder: false,
    stock: Number(process.env.BENCH_STOCK ?? 1000),
    adminUrl,
    agent,
    env: smtpEnv,
  });
  agent.destroy();
  if (process.env.BENCH_DEBUG) {
    for (const child of children) child.stdout.on('data', (d) => process.stderr.write(d));
    for (const child of children) child.stderr.on('data', (d) => process.stderr.write(d));
  }
  try {
    const uptimeBefore = os.loadavg().map((l) => round(l, 2));
    if (only === 'latency') return { latency: await latency(shop, inbox), pauseMs };
    // BENCH_ONLY=cpu: the (a) runs only, for a rerun on a quiet host.
    const cpuOnly = only === 'cpu';
    let drained;
    let late;
    if (!cpuOnly) {
      process.stderr.write('drain...\n');
      drained = await drain(shop, inbox, smtpEnv);
      process.stderr.write(`${JSON.stringify(drained)}\nlatency...\n`);
      late = await latency(shop, inbox);
      process.stderr.write(`${JSON.stringify(late)}\ncpu...\n`);
    }
    const runs = [];
    for (let i = 0; i < cpuRounds; i++) {
      for (const sending of i % 2 === 0 ? [true, false] : [false, true]) {
        const run = await cpuRun(shop, smtpEnv, sending);
        process.stderr.write(`${JSON.stringify(run)}\n`);
        runs.push(run);
      }
    }
    const mean = (list, key) => list.reduce((s, r) => s + r[key], 0) / list.length;
    const withSmtp = runs.filter((r) => r.smtp);
    const without = runs.filter((r) => !r.smtp);
    const cpu = {
      runs,
      withSmtpMsPerOrder: round(mean(withSmtp, 'serverCpuMsPerOrder'), 2),
      withoutMsPerOrder: round(mean(without, 'serverCpuMsPerOrder'), 2),
    };
    cpu.addedPercent = round((cpu.withSmtpMsPerOrder / cpu.withoutMsPerOrder - 1) * 100);
    // What the same mails cost nodemailer alone, in a process that does nothing else: beside the
    // difference above, it says how much of sending's cost is the SMTP conversation itself.
    process.stderr.write('channel...\n');
    cpu.channel = await channelCost(shop, inbox);
    cpu.mailsPerOrder = round(mean(withSmtp, 'mailsSentPerOrder'), 2);
    cpu.smtpMsPerOrder = round(cpu.mailsPerOrder * cpu.channel.cpuMsPerMail, 2);
    process.stderr.write('profile...\n');
    cpu.profile = await profiledRun(shop, smtpEnv);
    process.stderr.write(`${JSON.stringify(cpu.profile)}\n`);
    return {
      database: 'postgres',
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      node: process.version,
      loadAverageBefore: uptimeBefore,
      loadAverageAfter: os.loadavg().map((l) => round(l, 2)),
      drain: drained,
      latency: late,
      cpu,
    };
  } finally {
    await shop.stop('SIGTERM');
    await shop.cleanup();
    await inbox.close();
  }
}

function toMarkdown(r) {
  const d = r.drain;
  const l = r.latency;
  return [
    `Messages on PostgreSQL (${r.machine}, Node ${r.node}; load average ${r.loadAverageBefore.join(', ')} before, ${r.loadAverageAfter.join(', ')} after)`,
    '',
    `Drain: ${d.messages} queued mails, ${d.processes} processes: ${d.seconds} s, ${d.perSecond} a second (${d.secondsFromFirstMail} s from the first mail); ${d.duplicates} duplicates, ${d.lost} lost (${d.missing} not received, ${d.unsentRows} rows not sent, ${d.retriedRows} retried); server CPU ${d.serverCpuMsPerMessage} ms a mail (both processes), PostgreSQL ${d.postgresCpuMsPerMessage} ms`,
    '',
    `Checkout to mail, ${l.shoppers} shoppers ordering for ${l.seconds} s: ${l.orders} orders (${l.ordersPerSecond}/s, ${l.failed} failed), ${l.mails} mails: p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, max ${l.max} ms; ${l.neverArrived} never arrived`,
    '',
    '| run | SMTP | orders | orders/s | server CPU ms/order | PostgreSQL CPU ms/order (all databases) | wall s | load average |',
    '|---|---|---|---|---|---|---|---|',
    ...r.cpu.runs.map(
      (run, i) =>
        `| ${i + 1} | ${run.smtp ? 'set' : 'unset'} | ${run.orders} | ${run.ordersPerSecond} | ${run.serverCpuMsPerOrder} | ${run.postgresCpuMsPerOrder} | ${run.wallSeconds} | ${run.loadAverage} |`,
    ),
    '',
    `Server CPU per order: ${r.cpu.withSmtpMsPerOrder} ms with SMTP set, ${r.cpu.withoutMsPerOrder} ms without: ${r.cpu.addedPercent} % added by sending.`,
    '',
    `Profiled run with SMTP set, main thread (${r.cpu.profile.orders} orders, ${r.cpu.profile.busyMsPerOrder} ms of busy CPU an order under the profiler): nodemailer ${r.cpu.profile.msPerOrder.smtp} ms an order (${r.cpu.profile.smtpPercent} %; it runs on the mail thread), the outbox's own code ${r.cpu.profile.msPerOrder.outbox} ms (${r.cpu.profile.outboxPercent} %), the event follower ${r.cpu.profile.msPerOrder.follower} ms (${r.cpu.profile.followerPercent} % of taking the orders), taking the orders ${r.cpu.profile.msPerOrder.rest} ms.`,
    '',
    `The same mails through nodemailer alone, in a process of its own (${r.cpu.channel.mails} mails): ${r.cpu.channel.cpuMsPerMail} ms a mail, ${r.cpu.smtpMsPerOrder} ms for an order's ${r.cpu.mailsPerOrder}.`,
  ].join('\n');
}

try {
  if (!adminUrl) {
    process.stderr.write('messages skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  } else {
    const result = await measure();
    if (only) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    } else {
      writeFileSync(
        path.join(root, 'bench', 'messages-results.json'),
        `${JSON.stringify(result, null, 2)}\n`,
      );
      process.stdout.write(`${toMarkdown(result)}\n`);
    }
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
}
