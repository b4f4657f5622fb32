// A server of a spec file's own, with real payment providers against the local fakes of Daraja
// and Pesapal (apps/server/test), for the journeys the run's sandbox server cannot show. The
// spec calls `ownPaymentServer('mpesa')` at its top: its tests then run one after another
// against that server (baseURL, and so the `api` fixture too), and the fakes are read through
// the answer once the tests run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FAKE_DARAJA_CREDENTIALS,
  startFakeDaraja,
  type FakeDaraja,
} from '../../server/test/fake-daraja';
import {
  FAKE_PESAPAL_CREDENTIALS,
  startFakePesapal,
  type FakePesapal,
} from '../../server/test/fake-pesapal';
import {
  MPESA_PROMPT_MESSAGE,
  discountedPriceCents,
  toCents,
  type Product,
  type Shop,
} from '@soko/contract';
import type { Page } from '@playwright/test';
import { expect, test, type SokoApi } from './fixtures';
import { addToCart, field, fillDelivery, firstLine, uniqueEmail } from './shopping';
import { JOURNEY_ORDER_LIMITS } from './journey-limits';

/** What PAYMENTS names: M-Pesa alone, or beside Pesapal (the sandbox cannot be beside them). */
export type OwnProviders = 'mpesa' | 'pesapal,mpesa';

export interface OwnPaymentServer {
  readonly origin: string;
  readonly daraja: FakeDaraja;
  /** Only when PAYMENTS names pesapal. */
  readonly pesapal: FakePesapal;
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const stopTimeoutMs = 15_000;

export function ownPaymentServer(payments: OwnProviders): OwnPaymentServer {
  // A port no other worker of this run uses: the slot of the workers running side by side, and
  // the worker's own number for those that follow in the same slot (a random port once met
  // another server's). Below Linux's ephemeral range (32768 up): at 43002 a CI run once found
  // the port taken, most likely by an outgoing connection's local end.
  const port =
    12_000 +
    Number(process.env.TEST_PARALLEL_INDEX ?? 0) * 1_000 +
    (Number(process.env.TEST_WORKER_INDEX ?? 0) % 1_000);
  const origin = `http://localhost:${port}`;
  test.use({ baseURL: origin });
  test.describe.configure({ mode: 'serial' });

  let daraja: FakeDaraja | undefined;
  let pesapal: FakePesapal | undefined;
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    daraja = await startFakeDaraja();
    const pesapalEnv: Record<string, string> = {};
    if (payments.includes('pesapal')) {
      pesapal = await startFakePesapal();
      Object.assign(pesapalEnv, {
        PESAPAL_CONSUMER_KEY: FAKE_PESAPAL_CREDENTIALS.consumerKey,
        PESAPAL_CONSUMER_SECRET: FAKE_PESAPAL_CREDENTIALS.consumerSecret,
        PESAPAL_BASE_URL: pesapal.url,
      });
    }
    dataDir = mkdtempSync(path.join(tmpdir(), 'soko-e2e-payments-'));
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
    server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      cwd: repoRoot,
      env: {
        ...inherited,
        NODE_ENV: 'test',
        HOST: 'localhost',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        SEED: 'demo',
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'),
        ...JOURNEY_ORDER_LIMITS,
        PAYMENTS: payments,
        MPESA_CONSUMER_KEY: FAKE_DARAJA_CREDENTIALS.consumerKey,
        MPESA_CONSUMER_SECRET: FAKE_DARAJA_CREDENTIALS.consumerSecret,
        MPESA_SHORTCODE: FAKE_DARAJA_CREDENTIALS.shortcode,
        MPESA_PASSKEY: FAKE_DARAJA_CREDENTIALS.passkey,
        MPESA_BASE_URL: daraja.url,
        // Codes paid by hand to the Paybill are checked (decision 042).
        MPESA_INITIATOR_NAME: 'soko-e2e',
        MPESA_SECURITY_CREDENTIAL: 'ZTJlLWluaXRpYXRvci1wYXNzd29yZA==',
        ...pesapalEnv,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // What the server says on stderr goes into the error when it does not start.
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const healthy = await fetch(`${origin}/api/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) break;
      if (Date.now() > deadline || server.exitCode !== null) {
        throw new Error(
          `The ${payments} server did not start (exit ${server.exitCode}): ${stderr}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    // The next spec file in this worker starts its server on the same port: wait for the exit.
    if (server && server.exitCode === null && server.signalCode === null) {
      const child = server;
      const exited = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, stopTimeoutMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      child.kill('SIGTERM');
      await exited;
    }
    await daraja?.close();
    await pesapal?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const started = <T>(fake: T | undefined, name: string): T => {
    if (!fake) throw new Error(`The fake ${name} is not running (PAYMENTS=${payments})`);
    return fake;
  };
  return {
    origin,
    get daraja() {
      return started(daraja, 'Daraja');
    },
    get pesapal() {
      return started(pesapal, 'Pesapal');
    },
  };
}

/** Safaricom posting the result to the CallBackURL the shop gave (`fake.sendCallback`). */
export const deliverCallback = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A pay-on-order product whose price is whole shillings (M-Pesa takes no cents). */
export async function wholeShillingProduct(api: SokoApi, index: number): Promise<Product> {
  const [shops, products] = await Promise.all([
    api.get<Shop[]>('/api/metadata'),
    api.allProducts(),
  ]);
  const online = new Set(shops.filter((s) => s.payonorder).map((s) => s._id));
  const found = products.filter(
    (p) =>
      online.has(p.shopId) &&
      firstLine(p).stock >= 5 &&
      discountedPriceCents(toCents(p.price), p.discounts) % 100 === 0,
  );
  const product = found[index % found.length];
  if (!product) throw new Error('no whole-shilling pay-on-order product');
  return product;
}

/** Puts a whole-shilling product in the cart and fills the checkout, up to the payment. */
export async function openCheckout(page: Page, api: SokoApi, index: number): Promise<void> {
  await addToCart(page, await wholeShillingProduct(api, index));
  await page.goto('/checkout');
  await field(page, 'Email').fill(uniqueEmail('mpesa'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
}

/**
 * Types the M-Pesa number, places the order and waits for the prompt (no payment page); answers
 * the CheckoutRequestID the fake was sent.
 */
export async function placeWithMpesa(page: Page, daraja: FakeDaraja): Promise<string> {
  const before = new Set(daraja.pushes.keys());
  await field(page, 'M-Pesa number').fill('0712 345 678');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').filter({ hasText: MPESA_PROMPT_MESSAGE })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the payment page' })).toHaveCount(0);
  const pushed = [...daraja.pushes.keys()].find((id) => !before.has(id));
  if (!pushed) throw new Error('no STK push reached the fake');
  expect(daraja.pushes.get(pushed)).toMatchObject({ PhoneNumber: '254712345678' });
  return pushed;
}
