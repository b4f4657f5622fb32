import { describe, expect, it } from 'vitest';
import {
  MPESA_RESULT_MESSAGES,
  mpesaCallbackSchema,
  mpesaResultMessage,
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

describe('choosing the provider and the M-Pesa number', () => {
  it('normalises the M-Pesa number and keeps the provider choice', () => {
    const parsed = processPaymentBodySchema.parse({
      orderId: ORDER_ID,
      formData,
      provider: 'mpesa',
      mpesaPhone: '0712 345 678',
    });
    expect(parsed).toMatchObject({ provider: 'mpesa', mpesaPhone: '254712345678' });
  });

  it('refuses an unknown provider and a number M-Pesa cannot prompt', () => {
    expect(
      processPaymentBodySchema.safeParse({ orderId: ORDER_ID, formData, provider: 'paypal' })
        .success,
    ).toBe(false);
    const bad = processPaymentBodySchema.safeParse({
      orderId: ORDER_ID,
      formData,
      provider: 'mpesa',
      mpesaPhone: '0812345678',
    });
    expect(bad.error?.issues[0]?.path).toEqual(['mpesaPhone']);
  });
});

describe('the STK callback', () => {
  const success = {
    Body: {
      stkCallback: {
        MerchantRequestID: '11225-96181251-1',
        CheckoutRequestID: 'ws_CO_17112022155730304796440427',
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 1.0 },
            { Name: 'MpesaReceiptNumber', Value: 'QKH94M1Z11' },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20221117155745 },
            { Name: 'PhoneNumber', Value: 254796440427 },
          ],
        },
      },
    },
  };

  it('takes the published success and failure shapes (Balance without a value)', () => {
    expect(mpesaCallbackSchema.safeParse(success).success).toBe(true);
    const failure = {
      Body: {
        stkCallback: {
          MerchantRequestID: '68441-128341933-1',
          CheckoutRequestID: 'ws_CO_17112022155511840796440427',
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        },
      },
    };
    expect(mpesaCallbackSchema.parse(failure).Body.stkCallback.ResultCode).toBe(1032);
  });

  it('refuses a body without the CheckoutRequestID or result code', () => {
    expect(mpesaCallbackSchema.safeParse({ Body: {} }).success).toBe(false);
    const { ResultCode: _dropped, ...noCode } = success.Body.stkCallback;
    expect(mpesaCallbackSchema.safeParse({ Body: { stkCallback: noCode } }).success).toBe(false);
  });

  it('has a message for every listed result code, and a generic one otherwise', () => {
    for (const code of [1, 17, 26, 1001, 1019, 1025, 9999, 1032, 1037, 2001]) {
      expect(mpesaResultMessage(code)).toBe(MPESA_RESULT_MESSAGES[code]);
    }
    expect(mpesaResultMessage(1032)).toMatch(/cancelled/);
    expect(mpesaResultMessage(2001)).toMatch(/PIN/);
    expect(mpesaResultMessage(4242)).toBe('M-Pesa did not complete the payment.');
  });
});
