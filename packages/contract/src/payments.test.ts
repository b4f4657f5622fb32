import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUS,
  paymentStatusEventName,
  paymentStatusEventSchema,
  paymentStatusMessage,
  processPaymentBodySchema,
  processPaymentResponseSchema,
} from './payments';

const ORDER_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const formData = {
  firstName: 'Wanjiku',
  middleName: 'Njeri',
  lastName: 'Kamau',
  country: 'Kenya',
  county: 'Kiambu',
  city: 'Thika',
  address: 'Kenyatta Highway 3',
  postalcode: '01000',
  phoneNumber: '+254712345678',
  email: 'wanjiku@mail.co.ke',
};

describe('processPaymentBodySchema', () => {
  it('takes the order id and the checkout form', () => {
    expect(processPaymentBodySchema.safeParse({ orderId: ORDER_ID, formData }).success).toBe(true);
  });

  it('takes the whole checkout form as the spec’s client sends it: cart lines and figures', () => {
    const specForm = {
      ...formData,
      orderItems: [
        {
          productId: '11111111-1111-4111-8111-111111111111',
          name: 'Aloe Vera Gel',
          price: 1275,
          image: '/media/aloe/320.webp',
          selectedVariant: null,
          quantity: 2,
        },
      ],
      totalPrice: 2560,
      discount: 0,
      shipping: 10,
      discountCode: '',
    };
    expect(
      processPaymentBodySchema.safeParse({ orderId: ORDER_ID, formData: specForm }).success,
    ).toBe(true);
  });

  it('rejects unknown fields, an amount out of range and incomplete forms', () => {
    expect(
      processPaymentBodySchema.safeParse({ orderId: ORDER_ID, formData, amount: 1 }).success,
    ).toBe(false);
    expect(
      processPaymentBodySchema.safeParse({
        orderId: ORDER_ID,
        formData: { ...formData, amount: 1 },
      }).success,
    ).toBe(false);
    expect(
      processPaymentBodySchema.safeParse({
        orderId: ORDER_ID,
        formData: { ...formData, totalPrice: -1 },
      }).success,
    ).toBe(false);
    expect(
      processPaymentBodySchema.safeParse({
        orderId: ORDER_ID,
        formData: { ...formData, email: '' },
      }).success,
    ).toBe(false);
  });

  it('reads the answer', () => {
    expect(
      processPaymentResponseSchema.parse({
        success: true,
        trackingId: 'trk-1',
        redirectUrl: '/pay/sandbox/trk-1',
      }).redirectUrl,
    ).toBe('/pay/sandbox/trk-1');
  });
});

describe('payment status channel', () => {
  it('names the event after the tracking id', () => {
    expect(paymentStatusEventName('abc-123')).toBe('paymentStatus:abc-123');
  });

  it('keeps the provider fields that ride along', () => {
    const event = paymentStatusEventSchema.parse({
      status_code: PAYMENT_STATUS.COMPLETED,
      payment_method: 'MpesaKE',
      confirmation_code: 'QWE123',
    });
    expect(event).toEqual({
      status_code: 1,
      payment_method: 'MpesaKE',
      confirmation_code: 'QWE123',
    });
    expect(
      paymentStatusEventSchema.safeParse({ status_code: '1', payment_method: 'x' }).success,
    ).toBe(false);
  });

  it('tells the shopper the spec messages', () => {
    expect(PAYMENT_STATUS).toEqual({ COMPLETED: 1, FAILED: 2, REVERSED: 3 });
    expect(paymentStatusMessage(1)).toBe('Payment successful!');
    expect(paymentStatusMessage(2)).toBe('Payment failed. Please try again.');
    expect(paymentStatusMessage(3)).toBe('Payment reversed.');
    expect(paymentStatusMessage(0)).toBeNull();
  });
});
