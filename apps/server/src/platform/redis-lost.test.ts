// A Redis that goes away (restart, failover, a dropped connection) is logged in the server's
// own structured log while ioredis reconnects, and the shop keeps answering. Needs a Redis
// (TEST_REDIS_URL; .ci/run sets it): the connection runs through a proxy the test can cut.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('a lost Redis', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  const lines: string[] = [];
  const consoleErrors = vi.spyOn(console, 'error');

  beforeAll(async () => {
    const target = new URL(redisUrl as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp({
      env: { REDIS_URL: target.toString(), LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    consoleErrors.mockRestore();
  });

  it('is logged as a warning while it reconnects, and the shop keeps answering', async () => {
    expect(proxy.open()).toBeGreaterThanOrEqual(2);
    proxy.refuse(true);
    proxy.cutAll();
    const deadline = Date.now() + 10_000;
    while (!lines.some((line) => line.includes('Redis error')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const logged = lines.filter((line) => line.includes('Redis error'));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.parse(logged[0] as string)).toMatchObject({ level: 40 });
    const unheard = consoleErrors.mock.calls.filter((call) =>
      String(call[0]).includes('Unhandled error event'),
    );
    expect(unheard).toEqual([]);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);

    proxy.refuse(false);
    const back = Date.now() + 15_000;
    while (proxy.open() < 2 && Date.now() < back) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(proxy.open()).toBeGreaterThanOrEqual(2);
  });

  it('leaves no promise rejected unheard when connections drop in the middle of their handshake', async () => {
    const unheard: unknown[] = [];
    const listen = (reason: unknown) => void unheard.push(reason);
    process.on('unhandledRejection', listen);
    try {
      // Each round cuts the connections ioredis has just opened, while it is still greeting
      // the server, and refuses its next try: a Redis restart or failover catching a client
      // that was reconnecting. What it had sent is then failed (maxRetriesPerRequest).
      for (let round = 0; round < 6; round += 1) {
        const opened = proxy.connections();
        const until = Date.now() + 5_000;
        while (proxy.connections() === opened && Date.now() < until) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        proxy.refuse(true);
        proxy.cutAll();
        await new Promise((resolve) => setTimeout(resolve, 400));
        proxy.refuse(false);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(unheard).toEqual([]);
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
