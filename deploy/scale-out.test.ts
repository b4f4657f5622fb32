// Issue 17's proof that Soko scales out: two processes behind nginx on PostgreSQL, Redis and an
// S3 store (deploy/scale-out.ts), driven from outside as shoppers, an owner and an admin would.
// Needs TEST_DATABASE_URL, TEST_REDIS_URL and nginx (.ci/run provides all three).
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import pg from 'pg';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, serverOrderBody } from '../apps/server/test/processes';
import { DELIVERY_FORM } from '../apps/server/test/order-fixtures';
import { DEMO_PASSWORD } from '../apps/server/test/settings';
import { startScaleOut, type ScaleOut } from './scale-out';

type Product = {
  _id: string;
  name: string;
  price: number;
  stock: number;
  variants: Array<{ _id: string; stock: number }>;
};
type Listing = { payonorder: boolean; categories: Array<{ products: Product[] }> };

async function until(predicate: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const signIn = async (base: string, email: string) => {
  const res = await json<{ token: string }>(base, 'POST', '/api/user/signin', {
    email,
    password: DEMO_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.body.token;
};

/** A plain product (no variants) of a shop that is, or is not, paid on order. */
async function plainProduct(base: string, payOnOrder: boolean, minStock: number) {
  const listings = (
    await Promise.all(
      [1, 2].map((page) => json<Listing[]>(base, 'GET', `/api/listing/getlisting?page=${page}`)),
    )
  ).flatMap((answer) => answer.body);
  const product = listings
    .filter((listing) => listing.payonorder === payOnOrder)
    .flatMap((listing) => listing.categories.flatMap((category) => category.products))
    .find((p) => p.variants.length === 0 && p.stock >= minStock);
  if (!product) throw new Error(`no plain product with ${minStock} in stock`);
  return product;
}

/**
 * POSTs an order from `localAddress` (a loopback address of the shopper's own: nginx passes it
 * on, and Soko serializes one client's orders). nginx's own error pages are HTML, so the body is
 * read only when it is JSON; no answer at all is status 0.
 */
function placeOrder(
  base: string,
  body: unknown,
  localAddress = '127.0.0.1',
): Promise<{ status: number; id?: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const request = http.request(
      `${base}/api/order/create`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (!res.headers['content-type']?.startsWith('application/json')) {
            resolve({ status });
            return;
          }
          const answer = JSON.parse(Buffer.concat(chunks).toString()) as { _id?: string };
          resolve({ status, id: answer._id });
        });
      },
    );
    request.on('error', () => resolve({ status: 0 }));
    request.end(payload);
  });
}

function follow(base: string, trackingId: string) {
  const statuses: number[] = [];
  const socket: Socket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { trackingId },
    reconnection: false,
  });
  socket.on(`paymentStatus:${trackingId}`, (event: { status_code: number }) =>
    statuses.push(event.status_code),
  );
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, statuses, connected };
}

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'two Soko processes behind nginx on PostgreSQL, Redis and S3',
  () => {
    let pair: ScaleOut;
    let a: string;
    let b: string;

    beforeAll(async () => {
      pair = await startScaleOut({
        adminDatabaseUrl: process.env.TEST_DATABASE_URL as string,
        redisUrl: process.env.TEST_REDIS_URL as string,
        env: {
          // Small enough to reach in a test; sign-ins from 127.0.0.1 are many here.
          RATE_LIMIT_PUBLIC_WRITES: '4',
          RATE_LIMIT_SIGNIN_PER_CLIENT: '1000',
        },
      });
      [a, b] = pair.processes.map((process) => process.base) as [string, string];
    }, 180_000);

    /** Units ever ordered of a product (demo orders too), and its stock, read in one statement. */
    async function unitsAndStock(productId: string) {
      const client = new pg.Client({ connectionString: pair.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ units: string; stock: number }>(
          `select (select coalesce(sum(l.quantity), 0) from order_lines l
                    where l.product_id = p.id) as units, p.stock
             from products p where p.id = $1`,
          [productId],
        );
        const row = rows[0];
        if (!row) throw new Error(`no product ${productId}`);
        return { units: Number(row.units), stock: row.stock };
      } finally {
        await client.end();
      }
    }

    afterAll(async () => {
      await pair?.stop();
    }, 60_000);

    it('answers through nginx, and pictures come from the bucket through it', async () => {
      const health = await fetch(`${pair.base}/api/health`);
      expect(health.status).toBe(200);

      const owner = await signIn(pair.base, 'owner@soko.test');
      const shops = await json<Array<{ _id: string }>>(
        pair.base,
        'GET',
        '/api/property/shop/getall',
        undefined,
        owner,
      );
      const shopId = shops.body[0]?._id;
      expect(shopId).toBeDefined();
      const png = await sharp({
        create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 60 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'leaf.png');
      const uploaded = await fetch(`${pair.base}/api/media/upload?kind=product&shopId=${shopId}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(uploaded.status).toBe(201);
      const { images } = (await uploaded.json()) as { images: Array<{ url: string }> };
      const url = images[0]?.url ?? '';
      // Stored in the bucket, addressed through the shop's own origin.
      expect(url.startsWith(`${pair.base}/bucket/media/`)).toBe(true);
      const picture = await fetch(url);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(400);
      // Read-only from outside.
      expect((await fetch(url, { method: 'DELETE' })).status).toBe(403);
    });

    it('keeps the M-Pesa callback’s secret out of nginx’s access log', async () => {
      const secret = 'callbacksecret0123456789abcdef';
      await fetch(`${pair.base}/api/payments/mpesa/callback/${secret}?x=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const log = await readFile(pair.accessLog, 'utf8');
      expect(log).toContain('"POST /api/payments/mpesa/callback/[redacted]?x=1 HTTP/1.1"');
      expect(log).not.toContain(secret);
    });

    it('sends a payment status applied on one process to a shopper connected to the other', async () => {
      const product = await plainProduct(a, true, 5);
      const order = await json<{ _id: string }>(
        a,
        'POST',
        '/api/order/create',
        await serverOrderBody(a, product._id, null),
      );
      expect(order.status).toBe(201);
      const started = await json<{ trackingId: string }>(a, 'POST', '/api/payments/process', {
        orderId: order.body._id,
        formData: DELIVERY_FORM,
      });
      expect(started.status).toBe(200);
      const { trackingId } = started.body;

      // One shopper on B directly, one through nginx's WebSocket proxying.
      const onB = follow(b, trackingId);
      const throughNginx = follow(pair.base, trackingId);
      try {
        await Promise.all([onB.connected, throughNginx.connected]);
        // The provider's notification (the sandbox's Pay) lands on A.
        const paid = await json(a, 'POST', `/api/payments/sandbox/${trackingId}/pay`, {});
        expect(paid.status).toBe(200);
        await until(() => onB.statuses.length > 0, 'the status on B');
        await until(() => throughNginx.statuses.length > 0, 'the status through nginx');
        expect(onB.statuses).toEqual([1]);
        expect(throughNginx.statuses).toEqual([1]);
        const seenOnB = await json<{ status: string }>(b, 'GET', `/api/orders/${order.body._id}`);
        expect(seenOnB.body.status).toBe('confirmed');
      } finally {
        onB.socket.disconnect();
        throughNginx.socket.disconnect();
      }
    });

    it('shows an admin’s product edit on one process at once on the other', async () => {
      const product = await plainProduct(a, false, 1);
      const path = `/api/listing/products/${product._id}`;
      // B has the product cached before the edit.
      expect((await json<Product>(b, 'GET', path)).body.price).toBe(product.price);
      expect((await json<Product>(b, 'GET', path)).body.price).toBe(product.price);

      const admin = await signIn(a, 'admin@soko.test');
      const name = `${product.name} (scaled)`;
      const edited = await json(
        a,
        'PUT',
        `/api/products/${product._id}`,
        { name, price: product.price + 111 },
        admin,
      );
      expect(edited.status).toBe(200);
      // The drop travels through Redis: allow it the moment a message takes, never a stale read
      // once it has arrived.
      let seen = await json<Product>(b, 'GET', path);
      const deadline = Date.now() + 2_000;
      while (seen.body.price !== product.price + 111 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await json<Product>(b, 'GET', path);
      }
      expect(seen.body).toMatchObject({ name, price: product.price + 111 });
      expect((await json<Product>(b, 'GET', path)).body.price).toBe(product.price + 111);
    });

    it('counts rate limits once across both processes', async () => {
      // Sign-in attempts per email (5 a window by default), alternating between the processes.
      const email = `nobody-${Date.now()}@soko.test`;
      const attempts: number[] = [];
      for (let i = 0; i < 6; i++) {
        const base = [a, b, pair.base][i % 3] as string;
        const res = await json(base, 'POST', '/api/user/signin', { email, password: 'wrong-pass' });
        attempts.push(res.status);
      }
      expect(attempts).toEqual([401, 401, 401, 401, 401, 429]);

      // A route limit (public writes: 4 a minute here), counted per client address.
      const writes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const base = i % 2 === 0 ? a : b;
        const res = await json(base, 'POST', '/api/newsletter/create', {
          email: `reader-${i}-${Date.now()}@example.com`,
        });
        writes.push(res.status);
      }
      expect(writes).toEqual([201, 201, 201, 201, 429]);
    });

    it('loses no acknowledged order when a process is killed under load, and the other serves on', async () => {
      // Paid on delivery: an acknowledged order keeps its stock (an online one's hold may end).
      const product = await plainProduct(pair.base, false, 80);
      const body = await serverOrderBody(pair.base, product._id, null);
      const before = await unitsAndStock(product._id);
      const acknowledged: string[] = [];
      const refused: number[] = [];
      let killed = false;

      // Ten shoppers, each from an address of its own, order through nginx, which spreads them
      // over both processes; A dies with SIGKILL once 20 orders are acknowledged.
      await Promise.all(
        Array.from({ length: 10 }, async (_, shopper) => {
          for (let i = 0; i < 6; i++) {
            const res = await placeOrder(pair.base, body, `127.0.2.${shopper + 1}`);
            if (res.status === 201 && res.id) acknowledged.push(res.id);
            else refused.push(res.status);
            if (!killed && acknowledged.length >= 20) {
              killed = true;
              pair.processes[0].child.kill('SIGKILL');
            }
          }
        }),
      );
      await pair.processes[0].exited;
      expect(killed).toBe(true);
      // nginx answers 502 only for orders A had received when it died: never acknowledged.
      expect(refused.filter((status) => status !== 502)).toEqual([]);

      // Every acknowledged order is there, read through B.
      for (const id of acknowledged) {
        const res = await json<{ status: string }>(b, 'GET', `/api/orders/${id}`);
        expect(res.status, `acknowledged order ${id}`).toBe(200);
      }
      // None is half there: the stock taken is one unit per order line that exists.
      const after = await unitsAndStock(product._id);
      expect(after.units - before.units).toBeGreaterThanOrEqual(acknowledged.length);
      expect(before.stock - after.stock).toBe(after.units - before.units);

      // nginx sends everyone to B now: every order succeeds.
      const later: number[] = [];
      for (let i = 0; i < 8; i++) {
        later.push((await placeOrder(pair.base, body)).status);
      }
      expect(later).toEqual(Array.from({ length: 8 }, () => 201));
    }, 120_000);
  },
);
