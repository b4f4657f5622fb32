import { FORGOT_PASSWORD_ANSWER, authResponseSchema } from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, passwordResets } from '../../platform/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sweepResetLinks } from './password-reset';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'no-reply@soko.test',
      PUBLIC_URL: 'https://shop.example.co.ke',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const post = (url: string, body: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

let counter = 0;
/** A new account, signed in: its email, password and session token. */
async function newAccount() {
  const email = `reset${++counter}-${Date.now()}@example.test`;
  const password = 'the-old-password';
  const res = await post('/api/user/signup', {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email,
    password,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, password, token: authResponseSchema.parse(res.json()).token };
}

const linkIn = (text: string) => {
  const match = /https:\/\/shop\.example\.co\.ke\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
    text,
  );
  if (!match?.[1]) throw new Error(`no reset link in the mail:\n${text}`);
  return { link: match[0], token: match[1] };
};

async function mailedToken(email: string) {
  const res = await post('/api/user/password/forgot', { email });
  expect(res.statusCode, res.body).toBe(202);
  return linkIn((await inbox.waitForMailTo(email)).text).token;
}

const profileWith = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/profile',
    headers: { authorization: `Bearer ${token}` },
  });

describe('forgot password', () => {
  it('mails the account a link to reset the password, from the shop', async () => {
    const { email } = await newAccount();
    const res = await post('/api/user/password/forgot', { email: email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });

    const mail = await inbox.waitForMailTo(email);
    expect(mail.header('from')).toBe('Soko Naturals <no-reply@soko.test>');
    expect(mail.header('subject')).toBe('Reset your Soko Naturals password');
    expect(mail.text).toContain('Hello Wanjiru,');
    expect(mail.text).toContain('within 30 minutes');
    const { token } = linkIn(mail.text);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only the token's hash is kept.
    const stored = await t.database.db.select().from(passwordResets);
    expect(stored.some((row) => row.tokenHash.includes(token))).toBe(false);
    // The worker records the send just after the server took the mail.
    const deadline = Date.now() + 5_000;
    let message;
    do {
      [message] = await t.database.db.select().from(messages).where(eq(messages.recipient, email));
      if (message?.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    } while (Date.now() < deadline);
    expect(message).toMatchObject({ status: 'sent', kind: 'password_reset', attempts: 1 });
  });

  it("links to the shop's own host when asked there, and to PUBLIC_URL from any other host", async () => {
    const { email } = await newAccount();
    const ask = (host: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/password/forgot',
        payload: { email },
        headers: { host },
      });
    // shop2.localhost is the second demo shop's host: the link opens there, under its name.
    expect((await ask('shop2.localhost')).statusCode).toBe(202);
    const there = await inbox.waitForMailTo(email);
    expect(there.text).toMatch(/https:\/\/shop2\.localhost\/reset-password\?token=[\w-]+/);
    expect(there.header('from')).not.toBe('Soko Naturals <no-reply@soko.test>');
    // A host no tenant names never goes into a mail (it is the sender's to choose).
    expect((await ask('attacker.example')).statusCode).toBe(202);
    await expect.poll(() => inbox.mailsTo(email).length).toBe(2);
    const elsewhere = inbox.mailsTo(email)[1]?.text ?? '';
    expect(elsewhere).not.toContain('attacker.example');
    linkIn(elsewhere);
  });

  it('answers an email with no account exactly as one with an account, and mails nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.test`;
    const { email } = await newAccount();
    const [forUnknown, forKnown] = [
      await post('/api/user/password/forgot', { email: unknown }),
      await post('/api/user/password/forgot', { email }),
    ];
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.headers['content-type']).toBe(forKnown.headers['content-type']);
    await inbox.waitForMailTo(email);
    expect(inbox.mailsTo(unknown)).toHaveLength(0);
    expect(
      await t.database.db.select().from(messages).where(eq(messages.recipient, unknown)),
    ).toHaveLength(0);
  });

  it('refuses a body that is not an email, with a clear message', async () => {
    const res = await post('/api/user/password/forgot', { email: 'not an email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toMatch(/email/i);
  });

  it('mails one account at most three links an hour, answering every request alike', async () => {
    const { email } = await newAccount();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post('/api/user/password/forgot', { email }));
    for (const res of answers) expect(res.statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.mailsTo(email)).toHaveLength(3);
  });
});

describe('forgot password, asked on a Kiswahili page', () => {
  it('mails the link in Kiswahili, opening the reset page in Kiswahili', async () => {
    const { email } = await newAccount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/forgot',
      payload: { email },
      headers: { cookie: 'lang=sw' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });

    const mail = await inbox.waitForMailTo(email);
    expect(mail.header('subject')).toBe('Badilisha nenosiri lako la Soko Naturals');
    expect(mail.text).toContain('Habari Wanjiru,');
    expect(mail.text).toContain('fungua kiungo hiki ndani ya dakika 30:');
    const { link, token } = linkIn(mail.text);
    expect(mail.text).toContain(`${link}&lang=sw`);
    // The link works as the English one does.
    const reset = await post('/api/user/password/reset', { token, password: 'a-new-password' });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('mails in English for a language it does not know', async () => {
    const { email } = await newAccount();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/password/forgot',
      payload: { email },
      headers: { cookie: 'lang=fr' },
    });
    const mail = await inbox.waitForMailTo(email);
    expect(mail.header('subject')).toBe('Reset your Soko Naturals password');
    expect(mail.text).not.toContain('lang=');
  });
});

describe('resetting the password with the mailed link', () => {
  it('sets the new password, signs in, and ends every session signed in before', async () => {
    const { email, password, token: oldSession } = await newAccount();
    expect((await profileWith(oldSession)).statusCode).toBe(200);
    const resetToken = await mailedToken(email);

    const res = await post('/api/user/password/reset', {
      token: resetToken,
      password: 'a-brand-new-password',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token: newSession, user } = authResponseSchema.parse(res.json());
    expect(user.email).toBe(email);

    expect((await profileWith(oldSession)).statusCode).toBe(401);
    expect((await profileWith(newSession)).statusCode).toBe(200);
    expect((await post('/api/user/signin', { email, password })).statusCode).toBe(401);
    const signin = await post('/api/user/signin', { email, password: 'a-brand-new-password' });
    expect(signin.statusCode).toBe(200);
  });

  it('refuses a link used once already', async () => {
    const { email } = await newAccount();
    const token = await mailedToken(email);
    expect(
      (await post('/api/user/password/reset', { token, password: 'first-new-one' })).statusCode,
    ).toBe(200);
    const again = await post('/api/user/password/reset', { token, password: 'second-new-one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'reset_link_used',
      message:
        'This reset link has already been used. If you still need a new password, ask for another link.',
    });
    const signin = await post('/api/user/signin', { email, password: 'second-new-one' });
    expect(signin.statusCode).toBe(401);
  });

  it('refuses a link older than 30 minutes', async () => {
    const { email, password } = await newAccount();
    const token = await mailedToken(email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${passwordResets.createdAt} > now() - interval '1 minute'`);
    const res = await post('/api/user/password/reset', { token, password: 'too-late-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'reset_link_expired',
      message: 'This reset link has expired: links work for 30 minutes. Please ask for a new one.',
    });
    expect((await post('/api/user/signin', { email, password })).statusCode).toBe(200);
  });

  it('refuses a guessed or mangled token', async () => {
    const { email } = await newAccount();
    const real = await mailedToken(email);
    for (const token of ['A'.repeat(43), real.slice(0, -1), `${real}x`]) {
      const res = await post('/api/user/password/reset', { token, password: 'guessed-password' });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error).toEqual({
        code: 'reset_link_invalid',
        message:
          'This reset link is not valid. Please open the whole link from the email, or ask for a new one.',
      });
    }
    const empty = await post('/api/user/password/reset', {
      token: '',
      password: 'guessed-password',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.token).toMatch(/open the whole link/);
  });

  it('ends the other links of the account once one is used', async () => {
    const { email } = await newAccount();
    await post('/api/user/password/forgot', { email });
    await post('/api/user/password/forgot', { email });
    const deadline = Date.now() + 5_000;
    while (inbox.mailsTo(email).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const [first, second] = inbox.mailsTo(email).map((mail) => linkIn(mail.text).token);
    if (!first || !second) throw new Error('two links were not mailed');
    expect(
      (await post('/api/user/password/reset', { token: second, password: 'newer-password' }))
        .statusCode,
    ).toBe(200);
    const older = await post('/api/user/password/reset', {
      token: first,
      password: 'older-password',
    });
    expect(older.statusCode).toBe(400);
    expect(older.json().error.code).toBe('reset_link_used');
  });
});

describe('the sweep of reset links', () => {
  it('deletes links a day past their expiry or their use, and keeps the rest', async () => {
    const { email } = await newAccount();
    const token = await mailedToken(email);
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .orderBy(sql`${passwordResets.createdAt} desc`)
      .limit(1);
    if (!row) throw new Error('no link was stored');
    expect(await sweepResetLinks(t.database.db)).toBe(0);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '25 hours'` })
      .where(eq(passwordResets.id, row.id));
    expect(await sweepResetLinks(t.database.db)).toBe(1);
    const res = await post('/api/user/password/reset', { token, password: 'swept-password' });
    expect(res.json().error.code).toBe('reset_link_invalid');
  });
});

describe('the limit per network address', () => {
  it('answers 429 past 30 requests in 15 minutes, whichever emails they name', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await post('/api/user/password/forgot', { email: `many${i}@example.test` });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 202).length).toBeLessThan(31);
  });
});
