// What the marketplace owes each shop, through HTTP: a part credited once its money is in (paid
// online, or handed over against cash), undone when it is cancelled, reversed or refunded, the
// commission per shop, a balance pending until delivery, payouts that cannot spend more than is
// available (even two at once), the CSV, who may call what, and after every path a balance
// equal to the sum of its entries.
import {
  createOrderResponseSchema,
  ledgerShopsSchema,
  orderSchema,
  shopLedgerSchema,
  type AuthResponse,
  type Order,
  type ShopLedger,
} from '@soko/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../../test/order-fixtures';
import { rowsOf } from '../../platform/db';
import { ledgerEntries, shops } from '../../platform/schema';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;

const { call, startSandboxPayment, sandbox } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, true));
});
afterAll(async () => {
  await t?.close();
});

const takesPayment = (online: boolean) =>
  t.database.db
    .update(shops)
    .set({ payOnOrder: online })
    .where(inArray(shops.id, [shopA, shopB]));

/** An order of two of a product from each shop named, at `priceKsh` each. */
async function place(shopIds: string[], priceKsh = 333.33) {
  const items = await Promise.all(
    shopIds.map(async (shopId) => {
      const [shop] = await t.database.db
        .select({ payOnOrder: shops.payOnOrder })
        .from(shops)
        .where(eq(shops.id, shopId));
      return makeProduct(t.database.db, {
        payOnOrder: shop?.payOnOrder ?? true,
        shopId,
        stock: 10,
        priceKsh,
      });
    }),
  );
  const body = orderBody(items.map((product) => ({ product, quantity: 2 })));
  const created = await call('POST', '/api/order/create', shopper.token, body);
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const { _id, totalPrice } = createOrderResponseSchema.parse(created.json());
  return { orderId: _id, totalPrice, body };
}

/** Placed and paid in the sandbox: confirmed. `reverse` takes the money back later. */
async function placePaid(shopIds: string[], priceKsh?: number) {
  const { orderId } = await place(shopIds, priceKsh);
  const trackingId = await startSandboxPayment(shopper.token, orderId);
  const paid = await sandbox(trackingId, 'pay');
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.body}`);
  const order = await readOrder(orderId);
  if (order.status !== 'confirmed') throw new Error(`not confirmed: ${order.status}`);
  return { order, reverse: () => sandbox(trackingId, 'reverse') };
}

/** Placed and confirmed to be paid on delivery. */
async function placeOnDelivery(shopIds: string[]) {
  const { orderId, totalPrice, body } = await place(shopIds);
  const confirmed = await call('POST', '/api/order/checkout', shopper.token, {
    ...DELIVERY_FORM,
    orderId,
    totalPrice,
    shipping: body.shipping,
    discount: body.discount,
  });
  if (confirmed.statusCode !== 200) throw new Error(`checkout failed: ${confirmed.body}`);
  return orderSchema.parse(confirmed.json());
}

const readOrder = async (orderId: string): Promise<Order> =>
  orderSchema.parse((await call('GET', `/api/orders/${orderId}`, shopper.token)).json());

const partAction = async (token: string, shopId: string, orderId: string, action: string) => {
  const res = await call(
    'POST',
    `/api/property/shop/${shopId}/orders/${orderId}/${action}`,
    token,
    {},
  );
  if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.body}`);
};

/** An order paid online and handed over by the shop: its sale is available to pay out. */
async function deliveredSale(shopId: string) {
  const { order } = await placePaid([shopId]);
  const token = shopId === shopA ? owner.token : owner2.token;
  await partAction(token, shopId, order._id, 'ship');
  await partAction(token, shopId, order._id, 'deliver');
  return order;
}

const ledgerOf = async (shopId: string, token = admin.token, page = 1): Promise<ShopLedger> => {
  const res = await call('GET', `/api/property/shop/${shopId}/ledger?page=${page}`, token);
  if (res.statusCode !== 200) throw new Error(`ledger failed: ${res.body}`);
  return shopLedgerSchema.parse(res.json());
};

/** The entries written for one order, oldest first, as the database holds them. */
const entriesOf = (orderId: string) =>
  t.database.db
    .select({
      shopId: ledgerEntries.shopId,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      grossCents: ledgerEntries.grossCents,
      commissionCents: ledgerEntries.commissionCents,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.seq);

/** Every shop's balance as the API says, against the sum of its entries in the database. */
async function expectBalancesAddUp() {
  const sums = rowsOf<{ shop_id: string; cents: string }>(
    await t.database.db.execute(
      sql`select shop_id, sum(amount_cents) as cents from ${ledgerEntries} group by shop_id`,
    ),
  );
  for (const shopId of [shopA, shopB]) {
    const sum = Number(sums.find((row) => row.shop_id === shopId)?.cents ?? 0);
    expect((await ledgerOf(shopId)).balance).toBe(sum / 100);
  }
}

const centsOf = (ksh: number) => Math.round(ksh * 100);
// 2 x Ksh 333.33 = 666.66; 10% of it is 66.666, of which the shop keeps the half cent.
const SALE = { grossCents: 66_666, commissionCents: 6_666, amountCents: 60_000 };
// The same sale with the spec's Standard Ksh 10: the delivery of the order's first shop part, the
// shop's own and taken no commission on (decision 035; a shop that set nothing charges it once).
const SALE_WITH_FEE = { grossCents: 67_666, commissionCents: 6_666, amountCents: 61_000 };

describe('a part paid online', () => {
  it('credits each shop its lines less the commission, and its delivery, once, when paid', async () => {
    await takesPayment(true);
    const beforeA = await ledgerOf(shopA);
    const beforeB = await ledgerOf(shopB);
    const { order } = await placePaid([shopA, shopB]);

    const entries = await entriesOf(order._id);
    expect(entries).toHaveLength(2);
    expect(entries.find((entry) => entry.shopId === shopA)).toMatchObject({
      kind: 'sale',
      ...SALE_WITH_FEE,
    });
    expect(entries.find((entry) => entry.shopId === shopB)).toMatchObject({
      kind: 'sale',
      ...SALE,
    });

    // The owner reads it at the top of the history, with the balance after it.
    const afterA = await ledgerOf(shopA, owner.token);
    expect(afterA.balance).toBe(beforeA.balance + 610);
    expect(afterA.total).toBe(beforeA.total + 1);
    expect(afterA.entries[0]).toMatchObject({
      kind: 'sale',
      amount: 610,
      gross: 676.66,
      commission: 66.66,
      commissionPercent: 10,
      orderId: order._id,
      orderNumber: order.orderId,
      balanceAfter: afterA.balance,
    });
    expect((await ledgerOf(shopB, owner2.token)).balance).toBe(beforeB.balance + 600);

    // Sending and handing over change nothing: the money was in already.
    await partAction(owner.token, shopA, order._id, 'ship');
    await partAction(owner.token, shopA, order._id, 'deliver');
    expect(await entriesOf(order._id)).toHaveLength(2);
    await expectBalancesAddUp();
  });

  it('is undone when its shop cancels it, and only that part', async () => {
    await takesPayment(true);
    const before = await ledgerOf(shopB);
    const { order } = await placePaid([shopA, shopB]);
    await partAction(owner2.token, shopB, order._id, 'cancel');

    const entries = await entriesOf(order._id);
    expect(entries.filter((entry) => entry.shopId === shopB)).toEqual([
      expect.objectContaining({ kind: 'sale', amountCents: 60_000 }),
      expect.objectContaining({
        kind: 'cancellation',
        amountCents: -60_000,
        grossCents: -66_666,
        commissionCents: -6_666,
      }),
    ]);
    expect(entries.filter((entry) => entry.shopId === shopA).map((e) => e.kind)).toEqual(['sale']);
    expect((await ledgerOf(shopB)).balance).toBe(before.balance);
    await expectBalancesAddUp();
  });

  it('is undone as a reversal when the provider takes the money back, even after sending', async () => {
    await takesPayment(true);
    const before = await ledgerOf(shopA);
    const { order, reverse } = await placePaid([shopA, shopB]);
    await partAction(owner.token, shopA, order._id, 'ship');
    const reversed = await reverse();
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await readOrder(order._id)).status).toBe('reversed');

    const kinds = (await entriesOf(order._id)).map((entry) => `${entry.kind}:${entry.shopId}`);
    expect(kinds.sort()).toEqual(
      [`sale:${shopA}`, `sale:${shopB}`, `reversal:${shopA}`, `reversal:${shopB}`].sort(),
    );
    expect((await ledgerOf(shopA)).balance).toBe(before.balance);
    // A repeated notification writes nothing more.
    await reverse();
    expect(await entriesOf(order._id)).toHaveLength(4);
    await expectBalancesAddUp();
  });

  it('is undone once when an admin cancels the order and the money is refunded', async () => {
    await takesPayment(true);
    const before = await ledgerOf(shopA);
    const { order } = await placePaid([shopA]);
    const cancelled = await call('POST', `/api/order/${order._id}/cancel`, admin.token, {
      note: 'out of stock in the shop',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunded = await call('POST', `/api/order/${order._id}/refund`, admin.token, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await readOrder(order._id)).status).toBe('refunded');

    expect((await entriesOf(order._id)).map((entry) => entry.kind)).toEqual([
      'sale',
      'cancellation',
    ]);
    expect((await ledgerOf(shopA)).balance).toBe(before.balance);
    await expectBalancesAddUp();
  });

  it('is never credited while the order is unpaid', async () => {
    await takesPayment(true);
    const { orderId } = await place([shopA]);
    expect(await entriesOf(orderId)).toEqual([]);
  });
});

describe('a part paid on delivery', () => {
  it('is credited when it is handed over, not when it is confirmed or sent', async () => {
    await takesPayment(false);
    const before = await ledgerOf(shopA);
    const order = await placeOnDelivery([shopA, shopB]);
    expect(order.status).toBe('confirmed');
    await partAction(owner.token, shopA, order._id, 'ship');
    expect(await entriesOf(order._id)).toEqual([]);

    await partAction(owner.token, shopA, order._id, 'deliver');
    expect(await entriesOf(order._id)).toEqual([
      expect.objectContaining({ kind: 'sale', shopId: shopA, ...SALE_WITH_FEE }),
    ]);
    expect((await ledgerOf(shopA)).balance).toBe(before.balance + 610);

    // The other shop's part, cancelled before it was sent, never earned anything.
    await partAction(owner2.token, shopB, order._id, 'cancel');
    expect(await entriesOf(order._id)).toHaveLength(1);
    await expectBalancesAddUp();
  });
});

describe('commission', () => {
  it('is the shop’s own once an admin sets it, for new sales only, and the default again on null', async () => {
    await takesPayment(true);
    const set = await call('PUT', `/api/admin/shops/${shopA}/commission`, admin.token, {
      commissionPercent: 2.5,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(shopLedgerSchema.parse(set.json())).toMatchObject({
      commissionPercent: 2.5,
      commissionIsDefault: false,
    });
    const { order } = await placePaid([shopA], 100);
    // 2 x Ksh 100 at 2.5%: Ksh 5 taken, none of it from the Ksh 10 delivery.
    expect(await entriesOf(order._id)).toEqual([
      expect.objectContaining({ grossCents: 21_000, commissionCents: 500, amountCents: 20_500 }),
    ]);

    const reset = await call('PUT', `/api/admin/shops/${shopA}/commission`, admin.token, {
      commissionPercent: null,
    });
    expect(shopLedgerSchema.parse(reset.json())).toMatchObject({
      commissionPercent: 10,
      commissionIsDefault: true,
    });
    // The earlier sale keeps the rate it was credited at.
    expect((await entriesOf(order._id))[0]?.commissionCents).toBe(500);
  });

  it('refuses rates out of range or finer than a hundredth of a percent', async () => {
    for (const commissionPercent of [-1, 100.01, 2.555, '5']) {
      const res = await call('PUT', `/api/admin/shops/${shopA}/commission`, admin.token, {
        commissionPercent,
      });
      expect(res.statusCode, String(commissionPercent)).toBe(400);
    }
    const unknown = await call(
      'PUT',
      '/api/admin/shops/00000000-0000-4000-8000-000000000000/commission',
      admin.token,
      { commissionPercent: 5 },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('payouts', () => {
  it('pay out only what was delivered: a sale paid online stays pending until then', async () => {
    await takesPayment(true);
    const before = await ledgerOf(shopA);
    expect(centsOf(before.pending) + centsOf(before.available)).toBe(centsOf(before.balance));
    const { order } = await placePaid([shopA]);
    const paid = await ledgerOf(shopA);
    expect(centsOf(paid.pending)).toBe(centsOf(before.pending) + 61_000);
    expect(paid.available).toBe(before.available);

    // Paid but not yet handed over: the sale cannot be paid out.
    const early = await call('POST', `/api/admin/shops/${shopA}/payouts`, admin.token, {
      amount: before.available + 600,
      method: 'mpesa',
      reference: 'TOO-EARLY',
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({
      error: {
        code: 'payout_exceeds_balance',
        message: expect.stringContaining('pending until its orders are delivered'),
      },
    });

    // Cancelled before delivery: the sale and its undoing both leave pending, nothing was paid.
    await partAction(owner.token, shopA, order._id, 'cancel');
    const cancelled = await ledgerOf(shopA);
    expect(cancelled).toMatchObject({
      balance: before.balance,
      pending: before.pending,
      available: before.available,
    });

    // Delivered: available, and payable.
    const { order: second } = await placePaid([shopA]);
    await partAction(owner.token, shopA, second._id, 'ship');
    await partAction(owner.token, shopA, second._id, 'deliver');
    const delivered = await ledgerOf(shopA);
    expect(delivered.pending).toBe(before.pending);
    expect(centsOf(delivered.available)).toBe(centsOf(before.available) + 61_000);
    const payout = await call('POST', `/api/admin/shops/${shopA}/payouts`, admin.token, {
      amount: delivered.available,
      method: 'mpesa',
      reference: 'ON-TIME',
    });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(shopLedgerSchema.parse(payout.json())).toMatchObject({
      available: 0,
      pending: before.pending,
    });
    await expectBalancesAddUp();
  });

  it('take what was paid off the balance, with its method and reference in the history', async () => {
    await takesPayment(true);
    await deliveredSale(shopB);
    const before = await ledgerOf(shopB);
    expect(before.balance).toBeGreaterThan(100);
    const res = await call('POST', `/api/admin/shops/${shopB}/payouts`, admin.token, {
      amount: 100.5,
      method: 'mpesa',
      reference: 'QK12ABC34D',
      note: 'weekly payout',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = shopLedgerSchema.parse(res.json());
    expect(centsOf(after.balance)).toBe(centsOf(before.balance) - 10_050);
    expect(after.entries[0]).toMatchObject({
      kind: 'payout',
      amount: -100.5,
      method: 'mpesa',
      reference: 'QK12ABC34D',
      note: 'weekly payout',
      balanceAfter: after.balance,
      orderId: null,
    });
    // The owner sees it too.
    expect((await ledgerOf(shopB, owner2.token)).entries[0]?.reference).toBe('QK12ABC34D');
    await expectBalancesAddUp();
  });

  it('refuse more than is available, and two at once cannot both spend the available balance', async () => {
    await takesPayment(true);
    await deliveredSale(shopB);
    // A sale not yet delivered: owed, but not to be paid out by either payout below.
    await placePaid([shopB]);
    const { available, pending } = await ledgerOf(shopB);
    expect(available).toBeGreaterThan(0);
    expect(pending).toBeGreaterThan(0);
    const tooMuch = await call('POST', `/api/admin/shops/${shopB}/payouts`, admin.token, {
      amount: available + 0.01,
      method: 'bank',
      reference: 'TOO-MUCH',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: { code: 'payout_exceeds_balance' } });

    const both = await Promise.all(
      ['FIRST', 'SECOND'].map((reference) =>
        call('POST', `/api/admin/shops/${shopB}/payouts`, admin.token, {
          amount: available,
          method: 'bank',
          reference,
        }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await ledgerOf(shopB)).toMatchObject({ available: 0, pending, balance: pending });
    await expectBalancesAddUp();
  });

  it('refuse bad input with the field’s message', async () => {
    const cases: [unknown, string][] = [
      [{ amount: 0, method: 'mpesa', reference: 'X' }, 'amount'],
      [{ amount: 10.001, method: 'mpesa', reference: 'X' }, 'amount'],
      [{ amount: 10, method: 'paypal', reference: 'X' }, 'method'],
      [{ amount: 10, method: 'mpesa', reference: '  ' }, 'reference'],
      [{ amount: 10, method: 'mpesa' }, 'reference'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', `/api/admin/shops/${shopA}/payouts`, admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toContain(field);
    }
  });
});

describe('what every shop is owed', () => {
  it('lists every shop with its balance, most owed first, and exports it as CSV', async () => {
    const res = await call('GET', '/api/admin/ledger', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const owed = ledgerShopsSchema.parse(res.json());
    expect(owed.defaultCommissionPercent).toBe(10);
    const balances = owed.shops.map((shop) => shop.balance);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    const a = owed.shops.find((shop) => shop.shopId === shopA);
    expect(a?.balance).toBe((await ledgerOf(shopA)).balance);
    expect(centsOf(a?.earned ?? 0) - centsOf(a?.paidOut ?? 0)).toBe(centsOf(a?.balance ?? -1));
    expect(centsOf(owed.totalOwed)).toBe(
      owed.shops.reduce((sum, shop) => sum + centsOf(shop.balance), 0),
    );

    const csv = await call('GET', '/api/admin/ledger/export.csv', admin.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(centsOf(owed.totalPending) + centsOf(owed.totalAvailable)).toBe(centsOf(owed.totalOwed));
    expect(lines[0]).toBe(
      'Shop ID,Shop,Owner email,Commission (%),Earned (Ksh),Paid out (Ksh),Owed (Ksh),Pending delivery (Ksh),Available (Ksh)',
    );
    const row = lines.find((line) => line.startsWith(shopA));
    expect(row?.split(',').slice(-3)).toEqual(
      [a?.balance, a?.pending, a?.available].map((ksh) => (ksh ?? NaN).toFixed(2)),
    );
  });

  it('writes a shop name that looks like a formula as text in the CSV', async () => {
    await t.database.db.update(shops).set({ name: '=HYPERLINK("x")' }).where(eq(shops.id, shopB));
    const csv = await call('GET', '/api/admin/ledger/export.csv', admin.token);
    expect(csv.body).toContain(`'=HYPERLINK`);
  });
});

describe('who may call what', () => {
  it('lets a shop’s owner and admins read its ledger, and only admins the rest', async () => {
    const ledger = `/api/property/shop/${shopA}/ledger`;
    expect((await call('GET', ledger)).statusCode).toBe(401);
    expect((await call('GET', ledger, shopper.token)).statusCode).toBe(403);
    expect((await call('GET', ledger, owner2.token)).statusCode).toBe(403);
    expect((await call('GET', ledger, owner.token)).statusCode).toBe(200);
    expect((await call('GET', ledger, admin.token)).statusCode).toBe(200);

    const adminOnly: [Parameters<typeof call>[0], string, unknown][] = [
      ['GET', '/api/admin/ledger', undefined],
      ['GET', '/api/admin/ledger/export.csv', undefined],
      ['POST', `/api/admin/shops/${shopA}/payouts`, { amount: 1, method: 'cash', reference: 'x' }],
      ['PUT', `/api/admin/shops/${shopA}/commission`, { commissionPercent: 0 }],
    ];
    for (const [method, url, body] of adminOnly) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, shopper.token, body)).statusCode, url).toBe(403);
      expect((await call(method, url, owner.token, body)).statusCode, url).toBe(403);
    }
  });

  it('answers 400 for a bad page and 404 for a shop that is not there', async () => {
    expect(
      (await call('GET', `/api/property/shop/${shopA}/ledger?page=0`, owner.token)).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'GET',
          '/api/property/shop/00000000-0000-4000-8000-000000000000/ledger',
          admin.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('entries', () => {
  /** The database's own words, under the query builder's wrapping. */
  const refusal = async (write: Promise<unknown>) => {
    try {
      await write;
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause;
      return cause?.message ?? (error as Error).message;
    }
    return 'written';
  };

  it('are never changed or removed, whatever asks', async () => {
    const ofShopA = eq(ledgerEntries.shopId, shopA);
    expect(
      await refusal(t.database.db.update(ledgerEntries).set({ amountCents: 1 }).where(ofShopA)),
    ).toMatch(/only ever added/);
    expect(await refusal(t.database.db.delete(ledgerEntries).where(ofShopA))).toMatch(
      /only ever added/,
    );
    expect(await refusal(t.database.db.execute(sql`truncate ${ledgerEntries}`))).toMatch(
      /only ever added/,
    );
  });
});
