// The held-units bounds are settings an operator may set very high ("no bound" in practice):
// multiplied by the address factor they must still fit the database's integers, so an order is
// placed, not refused with a 500 (found by the messages bench, whose shop set 10^8 and 1000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { makeProduct } from '../../../test/order-fixtures';

let t: TestApp;
const { placeOrder } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp({
    env: {
      MAX_HELD_UNITS_PER_SHOP: '100000000',
      HELD_ORDERS_WORTH_PER_PRODUCT: '100000000',
      ADDRESS_HOLD_FACTOR: '1000',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('held-units bounds set very high', () => {
  it('still place an order', async () => {
    const { shopper, shopA } = await demoMarket(t, false);
    const product = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA });
    const placed = await placeOrder(shopper.token, [product], 2);
    const confirmed = await placed.checkout();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
