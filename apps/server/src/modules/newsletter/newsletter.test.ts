import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const subscribe = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/create', payload: body as object });

async function rowsFor(email: string) {
  const result = await t.database.db.execute(
    sql`select email from newsletter_subscriptions where lower(email) = lower(${email})`,
  );
  return rowsOf<{ email: string }>(result);
}

describe('POST /api/newsletter/create', () => {
  it('subscribes an email once; repeating it (in any case) is fine and stores nothing new', async () => {
    const first = await subscribe({ email: 'wanjiru@example.co.ke' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ email: 'wanjiru@example.co.ke', subscribed: true });
    const again = await subscribe({ email: 'Wanjiru@Example.co.ke' });
    expect(again.statusCode).toBe(200);
    expect(await rowsFor('wanjiru@example.co.ke')).toHaveLength(1);
  });

  it('refuses emails the spec’s rule rejects, with its message, and stores nothing', async () => {
    for (const email of ['', 'plain', 'a@b', 'a @b.co', '@b.co', 'a@.', 'a@b.']) {
      const res = await subscribe({ email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error.fields.email).toBe('Please enter a valid email address.');
    }
    expect(await rowsFor('a@b')).toHaveLength(0);
  });

  it('refuses a missing email, a non-string and unknown fields', async () => {
    expect((await subscribe({})).statusCode).toBe(400);
    expect((await subscribe({ email: 42 })).statusCode).toBe(400);
    const extra = await subscribe({ email: 'ok@example.com', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields.admin).toBe('Unknown field.');
  });
});
