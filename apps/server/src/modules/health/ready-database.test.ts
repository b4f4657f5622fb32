// PostgreSQL only (vitest.config.ts keeps it out of the PGlite run: the embedded database lives
// in the process and cannot go away alone). The app reaches its database through a TCP proxy that
// plays the database's crash and restart, as database-restart.test.ts does, so the PostgreSQL
// other runs share is never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import type { App } from '../../platform/context';
import { openPostgres, type Database } from '../../platform/db';
import { createScratchDatabase } from '../../../test/processes';
import { TEST_JWT_SECRET } from '../../../test/settings';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let proxy: TcpProxy;
let scratch: { url: string; drop: () => Promise<void> };
let database: Database;
let app: App;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  scratch = await createScratchDatabase(adminUrl, 'soko_ready');
  const target = new URL(scratch.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  target.hostname = '127.0.0.1';
  target.port = String(proxy.port);
  database = await openPostgres(target.toString(), 4);
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/soko-ready',
    JWT_SECRET: TEST_JWT_SECRET,
  });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  // Not awaited to the end: drizzle-orm 0.45's node-postgres transaction() sends BEGIN outside
  // its try/finally, so a worker's transaction whose connection was cut between checkout and
  // BEGIN never releases its client, and pool.end() waits for it forever (noted in decision 052).
  await Promise.race([database?.close(), sleep(2_000)]);
  await proxy?.close();
  await scratch?.drop();
});

describe('GET /api/ready when PostgreSQL goes away', () => {
  it('answers 503 naming the database while it is down, and 200 again once it is back, without a restart', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    // The database dies (every connection reset) and refuses new ones while it restarts.
    proxy.refuse(true);
    proxy.cutAll();
    const started = Date.now();
    const down = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toEqual({
      code: 'not_ready',
      message: 'Not ready: the database does not answer.',
      details: { database: 'down', redis: 'unset' },
    });

    proxy.refuse(false);
    let back = 0;
    for (let tries = 0; tries < 40 && back !== 200; tries++) {
      back = (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode;
      if (back !== 200) await sleep(250);
    }
    expect(back).toBe(200);
  }, 30_000);
});
