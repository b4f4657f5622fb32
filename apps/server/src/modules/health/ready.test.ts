// Readiness (decision 052): GET /api/ready on either database, and with a Redis that goes away
// (TEST_REDIS_URL; .ci/run sets it) behind a proxy the test can cut. The database going away is
// in ready-database.test.ts (PostgreSQL only: the embedded database cannot be lost).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 when the database answers and no Redis is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up', redis: 'unset' });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('GET /api/ready with Redis', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    const target = new URL(redisUrl as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp({ env: { REDIS_URL: target.toString() } });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('answers 503 naming Redis while it is away, and 200 again once it is back', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });

    proxy.refuse(true);
    proxy.cutAll();
    const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json().error).toEqual({
      code: 'not_ready',
      message: 'Not ready: Redis does not answer.',
      details: { database: 'up', redis: 'down' },
    });

    proxy.refuse(false);
    let back = 0;
    for (let tries = 0; tries < 60 && back !== 200; tries++) {
      await sleep(250);
      back = (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode;
    }
    expect(back).toBe(200);
  }, 30_000);
});
