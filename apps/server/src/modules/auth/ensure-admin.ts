import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { users } from '../../platform/schema';
import { hashPassword } from '../../platform/passwords';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD make sure that admin exists at start: created when missing,
 * otherwise promoted and given that password, so a locked-out operator can always get back in.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string },
  hashCost: number,
) {
  const passwordHash = await hashPassword(admin.password, hashCost);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, admin.email.toLowerCase()))
    .limit(1);
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'admin',
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, existing.id));
    return;
  }
  await db.insert(users).values({
    email: admin.email,
    firstName: 'Shop',
    lastName: 'Admin',
    passwordHash,
    role: 'admin',
  });
}
