import type { CartLine, CheckoutForm, CreateOrderResponse } from '@soko/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { NETWORK_MESSAGE, describeCheckoutError, newTotalMessage } from './checkout-errors';
import {
  CheckoutStepError,
  PAYMENT_FAILED_MESSAGE,
  createOrderBody,
  placeOrder,
  type CheckoutStage,
  type HeldOrder,
} from './place-order';

// The submit steps (spec section 4) against a stubbed fetch: which calls go out, in which
// order, and what the shopper is told when one fails.

const line: CartLine = {
  productId: '11111111-1111-1111-1111-111111111111',
  name: 'Aloe Gel',
  price: 450,
  image: '/placeholder-product.svg',
  selectedVariant: '50ml',
  variantId: '22222222-2222-2222-2222-222222222222',
  quantity: 2,
};
const form: CheckoutForm = {
  firstName: 'Wanjiru',
  middleName: 'Njeri',
  lastName: 'Mwangi',
  country: 'Kenya',
  county: 'Nairobi',
  city: 'Nairobi',
  address: 'Kenyatta Avenue 12',
  postalcode: '00100',
  phoneNumber: '0712345678',
  email: 'wanjiru@example.com',
};
const input = {
  lines: [line],
  form,
  shipping: 'standard' as const,
  discountCode: 'KARIBU10',
  discount: 90,
  totalPrice: 820,
};
const now = Date.UTC(2026, 0, 1);
const created = (payOnOrder: boolean): CreateOrderResponse => ({
  _id: '33333333-3333-3333-3333-333333333333',
  orderId: 'SK-26-000123',
  status: 'pending_payment',
  totalPrice: 820,
  payOnOrder,
  holdUntil: new Date(now + 60_000).toISOString(),
});

type Answer = { status: number; body: unknown } | 'network';

function stubFetch(answers: Record<string, Answer[]>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal('window', { localStorage: { getItem: () => null } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({ path, body: JSON.parse(String(init.body)) });
      const answer = answers[path]?.shift();
      if (!answer)
        return Response.json(
          { error: { code: 'not_found', message: 'Not found.' } },
          { status: 404 },
        );
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return calls;
}

function run(held: HeldOrder | null = null) {
  const stages: CheckoutStage[] = [];
  const state = { held };
  const promise = placeOrder(input, {
    held,
    onHeld: (next) => {
      state.held = next;
    },
    onStage: (stage) => stages.push(stage),
    now: () => now,
  });
  return { promise, stages, state };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createOrderBody', () => {
  it('carries where the parcels go and the delivery shown, for the server to check', () => {
    const pickup = [
      {
        shopId: '44444444-4444-4444-8444-444444444444',
        counterId: '55555555-5555-4555-8555-555555555555',
      },
    ];
    expect(createOrderBody({ ...input, county: 'Kisumu', pickup, deliveryFee: 60 })).toMatchObject({
      county: 'Kisumu',
      pickup,
      deliveryFee: 60,
    });
    // Not priced (a quote could not be had): the server's own figures answer in its 409.
    const unpriced = createOrderBody({ ...input, county: 'Kisumu', pickup: [], deliveryFee: null });
    expect(unpriced).not.toHaveProperty('deliveryFee');
    expect(unpriced).not.toHaveProperty('pickup');
  });

  it('says which unpaid order the cart was recovered from, when it was (decision 043)', () => {
    const lapsed = '99999999-9999-4999-8999-999999999999';
    expect(createOrderBody({ ...input, recoveredFrom: lapsed })).toMatchObject({
      recoveredFrom: lapsed,
    });
    expect(createOrderBody({ ...input, recoveredFrom: null })).not.toHaveProperty('recoveredFrom');
  });
});

describe('placeOrder', () => {
  it('creates the order, then checks it out with the form, the lines and the same figures', async () => {
    const calls = stubFetch({
      '/api/order/create': [{ status: 201, body: created(false) }],
      '/api/order/checkout': [
        { status: 200, body: { _id: created(false)._id, status: 'confirmed' } },
      ],
    });
    const { promise, stages, state } = run();
    await expect(promise).resolves.toMatchObject({ status: 'confirmed' });
    expect(stages).toEqual(['order', 'checkout']);
    expect(calls.map((call) => call.path)).toEqual(['/api/order/create', '/api/order/checkout']);
    const items = [
      {
        name: 'Aloe Gel',
        productId: line.productId,
        quantity: 2,
        price: 450,
        selectedVariant: line.variantId,
      },
    ];
    expect(calls[0]?.body).toEqual({
      items,
      totalPrice: 820,
      shipping: 'standard',
      discount: 90,
      discountCode: 'KARIBU10',
    });
    expect(calls[1]?.body).toEqual({
      ...form,
      orderId: created(false)._id,
      orderItems: items,
      totalPrice: 820,
      shipping: 'standard',
      discount: 90,
      discountCode: 'KARIBU10',
    });
    expect(state.held).toBeNull();
  });

  it('does not finalise an order that must be paid online when the payment call fails', async () => {
    const calls = stubFetch({ '/api/order/create': [{ status: 201, body: created(true) }] });
    const { promise, stages } = run();
    const error = await promise.catch((caught: unknown) => caught);
    expect(describeCheckoutError(error, [line]).message).toBe(PAYMENT_FAILED_MESSAGE);
    expect(stages).toEqual(['order', 'payment']);
    expect(calls.map((call) => call.path)).toEqual(['/api/order/create', '/api/payments/process']);
    expect(calls[1]?.body).toEqual({ orderId: created(true)._id, formData: form });
  });

  it('keeps the order when the checkout answer is lost, and reuses it on the next try', async () => {
    const calls = stubFetch({
      '/api/order/create': [{ status: 201, body: created(false) }],
      '/api/order/checkout': ['network', { status: 200, body: { status: 'confirmed' } }],
    });
    const first = run();
    const error = await first.promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CheckoutStepError);
    expect(describeCheckoutError(error, [line]).message).toBe(NETWORK_MESSAGE);
    expect(first.state.held?.order._id).toBe(created(false)._id);

    const second = run(first.state.held);
    await expect(second.promise).resolves.toMatchObject({ status: 'confirmed' });
    expect(second.stages).toEqual(['checkout']);
    expect(calls.map((call) => call.path)).toEqual([
      '/api/order/create',
      '/api/order/checkout',
      '/api/order/checkout',
    ]);
  });

  it('creates a new order when the cart changed since the held one', async () => {
    const calls = stubFetch({
      '/api/order/create': [{ status: 201, body: created(false) }],
      '/api/order/checkout': [{ status: 200, body: { status: 'confirmed' } }],
    });
    const stale: HeldOrder = { key: 'another cart', order: created(false) };
    await run(stale).promise;
    expect(calls.map((call) => call.path)).toEqual(['/api/order/create', '/api/order/checkout']);
  });
});

describe('describeCheckoutError', () => {
  const failed = (stage: CheckoutStage, error: ApiError) => new CheckoutStepError(stage, error);

  it('passes on an out-of-stock line with what is left', () => {
    const details = { productId: line.productId, variantId: line.variantId, available: 1 };
    const problem = describeCheckoutError(
      failed(
        'order',
        new ApiError(409, 'Aloe Gel (50ml): only 1 left.', { code: 'out_of_stock', details }),
      ),
      [line],
    );
    expect(problem).toMatchObject({
      message: 'Aloe Gel (50ml): only 1 left.',
      outOfStock: details,
    });
  });

  it('tells the new total of a price change and passes on the prices', () => {
    const details = {
      expected: 1_234.5,
      subtotal: 1_224.5,
      discount: 0,
      shipping: 10,
      items: [{ productId: line.productId, variantId: line.variantId, price: 612.25 }],
    };
    const problem = describeCheckoutError(
      failed('order', new ApiError(409, 'Prices changed.', { code: 'total_mismatch', details })),
      [line],
    );
    expect(problem.message).toBe(
      'Prices changed: your new total is Ksh 1,234.50. Please review and place the order again.',
    );
    expect(newTotalMessage(1500)).toContain('Ksh 1,500.');
    expect(problem.newPrices?.items).toEqual(details.items);
  });

  it('puts form fields beside their inputs and names the line of an item field', () => {
    const problem = describeCheckoutError(
      failed(
        'order',
        new ApiError(400, 'Please check the order.', {
          code: 'validation_failed',
          fields: { phoneNumber: 'Not a phone.', 'items.0.quantity': 'Too many.' },
        }),
      ),
      [line],
    );
    expect(problem.fields).toEqual({ phoneNumber: 'Not a phone.' });
    expect(problem.summary).toEqual([{ about: 'Aloe Gel (50ml)', message: 'Too many.' }]);
  });

  it('says an item is no longer sold, and which', () => {
    const problem = describeCheckoutError(
      failed(
        'order',
        new ApiError(404, 'An item in your cart is no longer sold.', {
          code: 'not_found',
          details: { productId: line.productId, variantId: line.variantId },
        }),
      ),
      [line],
    );
    expect(problem.message).toBe(
      'An item in your cart is no longer sold. Remove Aloe Gel (50ml) and place the order again.',
    );
  });

  it('shows a rate limit’s own words', () => {
    const problem = describeCheckoutError(
      failed(
        'order',
        new ApiError(429, 'Too many orders. Try again in a minute.', { code: 'rate_limited' }),
      ),
      [line],
    );
    expect(problem.message).toBe('Too many orders. Try again in a minute.');
  });
});
