import {
  PHONE_TEXTS,
  authResponseSchema,
  fitsOneSmsPart,
  phoneAnswerSchema,
  userSchema,
} from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, phoneCodes } from '../../platform/schema';
import { MESSAGE_TEXTS } from '../messages';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  FAKE_AT_CREDENTIALS,
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../../test/fake-africastalking';

// The app sends its SMS through its own outbox worker to the fake Africa's Talking on loopback,
// so a code is read where a shopper reads it: in the SMS the provider was asked to send.
let t: TestApp;
let fake: FakeAfricasTalking;
beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  t = await createTestApp({
    env: {
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: FAKE_AT_CREDENTIALS.username,
      AT_API_KEY: FAKE_AT_CREDENTIALS.apiKey,
      AT_BASE_URL: fake.url,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, body?: object, lang?: string) =>
  t.app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lang ? { cookie: `lang=${lang}` } : {}),
    },
  });

let counter = 0;
/** A new signed-in account and a mobile number of its own (as typed, and as stored). */
async function newAccount() {
  const n = ++counter;
  const res = await call('POST', '/api/user/signup', undefined, {
    firstName: 'Otieno',
    lastName: 'Odhiambo',
    email: `phone${n}-${Date.now()}@example.test`,
    password: 'a-good-password',
  });
  expect(res.statusCode, res.body).toBe(201);
  const { token, user } = authResponseSchema.parse(res.json());
  const digits = String((Date.now() * 7 + n * 104_729) % 100_000_000).padStart(8, '0');
  return {
    token,
    userId: user._id,
    typed: `07${digits.slice(0, 2)} ${digits.slice(2)}`,
    phone: `+2547${digits}`,
  };
}

/** Waits for the `nth` SMS (1-based) to `phone` and answers its code. */
async function codeSentTo(phone: string, nth = 1): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const sms = fake.sentTo(phone)[nth - 1];
    if (sms) {
      const code = /\b(\d{6})\b/.exec(sms.message)?.[1];
      if (!code) throw new Error(`no code in: ${sms.message}`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no SMS ${nth} to ${phone} in 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const start = (token: string, phone: string) => call('POST', '/api/user/phone', token, { phone });
const verify = (token: string, code: string) =>
  call('POST', '/api/user/phone/verify', token, { code });
const profile = async (token: string) =>
  userSchema.parse((await call('GET', '/api/user/profile', token)).json());
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a phone on the account', () => {
  it('texts the code in Kiswahili when the number is typed on a Kiswahili page, in one SMS part', async () => {
    const a = await newAccount();
    const res = await call('POST', '/api/user/phone', a.token, { phone: a.typed }, 'sw');
    expect(res.statusCode, res.body).toBe(200);
    const code = await codeSentTo(a.phone);
    const [sms] = fake.sentTo(a.phone);
    expect(sms?.message).toBe(
      `${code} ni nambari yako ya uthibitisho ya Soko Naturals. Itaisha baada ya dakika 10. Usimpe mtu yeyote.`,
    );
    // One GSM-7 part, even from a shop with a long name, as the English.
    const longName = 'N'.repeat(60);
    expect(fitsOneSmsPart(MESSAGE_TEXTS.sw.account.phoneCode(longName, code))).toBe(true);
    expect(fitsOneSmsPart(MESSAGE_TEXTS.en.account.phoneCode(longName, code))).toBe(true);
    // The code works whatever the language.
    expect((await verify(a.token, code)).statusCode).toBe(200);
  });

  it('texts a 6-digit code to the number, and the right code verifies it', async () => {
    const a = await newAccount();
    const res = await start(a.token, a.typed);
    expect(res.statusCode, res.body).toBe(200);
    const answer = phoneAnswerSchema.parse(res.json());
    expect(answer.message).toBe(PHONE_TEXTS.codeSent(a.phone));
    expect(answer.user).toMatchObject({ phone: a.phone, phoneVerified: false });

    const code = await codeSentTo(a.phone);
    const [sms] = fake.sentTo(a.phone);
    expect(sms?.message).toBe(PHONE_TEXTS.smsBody('Soko Naturals', code));

    const ok = await verify(a.token, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(phoneAnswerSchema.parse(ok.json())).toMatchObject({
      message: PHONE_TEXTS.verified,
      user: { phone: a.phone, phoneVerified: true },
    });
    expect(await profile(a.token)).toMatchObject({ phone: a.phone, phoneVerified: true });
    // Spent: the same code again finds nothing.
    const again = await verify(a.token, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ code: PHONE_TEXTS.noCode });
  });

  it('never stores the code in clear', async () => {
    const a = await newAccount();
    await start(a.token, a.typed);
    const code = await codeSentTo(a.phone);
    const rows = await t.database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.userId, a.userId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // The sent SMS's copy in the outbox is blanked once the code is spent.
    await verify(a.token, code);
    const sent = await t.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.userId, a.userId));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).not.toContain(code);
  });

  it('locks the code after 5 wrong tries: even the right one is refused until a new code', async () => {
    const a = await newAccount();
    await start(a.token, a.typed);
    const code = await codeSentTo(a.phone);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(a.token, otherCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ code: PHONE_TEXTS.wrongCode });
    }
    const fifth = await verify(a.token, otherCode(code));
    expect(fifth.json().error.fields).toEqual({ code: PHONE_TEXTS.tooManyTries });
    const right = await verify(a.token, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.fields).toEqual({ code: PHONE_TEXTS.tooManyTries });
    expect(await profile(a.token)).toMatchObject({ phoneVerified: false });

    // A new code works.
    await start(a.token, a.phone);
    const fresh = await codeSentTo(a.phone, 2);
    expect((await verify(a.token, fresh)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const a = await newAccount();
    await start(a.token, a.typed);
    const code = await codeSentTo(a.phone);
    await t.database.db
      .update(phoneCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(phoneCodes.userId, a.userId));
    const res = await verify(a.token, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ code: PHONE_TEXTS.expiredCode });
    expect(await profile(a.token)).toMatchObject({ phoneVerified: false });
  });

  it('refuses a code sent to another account, and an older code once a new one was sent', async () => {
    const a = await newAccount();
    const b = await newAccount();
    await start(a.token, a.typed);
    await start(b.token, b.typed);
    const codeOfA = await codeSentTo(a.phone);
    const codeOfB = await codeSentTo(b.phone);
    if (codeOfA !== codeOfB) {
      const res = await verify(b.token, codeOfA);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ code: PHONE_TEXTS.wrongCode });
    }
    // The same number on both accounts: still only each account's own code counts.
    await start(b.token, a.phone);
    const codeOfBForA = await codeSentTo(a.phone, 2);
    if (codeOfBForA !== codeOfA) {
      expect((await verify(a.token, codeOfBForA)).statusCode).toBe(400);
    }
    // Resent: the first code no longer works, the new one does.
    await start(a.token, a.phone);
    const newest = await codeSentTo(a.phone, 3);
    if (newest !== codeOfA) expect((await verify(a.token, codeOfA)).statusCode).toBe(400);
    expect((await verify(a.token, newest)).statusCode).toBe(200);
  });

  it('sends at most 3 codes an hour to one account', async () => {
    const a = await newAccount();
    for (let i = 1; i <= 3; i++) expect((await start(a.token, a.typed)).statusCode).toBe(200);
    const refused = await start(a.token, a.typed);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      message: PHONE_TEXTS.tooManyCodes,
    });
    await codeSentTo(a.phone, 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.sentTo(a.phone)).toHaveLength(3);
  });

  it('unverifies the account when the number changes; the same verified number sends nothing', async () => {
    const a = await newAccount();
    await start(a.token, a.typed);
    await verify(a.token, await codeSentTo(a.phone));
    const same = await start(a.token, a.phone);
    expect(phoneAnswerSchema.parse(same.json())).toMatchObject({
      message: PHONE_TEXTS.alreadyVerified,
      user: { phone: a.phone, phoneVerified: true },
    });
    const other = `+2541${a.phone.slice(5)}`;
    const changed = await start(a.token, other);
    expect(phoneAnswerSchema.parse(changed.json()).user).toMatchObject({
      phone: other,
      phoneVerified: false,
    });
    await codeSentTo(other);
    expect(fake.sentTo(a.phone)).toHaveLength(1);
  });

  it('removes the number', async () => {
    const a = await newAccount();
    await start(a.token, a.typed);
    await verify(a.token, await codeSentTo(a.phone));
    const res = await call('DELETE', '/api/user/phone', a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(phoneAnswerSchema.parse(res.json())).toMatchObject({
      message: PHONE_TEXTS.removed,
      user: { phone: null, phoneVerified: false },
    });
    expect(await profile(a.token)).toMatchObject({ phone: null, phoneVerified: false });
  });

  it('answers bad input with field errors, and a signed-out caller with 401', async () => {
    const a = await newAccount();
    for (const phone of ['0812345678', '12345', '+255712345678', '']) {
      const res = await start(a.token, phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.fields).toEqual({
        phone: 'Enter a Kenyan mobile number such as 0712 345 678.',
      });
    }
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify(a.token, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.fields).toEqual({ code: 'Enter the 6-digit code from the SMS.' });
    }
    expect(
      (await call('POST', '/api/user/phone', a.token, { phone: a.typed, role: 'admin' }))
        .statusCode,
    ).toBe(400);
    expect((await start('', a.typed)).statusCode).toBe(401);
    expect((await verify('', '123456')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user/phone')).statusCode).toBe(401);
  });
});
