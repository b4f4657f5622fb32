import { KRA_PIN_MESSAGE } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeCheckoutError } from './checkout-errors';
import { CheckoutStepError } from './place-order';

const lines = [
  { productId: 'p1', variantId: 'v1', name: 'Aloe Vera Gel', selectedVariant: '50ml' },
];

describe('describeCheckoutError: the limits on holding stock', () => {
  it('shows a shopper with too many unpaid orders the server’s words on what to do', () => {
    const message =
      'You already have 5 orders waiting for payment. Pay for one of them, or try again in 12 minutes, when the oldest unpaid one lapses.';
    const error = new CheckoutStepError(
      'order',
      new ApiError(429, message, {
        code: 'too_many_open_orders',
        details: { retryAfterSeconds: 700 },
      }),
    );
    expect(describeCheckoutError(error, lines)).toEqual({ message, fields: {}, summary: [] });
  });

  it('shows why no M-Pesa prompt was sent, in the server’s words, at the payment step', () => {
    const message =
      'This phone number has had 3 M-Pesa prompts in the last 10 minutes, the most we send. Please try again in 7 minutes, or choose another way to pay.';
    const error = new CheckoutStepError(
      'payment',
      new ApiError(429, message, {
        code: 'too_many_prompts',
        details: { retryAfterSeconds: 400 },
      }),
    );
    expect(describeCheckoutError(error, lines)).toEqual({ message, fields: {}, summary: [] });
  });

  it('names the line that asks for more than one order may take', () => {
    const message =
      'You can order at most 10 of Aloe Vera Gel (50ml) at a time. Lower the quantity in your cart, then place the order.';
    const error = new CheckoutStepError(
      'order',
      new ApiError(400, message, {
        code: 'quantity_limit',
        fields: { 'items.0.quantity': 'At most 10 in one order.' },
      }),
    );
    expect(describeCheckoutError(error, lines)).toEqual({
      message,
      fields: {},
      summary: [{ about: 'Aloe Vera Gel (50ml)', message: 'At most 10 in one order.' }],
    });
  });
});

describe('describeCheckoutError: the buyer’s KRA PIN (decision 045)', () => {
  it('puts a refused PIN on its field, from the final checkout or the payment’s start', () => {
    for (const [stage, path] of [
      ['order', 'buyerKraPin'],
      ['payment', 'formData.buyerKraPin'],
    ] as const) {
      const error = new CheckoutStepError(
        stage,
        new ApiError(400, 'Check the form.', {
          code: 'validation_failed',
          fields: { [path]: KRA_PIN_MESSAGE },
        }),
      );
      expect(describeCheckoutError(error, lines), stage).toEqual({
        message: 'Check the form.',
        fields: { buyerKraPin: KRA_PIN_MESSAGE },
        summary: [],
      });
    }
  });
});
