// Every message a Swahili order's shopper gets (decision 050), word for word, from the words'
// one builder: the HTTP tests (order-language.test.ts) show the order's language reaching it; this
// one reads each message a Swahili shopper can get, pickup counters, refunds and receipts too.
import { smsLength, type Order, type OrderPart } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import type { OrderEvent, ShopOwner } from '../orders';
import { messagesForEvent } from './order-messages';
import { recoveryMessages } from './order-recovery';

const SITE = 'https://soko.test';
const ORIGIN = { senderName: 'Duka la Mama', site: SITE };
const ID = '0b9d5a52-3c1e-4f6e-9a51-7c2f0d8e4a11';
const SHOP_A = '1c0e8f5a-8d0b-4a7e-b0f4-5c3b2e1d9a01';
const SHOP_B = '2d1f9a6b-9e1c-4b8f-a1a5-6d4c3f2e0b02';
const LINK = `${SITE}/orders/${ID}?lang=sw`;

const PART_A: OrderPart = {
  _id: '3e2a0b7c-af2d-4c90-b2b6-7e5d4a3f1c03',
  shopId: SHOP_A,
  shopName: 'Pwani Crafts',
  status: 'confirmed',
  trackingNote: null,
  subtotal: 3000,
  refund: 0,
  delivery: 200,
  deliveryCounty: 'Mombasa',
  pickupCounter: {
    id: 'c1',
    name: 'Duka la Nyali',
    address: 'Links Rd 3, Nyali',
    hours: 'Mon-Sat 9-18',
  },
};

const PART_B: OrderPart = {
  _id: '4f3b1c8d-b03e-4da1-83c7-8f6e5b4a2d04',
  shopId: SHOP_B,
  shopName: 'Mikeka Bora',
  status: 'confirmed',
  trackingNote: null,
  subtotal: 500,
  refund: 0,
  delivery: 120,
  deliveryCounty: 'Mombasa',
  pickupCounter: {
    id: '77',
    name: 'Likoni Stage',
    address: 'Likoni Ferry Rd',
    hours: '',
    carrier: 'pickup-mtaani',
  },
};

const order: Order = {
  _id: ID,
  orderId: 'SK-26-000123',
  status: 'confirmed',
  payOnOrder: true,
  shippingOption: 'express',
  createdAt: '2026-03-05T09:00:00.000Z',
  totalPrice: 3720,
  subtotal: 3500,
  discount: 100,
  shipping: 320,
  items: [
    {
      name: 'Kikoi',
      price: 1500,
      quantity: 2,
      productId: 'p1',
      selectedVariant: 'v1',
      variantLabel: 'L',
      image: null,
    },
    {
      name: 'Mkeka',
      price: 500,
      quantity: 1,
      productId: 'p2',
      selectedVariant: null,
      variantLabel: null,
      image: null,
    },
  ],
  address: '',
  city: 'Mombasa',
  country: 'Kenya',
  county: 'Mombasa',
  firstName: 'Zawadi',
  lastName: 'Mwinyi',
  email: 'zawadi@example.test',
  phoneNumber: '+254712345678',
  holdUntil: null,
  refundReason: null,
  parts: [PART_A, PART_B],
};

const owners = new Map<string, ShopOwner>([
  [SHOP_A, { email: 'a@example.test', userId: 'owner-a', verifiedPhone: null }],
]);

const event = (kind: OrderEvent['kind'], more: Partial<OrderEvent> = {}): OrderEvent => ({
  id: 'e1',
  orderId: ID,
  partId: null,
  shopId: null,
  kind,
  actor: 'admin',
  data: {},
  at: new Date('2026-03-05T10:00:00Z'),
  ...more,
});

const facts = (of: Order = order) => ({
  order: of,
  itemShops: [SHOP_A, SHOP_B],
  owners,
  userId: null,
  locale: 'sw' as const,
});

const shopper = (messages: ReturnType<typeof messagesForEvent>) =>
  messages.filter((message) => message.recipient === order.email || message.channel === 'sms');

const signOff = ['', 'Duka la Mama', SITE];

describe('a Swahili order’s messages', () => {
  it('confirm it with its lines, totals, each shop’s way and fee, payment and receipts', () => {
    const written = messagesForEvent(event('order.confirmed'), facts(), ORIGIN, [
      { id: 'r1', shopId: SHOP_A, numberText: 'R-000001' },
      { id: 'r2', shopId: SHOP_B, numberText: 'R-000007' },
    ]);
    const [email, sms] = shopper(written);
    expect(email?.subject).toBe('Agizo lako SK-26-000123 kutoka Duka la Mama');
    expect(email?.body).toBe(
      [
        'Habari Zawadi,',
        '',
        'Asante kwa agizo lako SK-26-000123. Hii ni nakala yako.',
        '',
        '- 2 x Kikoi (L): Ksh 3,000',
        '- 1 x Mkeka: Ksh 500',
        '',
        'Jumla ndogo: Ksh 3,500',
        'Punguzo: -Ksh 100',
        'Usafirishaji: Ksh 320',
        'Jumla: Ksh 3,720',
        '',
        'Kufikishwa, kwa kila duka:',
        '- Pwani Crafts: Kuchukua kwenye Duka la Nyali, Links Rd 3, Nyali (hufunguliwa Mon-Sat 9-18), Ksh 200',
        '- Mikeka Bora: Kuchukua kwenye Likoni Stage (wakala wa Pick Up Mtaani), Likoni Ferry Rd, Ksh 120',
        'Malipo: Limelipwa mtandaoni',
        '',
        `Risiti yako kutoka Pwani Crafts: ${SITE}/orders/${ID}/receipts/r1?lang=sw`,
        `Risiti yako kutoka Mikeka Bora: ${SITE}/orders/${ID}/receipts/r2?lang=sw`,
        '',
        `Tazama agizo lako na ulifuatilie: ${LINK}`,
        ...signOff,
      ].join('\n'),
    );
    expect(sms?.body).toBe(`Duka la Mama: agizo SK-26-000123 limepokelewa, Ksh 3,720. ${LINK}`);
    // The owner's copy stays English.
    expect(written.find((message) => message.recipient === 'a@example.test')?.subject).toBe(
      'New order SK-26-000123 for Pwani Crafts',
    );
  });

  it('tell of a part on its way to a pickup counter, with the place to collect it', () => {
    const shipped: Order = {
      ...order,
      parts: [{ ...PART_A, status: 'shipped', trackingNote: 'G4S 88231' }, PART_B],
    };
    const [email, sms] = shopper(
      messagesForEvent(event('part.shipped', { shopId: SHOP_A }), facts(shipped), ORIGIN),
    );
    expect(email?.subject).toBe('Sehemu ya agizo lako SK-26-000123 iko njiani');
    expect(email?.body).toBe(
      [
        'Habari Zawadi,',
        '',
        'Bidhaa hizi zimetumwa na Pwani Crafts:',
        '- 2 x Kikoi',
        '',
        'Ufuatiliaji: G4S 88231',
        'Chukua mzigo wako kwenye: Duka la Nyali, Links Rd 3, Nyali (hufunguliwa Mon-Sat 9-18).',
        '',
        `Tazama agizo lako: ${LINK}`,
        ...signOff,
      ].join('\n'),
    );
    expect(sms?.body).toBe(
      `Duka la Mama: sehemu ya agizo SK-26-000123 iko njiani. Ufuatiliaji: G4S 88231. ${LINK}`,
    );
  });

  it('tell of the whole order on its way, delivered, or a part cancelled with its refund', () => {
    const whole: Order = { ...order, parts: [PART_A] };
    const one = (of: Order) => ({ ...facts(of), itemShops: [SHOP_A, SHOP_A] });
    const [onItsWay, sms] = shopper(
      messagesForEvent(event('part.shipped', { shopId: SHOP_A }), one(whole), ORIGIN),
    );
    expect(onItsWay?.subject).toBe('Agizo lako SK-26-000123 liko njiani');
    expect(onItsWay?.body.split('\n')[2]).toBe('Agizo lako limetumwa na Pwani Crafts:');
    expect(sms?.body).toBe(`Duka la Mama: agizo lako SK-26-000123 liko njiani. ${LINK}`);

    const [delivered] = shopper(
      messagesForEvent(event('part.delivered', { shopId: SHOP_A }), one(whole), ORIGIN, [
        { id: 'r1', shopId: SHOP_A, numberText: 'R-000001' },
      ]),
    );
    expect(delivered?.subject).toBe('Agizo lako SK-26-000123 limefikishwa');
    expect(delivered?.body).toContain(
      [
        'Agizo lako limefikishwa na Pwani Crafts:',
        '- 2 x Kikoi',
        '- 1 x Mkeka',
        '',
        `Risiti yako: ${SITE}/orders/${ID}/receipts/r1?lang=sw`,
      ].join('\n'),
    );

    const refunded: Order = {
      ...order,
      parts: [PART_A, { ...PART_B, status: 'cancelled', refund: 620 }],
    };
    const [cancelled] = shopper(
      messagesForEvent(event('part.cancelled', { shopId: SHOP_B }), facts(refunded), ORIGIN),
    );
    expect(cancelled?.subject).toBe('Sehemu ya agizo lako SK-26-000123 imeghairiwa');
    expect(cancelled?.body).toContain(
      'Bidhaa hizi zimeghairiwa na Mikeka Bora:\n- 1 x Mkeka\n\nKsh 620 ya malipo yako itarudishwa.',
    );
  });

  it('tell of an order cancelled, its refund, and a payment that came too late', () => {
    const [cancelled] = shopper(
      messagesForEvent(
        event('order.cancelled', { data: { from: 'confirmed' } }),
        facts({ ...order, status: 'cancelled', refundReason: 'cancelled_after_payment' }),
        ORIGIN,
      ),
    );
    expect(cancelled?.subject).toBe('Agizo lako SK-26-000123 limeghairiwa');
    expect(cancelled?.body).toBe(
      [
        'Habari Zawadi,',
        '',
        'Agizo lako SK-26-000123 limeghairiwa.',
        '',
        'Pesa ulizolipa zitarudishwa: tutakujulisha zitakaporudishwa.',
        '',
        `Tazama agizo lako: ${LINK}`,
        ...signOff,
      ].join('\n'),
    );

    const [refund] = messagesForEvent(
      event('refund.completed', { data: { cents: 372_000 } }),
      facts(),
      ORIGIN,
    );
    expect(refund?.subject).toBe('Ksh 3,720 imerudishwa kwa agizo SK-26-000123');
    expect(refund?.body.split('\n')[2]).toBe(
      'Ksh 3,720 ya malipo yako ya agizo SK-26-000123 imerudishwa kwenye akaunti uliyolipia.',
    );

    const [expired, expiredSms] = messagesForEvent(
      event('order.expired'),
      facts({ ...order, status: 'expired' }),
      ORIGIN,
    );
    expect(expired?.subject).toBe('Malipo ya agizo lako SK-26-000123 hayakufanikiwa');
    expect(expired?.body.split('\n')[2]).toBe(
      'Hatukupokea malipo ya agizo lako SK-26-000123 kwa wakati, kwa hivyo halikuwekwa.',
    );
    expect(expired?.body).toContain(`Lipa tena: ${LINK}`);
    expect(expiredSms?.body).toBe(
      `Duka la Mama: malipo ya agizo SK-26-000123 hayakufanikiwa. Lipa tena: ${LINK}`,
    );
  });

  it('send every SMS in plain GSM-7 letters, in as few parts as the English one', () => {
    const shipped: Order = {
      ...order,
      parts: order.parts.map((part) => ({ ...part, trackingNote: 'G4S 88231' })),
    };
    const texts = (locale: 'en' | 'sw') =>
      [
        messagesForEvent(event('order.confirmed'), { ...facts(), locale }, ORIGIN),
        messagesForEvent(event('order.payment_failed'), { ...facts(), locale }, ORIGIN),
        messagesForEvent(
          event('part.shipped', { shopId: SHOP_A }),
          { ...facts(shipped), locale },
          ORIGIN,
        ),
        recoveryMessages({ ...facts(), locale }, ORIGIN, 'A'.repeat(43)),
      ]
        .flat()
        .filter((message) => message.channel === 'sms')
        .map((message) => message.body);
    const [english, swahili] = [texts('en'), texts('sw')];
    expect(swahili).toHaveLength(4);
    swahili.forEach((body, index) => {
      const length = smsLength(body);
      expect(length.encoding, body).toBe('gsm7');
      expect(length.parts, body).toBeLessThanOrEqual(smsLength(english[index] ?? '').parts);
    });
  });
});
