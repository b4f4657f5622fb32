// The real server as a child process (`tsx src/main.ts`), for tests of what only processes
// show: crashes, restarts, several servers sharing PostgreSQL and Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseUrlWithName } from './settings';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY_ARGS = {
  // What the tests run: no build needed, and a stack trace points at the source.
  source: ['--import', 'tsx', path.join(serverDir, 'src/main.ts')],
  // What production runs (`npm run build` first): for benchmarks.
  built: [path.join(serverDir, 'dist/main.js')],
};

export type Server = { child: ChildProcess; base: string; exited: Promise<unknown> };

/**
 * Starts a server (on a free port unless `env` names PORT) and answers once it serves; `env`
 * adds to test defaults.
 */
export async function startServer(
  env: Record<string, string>,
  entry: keyof typeof ENTRY_ARGS = 'source',
): Promise<Server> {
  const child = spawn(process.execPath, ENTRY_ARGS[entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      RATE_LIMIT_ORDERS: '10000',
      MAX_OPEN_ORDERS_PER_CLIENT: '10000',
      // The fair limits' per-address and held-units bounds (decision 029), out of the way too.
      RATE_LIMIT_ORDERS_PER_ADDRESS: '10000',
      MAX_OPEN_ORDERS_PER_ADDRESS: '10000',
      MAX_HELD_UNITS_PER_SHOP: '10000',
      HELD_ORDERS_WORTH_PER_PRODUCT: '1000',
      ADDRESS_HOLD_FACTOR: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /serving on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, base, exited };
}

/** One JSON call to a running server. */
export async function json<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * An order body for one unit of a product (or variant), at the total the server itself asks: it
 * tells it in the 409 it answers a wrong total with, as a client learns it after a price change.
 */
export async function serverOrderBody(base: string, productId: string, variantId: string | null) {
  const item = { name: 'x', productId, quantity: 1, price: 0, selectedVariant: variantId };
  const probe = await json<{ error?: { details?: { expected?: number } } }>(
    base,
    'POST',
    '/api/order/create',
    { items: [item], totalPrice: 0, shipping: 'standard', discount: 0 },
  );
  const expected = probe.body.error?.details?.expected;
  if (probe.status !== 409 || expected === undefined) {
    throw new Error(`the total probe answered ${probe.status}, not a 409 with the total`);
  }
  return { items: [item], totalPrice: expected, shipping: 'standard', discount: 0 };
}

/** A new, empty PostgreSQL database on the server `adminUrl` names, and how to drop it. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlWithName(adminUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
