import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { redactPersonalData } from './logging';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct horse battery staple';

/** Signs up through HTTP against a broken users table; answers the request's log lines. */
async function failedSignup(email: string): Promise<string> {
  lines.length = 0;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload: { firstName: 'Wanjiku', lastName: 'Kamau', email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(500);
  const requestId = res.json().error.details.requestId as string;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const logged = lines.filter((line) => line.includes(requestId));
  expect(logged.some((line) => line.includes('"request failed"'))).toBe(true);
  return logged.join('');
}

describe('a failed query in the log', () => {
  it('is its SQL and the database’s code, never the values it was given', async () => {
    await t.database.db.execute(sql`alter table users rename column first_name to given_name`);
    try {
      const email = `renamed-${Date.now()}@example.com`;
      const log = await failedSignup(email);
      expect(log).not.toContain(email);
      expect(log).not.toContain(PASSWORD);
      expect(log).not.toContain('scrypt$');
      expect(log).not.toContain('params');
      expect(log).toContain('"code":"42703"');
      expect(log).toMatch(/from \\"users\\"/);
    } finally {
      await t.database.db.execute(sql`alter table users rename column given_name to first_name`);
    }
  });

  it('leaves out the row the database quotes back (an email, a password hash)', async () => {
    // Every new row fails the check; PostgreSQL's detail then quotes the whole row.
    await t.database.db.execute(
      sql`alter table users add constraint no_new_users check (false) not valid`,
    );
    try {
      const email = `refused-${Date.now()}@example.com`;
      const log = await failedSignup(email);
      expect(log).not.toContain(email);
      expect(log).not.toContain(PASSWORD);
      expect(log).not.toContain('scrypt$');
      expect(log).not.toContain('Failing row');
      expect(log).toContain('"code":"23514"');
      expect(log).toMatch(/insert into \\"users\\"/);
    } finally {
      await t.database.db.execute(sql`alter table users drop constraint no_new_users`);
    }
  });
});

describe('a log line', () => {
  it('carries no email or Kenyan mobile number, in any form, percent-encoded too (decision 048)', () => {
    const line = redactPersonalData(
      '{"url":"/api/search/get?query=Wanjiru.K%40Example.co.ke%200712%20345%20678","err":"550 <a+b@mail.example> refused; +254 712-345-678, 254712345678","id":"10712345678901"}',
    );
    expect(line).toBe(
      '{"url":"/api/search/get?query=[email]%20[phone]","err":"550 <[email]> refused; [phone], [phone]","id":"10712345678901"}',
    );
  });
});
