import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MPESA_PROMPT_MESSAGE,
  discountedPriceCents,
  toCents,
  type Product,
  type Shop,
} from '@soko/contract';
import type { Page } from '@playwright/test';
import {
  FAKE_DARAJA_CREDENTIALS,
  startFakeDaraja,
  type FakeDaraja,
} from '../../server/test/fake-daraja';
import { expect, test, type SokoApi } from './fixtures';
import { addToCart, field, fillDelivery, firstLine, savedCart, uniqueEmail } from './shopping';

// M-Pesa checkout journeys (issue 17) in Chromium: a server of their own with PAYMENTS=mpesa
// against the local fake of Daraja. The shopper types the Safaricom number, the checkout says
// to check the phone, and the fake then sends the STK callback Safaricom would.

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// A port no other worker of this run uses: the slot of the workers running side by side, and
// the worker's own number for those that follow in the same slot (a random port once met
// another server's).
const port =
  42_000 +
  Number(process.env.TEST_PARALLEL_INDEX ?? 0) * 1_000 +
  (Number(process.env.TEST_WORKER_INDEX ?? 0) % 1_000);
const origin = `http://localhost:${port}`;
test.use({ baseURL: origin });
test.describe.configure({ mode: 'serial' });

let fake: FakeDaraja;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  fake = await startFakeDaraja();
  dataDir = mkdtempSync(path.join(tmpdir(), 'soko-e2e-mpesa-'));
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
      RATE_LIMIT_ORDERS: '1000',
      MAX_OPEN_ORDERS_PER_CLIENT: '1000',
      PAYMENTS: 'mpesa',
      MPESA_CONSUMER_KEY: FAKE_DARAJA_CREDENTIALS.consumerKey,
      MPESA_CONSUMER_SECRET: FAKE_DARAJA_CREDENTIALS.consumerSecret,
      MPESA_SHORTCODE: FAKE_DARAJA_CREDENTIALS.shortcode,
      MPESA_PASSKEY: FAKE_DARAJA_CREDENTIALS.passkey,
      MPESA_BASE_URL: fake.url,
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
      throw new Error(`The M-Pesa server did not start (exit ${server.exitCode}): ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A pay-on-order product whose price is whole shillings (M-Pesa takes no cents). */
async function wholeShillingProduct(api: SokoApi, index: number): Promise<Product> {
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

/** Fills the checkout, types the M-Pesa number, places the order and waits for the prompt. */
async function placeWithMpesa(page: Page, api: SokoApi, index: number): Promise<string> {
  await addToCart(page, await wholeShillingProduct(api, index));
  await page.goto('/checkout');
  await field(page, 'Email').fill(uniqueEmail('mpesa'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
  const before = new Set(fake.pushes.keys());
  await field(page, 'M-Pesa number').fill('0712 345 678');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').filter({ hasText: MPESA_PROMPT_MESSAGE })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the payment page' })).toHaveCount(0);
  const pushed = [...fake.pushes.keys()].find((id) => !before.has(id));
  if (!pushed) throw new Error('no STK push reached the fake');
  expect(fake.pushes.get(pushed)).toMatchObject({ PhoneNumber: '254712345678' });
  return pushed;
}

/** Safaricom posting the result to the CallBackURL the shop gave. */
const deliver = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('a shopper pays with M-Pesa: the PIN prompt, then the confirmation', async ({ page, api }) => {
  const checkoutRequestId = await placeWithMpesa(page, api, 0);
  fake.settle(checkoutRequestId, 0);
  await fake.sendCallback(checkoutRequestId, deliver);
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  expect(await savedCart(page)).toEqual([]);
});

for (const [code, why] of [
  [1032, 'The M-Pesa prompt was cancelled on the phone.'],
  [1037, 'The phone could not be reached, or the prompt timed out.'],
] as const) {
  test(`result code ${code} says what happened and keeps the cart for another try`, async ({
    page,
    api,
  }) => {
    const checkoutRequestId = await placeWithMpesa(page, api, 1);
    fake.settle(checkoutRequestId, code);
    await fake.sendCallback(checkoutRequestId, deliver);
    await expect(
      page.getByRole('alert').filter({ hasText: `Payment failed. Please try again. ${why}` }),
    ).toBeVisible();
    expect(await savedCart(page)).toHaveLength(1);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });
}

test('a number M-Pesa cannot prompt is refused before any order is made', async ({ page, api }) => {
  await addToCart(page, await wholeShillingProduct(api, 2));
  await page.goto('/checkout');
  await field(page, 'Email').fill(uniqueEmail('mpesa'));
  await fillDelivery(page);
  await field(page, 'Shipping').selectOption('standard');
  const pushes = fake.pushes.size;
  await field(page, 'M-Pesa number').fill('0812 345 678');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Enter the Safaricom number that pays')).toBeVisible();
  expect(fake.pushes.size).toBe(pushes);
});
