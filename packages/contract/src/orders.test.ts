import { describe, expect, it } from 'vitest';
import {
  KENYA_COUNTIES,
  checkoutFormSchema,
  checkoutScreenSchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  discountQuerySchema,
  discountResponseSchema,
  finalCheckoutBodySchema,
  kenyanPhoneSchema,
  mpesaPhoneSchema,
  MPESA_PHONE_MESSAGE,
  normalizeMpesaPhone,
  mergeOrderItems,
  normalizeKenyanPhone,
  orderPartSchema,
  orderSchema,
  orderStatusSchema,
  shippingInputSchema,
  toShippingOption,
} from './orders';

const PRODUCT_ID = '3f1c2a8e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
const VARIANT_ID = '22222222-2222-4222-8222-222222222222';
const ORDER_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

const item = {
  name: 'Aloe Vera Gel',
  productId: PRODUCT_ID,
  quantity: 2,
  price: 1275,
  selectedVariant: VARIANT_ID,
};
const order = { items: [item], totalPrice: 2560, shipping: 'standard', discount: 0 };

const form = {
  firstName: 'Wanjiku',
  middleName: 'Njeri',
  lastName: 'Kamau',
  country: 'Kenya',
  county: 'Nairobi',
  city: 'Nairobi',
  address: 'Moi Avenue 1',
  postalcode: '00100',
  phoneNumber: '0712 345 678',
  email: 'wanjiku@mail.co.ke',
};

describe('KENYA_COUNTIES', () => {
  it('lists the 47 counties once each, alphabetically', () => {
    expect(KENYA_COUNTIES).toHaveLength(47);
    expect(new Set(KENYA_COUNTIES).size).toBe(47);
    expect([...KENYA_COUNTIES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual([
      ...KENYA_COUNTIES,
    ]);
    expect(KENYA_COUNTIES).toContain('Nairobi');
    expect(KENYA_COUNTIES).toContain("Murang'a");
    expect(KENYA_COUNTIES).toContain('Tharaka-Nithi');
  });
});

describe('Kenyan phone numbers', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0112345678', '+254112345678'],
    ['+254712345678', '+254712345678'],
    ['+254112345678', '+254112345678'],
    ['0712 345 678', '+254712345678'],
    [' +254 712 345 678 ', '+254712345678'],
  ])('accepts %j as %s', (input, normalized) => {
    expect(normalizeKenyanPhone(input)).toBe(normalized);
    expect(kenyanPhoneSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    '',
    '071234567',
    '07123456789',
    '0212345678',
    '254712345678',
    '+2540712345678',
    '+255712345678',
    '0712-345-678',
    'O712345678',
    '+254 712 345 67a',
  ])('rejects %j', (input) => {
    expect(normalizeKenyanPhone(input)).toBeNull();
    expect(kenyanPhoneSchema.safeParse(input).success).toBe(false);
  });
});

describe('M-Pesa numbers', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['712345678', '254712345678'],
    ['112345678', '254112345678'],
    ['254712345678', '254712345678'],
    ['254112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['+254-712-345-678', '254712345678'],
    ['0712-345-678', '254712345678'],
    [' 0712 345 678 ', '254712345678'],
    ['0110 123 456', '254110123456'],
  ])('accepts %j as %s', (input, normalized) => {
    expect(normalizeMpesaPhone(input)).toBe(normalized);
    expect(mpesaPhoneSchema.parse(input)).toBe(normalized);
  });

  it.each([
    '',
    '071234567',
    '07123456789',
    '0212345678',
    '0812345678',
    '+2540712345678',
    '2540712345678',
    '+255712345678',
    '255712345678',
    '25471234567',
    'O712345678',
    '+254 712 345 67a',
    '0712.345.678',
    '(0712) 345678',
  ])('rejects %j with a message saying what to type', (input) => {
    expect(normalizeMpesaPhone(input)).toBeNull();
    const parsed = mpesaPhoneSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MPESA_PHONE_MESSAGE);
  });

  it('rejects a number that is not text', () => {
    expect(mpesaPhoneSchema.safeParse(712345678).error?.issues[0]?.message).toBe(
      MPESA_PHONE_MESSAGE,
    );
  });
});

describe('shipping input', () => {
  it('takes the option or its amount', () => {
    for (const value of ['standard', 'express', 10, 20]) {
      expect(shippingInputSchema.safeParse(value).success).toBe(true);
    }
    for (const value of [0, 15, '10', 'Standard', null, undefined]) {
      expect(shippingInputSchema.safeParse(value).success).toBe(false);
    }
    expect(toShippingOption(10)).toBe('standard');
    expect(toShippingOption(20)).toBe('express');
    expect(toShippingOption('express')).toBe('express');
  });
});

describe('createOrderBodySchema', () => {
  it('accepts the spec payload, with or without a discount code', () => {
    expect(createOrderBodySchema.safeParse(order).success).toBe(true);
    expect(
      createOrderBodySchema.safeParse({ ...order, shipping: 20, discountCode: 'KARIBU10' }).success,
    ).toBe(true);
    expect(
      createOrderBodySchema.safeParse({ ...order, items: [{ ...item, selectedVariant: null }] })
        .success,
    ).toBe(true);
  });

  it.each([[-1], [0], [1.5], [1e9], ['2'], [null]])('rejects quantity %j', (quantity) => {
    expect(
      createOrderBodySchema.safeParse({ ...order, items: [{ ...item, quantity }] }).success,
    ).toBe(false);
  });

  it('rejects unknown keys on the body and on items', () => {
    expect(createOrderBodySchema.safeParse({ ...order, status: 'paid' }).success).toBe(false);
    expect(createOrderBodySchema.safeParse({ ...order, userId: PRODUCT_ID }).success).toBe(false);
    expect(
      createOrderBodySchema.safeParse({ ...order, items: [{ ...item, stock: 100 }] }).success,
    ).toBe(false);
  });

  it('needs 1 to 100 items, a shipping choice and sane amounts', () => {
    expect(createOrderBodySchema.safeParse({ ...order, items: [] }).success).toBe(false);
    expect(
      createOrderBodySchema.safeParse({ ...order, items: Array(101).fill(item) }).success,
    ).toBe(false);
    const { shipping: _shipping, ...withoutShipping } = order;
    expect(createOrderBodySchema.safeParse(withoutShipping).success).toBe(false);
    expect(createOrderBodySchema.safeParse({ ...order, shipping: 0 }).success).toBe(false);
    expect(createOrderBodySchema.safeParse({ ...order, discount: -5 }).success).toBe(false);
    expect(createOrderBodySchema.safeParse({ ...order, totalPrice: '2560' }).success).toBe(false);
    expect(
      createOrderBodySchema.safeParse({ ...order, discountCode: 'X'.repeat(41) }).success,
    ).toBe(false);
  });

  it('wants ids, not names, for products and variants', () => {
    expect(
      createOrderBodySchema.safeParse({ ...order, items: [{ ...item, productId: 'p1' }] }).success,
    ).toBe(false);
    expect(
      createOrderBodySchema.safeParse({ ...order, items: [{ ...item, selectedVariant: '50ml' }] })
        .success,
    ).toBe(false);
  });
});

describe('mergeOrderItems', () => {
  it('sums lines sharing product and variant', () => {
    const other = { ...item, selectedVariant: null };
    expect(mergeOrderItems([item, other, { ...item, quantity: 3 }])).toEqual([
      { ...item, quantity: 5 },
      other,
    ]);
  });
});

describe('checkoutFormSchema', () => {
  it('accepts a complete form', () => {
    expect(checkoutFormSchema.parse(form).county).toBe('Nairobi');
  });

  it('requires every field but the middle name and the postal code', () => {
    for (const field of Object.keys(form)) {
      if (field === 'middleName' || field === 'postalcode') continue;
      expect(checkoutFormSchema.safeParse({ ...form, [field]: '  ' }).success, field).toBe(false);
    }
  });

  it('takes a missing or blank middle name and postal code as empty (decision 027)', () => {
    const { middleName: _middleName, postalcode: _postalcode, ...without } = form;
    expect(checkoutFormSchema.parse(without)).toMatchObject({ middleName: '', postalcode: '' });
    expect(checkoutFormSchema.parse({ ...form, middleName: ' ', postalcode: '' })).toMatchObject({
      middleName: '',
      postalcode: '',
    });
  });

  it('still bounds a middle name or postal code that is given', () => {
    expect(checkoutFormSchema.safeParse({ ...form, middleName: 'x'.repeat(201) }).success).toBe(
      false,
    );
    expect(checkoutFormSchema.safeParse({ ...form, postalcode: '0'.repeat(21) }).success).toBe(
      false,
    );
  });

  it('wants a county from the list and a Kenyan mobile number', () => {
    expect(checkoutFormSchema.safeParse({ ...form, county: 'Nairobi County' }).success).toBe(false);
    expect(checkoutFormSchema.safeParse({ ...form, phoneNumber: '12345' }).success).toBe(false);
  });

  it('rejects fields the form does not have', () => {
    expect(checkoutFormSchema.safeParse({ ...form, totalPrice: 1 }).success).toBe(false);
  });
});

describe('finalCheckoutBodySchema', () => {
  const body = { ...form, orderId: ORDER_ID, totalPrice: 2560, shipping: 10, discount: 0 };

  it('takes the form plus the order and payment details', () => {
    expect(finalCheckoutBodySchema.safeParse(body).success).toBe(true);
    expect(
      finalCheckoutBodySchema.safeParse({
        ...body,
        orderItems: [item],
        discountCode: '',
        paymentDetails: { status_code: 1, payment_method: 'M-Pesa', confirmation_code: 'QWE123' },
      }).success,
    ).toBe(true);
  });

  it('rejects unknown keys, a missing order id and a non-id order id', () => {
    expect(finalCheckoutBodySchema.safeParse({ ...body, status: 'paid' }).success).toBe(false);
    const { orderId: _orderId, ...withoutOrder } = body;
    expect(finalCheckoutBodySchema.safeParse(withoutOrder).success).toBe(false);
    expect(finalCheckoutBodySchema.safeParse({ ...body, orderId: '1' }).success).toBe(false);
  });
});

describe('order responses', () => {
  it('reads an order', () => {
    const parsed = orderSchema.parse({
      _id: ORDER_ID,
      orderId: 'SK-25-000123',
      status: 'paid',
      payOnOrder: true,
      shippingOption: 'standard',
      createdAt: '2025-03-01T08:00:00.000Z',
      totalPrice: 2560,
      subtotal: 2550,
      discount: 0,
      shipping: 10,
      items: [
        {
          name: 'Aloe Vera Gel',
          price: 1275,
          quantity: 2,
          productId: PRODUCT_ID,
          selectedVariant: VARIANT_ID,
          variantLabel: '50ml',
          image: '/media/aloe-1/1200x800.webp',
        },
      ],
      address: '',
      city: '',
      country: '',
      county: '',
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      holdUntil: null,
      refundReason: 'paid_twice',
      parts: [
        {
          _id: ORDER_ID,
          shopId: PRODUCT_ID,
          shopName: 'Soko Naturals',
          status: 'pending_payment',
          trackingNote: null,
          subtotal: 2550,
          refund: 0,
          delivery: 10,
          deliveryCounty: null,
          pickupCounter: null,
        },
      ],
    });
    expect(parsed.items[0]?.variantLabel).toBe('50ml');
    expect(parsed.refundReason).toBe('paid_twice');
    expect(parsed.parts[0]?.shopName).toBe('Soko Naturals');
  });

  it('knows a part’s states, a subset of the order’s', () => {
    expect(orderPartSchema.shape.status.options).toEqual([
      'pending_payment',
      'confirmed',
      'shipped',
      'delivered',
      'cancelled',
    ]);
  });

  it('knows the order states', () => {
    expect(orderStatusSchema.options).toEqual([
      'pending_payment',
      'paid',
      'confirmed',
      'shipped',
      'delivered',
      'payment_failed',
      'reversed',
      'expired',
      'cancelled',
      'refunded',
    ]);
    expect(
      createOrderResponseSchema.safeParse({
        _id: ORDER_ID,
        orderId: 'SK-25-000123',
        status: 'pending_payment',
        totalPrice: 2560,
        payOnOrder: false,
        holdUntil: '2025-03-01T09:00:00.000Z',
      }).success,
    ).toBe(true);
  });
});

describe('discount lookup', () => {
  it('reads the subtotal from the query string', () => {
    expect(discountQuerySchema.parse({ subtotal: '2550.5' })).toEqual({ subtotal: 2550.5 });
    expect(discountQuerySchema.parse({})).toEqual({});
    expect(discountQuerySchema.safeParse({ subtotal: 'abc' }).success).toBe(false);
    expect(discountQuerySchema.safeParse({ subtotal: '-1' }).success).toBe(false);
    expect(
      discountResponseSchema.parse({
        code: 'KARIBU10',
        amount: 255,
        kind: 'percent',
        value: 10,
        shopId: null,
        shopName: null,
        minOrder: 0,
      }).amount,
    ).toBe(255);
  });
});

describe('checkoutScreenSchema', () => {
  it('asks for a shipping method in the spec words when none is picked', () => {
    const result = checkoutScreenSchema.safeParse({ shipping: '' });
    expect(result.success).toBe(false);
    const shipping = result.error?.issues.find((issue) => issue.path[0] === 'shipping');
    expect(shipping?.message).toBe('Choose a shipping method.');
  });
});
