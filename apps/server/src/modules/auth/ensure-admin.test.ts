import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../platform/db';
import { verifyPassword } from '../../platform/passwords';
import { ensureAdmin } from './ensure-admin';

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const userByEmail = async (email: string) =>
    rowsOf<{ role: string; password_hash: string; token_version: number }>(
      await t.database.db.execute(
        sql`select role, password_hash, token_version from users where lower(email) = lower(${email})`,
      ),
    );

  it('creates the admin when missing', async () => {
    await ensureAdmin(t.database.db, { email: 'ops@shop.example', password: 'long-enough-pw' }, 10);
    const [admin] = await userByEmail('ops@shop.example');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword('long-enough-pw', admin?.password_hash ?? '')).toBe(true);
  });

  it('promotes an existing account (any case) and resets its password', async () => {
    const [before] = await userByEmail('shopper@soko.test');
    await ensureAdmin(
      t.database.db,
      { email: 'Shopper@Soko.test', password: 'new-admin-pass' },
      10,
    );
    const rows = await userByEmail('shopper@soko.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('admin');
    expect(await verifyPassword('new-admin-pass', rows[0]?.password_hash ?? '')).toBe(true);
    expect(rows[0]?.token_version).toBe((before?.token_version ?? 0) + 1);
  });
});
