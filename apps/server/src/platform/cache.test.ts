import { productListResponseSchema, productSchema, type Product } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { ResponseCache } from './cache';

describe('ResponseCache', () => {
  it('serves a stored body until a write drops one of its tags', async () => {
    const cache = new ResponseCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect((await cache.get('k', ['a'], load)).body).toBe('{"n":1}');
    expect((await cache.get('k', ['a'], load)).body).toBe('{"n":1}');
    cache.invalidate(['b']);
    expect((await cache.get('k', ['a'], load)).body).toBe('{"n":1}');
    cache.invalidate(['a']);
    expect((await cache.get('k', ['a'], load)).body).toBe('{"n":2}');
  });

  it('loads once for concurrent requests of one key', async () => {
    const cache = new ResponseCache();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return loads;
    };
    await Promise.all(Array.from({ length: 10 }, () => cache.get('k', ['a'], load)));
    expect(loads).toBe(1);
  });

  it('does not keep a body whose load raced with a write', async () => {
    const cache = new ResponseCache();
    let release: () => void = () => {};
    const slow = cache.get('k', ['a'], () => new Promise((r) => (release = () => r('old'))));
    cache.invalidate(['a']);
    release();
    expect((await slow).body).toBe('"old"');
    expect((await cache.get('k', ['a'], async () => 'new')).body).toBe('"new"');
  });

  it('drops an answer by the tags read off its body (tagsOf)', async () => {
    const cache = new ResponseCache();
    let loads = 0;
    const load = async () => ({ ids: ['p1', 'p2'], n: ++loads });
    const options = { tagsOf: (data: { ids: string[] }) => data.ids };
    expect((await cache.get('k', ['list'], load, options)).body).toContain('"n":1');
    cache.invalidate(['p3']);
    expect((await cache.get('k', ['list'], load, options)).body).toContain('"n":1');
    cache.invalidate(['p2']);
    expect((await cache.get('k', ['list'], load, options)).body).toContain('"n":2');
  });

  it('holds drops asked for soon back for its lag, then drops them all at once', async () => {
    const published: string[][] = [];
    const bus = {
      publish: (tags: string[]) => void published.push(tags),
      subscribe: async () => {},
      close: async () => {},
    };
    const cache = new ResponseCache(10, bus, 50);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', ['x'], load);
    await cache.get('b', ['y'], load);
    cache.invalidateSoon(['x']);
    cache.invalidateSoon(['y']);
    cache.invalidateSoon(['x']);
    // Not yet: both answers are still served.
    expect((await cache.get('a', ['x'], load)).body).toBe('1');
    expect(published).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(published.map((tags) => [...tags].sort())).toEqual([['x', 'y']]);
    expect((await cache.get('a', ['x'], load)).body).toBe('3');
    expect((await cache.get('b', ['y'], load)).body).toBe('4');
    // flushSoon drops at once (a stopping server).
    cache.invalidateSoon(['x']);
    cache.flushSoon();
    expect(published).toHaveLength(2);
    expect((await cache.get('a', ['x'], load)).body).toBe('5');
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new ResponseCache(2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', [], load);
    await cache.get('b', [], load);
    await cache.get('c', [], load);
    expect((await cache.get('a', [], load)).body).toBe('4');
  });

  it('holds no more bytes than its bound, dropping the oldest first', async () => {
    const cache = new ResponseCache(2_000, undefined, 1_000, 200_000);
    const page = (n: number) => async () => `${n}`.padEnd(10_000, '$');
    for (let n = 0; n < 20; n++) await cache.get(`page:${n}`, [], page(n), { serialize: (x) => x });
    const { entries, bytes } = cache.size();
    // Each page holds ~20 KB (its text and the copy that is sent): nine fit, not twenty.
    expect(bytes).toBeLessThanOrEqual(200_000);
    expect(entries).toBe(9);
    expect((await cache.get('page:19', [], page(-1), { serialize: (x) => x })).body).toMatch(/^19/);
    expect((await cache.get('page:0', [], page(-1), { serialize: (x) => x })).body).toMatch(/^-1/);
  });

  it('keeps no answer larger than an eighth of its bound, and counts what it drops', async () => {
    const cache = new ResponseCache(2_000, undefined, 1_000, 100_000);
    const text = (length: number) => async () => 'x'.repeat(length);
    await cache.get('big', [], text(7_000), { serialize: (x) => x });
    expect(cache.size().entries).toBe(0);
    await cache.get('small', ['t'], text(1_000), { serialize: (x) => x });
    expect(cache.size().bytes).toBe('small'.length + 2_000);
    cache.invalidate(['t']);
    expect(cache.size()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

// CI always sets TEST_REDIS_URL (.ci/run starts Redis); without Redis there is nothing to share.
describe.runIf(process.env.TEST_REDIS_URL)('cache invalidation across processes (Redis)', () => {
  it('a rating saved by one process is seen at once by another that had cached the product', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL as string };
    const one: TestApp = await createTestApp({ env });
    // Two app instances on one database stand for two processes behind a load balancer.
    const two = await import('../app').then(({ buildApp }) =>
      buildApp({ config: one.config, database: one.database, logger: false }),
    );
    try {
      await two.ready();
      const products = productListResponseSchema.parse(
        (await two.inject({ method: 'GET', url: '/api/listing/gellisting' })).json(),
      );
      const target = products.find((p) => p.rating.count === 0) as Product;
      const read = async () =>
        productSchema.parse(
          (await two.inject({ method: 'GET', url: `/api/listing/products/${target._id}` })).json(),
        );
      expect((await read()).rating.count).toBe(0);

      const saved = await one.app.inject({
        method: 'POST',
        url: '/api/listing/saverating',
        payload: { productId: target._id, rating: 5 },
      });
      expect(saved.statusCode).toBe(200);
      const deadline = Date.now() + 2_000;
      let seen = await read();
      while (seen.rating.count === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        seen = await read();
      }
      expect(seen.rating).toEqual({ average: 5, count: 1 });
    } finally {
      await two.close();
      await one.close();
    }
  });
});
