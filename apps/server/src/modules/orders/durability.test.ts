// Orders across a crash, with the real server process (security-tests.md 18 and 20): every
// acknowledged order survives `kill -9`, an order is never half there (its stock moved exactly
// when it exists), and an unpaid order's stock comes back after the restart once its hold ran out.
// Runs on PGlite always and on PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, json, serverOrderBody, startServer } from '../../../test/processes';
import { DEMO_PASSWORD } from '../../../test/settings';

type Listing = {
  payonorder: boolean;
  categories: Array<{
    products: Array<{
      _id: string;
      name: string;
      price: number;
      stock: number;
      variants: Array<{ _id: string; stock: number }>;
      discounts: unknown;
    }>;
  }>;
};
type Created = { _id: string; totalPrice: number };

const stockOf = async (base: string, productId: string) =>
  (await json<{ stock: number }>(base, 'GET', `/api/listing/products/${productId}`)).body.stock;

async function crashAndRecover(settings: Record<string, string>) {
  // Online orders hold their stock for 3 seconds here.
  const env = { ORDER_HOLD_MINUTES: '0.05', ...settings };
  let server = await startServer(env);
  try {
    // getlisting answers one shop a page: the demo's two shops are its first two pages.
    const listings = (
      await Promise.all(
        [1, 2].map((page) =>
          json<Listing[]>(server.base, 'GET', `/api/listing/getlisting?page=${page}`),
        ),
      )
    ).flatMap((answer) => answer.body);
    const pick = (payonorder: boolean) => {
      const products = listings
        .filter((l) => l.payonorder === payonorder)
        .flatMap((l) => l.categories.flatMap((c) => c.products));
      const product =
        products.find((p) => p.variants.length === 0 && p.stock >= 40) ??
        products.find((p) => p.stock >= 40);
      if (!product) throw new Error('no product with stock to spare');
      return {
        id: product._id,
        variantId: product.variants.find((v) => v.stock >= 40)?._id ?? null,
        stock: product.stock,
      };
    };
    const delivery = pick(false);
    const online = pick(true);
    const deliveryBody = await serverOrderBody(server.base, delivery.id, delivery.variantId);
    const onlineBody = await serverOrderBody(server.base, online.id, online.variantId);

    const held = await json<Created>(server.base, 'POST', '/api/order/create', onlineBody);
    expect(held.status).toBe(201);
    expect(await stockOf(server.base, online.id)).toBe(online.stock - 1);

    // 30 orders in flight; the server dies the moment ten have been acknowledged.
    const acknowledged: string[] = [];
    let killed = false;
    const kill = () => {
      if (!killed) server.child.kill('SIGKILL');
      killed = true;
    };
    await Promise.allSettled(
      Array.from({ length: 30 }, async () => {
        const res = await json<Created>(server.base, 'POST', '/api/order/create', deliveryBody);
        if (res.status === 201) {
          acknowledged.push(res.body._id);
          if (acknowledged.length >= 10) kill();
        }
      }),
    );
    kill();
    await server.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);

    // Past the online order's 3-second hold, while the server is down.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    server = await startServer(env);

    for (const id of acknowledged) {
      const res = await json<{ status: string }>(server.base, 'GET', `/api/orders/${id}`);
      expect(res.status, `acknowledged order ${id}`).toBe(200);
    }
    // No half orders: the stock taken is exactly one unit per order that exists.
    const admin = await json<{ token: string }>(server.base, 'POST', '/api/user/signin', {
      email: 'admin@soko.test',
      password: DEMO_PASSWORD,
    });
    // The list is paged: read every page.
    type Listed = { status: string; items: Array<{ productId: string; quantity: number }> };
    const all: Listed[] = [];
    for (let page = 1; ; page++) {
      const res = await json<Listed[]>(
        server.base,
        'GET',
        `/api/order/getall?pageSize=100&page=${page}`,
        undefined,
        admin.body.token,
      );
      all.push(...res.body);
      if (res.body.length < 100) break;
    }
    const holding = all
      .filter((o) => o.status === 'pending_payment')
      .flatMap((o) => o.items)
      .filter((i) => i.productId === delivery.id)
      .reduce((sum, i) => sum + i.quantity, 0);
    expect(holding).toBeGreaterThanOrEqual(acknowledged.length);
    expect(await stockOf(server.base, delivery.id)).toBe(delivery.stock - holding);

    // The online order's hold ran out while the server was down: released on start.
    const expired = await json<{ status: string }>(
      server.base,
      'GET',
      `/api/orders/${held.body._id}`,
    );
    expect(expired.body.status).toBe('expired');
    expect(await stockOf(server.base, online.id)).toBe(online.stock);
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

describe('orders across a crash of the server', () => {
  it.concurrent(
    'on PGlite: acknowledged orders survive kill -9, none is half there, held stock returns',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'soko-crash-'));
      try {
        await crashAndRecover({ DATA_DIR: dataDir });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL).concurrent(
    'on PostgreSQL: the same',
    async () => {
      const database = await createScratchDatabase(
        process.env.TEST_DATABASE_URL as string,
        'soko_crash',
      );
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'soko-crash-pg-'));
      try {
        await crashAndRecover({ DATA_DIR: dataDir, DATABASE_URL: database.url });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
        await database.drop();
      }
    },
    240_000,
  );
});
