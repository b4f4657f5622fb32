// The admin finds orders (by number, email, phone, state, shop and Nairobi day) and exports them
// as CSV, through HTTP on a real database.
import {
  authResponseSchema,
  createOrderResponseSchema,
  type AuthResponse,
  type CheckoutForm,
} from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../../test/order-fixtures';
import { orders } from '../../platform/schema';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let customer: AuthResponse;

const call = (url: string, token?: string, body?: unknown) =>
  t.app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const signIn = async (email: string): Promise<AuthResponse> => {
  const res = await call('/api/user/signin', undefined, { email, password: 'soko-demo-pass' });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return authResponseSchema.parse(res.json());
};

type Placed = { id: string; number: string; shopId: string };

/** An order made through the API, confirmed with this delivery form when `confirm` is set. */
async function place(
  form: Partial<CheckoutForm>,
  {
    online,
    quantity = 1,
    confirm = true,
  }: { online: boolean; quantity?: number; confirm?: boolean },
): Promise<Placed> {
  const product = await makeProduct(t.database.db, { payOnOrder: online, stock: 50 });
  const body = orderBody([{ product, quantity }]);
  const res = await call('/api/order/create', undefined, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  const created = createOrderResponseSchema.parse(res.json());
  if (confirm) {
    const done = await call('/api/order/checkout', undefined, {
      ...DELIVERY_FORM,
      ...form,
      orderId: created._id,
      totalPrice: created.totalPrice,
      shipping: body.shipping,
      discount: body.discount,
    });
    if (done.statusCode !== 200) throw new Error(`checkout failed: ${done.body}`);
  }
  return { id: created._id, number: created.orderId, shopId: product.shopId };
}

/** Test data the forms would not take (or a day long past) written straight to the row. */
const setOrder = (id: string, values: Partial<typeof orders.$inferInsert>) =>
  t.database.db.update(orders).set(values).where(eq(orders.id, id));

const list = async (query: string) => {
  const res = await call(`/api/order/getall?pageSize=100&${query}`, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json() as Array<{ _id: string; orderId: string; status: string }>;
  return { rows, ids: rows.map((r) => r._id), total: Number(res.headers['x-total-count']) };
};

const csvOf = async (query = '') => {
  const res = await call(`/api/order/export.csv?${query}`, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

let online: Placed; // Wanjiru: pays online, still pending
let delivery: Placed; // Otieno: pays on delivery, confirmed, 3 units
let tricky: Placed; // a name built to break CSVs and spreadsheets

beforeAll(async () => {
  t = await createTestApp();
  [admin, owner, customer] = await Promise.all([
    signIn('admin@soko.test'),
    signIn('owner@soko.test'),
    signIn('shopper@soko.test'),
  ]);
  online = await place({}, { online: true, confirm: false });
  await setOrder(online.id, {
    email: 'Wanjiru.Search@Example.com',
    phoneNumber: '+254722000111',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    // 2020-03-14 00:00 in Nairobi: the first minute of that day there.
    createdAt: new Date('2020-03-13T21:00:00Z'),
  });
  delivery = await place(
    { email: 'otieno.search@example.com', phoneNumber: '0733 444 555', firstName: 'Otieno' },
    { online: false, quantity: 3 },
  );
  // 2020-03-15 00:00 in Nairobi, still the 14th in UTC.
  await setOrder(delivery.id, { createdAt: new Date('2020-03-14T21:00:00Z') });
  tricky = await place({}, { online: false });
  await setOrder(tricky.id, {
    email: 'tricky.search@example.com',
    phoneNumber: '+254711999888',
    firstName: '=HYPERLINK("http://x")',
    lastName: 'Ng’ang’a, "Shiro"\nJr.',
    address: '@SUM(1)',
    city: '+254700000000',
    county: 'Murang’a',
    createdAt: new Date('2020-03-16T10:30:00Z'),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('who may find and export orders', () => {
  it('answers 401 without a token, 403 to a customer and to a shop owner, and serves an admin', async () => {
    for (const url of ['/api/order/getall?q=SK', '/api/order/export.csv?q=SK']) {
      expect((await call(url)).statusCode, url).toBe(401);
      expect((await call(url, customer.token)).statusCode, url).toBe(403);
      expect((await call(url, owner.token)).statusCode, url).toBe(403);
      expect((await call(url, admin.token)).statusCode, url).toBe(200);
    }
  });
});

describe('finding orders', () => {
  it('finds an order by its number, in any case, or by its digits', async () => {
    const digits = online.number.replace(/\D/g, '');
    for (const q of [online.number, online.number.toLowerCase(), digits, ` ${online.number} `]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.ids, q).toContain(online.id);
      expect(found.ids, q).not.toContain(delivery.id);
    }
    const exact = await list(`q=${online.number}`);
    expect(exact.ids).toEqual([online.id]);
    expect(exact.total).toBe(1);
  });

  it('finds an order by its email, whole or in part, in any case', async () => {
    for (const q of ['wanjiru.search@example.com', 'WANJIRU.SEARCH', 'ru.sea']) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.ids, q).toEqual([online.id]);
      expect(found.total, q).toBe(1);
    }
  });

  it('finds an order by its phone number written in any form', async () => {
    for (const q of ['0733 444 555', '+254733444555', '254733444555', '0733444555', '733 444']) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.ids, q).toEqual([delivery.id]);
      expect(found.total, q).toBe(1);
    }
  });

  it('reads the digits of an email as part of the email, not as an order or phone number', async () => {
    // Every order number this year holds 26, and 7334 is in Otieno's phone.
    expect((await list('q=x26%40nowhere.test')).total).toBe(0);
    expect((await list('q=otieno7334%40nowhere.test')).total).toBe(0);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list('q=%25')).ids).toEqual([]);
    expect((await list('q=search_example')).ids).toEqual([]);
  });

  it('keeps the orders in one state', async () => {
    const pending = await list('status=pending_payment');
    expect(pending.ids).toContain(online.id);
    expect(pending.ids).not.toContain(delivery.id);
    expect(new Set(pending.rows.map((r) => r.status))).toEqual(new Set(['pending_payment']));
    expect(pending.rows).toHaveLength(Math.min(pending.total, 100));
    const confirmed = await list('status=confirmed');
    expect(confirmed.ids).toContain(delivery.id);
    expect(confirmed.ids).not.toContain(online.id);
  });

  it('keeps the orders holding a line of one shop', async () => {
    expect(online.shopId).not.toBe(delivery.shopId);
    const ofShop = await list(`shopId=${delivery.shopId}`);
    expect(ofShop.ids).toContain(delivery.id);
    expect(ofShop.ids).not.toContain(online.id);
    expect(ofShop.rows).toHaveLength(Math.min(ofShop.total, 100));
    expect((await list('shopId=00000000-0000-4000-8000-000000000000')).total).toBe(0);
  });

  it('keeps the orders of Nairobi days, both ends included', async () => {
    expect((await list('from=2020-03-14&to=2020-03-14')).ids).toEqual([online.id]);
    expect((await list('from=2020-03-15&to=2020-03-15')).ids).toEqual([delivery.id]);
    const span = await list('from=2020-03-14&to=2020-03-16');
    expect(span.ids).toEqual([tricky.id, delivery.id, online.id]);
    expect(span.total).toBe(3);
    expect((await list('to=2020-03-14')).ids).toContain(online.id);
    expect((await list('to=2020-03-14')).ids).not.toContain(delivery.id);
    expect((await list('from=2020-03-15')).ids).not.toContain(online.id);
  });

  it('combines the filters, counts what they keep and pages through it', async () => {
    const both = await list(`q=search%40example.com&from=2020-03-14&to=2020-03-16`);
    expect(both.ids).toEqual([tricky.id, delivery.id, online.id]);
    const narrowed = await list(
      `q=search&status=confirmed&shopId=${delivery.shopId}&from=2020-03-15&to=2020-03-16`,
    );
    expect(narrowed.ids).toEqual([tricky.id, delivery.id]);
    expect(narrowed.total).toBe(2);
    const page2 = await call(
      `/api/order/getall?page=2&pageSize=1&q=search&status=confirmed&from=2020-03-14`,
      admin.token,
    );
    expect((page2.json() as Array<{ _id: string }>).map((r) => r._id)).toEqual([delivery.id]);
    expect(page2.headers['x-total-count']).toBe('2');
  });

  it('refuses bad filters with a message for each field (400)', async () => {
    const cases: Array<[string, string]> = [
      ['status=lost', 'status'],
      ['shopId=not-a-shop', 'shopId'],
      ['from=2020-02-30', 'from'],
      ['to=14-03-2020', 'to'],
      ['from=2020-03-16&to=2020-03-14', 'to'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['colour=red', 'colour'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/order/getall', '/api/order/export.csv']) {
        const res = await call(`${path}?${query}`, admin.token);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        const body = res.json() as { error: { code: string; fields: Record<string, string> } };
        expect(body.error.code).toBe('validation_failed');
        expect(body.error.fields[field], `${path}?${query}`).toEqual(expect.any(String));
      }
    }
  });
});

describe('the CSV export', () => {
  const HEADER =
    'Order number,Date,Status,Customer,Email,Phone,County,City,Address,Items (units),Subtotal (Ksh),Discount (Ksh),Shipping (Ksh),Total (Ksh),Payment,Refund owed';

  it('answers an attachment in UTF-8 with a BOM and a header row', async () => {
    const res = await csvOf('q=no-such-order-anywhere');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.rawPayload.subarray(3).toString('utf8')).toBe(`${HEADER}\r\n`);
  });

  it('writes one row per order the filters keep, money with two decimals', async () => {
    const res = await csvOf(`from=2020-03-14&to=2020-03-15`);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(HEADER);
    const [deliveryRow, onlineRow] = [lines[1], lines[2]];
    expect(lines.slice(3)).toEqual(['']);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, delivery.id));
    if (!row) throw new Error('the order is gone');
    const ksh = (cents: number) => (cents / 100).toFixed(2);
    expect(deliveryRow).toBe(
      [
        delivery.number,
        '2020-03-15 00:00',
        'confirmed',
        'Otieno Odhiambo',
        'otieno.search@example.com',
        "'+254733444555",
        'Kisumu',
        'Kisumu',
        'Oginga Odinga St 4',
        '3',
        ksh(row.subtotalCents),
        '0.00',
        ksh(row.shippingCents),
        ksh(row.totalCents),
        'On delivery',
        '',
      ].join(','),
    );
    expect(ksh(row.totalCents)).toMatch(/^\d+\.\d\d$/);
    expect(onlineRow).toMatch(
      new RegExp(`^${online.number},2020-03-14 00:00,pending_payment,Wanjiru Kamau,`),
    );
    expect(onlineRow).toMatch(/,Online,$/);
  });

  it('quotes commas, quotes and newlines, keeps names intact and neutralises formulas', async () => {
    const res = await csvOf(`q=tricky.search`);
    const text = res.rawPayload.subarray(3).toString('utf8');
    const row = text.slice(`${HEADER}\r\n`.length);
    expect(row.startsWith(`${tricky.number},2020-03-16 13:30,confirmed,`)).toBe(true);
    // The customer cell: a formula made text, the quotes doubled, the newline kept in quotes.
    expect(row).toContain(`"'=HYPERLINK(""http://x"") Ng’ang’a, ""Shiro""\nJr.",`);
    expect(row).toContain(",'+254711999888,Murang’a,'+254700000000,'@SUM(1),1,");
    expect(row.endsWith(',On delivery,\r\n')).toBe(true);
  });

  it('streams every order in batches, newest first, none twice or missed across batches', async () => {
    // 2,500 orders in one microsecond: the batches (1,000) must break ties by id, and a cursor
    // that lost the microseconds would skip or repeat them.
    await t.database.db.execute(sql`
      insert into orders (order_number, status, pay_on_order, subtotal_cents, shipping_cents,
                          total_cents, shipping_option, created_at)
      select 'SK-BULK-' || g, 'expired', true, 100, 0, 100, 'standard',
             '2019-06-01 09:00:00.123456+00'
      from generate_series(1, 2500) g`);
    const res = await csvOf('to=2019-06-01&status=expired');
    const numbers = res.rawPayload
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0]);
    expect(numbers.filter((n) => n?.startsWith('SK-BULK-'))).toHaveLength(2500);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toHaveLength((await list('to=2019-06-01&status=expired')).total);
  });
});
