// Two server processes on one PostgreSQL and one Redis, as behind a load balancer: a shopper
// following a payment on one process hears the status that the provider's notification brought
// to the other, and a late subscriber on either is sent the final status. Needs
// TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, json, startServer, type Server } from '../../../test/processes';
import { DELIVERY_FORM } from '../../../test/order-fixtures';
import { TEST_JWT_SECRET } from '../../../test/settings';

type Listing = {
  payonorder: boolean;
  categories: Array<{
    products: Array<{
      _id: string;
      stock: number;
      variants: Array<{ _id: string; stock: number }>;
    }>;
  }>;
};

function follow(base: string, trackingId: string) {
  const events: Array<{ status_code: number }> = [];
  const socket: Socket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { trackingId },
    reconnection: false,
  });
  socket.on(`paymentStatus:${trackingId}`, (event: { status_code: number }) => events.push(event));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events, connected };
}

async function until(predicate: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'the payment channel across two server processes (Redis)',
  () => {
    it('delivers a status applied on one process to a shopper following on the other', async () => {
      const database = await createScratchDatabase(
        process.env.TEST_DATABASE_URL as string,
        'soko_redis',
      );
      const dirs = [
        await mkdtemp(path.join(os.tmpdir(), 'soko-a-')),
        await mkdtemp(path.join(os.tmpdir(), 'soko-b-')),
      ];
      const shared = {
        DATABASE_URL: database.url,
        REDIS_URL: process.env.TEST_REDIS_URL as string,
        JWT_SECRET: TEST_JWT_SECRET,
      };
      const servers: Server[] = [];
      const sockets: Socket[] = [];
      try {
        servers.push(await startServer({ ...shared, DATA_DIR: dirs[0] as string }));
        servers.push(await startServer({ ...shared, DATA_DIR: dirs[1] as string, SEED: 'none' }));
        const [a, b] = servers as [Server, Server];

        const listings = (await json<Listing[]>(a.base, 'GET', '/api/listing/getlisting')).body;
        const product = listings
          .filter((l) => l.payonorder)
          .flatMap((l) => l.categories.flatMap((c) => c.products))
          .find((p) => p.variants.length === 0 && p.stock > 5);
        if (!product) throw new Error('no plain pay-on-order product with stock');
        const item = {
          name: 'x',
          productId: product._id,
          quantity: 1,
          price: 0,
          selectedVariant: null,
        };
        const probe = await json<{ error: { details: { expected: number } } }>(
          a.base,
          'POST',
          '/api/order/create',
          { items: [item], totalPrice: 0, shipping: 'standard', discount: 0 },
        );
        const order = await json<{ _id: string }>(a.base, 'POST', '/api/order/create', {
          items: [item],
          totalPrice: probe.body.error.details.expected,
          shipping: 'standard',
          discount: 0,
        });
        expect(order.status).toBe(201);
        const started = await json<{ trackingId: string }>(
          a.base,
          'POST',
          '/api/payments/process',
          {
            orderId: order.body._id,
            formData: DELIVERY_FORM,
          },
        );
        expect(started.status).toBe(200);
        const { trackingId } = started.body;

        // The shopper follows on B; the provider's notification (the sandbox Pay) lands on A.
        const onB = follow(b.base, trackingId);
        sockets.push(onB.socket);
        await onB.connected;
        await new Promise((resolve) => setTimeout(resolve, 200));
        const paid = await json(a.base, 'POST', `/api/payments/sandbox/${trackingId}/pay`, {});
        expect(paid.status).toBe(200);
        await until(() => onB.events.length > 0);
        expect(onB.events.map((e) => e.status_code)).toEqual([1]);

        // A late subscriber on A is sent the final status too; B's shopper hears it once only.
        const onA = follow(a.base, trackingId);
        sockets.push(onA.socket);
        await onA.connected;
        await until(() => onA.events.length > 0);
        expect(onA.events.map((e) => e.status_code)).toEqual([1]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(onB.events).toHaveLength(1);

        const onBOrder = await json<{ status: string }>(
          b.base,
          'GET',
          `/api/orders/${order.body._id}`,
        );
        expect(onBOrder.body.status).toBe('confirmed');
      } finally {
        for (const socket of sockets) socket.disconnect();
        for (const server of servers) {
          server.child.kill('SIGTERM');
          await server.exited;
        }
        for (const dir of dirs) await rm(dir, { recursive: true, force: true });
        await database.drop();
      }
    }, 180_000);
  },
);
