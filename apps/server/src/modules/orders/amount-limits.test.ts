import { MAX_AMOUNT_KSH } from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../../test/order-fixtures';

let t: TestApp;
let createBody: ReturnType<typeof orderBody>;
beforeAll(async () => {
  t = await createTestApp();
  const product = await makeProduct(t.database.db, { payOnOrder: false });
  createBody = orderBody([{ product, quantity: 1 }]);
});
afterAll(async () => {
  await t?.close();
});

const AMOUNT = '__amount__';
/** The amount goes in as raw JSON text: JSON.stringify cannot write 1e400 (read back: Infinity). */
const postWithAmount = (url: string, body: object, amount: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body).replace(`"${AMOUNT}"`, amount),
    headers: { 'content-type': 'application/json' },
  });

describe('money amounts out of range', () => {
  it.each(['1e308', 'Infinity', '-1', 'NaN', '1e400', String(MAX_AMOUNT_KSH + 1)])(
    'a discount asked for a subtotal of %s is a 400 with a field error',
    async (subtotal) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/discounts/KARIBU10?subtotal=${subtotal}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(Object.keys(res.json().error.fields)).toEqual(['subtotal']);
    },
  );

  it('the largest subtotal allowed still answers its discount', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/discounts/KARIBU10?subtotal=${MAX_AMOUNT_KSH}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(MAX_AMOUNT_KSH / 10);
  });

  it.each([
    ['totalPrice', '1e308'],
    ['totalPrice', '1e400'],
    ['totalPrice', '-1'],
    ['discount', '1e308'],
    ['items.0.price', '1e308'],
  ])('a new order with %s %s is a 400 naming that field', async (field, amount) => {
    const [line] = createBody.items;
    const body =
      field === 'items.0.price'
        ? { ...createBody, items: [{ ...line, price: AMOUNT }] }
        : { ...createBody, [field]: AMOUNT };
    const res = await postWithAmount('/api/order/create', body, amount);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('a final checkout with a total of 1e308 is a 400 naming the total', async () => {
    const body = {
      ...DELIVERY_FORM,
      orderId: '00000000-0000-4000-8000-000000000000',
      totalPrice: AMOUNT,
      shipping: 'standard',
      discount: 0,
    };
    const res = await postWithAmount('/api/order/checkout', body, '1e308');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['totalPrice']);
  });
});
