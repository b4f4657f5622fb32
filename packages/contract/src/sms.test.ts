import { describe, expect, it } from 'vitest';
import { PHONE_TEXTS } from './phone';
import { fitsOneSmsPart, smsDeliveryReportSchema, smsLength } from './sms';

describe('smsLength', () => {
  it('counts plain GSM-7 text one septet a character, 160 to a part', () => {
    expect(smsLength('Hello Wanjiru')).toEqual({
      encoding: 'gsm7',
      units: 13,
      parts: 1,
      perPart: 160,
    });
    expect(smsLength('a'.repeat(160)).parts).toBe(1);
    expect(smsLength('a'.repeat(161)).parts).toBe(2);
    // A split message carries a header: 153 septets a part.
    expect(smsLength('a'.repeat(306)).parts).toBe(2);
    expect(smsLength('a'.repeat(307)).parts).toBe(3);
    expect(smsLength('').parts).toBe(0);
  });

  it('counts the extension table (€, [, ], {, }, ~, ^, |, \\) as two septets', () => {
    expect(smsLength('€5').units).toBe(3);
    expect(smsLength('{}[]~^|\\€').units).toBe(18);
    expect(smsLength('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsLength('€'.repeat(81)).parts).toBe(2);
    // An escape and its character are never split: 76 euros fill one 153-septet part.
    expect(smsLength(`a${'€'.repeat(80)}`).parts).toBe(2);
  });

  it('keeps GSM-7 letters with accents and Greek capitals in GSM-7', () => {
    expect(smsLength('Café Ñandù Ω £ ¥ § ¿¡ ÄÖÜ äöüà').encoding).toBe('gsm7');
  });

  it('counts anything outside GSM-7 as UCS-2, 70 to a part', () => {
    expect(smsLength('Asante 🙏')).toMatchObject({
      encoding: 'ucs2',
      units: 9,
      parts: 1,
      perPart: 70,
    });
    // A curly quote is not GSM-7: the whole message becomes UCS-2.
    expect(smsLength(`It’s ${'a'.repeat(65)}`)).toMatchObject({ encoding: 'ucs2', parts: 1 });
    expect(smsLength(`It’s ${'a'.repeat(66)}`)).toMatchObject({ encoding: 'ucs2', parts: 2 });
    expect(smsLength('ç').encoding).toBe('ucs2');
    expect(smsLength('ú').encoding).toBe('ucs2');
    expect(smsLength('ж'.repeat(134)).parts).toBe(2);
    expect(smsLength('ж'.repeat(135)).parts).toBe(3);
  });

  it('lets the phone code SMS fit one part under a long shop name', () => {
    expect(fitsOneSmsPart(PHONE_TEXTS.smsBody('Soko Naturals', '123456'))).toBe(true);
    expect(fitsOneSmsPart(PHONE_TEXTS.smsBody('N'.repeat(60), '123456'))).toBe(true);
  });
});

describe('smsDeliveryReportSchema', () => {
  it('takes the fields Africa’s Talking posts, and ones it may add', () => {
    const report = smsDeliveryReportSchema.parse({
      id: 'ATXid_1',
      status: 'Failed',
      phoneNumber: '+254712345678',
      networkCode: '63902',
      failureReason: 'AbsentSubscriber',
      retryCount: '0',
      cost: 'KES 0.8000',
    });
    expect(report).toMatchObject({ id: 'ATXid_1', status: 'Failed' });
  });

  it('refuses a report without an id or a status', () => {
    expect(smsDeliveryReportSchema.safeParse({ status: 'Success' }).success).toBe(false);
    expect(smsDeliveryReportSchema.safeParse({ id: 'ATXid_1', status: '' }).success).toBe(false);
  });
});
