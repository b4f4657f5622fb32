// Marketing consent through HTTP (decision 033): recorded on subscribing and on the account page,
// honoured by every newsletter, withdrawn by one click, never asked of transactional mail.
import { authResponseSchema, CURRENT_CONSENT_TEXTS } from '@soko/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, messages, users } from '../../platform/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DEMO_PASSWORD, TEST_JWT_SECRET } from '../../../test/settings';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../test/smtp-inbox';
import { smtpChannel } from './email';
import { enqueueMarketing } from './marketing';
import { createMessageWorker, enqueueMessage, MarketingNeedsConsentError } from './outbox';
import { unsubscribeKey, unsubscribeToken } from '../consents';
import { dataRightsKey, hashOfAddress } from '../data-rights';

// The app runs without SMTP_URL, so what it queues waits as held and its own worker sends
// nothing; each test sends what was queued with a worker of its own, to a real SMTP server on
// loopback, and reads the mails that server received.
const SITE = 'https://shop.example.co.ke';
let t: TestApp;
let inbox: SmtpInbox;
let adminToken: string;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { PUBLIC_URL: SITE } });
  adminToken = await signIn('admin@soko.test', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

/** Sends everything queued or held, through the loopback SMTP server. */
async function deliver() {
  const channels = { email: smtpChannel(inbox.url, 'no-reply@soko.test', 10) };
  try {
    await createMessageWorker(t.database.db, channels).drain();
  } finally {
    channels.email.close();
  }
}

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; body?: object | string; token?: string };
const call = ({ method, url, body, token }: Call) =>
  t.app.inject({
    method,
    url,
    ...(typeof body === 'string'
      ? { payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : body
        ? { payload: body }
        : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

async function signIn(email: string, password: string) {
  const res = await call({ method: 'POST', url: '/api/user/signin', body: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return authResponseSchema.parse(res.json()).token;
}

let counter = 0;
const newEmail = (name = 'reader') => `${name}${++counter}-${Date.now()}@example.test`;

async function newAccount() {
  const email = newEmail('account');
  const res = await call({
    method: 'POST',
    url: '/api/user/signup',
    body: { firstName: 'Achieng', lastName: 'Otieno', email, password: 'a-long-password' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, token: authResponseSchema.parse(res.json()).token };
}

const subscribe = (email: string, token?: string) =>
  call({
    method: 'POST',
    url: '/api/newsletter/create',
    body: { email },
    ...(token ? { token } : {}),
  });

const sendNewsletter = (subject: string, body = 'New shea butter is in. Karibu!') =>
  call({
    method: 'POST',
    url: '/api/admin/newsletter/send',
    body: { subject, body },
    token: adminToken,
  });

const consentsOf = (email: string) =>
  t.database.db
    .select()
    .from(consents)
    .where(sql`lower(${consents.email}) = lower(${email})`)
    .orderBy(asc(consents.givenAt));

/** The unsubscribe link of a newsletter mail: the header's one-click address and the body's. */
function unsubscribeLinks(mail: ReceivedMail) {
  const header = /^<(https:\/\/shop\.example\.co\.ke\/api\/unsubscribe\/([A-Za-z0-9_-]+))>$/.exec(
    mail.header('list-unsubscribe') ?? '',
  );
  const page = /https:\/\/shop\.example\.co\.ke\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!header?.[2] || !page?.[1]) throw new Error(`no unsubscribe links in:\n${mail.raw}`);
  return { oneClick: header[1], token: header[2], page: page[0], pageToken: page[1] };
}

const oneClick = (token: string) =>
  call({ method: 'POST', url: `/api/unsubscribe/${token}`, body: 'List-Unsubscribe=One-Click' });

const newsletterTo = (address: string, subject: string) =>
  inbox.mailsTo(address).filter((mail) => mail.header('subject') === subject);

describe('consent to the newsletter', () => {
  it('is recorded on subscribing: what was agreed (the text’s version), when, and where', async () => {
    const email = newEmail();
    const before = Date.now();
    expect((await subscribe(email)).statusCode).toBe(201);
    const [consent, ...more] = await consentsOf(email);
    expect(more).toHaveLength(0);
    expect(consent).toMatchObject({
      userId: null,
      email,
      phone: null,
      purpose: 'newsletter',
      channel: 'email',
      textVersion: 'newsletter-email-1',
      source: 'footer_newsletter',
      withdrawnAt: null,
      withdrawnVia: null,
    });
    expect(consent?.givenAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(consent?.givenAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    // The same form again records nothing new: the first record says when it was given.
    expect((await subscribe(email.toUpperCase())).statusCode).toBe(200);
    expect(await consentsOf(email)).toHaveLength(1);
  });

  it('names the account when the subscriber is signed in', async () => {
    const account = await newAccount();
    expect((await subscribe(account.email, account.token)).statusCode).toBe(201);
    const [consent] = await consentsOf(account.email);
    expect(consent?.userId).toEqual(expect.any(String));
    const prefs = await call({ method: 'GET', url: '/api/user/marketing', token: account.token });
    expect(prefs.json()).toMatchObject({
      email: account.email,
      newsletter: true,
      smsOffers: false,
    });
  });
});

describe('consent given on a Kiswahili page', () => {
  const withLang = (
    request: { method: 'POST' | 'PUT'; url: string; body: object },
    token?: string,
  ) =>
    t.app.inject({
      method: request.method,
      url: request.url,
      payload: request.body,
      headers: { cookie: 'lang=sw', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('records the Swahili wording’s version, from the footer and from the account', async () => {
    const email = newEmail();
    const res = await withLang({ method: 'POST', url: '/api/newsletter/create', body: { email } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await consentsOf(email)).toMatchObject([
      { purpose: 'newsletter', channel: 'email', textVersion: 'newsletter-email-1-sw' },
    ]);

    const account = await newAccount();
    const on = await withLang(
      {
        method: 'PUT',
        url: '/api/user/marketing',
        body: { newsletter: true, smsOffers: true, phone: '0712 345 679' },
      },
      account.token,
    );
    expect(on.statusCode, on.body).toBe(200);
    const given = await t.database.db
      .select({ channel: consents.channel, textVersion: consents.textVersion })
      .from(consents)
      .where(sql`${consents.userId} = (select id from users where email = ${account.email})`)
      .orderBy(asc(consents.channel));
    expect(given).toEqual([
      { channel: 'email', textVersion: 'newsletter-email-1-sw' },
      { channel: 'sms', textVersion: 'marketing-sms-1-sw' },
    ]);

    // The person's export says what they agreed to, in the words and the language they read.
    const exported = await call({
      method: 'GET',
      url: '/api/user/me/export',
      token: account.token,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json() as {
      consents: { textVersion: string; text: string; language: string }[];
    };
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          textVersion: 'newsletter-email-1-sw',
          text: CURRENT_CONSENT_TEXTS.sw.newsletterEmail.text,
          language: 'sw',
        }),
        expect.objectContaining({
          textVersion: 'marketing-sms-1-sw',
          text: CURRENT_CONSENT_TEXTS.sw.marketingSms.text,
          language: 'sw',
        }),
      ]),
    );
  });

  it('records the English wording for a language the shop does not know', async () => {
    const email = newEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/create',
      payload: { email },
      headers: { cookie: 'lang=de' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await consentsOf(email)).toMatchObject([{ textVersion: 'newsletter-email-1' }]);
  });
});

describe('a newsletter', () => {
  it('carries the one-click unsubscribe headers and a visible link, and goes only to subscribers', async () => {
    const reader = newEmail();
    const stranger = (await newAccount()).email;
    await subscribe(reader);
    const subject = `Newsletter ${++counter}`;
    const res = await sendNewsletter(subject);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().queued).toBeGreaterThanOrEqual(1);
    await deliver();

    const [mail, ...again] = newsletterTo(reader, subject);
    expect(again).toHaveLength(0);
    if (!mail) throw new Error('the subscriber got no newsletter');
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const links = unsubscribeLinks(mail);
    expect(links.pageToken).toBe(links.token);
    expect(mail.text).toContain('New shea butter is in. Karibu!');
    expect(mail.text).toContain(`${SITE}/unsubscribe/${links.token}`);
    // The token carries no address in clear.
    expect(links.token).not.toContain(reader.split('@')[0]);
    // Nor encoded: its bytes are random (an '@' among them is chance), never the address.
    expect(Buffer.from(links.token, 'base64url').toString('latin1')).not.toContain(reader);
    // An account that never subscribed gets nothing.
    expect(newsletterTo(stranger, subject)).toHaveLength(0);
  });

  it('stops at a one-click unsubscribe; the next newsletter skips that person, a transactional mail still goes', async () => {
    const leaver = (await newAccount()).email;
    const stayer = newEmail();
    await subscribe(leaver);
    await subscribe(stayer);
    const first = `Newsletter ${++counter}`;
    await sendNewsletter(first);
    await deliver();
    const [mail] = newsletterTo(leaver, first);
    if (!mail) throw new Error('no newsletter to unsubscribe from');
    const { token } = unsubscribeLinks(mail);

    // As a mail program sends it (RFC 8058): form-encoded, no cookies, no sign-in.
    const res = await oneClick(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true, purpose: 'newsletter', channel: 'email' });
    const [withdrawn] = await consentsOf(leaver);
    expect(withdrawn?.withdrawnVia).toBe('one_click');
    expect(withdrawn?.withdrawnAt).toBeInstanceOf(Date);

    const second = `Newsletter ${++counter}`;
    await sendNewsletter(second);
    await deliver();
    expect(newsletterTo(leaver, second)).toHaveLength(0);
    expect(newsletterTo(stayer, second)).toHaveLength(1);

    // A password reset is about the account: it goes, and offers no unsubscribe.
    expect(
      (await call({ method: 'POST', url: '/api/user/password/forgot', body: { email: leaver } }))
        .statusCode,
    ).toBe(202);
    await waitForMessage(leaver, 'password_reset');
    await deliver();
    const reset = inbox.mailsTo(leaver).find((m) => m.header('subject')?.startsWith('Reset'));
    if (!reset) throw new Error('the password reset mail did not go');
    expect(reset.header('list-unsubscribe')).toBeUndefined();
    expect(reset.header('list-unsubscribe-post')).toBeUndefined();
    expect(reset.text).not.toContain('/unsubscribe/');
  });

  it('answers a repeated unsubscribe alike and leaves the first withdrawal as it was', async () => {
    const email = newEmail();
    await subscribe(email);
    const [consent] = await consentsOf(email);
    if (!consent) throw new Error('no consent');
    const token = unsubscribeToken(unsubscribeKey(t.config.jwtSecret ?? ''), consent.id);
    // The unsubscribe page's button posts no body.
    const first = await call({ method: 'POST', url: `/api/unsubscribe/${token}` });
    expect(first.statusCode, first.body).toBe(200);
    const [after] = await consentsOf(email);
    expect(after?.withdrawnVia).toBe('unsubscribe_link');
    for (const repeat of [
      await oneClick(token),
      await call({ method: 'POST', url: `/api/unsubscribe/${token}` }),
    ]) {
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual(first.json());
    }
    const [still] = await consentsOf(email);
    expect(still?.withdrawnAt).toEqual(after?.withdrawnAt);
    expect(still?.withdrawnVia).toBe('unsubscribe_link');
  });

  it('answers 404 to a forged, garbled or unknown token, and withdraws nothing', async () => {
    const email = newEmail();
    await subscribe(email);
    const [consent] = await consentsOf(email);
    if (!consent) throw new Error('no consent');
    const real = unsubscribeToken(unsubscribeKey(t.config.jwtSecret ?? ''), consent.id);
    const forged = unsubscribeToken(
      unsubscribeKey('another server’s secret, 32 characters+'),
      consent.id,
    );
    const flipped = `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`;
    const unknown = unsubscribeToken(
      unsubscribeKey(t.config.jwtSecret ?? ''),
      '00000000-0000-4000-8000-000000000000',
    );
    for (const token of [
      forged,
      flipped,
      unknown,
      'garbage',
      'x'.repeat(900),
      real.slice(1),
      `${real}A`,
    ]) {
      const res = await oneClick(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error.message).toBe(
        'This unsubscribe link is not valid. Please open the whole link from the email.',
      );
    }
    // Percent-encoding that decodes to nothing is not even a path: the router's 400, never a 500.
    const broken = await oneClick('%E0%A4%A');
    expect(broken.statusCode).toBe(400);
    const [untouched] = await consentsOf(email);
    expect(untouched?.withdrawnAt).toBeNull();
  });

  it('records consent given again after a withdrawal as a new fact, beside the old one', async () => {
    const email = newEmail();
    await subscribe(email);
    const [first] = await consentsOf(email);
    if (!first) throw new Error('no consent');
    const oldToken = unsubscribeToken(unsubscribeKey(t.config.jwtSecret ?? ''), first.id);
    expect((await oneClick(oldToken)).statusCode).toBe(200);
    expect((await subscribe(email)).statusCode).toBe(201);
    const rows = await consentsOf(email);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: first.id, withdrawnVia: 'one_click' });
    expect(rows[1]).toMatchObject({ withdrawnAt: null, source: 'footer_newsletter' });
    // The old link withdraws the old consent only: still 200, and the new one stays live.
    expect((await oneClick(oldToken)).statusCode).toBe(200);
    expect((await consentsOf(email))[1]?.withdrawnAt).toBeNull();
    const subject = `Newsletter ${++counter}`;
    await sendNewsletter(subject);
    await deliver();
    const [mail] = newsletterTo(email, subject);
    if (!mail) throw new Error('the new consent got no newsletter');
    expect(unsubscribeLinks(mail).token).not.toBe(oldToken);
  });

  it('queues one mail per consenting address in one go, thousands included', async () => {
    const tag = `bulk${++counter}`;
    await t.database.db.execute(sql`
      insert into consents (email, purpose, channel, text_version, source)
      select ${tag} || '-' || n || '@example.test', 'newsletter', 'email', 'newsletter-email-1', 'footer_newsletter'
        from generate_series(1, 1200) as n`);
    const subject = `Newsletter ${tag}`;
    const res = await sendNewsletter(subject);
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.subject, subject), sql`${messages.recipient} like ${`${tag}-%`}`));
    expect(row?.count).toBe(1200);
    // Sent nowhere: this test is about queueing, not about a loopback server taking 1,200 mails.
    await t.database.db.delete(messages).where(eq(messages.subject, subject));
  });

  it('is an admin’s to send: a shopper is refused, and a blank newsletter is a 400', async () => {
    const shopper = await newAccount();
    const refused = await call({
      method: 'POST',
      url: '/api/admin/newsletter/send',
      body: { subject: 'Hi', body: 'Hi' },
      token: shopper.token,
    });
    expect(refused.statusCode).toBe(403);
    const blank = await call({
      method: 'POST',
      url: '/api/admin/newsletter/send',
      body: { subject: ' ', body: '' },
      token: adminToken,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toMatchObject({
      subject: 'Enter a subject.',
      body: 'Write the newsletter.',
    });
  });

  it('cannot be written around enqueueMarketing', async () => {
    await expect(
      enqueueMessage(
        t.database.db,
        {
          channel: 'email',
          kind: 'newsletter',
          userId: null,
          recipient: 'anyone@example.test',
          senderName: 'Soko',
          subject: 'No consent asked',
          body: 'Nope',
        },
        {},
      ),
    ).rejects.toBeInstanceOf(MarketingNeedsConsentError);
  });
});

describe('the account’s Marketing preference', () => {
  const put = (token: string, body: object) =>
    call({ method: 'PUT', url: '/api/user/marketing', body, token });

  it('records giving and withdrawing the newsletter and SMS offers', async () => {
    const account = await newAccount();
    const off = await call({ method: 'GET', url: '/api/user/marketing', token: account.token });
    expect(off.json()).toEqual({
      email: account.email,
      newsletter: false,
      smsOffers: false,
      phone: null,
    });

    const on = await put(account.token, {
      newsletter: true,
      smsOffers: true,
      phone: '0712 345 678',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      email: account.email,
      newsletter: true,
      smsOffers: true,
      phone: '+254712345678',
    });
    const given = await t.database.db
      .select()
      .from(consents)
      .where(sql`${consents.userId} = (select id from users where email = ${account.email})`)
      .orderBy(asc(consents.channel));
    expect(given).toMatchObject([
      {
        channel: 'email',
        purpose: 'newsletter',
        source: 'account',
        textVersion: 'newsletter-email-1',
        email: account.email,
      },
      {
        channel: 'sms',
        purpose: 'marketing',
        source: 'account',
        textVersion: 'marketing-sms-1',
        phone: '+254712345678',
      },
    ]);

    const offAgain = await put(account.token, { newsletter: false, smsOffers: false });
    expect(offAgain.json()).toMatchObject({ newsletter: false, smsOffers: false, phone: null });
    const withdrawn = await t.database.db
      .select()
      .from(consents)
      .where(sql`${consents.userId} = (select id from users where email = ${account.email})`);
    expect(withdrawn).toHaveLength(2);
    for (const row of withdrawn) {
      expect(row.withdrawnVia).toBe('account');
      expect(row.withdrawnAt).toBeInstanceOf(Date);
    }
  });

  it('asks for the number SMS offers go to, and refuses one that is not Kenyan', async () => {
    const account = await newAccount();
    const missing = await put(account.token, { newsletter: false, smsOffers: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.phone).toBe('Enter the number offers should go to.');
    const foreign = await put(account.token, { newsletter: false, smsOffers: true, phone: '12' });
    expect(foreign.statusCode).toBe(400);
    expect((await call({ method: 'GET', url: '/api/user/marketing' })).statusCode).toBe(401);
  });
});

describe('an SMS offer', () => {
  it('goes only to a verified number with live SMS consent, and ends with the opt-out line', async () => {
    const account = await newAccount();
    const unverified = await newAccount();
    for (const [who, phone] of [
      [account, '+254 722 000 111'],
      [unverified, '+254 733 444 555'],
    ] as const) {
      const on = await call({
        method: 'PUT',
        url: '/api/user/marketing',
        body: { newsletter: false, smsOffers: true, phone },
        token: who.token,
      });
      expect(on.statusCode, on.body).toBe(200);
    }
    // Only the first proved its number with the SMS code; the second merely typed one.
    await t.database.db
      .update(users)
      .set({ phone: '+254722000111', phoneVerifiedAt: new Date() })
      .where(eq(users.email, account.email));
    await t.database.db
      .update(users)
      .set({ phone: '+254733444555', phoneVerifiedAt: null })
      .where(eq(users.email, unverified.email));
    const queued = await enqueueMarketing(
      t.database.db,
      {
        kind: 'promotion',
        channel: 'sms',
        senderName: 'Soko Naturals',
        site: SITE,
        subject: '',
        body: 'Shea butter 20% off until Sunday.',
        to: ['+254722000111', '+254733999888', '+254733444555'],
      },
      { channels: {}, unsubscribeKey: unsubscribeKey(t.config.jwtSecret ?? '') },
    );
    expect(queued).toMatchObject({ queued: 1, skipped: 2 });
    const [sms] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, queued.ids[0] ?? ''));
    expect(sms).toMatchObject({
      channel: 'sms',
      kind: 'promotion',
      recipient: '+254722000111',
      body: 'Shea butter 20% off until Sunday.\nSTOP *456*9*5#',
      headers: null,
      // No SMS channel is set in this app: it waits, as any message does.
      status: 'held',
    });
  });
});

describe('an account deleted', () => {
  it('withdraws its consents and keeps the rows, so its address gets no more newsletters', async () => {
    const account = await newAccount();
    await subscribe(account.email, account.token);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile',
      payload: { password: 'a-long-password' },
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    // The row stays as the record of the withdrawal, its address a keyed hash (decision 048).
    expect(await consentsOf(account.email)).toHaveLength(0);
    const [row, ...more] = await t.database.db
      .select()
      .from(consents)
      .where(
        eq(consents.addressHash, hashOfAddress(dataRightsKey(TEST_JWT_SECRET), account.email)),
      );
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ userId: null, email: null, withdrawnVia: 'account' });
    const subject = `Newsletter ${++counter}`;
    await sendNewsletter(subject);
    await deliver();
    expect(newsletterTo(account.email, subject)).toHaveLength(0);
  });
});

/** Forgot-password writes its mail after answering: wait for the row. */
async function waitForMessage(recipient: string, kind: 'password_reset') {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [row] = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.recipient, recipient), eq(messages.kind, kind)));
    if (row) return row.id;
    if (Date.now() > deadline) throw new Error(`no ${kind} message for ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
