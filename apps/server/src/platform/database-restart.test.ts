// PostgreSQL only (vitest.config.ts keeps it out of the PGlite run): the database going away
// under a running server (issue 28). The real server process runs behind a TCP proxy that plays
// the database's crash and restart, so the PostgreSQL other test runs share is never touched; a
// real pg_terminate_backend, of this test's own database's backends only, gives 57P01.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProduct, orderBody } from '../../test/order-fixtures';
import { createScratchDatabase, startServer, type Server } from '../../test/processes';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { openPostgres } from './db';

const UNAVAILABLE = {
  code: 'service_unavailable',
  message: 'The shop is briefly unavailable. Please try again in a moment.',
};
const SHOPPERS = 10;
// Bounds on the shoppers' loop: each stops after this many orders or when told to.
const MAX_ORDERS_PER_SHOPPER = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; body: unknown };

/** Shoppers placing orders one after another until stopped, each answer kept. */
function startShoppers(base: string, body: unknown) {
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  let stopped = false;
  const shopper = async () => {
    for (let n = 0; n < MAX_ORDERS_PER_SHOPPER && !stopped; n++) {
      let answer: Answer;
      try {
        const res = await fetch(`${base}/api/order/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        answer = { status: res.status, body: await res.json() };
      } catch (error) {
        // No HTTP answer at all: the server died or hung. Kept as status 0 and asserted on.
        answer = { status: 0, body: String(error) };
      }
      answers.push(answer);
      if (answer.status === 201) acknowledged.push((answer.body as { _id: string })._id);
      // A shopper told to try again in a moment waits a moment.
      else await sleep(100);
    }
  };
  const running = Promise.all(Array.from({ length: SHOPPERS }, shopper));
  return {
    answers,
    acknowledged,
    /** Waits (at most `ms`) until `more` orders beyond those acknowledged now are acknowledged. */
    async acknowledgedMore(more: number, ms = 30_000) {
      const target = acknowledged.length + more;
      const deadline = Date.now() + ms;
      while (acknowledged.length < target && Date.now() < deadline && !stopped) await sleep(50);
      return acknowledged.length >= target;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** Which of `ids` are orders in the database. */
async function ordersFound(url: string, ids: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      'select count(*)::int as n from orders where id = any($1::uuid[])',
      [ids],
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

type Setup = {
  server: Server;
  /** What the server wrote to stderr since it started (a crash's stack). */
  stderr: () => string;
  proxy: TcpProxy;
  database: { url: string; name: string; drop: () => Promise<void> };
  dataDir: string;
  body: unknown;
};
let setup: Setup | undefined;

async function startBehindProxy(): Promise<Setup> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const scratch = await createScratchDatabase(adminUrl, 'soko_restart');
  const name = new URL(scratch.url).pathname.slice(1);
  const target = new URL(adminUrl);
  const proxy = await startTcpProxy({
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  const viaProxy = new URL(scratch.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'soko-restart-'));
  const server = await startServer({ DATABASE_URL: viaProxy.toString(), DATA_DIR: dataDir });
  let stderr = '';
  server.child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  // Stock no run of this test can sell out: every refusal seen is the database's absence.
  const direct = await openPostgres(scratch.url, 1);
  try {
    const product = await makeProduct(direct.db, { payOnOrder: false, stock: 100_000 });
    const body = orderBody([{ product, quantity: 1 }]);
    setup = { server, stderr: () => stderr, proxy, database: { ...scratch, name }, dataDir, body };
    return setup;
  } finally {
    await direct.close();
  }
}

afterEach(async () => {
  if (!setup) return;
  const { server, proxy, database, dataDir } = setup;
  setup = undefined;
  server.child.kill('SIGKILL');
  await server.exited;
  await proxy.close();
  await rm(dataDir, { recursive: true, force: true });
  await database.drop();
});

/** The server is still running and takes orders again (`more` of them, within 30 s). */
async function expectResumed(s: Setup, shoppers: ReturnType<typeof startShoppers>, more = 20) {
  const resumed = await shoppers.acknowledgedMore(more);
  expect({ exitCode: s.server.child.exitCode, resumed }, s.stderr()).toEqual({
    exitCode: null,
    resumed: true,
  });
}

/** What every fault must leave: a live process, 201 or a plain 503, and every 201 stored. */
async function expectSurvived(
  { server, database }: Setup,
  shoppers: ReturnType<typeof startShoppers>,
) {
  expect(server.child.exitCode).toBeNull();
  expect(server.child.signalCode).toBeNull();
  const statuses = new Set(shoppers.answers.map((a) => a.status));
  expect([...statuses].sort()).toEqual([201, 503]);
  for (const answer of shoppers.answers.filter((a) => a.status === 503)) {
    expect(answer.body).toEqual({ error: UNAVAILABLE });
  }
  const health = await fetch(`${server.base}/api/health`);
  expect(health.status).toBe(200);
  expect(await ordersFound(database.url, shoppers.acknowledged)).toBe(shoppers.acknowledged.length);
}

describe('when PostgreSQL goes away under 10 shoppers ordering', () => {
  it('survives a crash and restart of the database: 503 meanwhile, then orders again', async () => {
    const s = await startBehindProxy();
    const shoppers = startShoppers(s.server.base, s.body);
    try {
      await expectResumed(s, shoppers);
      // The database dies (every connection reset at once) and takes two seconds to come back.
      s.proxy.refuse(true);
      s.proxy.cutAll();
      await sleep(2_000);
      const answeredWhileDown = shoppers.answers.length;
      s.proxy.refuse(false);
      await expectResumed(s, shoppers);
      // And once more, while the first recovery's new connections are busy.
      s.proxy.cutAll();
      await expectResumed(s, shoppers);
      expect(answeredWhileDown).toBeGreaterThan(0);
    } finally {
      await shoppers.stop();
    }
    await expectSurvived(s, shoppers);
  }, 120_000);

  it('survives its connections being terminated (57P01): 503 for those, then orders again', async () => {
    const s = await startBehindProxy();
    const shoppers = startShoppers(s.server.base, s.body);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await expectResumed(s, shoppers);
      for (let round = 0; round < 3; round++) {
        // Only this test's own database's backends: the server is shared with other runs.
        const terminated = await admin.query<{ ok: boolean }>(
          `select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid()`,
          [s.database.name],
        );
        expect(terminated.rows.length).toBeGreaterThan(0);
        await expectResumed(s, shoppers);
      }
    } finally {
      await admin.end();
      await shoppers.stop();
    }
    await expectSurvived(s, shoppers);
  }, 120_000);
});
