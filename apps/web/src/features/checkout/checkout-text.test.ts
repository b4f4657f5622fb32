import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { Translate } from '../../lib/i18n';
import { compileCatalog } from '../../locales/compile-catalog';
import { describeCheckoutError, newTotalMessage, NETWORK_MESSAGE } from './checkout-errors';
import { checkoutText } from './checkout-text';
import { PAYMENT_FAILED_MESSAGE } from './payment-errors';
import { CheckoutStepError } from './place-order';
import { AGENT_FEE_FAILED } from './use-checkout-delivery';
import { CODE_CHECK_FAILED } from './use-discount-code';
import { CHECK_FIELDS_MESSAGE } from './use-place-order';

// Decision 050: what went wrong at the checkout, in the page's language, the server's words too.

const translator = (lang: 'en' | 'sw'): Translate => {
  const file = new URL(`../../locales/${lang}.json`, import.meta.url);
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const i18n = setupI18n({ locale: lang, messages: { [lang]: compileCatalog(source) } });
  return (key, values) => i18n._(key, values);
};
const en = translator('en');
const sw = translator('sw');

const lines = [{ productId: 'p1', variantId: null, name: 'Aloe Vera Gel', selectedVariant: null }];

const gone = describeCheckoutError(
  new CheckoutStepError(
    'order',
    new ApiError(404, 'Product not found.', { code: 'not_found', details: { productId: 'p1' } }),
  ),
  lines,
).message;
const mpesa = `${PAYMENT_FAILED_MESSAGE} An M-Pesa prompt for this order was sent less than a minute ago: check your phone, or try again in 45 seconds.`;
const MESSAGES = [
  CHECK_FIELDS_MESSAGE,
  NETWORK_MESSAGE,
  CODE_CHECK_FAILED,
  AGENT_FEE_FAILED,
  newTotalMessage(1499.5),
  gone,
  mpesa,
];

describe("the checkout's messages", () => {
  it('are said in English as they are written', () => {
    expect(MESSAGES.map((message) => checkoutText(message, en))).toEqual(MESSAGES);
  });

  it('are said in Kiswahili, a message built of several in each of its parts', () => {
    expect(checkoutText(newTotalMessage(1499.5), sw)).toBe(
      'Bei zimebadilika: jumla yako mpya ni Ksh 1,499.50. Tafadhali kagua kisha uweke agizo tena.',
    );
    expect(checkoutText(gone, sw)).toBe(
      'Bidhaa moja kwenye kikapu chako haiuzwi tena. Bidhaa haikupatikana. Ondoa Aloe Vera Gel kisha uweke agizo tena.',
    );
    expect(checkoutText(mpesa, sw)).toBe(
      'Malipo hayakufanikiwa. Tafadhali jaribu tena. Ombi la M-Pesa la agizo hili lilitumwa chini ya dakika moja iliyopita: angalia simu yako, au jaribu tena baada ya sekunde 45.',
    );
    expect(checkoutText(CODE_CHECK_FAILED, sw)).toBe(
      'Msimbo haukuweza kukaguliwa. Tafadhali jaribu tena.',
    );
  });
});
