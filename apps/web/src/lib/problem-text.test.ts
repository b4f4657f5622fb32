import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  INVALID_EMAIL_MESSAGE,
  PROBLEM_TEXTS,
  problemText as contractText,
  reviewInputSchema,
  type ProblemId,
} from '@soko/contract';
import { compileCatalog } from '../locales/compile-catalog';
import type { Translate } from './i18n';
import { problemText, translateFieldErrors } from './problem-text';

// Decision 050: the contract's and the server's English words on a shopper's screen, in the
// page's language; in English exactly as the server and the schemas wrote them.

const translator = (lang: 'en' | 'sw'): Translate => {
  const source = JSON.parse(
    readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const i18n = setupI18n({ locale: lang, messages: { [lang]: compileCatalog(source) } });
  return (key, values) => i18n._(key, values);
};
const en = translator('en');
const sw = translator('sw');

const VALUES = {
  name: 'Aloe Gel (50ml)',
  count: 3,
  max: 12,
  wait: '5 minutes',
  minutes: 30,
  seconds: 40,
  phone: '+254712345678',
  priced: 'Nairobi',
  county: 'Kisumu',
  amount: 'Ksh 1,500',
  shop: 'Mama Mboga',
  code: 'QKH94M1Z11',
  status: 'Failed',
  number: '247247',
  paid: 'Ksh 100',
  due: 'Ksh 1,499.50',
  held: 4,
  item: 'Aloe Gel (50ml)',
  more: 'at most 2 more',
};
const ids = Object.keys(PROBLEM_TEXTS) as ProblemId[];

describe("the contract's and the server's words on a shopper's screen", () => {
  it('are the very same words in English, values and all', () => {
    const changed = ids
      .map((id) => contractText(id, VALUES))
      .filter((text) => problemText(text, en) !== text);
    expect(changed).toEqual([]);
  });

  it('are Kiswahili on a Kiswahili page, with the values they carry', () => {
    const untranslated = ids.filter((id) => {
      const text = contractText(id, VALUES);
      return problemText(text, sw) === text;
    });
    expect(untranslated).toEqual([]);
    expect(problemText(INVALID_EMAIL_MESSAGE, sw)).toBe(
      'Tafadhali weka anwani sahihi ya barua pepe.',
    );
    expect(problemText(contractText('onlyLeft', { name: 'Aloe Gel (50ml)', count: 2 }), sw)).toBe(
      'Aloe Gel (50ml): zimebaki 2 tu.',
    );
  });

  it('says a wait the server wrote out in the page language', () => {
    expect(problemText('Too many requests. Please try again in 1 minute.', sw)).toBe(
      'Maombi mengi mno. Tafadhali jaribu tena baada ya dakika 1.',
    );
    expect(problemText('Too many sign-in attempts. Please try again in 45 seconds.', sw)).toBe(
      'Majaribio mengi mno ya kuingia. Tafadhali jaribu tena baada ya sekunde 45.',
    );
    expect(problemText('Too many requests. Please try again in 1 minute.', en)).toBe(
      'Too many requests. Please try again in 1 minute.',
    );
  });

  it('says a message made of several texts sentence by sentence, the rest as it came', () => {
    const own = (text: string) => (text === 'Payment failed.' ? 'Malipo hayakufanikiwa.' : null);
    expect(
      problemText(
        'Payment failed. This order cannot be paid any more. Daraja said: busy.',
        sw,
        own,
      ),
    ).toBe('Malipo hayakufanikiwa. Agizo hili haliwezi kulipwa tena. Daraja said: busy.');
  });

  it('says how many more units an order may take in the page language', () => {
    const held = (more: string) =>
      contractText('heldOfProduct', { ...VALUES, held: 10, max: 12, more, wait: '3 minutes' });
    expect(problemText(held('at most 2 more'), sw)).toBe(
      'Tayari unashikilia 10 za Aloe Gel (50ml) katika maagizo yanayosubiri malipo, na mnunuzi mmoja anaweza kushikilia zisizozidi 12 kwa wakati mmoja, kwa hivyo unaweza kuagiza hadi 2 zaidi sasa. Lipia maagizo yako yanayosubiri, au jaribu tena baada ya dakika 3.',
    );
    expect(problemText(held('no more'), sw)).toContain('unaweza kuagiza 0 zaidi sasa');
    expect(problemText(held('no more'), en)).toBe(held('no more'));
  });

  it('leaves words it does not know as they came', () => {
    expect(problemText('Something only this server says.', sw)).toBe(
      'Something only this server says.',
    );
  });

  it("puts a form's field errors in the page's language, nested fields too", () => {
    const parsed = reviewInputSchema.safeParse({ body: '' });
    expect(parsed.success).toBe(false);
    const fields = parsed.success ? {} : fieldErrors(parsed.error);
    const errors: FieldErrors = {
      rating: { type: 'invalid_type', message: fields.rating },
      body: { type: 'too_small', message: fields.body },
      items: [undefined, { quantity: { type: 'server', message: 'At most 12 in one order.' } }],
    } as unknown as FieldErrors;
    expect(translateFieldErrors(errors, sw)).toEqual({
      rating: { type: 'invalid_type', message: 'Chagua nyota 1 hadi 5.' },
      body: { type: 'too_small', message: 'Andika maneno machache kuhusu bidhaa hii.' },
      items: [
        undefined,
        { quantity: { type: 'server', message: 'Zisizozidi 12 katika agizo moja.' } },
      ],
    });
  });
});
