// A real built Soko server for the checkout benchmarks: fresh demo data on PGlite or on a new
// PostgreSQL database, with every variant of one kind of shop (pay on delivery, or pay online)
// given the same stock first, and the server's own price of each variant read back.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { freePort, start } from './lib.mjs';

/** The delivery details every benchmark's checkout sends. */
export const DELIVERY_FORM = {
  firstName: 'Achieng',
  middleName: 'Atieno',
  lastName: 'Odhiambo',
  country: 'Kenya',
  county: 'Kisumu',
  city: 'Kisumu',
  address: 'Oginga Odinga St 4',
  postalcode: '40100',
  phoneNumber: '0712345678',
  email: 'bench@example.com',
};

/**
 * A JSON call over a keep-alive agent; answers `{status, body}` with the body parsed. `client`
 * names the shopper's address (the server believes X-Forwarded-For here): shoppers are counted
 * apart, as real ones on their own phones are. `token` signs it in.
 */
export function requestJson(agent, method, url, { body, client, token } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
          ...(client ? { 'x-forwarded-for': client } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null });
        });
      },
    );
    request.on('error', reject);
    request.end(payload ?? undefined);
  });
}

/** POST JSON as the shopper at address `client` (see requestJson). */
export const postJson = (agent, url, body, client) =>
  requestJson(agent, 'POST', url, { body, client });

/** A thin SQL interface over either database; PGlite's only while the server is down. */
async function openDirect(kind, target) {
  if (kind === 'pglite') {
    // The server's extensions (platform/db.ts): a product's search column calls unaccent, so
    // without them any update of a product fails.
    const db = await PGlite.create({ dataDir: target, extensions: { pg_trgm, unaccent } });
    return {
      query: async (text, params) => (await db.query(text, params)).rows,
      close: () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.end(),
  };
}

/** Gives every variant (or plain product) of the chosen shops `stock` units; answers them. */
async function stockUp(sql, payOnOrder, stock, scarceStock) {
  const ofShops = `(select pay_on_order from shops s where s.id = p.shop_id) = ${payOnOrder}`;
  await sql.query(
    `update product_variants v set stock = $1 from products p where v.product_id = p.id and ${ofShops}`,
    [stock],
  );
  if (scarceStock !== undefined) {
    // One variant sells out early in the run, so refusals are measured too.
    await sql.query(
      `update product_variants set stock = $1 where id = (
         select v.id from product_variants v join products p on p.id = v.product_id
          where ${ofShops} order by v.id limit 1)`,
      [scarceStock],
    );
  }
  await sql.query(
    `update products p set stock = (select coalesce(sum(stock), 0) from product_variants v where v.product_id = p.id)
      where exists (select 1 from product_variants v where v.product_id = p.id) and ${ofShops}`,
  );
  await sql.query(
    `update products p set stock = $1
      where not exists (select 1 from product_variants v where v.product_id = p.id) and ${ofShops}`,
    [stock],
  );
  return sql.query(
    `select p.id as product_id, v.id as variant_id, p.name, coalesce(v.stock, p.stock) as stock
       from products p left join product_variants v on v.product_id = p.id
      where ${ofShops}`,
  );
}

export const serverEnv = (port, dataDir, databaseUrl) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  SEED: 'demo', // a production start seeds nothing unless asked (decision 029)
  LOG_LEVEL: 'error',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: databaseUrl ?? '',
  REDIS_URL: '',
  RATE_LIMIT_ORDERS: '100000000',
  // The order bench sends each order from its own address (X-Forwarded-For); the payment
  // bench's come from one, and are paid one by one.
  MAX_OPEN_ORDERS_PER_CLIENT: '100000000',
  // The fair limits' per-address and held-units bounds (decision 029), out of the way too.
  RATE_LIMIT_ORDERS_PER_ADDRESS: '100000000',
  MAX_OPEN_ORDERS_PER_ADDRESS: '100000000',
  // Times ADDRESS_HOLD_FACTOR, this must fit the integer soko_lock_client_orders multiplies
  // them in (migration 0012): 100000000 overflowed it and every order answered 500.
  MAX_HELD_UNITS_PER_SHOP: '1000000',
  HELD_ORDERS_WORTH_PER_PRODUCT: '1000',
  ADDRESS_HOLD_FACTOR: '1000',
  TRUST_PROXY: 'true',
  RATE_LIMIT_PUBLIC_WRITES: '100000000',
});

// BENCH_SERVER runs another build (an older commit's, to compare) instead of this one's.
const serverEntry = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';

// With BENCH_PROFILE_FILE set, under the profiler of bench/profiled-server.mjs. `entry` names
// the build's dist/main.js when a script alternates two builds itself (bench/receipts.mjs).
export const startServer = (env, entry = serverEntry) =>
  start(
    process.execPath,
    [env.BENCH_PROFILE_FILE ? 'bench/profiled-server.mjs' : entry],
    env,
    /Soko is serving on/,
  );

export async function stop(child, signal) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * Starts a stocked shop. `kind` is 'pglite' or 'postgres' (then `adminUrl` must name a server
 * it may create databases on). Answers the base URL, the stocked lines with their server price
 * (`offers`), `direct()` for SQL (PGlite: only after `stop`), `stop(signal)`, `cleanup()` and
 * `pid()`, the server's process id (for its CPU time). `env` adds settings to the server's;
 * `restart(env)` starts it again on the same port and data with those settings instead, and
 * `databaseUrl` names its PostgreSQL database (for a second process on it). `entry` runs
 * another build's dist/main.js for this shop (seeding, start and restarts), BENCH_SERVER's or
 * this build's by default.
 */
export async function startStockedShop(
  kind,
  { payOnOrder, stock, scarceStock, adminUrl, agent, env = {}, entry = serverEntry },
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `soko-bench-${kind}-`));
  let databaseUrl;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const name = `soko_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    };
  }
  const direct = () => openDirect(kind, kind === 'pglite' ? path.join(dataDir, 'pg') : databaseUrl);
  const cleanup = async () => {
    await dropDatabase().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The first start seeds the demo data; PGlite's folder opens only with the server down.
    let server = await startServer(serverEnv(port, dataDir, databaseUrl), entry);
    await stop(server, 'SIGTERM');
    const sql = await direct();
    const lines = await stockUp(sql, payOnOrder, stock, scarceStock);
    await sql.close();
    server = await startServer({ ...serverEnv(port, dataDir, databaseUrl), ...env }, entry);

    // The server's own price for each line (asked once, as a client does after a 409).
    const offers = [];
    for (const line of lines) {
      const item = {
        name: line.name,
        productId: line.product_id,
        quantity: 1,
        price: 0,
        selectedVariant: line.variant_id,
      };
      const probe = await postJson(agent, `${base}/api/order/create`, {
        items: [item],
        totalPrice: 0,
        shipping: 'standard',
        discount: 0,
      });
      if (probe.status !== 409) throw new Error(`price probe answered ${probe.status}`);
      offers.push({
        item: { ...item, price: probe.body.error.details.items[0].price },
        total: probe.body.error.details.expected,
        key: line.variant_id ?? line.product_id,
        stock: Number(line.stock),
      });
    }
    return {
      base,
      offers,
      direct,
      stop: (signal) => stop(server, signal),
      async restart(newEnv = {}) {
        await stop(server, 'SIGTERM');
        server = await startServer({ ...serverEnv(port, dataDir, databaseUrl), ...newEnv }, entry);
      },
      databaseUrl,
      dataDir,
      cleanup,
      pid: () => server.pid,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
