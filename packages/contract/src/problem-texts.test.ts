import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  signinBodySchema,
  signupBodySchema,
  updateAddressBodySchema,
  updateProfileBodySchema,
} from './auth';
import { updateMarketingPreferencesSchema } from './consents';
import {
  checkoutScreenSchema,
  discountCodeSchema,
  mpesaPhoneSchema,
  pickupCheckoutScreenSchema,
} from './orders';
import { mpesaCodeSchema } from './payments';
import { startPhoneBodySchema, verifyPhoneBodySchema } from './phone';
import { matchProblem, PROBLEM_TEXTS, problemText, type ProblemId } from './problem-texts';
import { reviewInputSchema } from './reviews';

// Decision 050: a shopper's screen shows the words of the contract's schemas and of the server
// in the page's language by finding which of these texts a message is. A schema message missing
// from the table would stay English on a Kiswahili page.

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

const long = 'x'.repeat(600);

/** What each shopper form can send: left empty, typed too long, typed wrong. */
const FORMS: [string, z.ZodType, unknown[]][] = [
  [
    'checkout',
    checkoutScreenSchema,
    [
      {
        firstName: '',
        middleName: '',
        lastName: '',
        country: '',
        county: '',
        city: '',
        address: '',
        postalcode: '',
        phoneNumber: '',
        email: '',
        buyerKraPin: '',
      },
      {
        firstName: long,
        middleName: long,
        lastName: long,
        country: long,
        county: 'Atlantis',
        city: long,
        address: long,
        postalcode: long,
        phoneNumber: '0812 345 678',
        email: 'not an email',
        buyerKraPin: 'X123',
        shipping: 'teleport',
      },
    ],
  ],
  [
    'checkout at a counter',
    pickupCheckoutScreenSchema,
    [
      {
        firstName: 'Amina',
        middleName: '',
        lastName: 'Odhiambo',
        country: 'Kenya',
        county: 'Kisumu',
        city: long,
        address: long,
        postalcode: '',
        phoneNumber: '0712 345 678',
        email: 'amina@example.co.ke',
        buyerKraPin: '',
        shipping: 'standard',
      },
    ],
  ],
  ['the M-Pesa number', mpesaPhoneSchema, ['', '0812345678', long]],
  ['the discount code', discountCodeSchema, [long]],
  [
    'sign up',
    signupBodySchema,
    [
      { firstName: '', lastName: '', email: '', password: '' },
      { firstName: long, lastName: long, email: long, password: long },
    ],
  ],
  ['sign in', signinBodySchema, [{ email: 'x', password: '' }]],
  ['forgot password', forgotPasswordBodySchema, [{ email: '' }]],
  [
    'reset password',
    resetPasswordBodySchema,
    [
      { token: '', password: '1234567' },
      { token: long, password: 'long enough' },
    ],
  ],
  ['names', updateProfileBodySchema, [{ firstName: '', lastName: long }]],
  ['address', updateAddressBodySchema, [{ street: long, city: long, state: long, zip: long }]],
  ['password', changePasswordBodySchema, [{ currentPassword: '', newPassword: 'short' }]],
  ['delete account', deleteAccountBodySchema, [{ password: '' }]],
  ['phone', startPhoneBodySchema, [{ phone: '' }, { phone: long }]],
  ['phone code', verifyPhoneBodySchema, [{ code: '12' }]],
  ['M-Pesa code', mpesaCodeSchema, ['QKH94', long]],
  ['review', reviewInputSchema, [{ body: '' }, { rating: 9, body: long.repeat(4) }]],
  [
    'marketing',
    updateMarketingPreferencesSchema,
    [
      { newsletter: true, smsOffers: true },
      { newsletter: true, smsOffers: true, phone: '0812 345 678' },
    ],
  ],
];

describe("the contract's and the server's texts, by id", () => {
  it.each(FORMS)('knows every message the %s form can show', (_name, schema, inputs) => {
    const messages = inputs.flatMap((input) => messagesOf(schema, input));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((message) => matchProblem(message) === null)).toEqual([]);
  });

  it('finds each text back, with the values it carries', () => {
    const values = {
      name: 'Aloe Gel (50ml): Blue',
      count: 3,
      max: 12,
      wait: '5 minutes',
      minutes: 30,
      seconds: 40,
      phone: '+254712345678',
      priced: 'Nairobi',
      county: 'Kisumu',
      amount: 'Ksh 1,500',
      shop: 'Mama’s Kitchen',
      code: 'QKH94M1Z11',
      status: 'Failed',
      number: '247247',
      paid: 'Ksh 100',
      due: 'Ksh 1,499.50',
      held: 10,
      item: 'Aloe Gel (50ml): Blue',
      more: 'at most 2 more',
    };
    for (const id of Object.keys(PROBLEM_TEXTS) as ProblemId[]) {
      const text = problemText(id, values);
      const names = [...PROBLEM_TEXTS[id].matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? '');
      const expected = Object.fromEntries(
        names.map((name) => [name, String(values[name as keyof typeof values])]),
      );
      expect({ id, found: matchProblem(text) }).toEqual({ id, found: { id, values: expected } });
    }
  });

  it('tells a product named like a text from the text', () => {
    expect(matchProblem('Product not found. is sold out.')).toEqual({
      id: 'soldOut',
      values: { name: 'Product not found.' },
    });
    expect(
      matchProblem(
        'Delivery was priced for Nairobi: choose Mombasa, or place the order again for Kisumu.',
      ),
    ).toBeNull();
  });

  it('leaves words that are not in the table alone', () => {
    expect(matchProblem('Something nobody wrote down.')).toBeNull();
    expect(matchProblem('')).toBeNull();
  });
});
