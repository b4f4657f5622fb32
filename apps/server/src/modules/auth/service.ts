// Accounts: signing up and in, the profile, the address, the password, the owner's role and
// leaving (the auth module is the users table's one writer). Emails are compared
// case-insensitively; an unknown email and a wrong password fail the same way.
import { PROBLEM_TEXTS, type Address, type SignupBody, type User } from '@soko/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import { shops, users } from '../../platform/schema';
import { issueToken } from '../../platform/tokens';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { withdrawAccountConsents } from '../consents';
import { forgetPerson } from '../data-rights';
import { buyerOrderLines } from '../orders';

export type TokenSettings = {
  jwtSecret: string;
  tokenLifetimeSeconds: number;
  passwordHashCost: number;
};

type UserRow = typeof users.$inferSelect;

export const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', PROBLEM_TEXTS.invalidCredentials);

// Verifying against a real hash even for an unknown email keeps both failures equally slow,
// so timing does not tell an attacker which emails have accounts.
let decoyHash: Promise<string> | undefined;
const decoy = (cost: number) => (decoyHash ??= hashPassword('decoy-password-never-used', cost));

export const byEmail = (email: string) =>
  eq(sql`lower(${users.email})`, email.trim().toLowerCase());

async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

async function findById(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError(401, 'unauthorized', PROBLEM_TEXTS.signIn);
  return row;
}

/** The account as the spec's profile shows it, with the products of the person's orders. */
export async function toUser(db: Db, row: UserRow): Promise<User> {
  const orders = await buyerOrderLines(db, row.id);
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    address: row.address,
    phone: row.phone,
    phoneVerified: row.phone !== null && row.phoneVerifiedAt !== null,
    orders,
  };
}

export function tokenFor(row: UserRow, settings: TokenSettings): string {
  return issueToken(
    settings.jwtSecret,
    { user: { _id: row.id, role: row.role }, ver: row.tokenVersion },
    settings.tokenLifetimeSeconds,
  );
}

export async function signUp(db: Db, body: SignupBody, settings: TokenSettings) {
  if (await findByEmail(db, body.email)) {
    throw conflict('email_taken', PROBLEM_TEXTS.emailTaken);
  }
  const passwordHash = await hashPassword(body.password, settings.passwordHashCost);
  // Signing up always makes a customer: a role is never taken from the request.
  const [row] = await db
    .insert(users)
    .values({
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email.trim(),
      passwordHash,
      role: 'customer',
    })
    .onConflictDoNothing()
    .returning();
  // Two sign-ups racing for one email: the unique index lets one through.
  if (!row) throw conflict('email_taken', PROBLEM_TEXTS.emailTaken);
  return { token: tokenFor(row, settings), user: await toUser(db, row) };
}

export async function signIn(db: Db, email: string, password: string, settings: TokenSettings) {
  const row = await findByEmail(db, email);
  const matches = await verifyPassword(
    password,
    row?.passwordHash ?? (await decoy(settings.passwordHashCost)),
  );
  if (!row || !matches) throw invalidCredentials();
  return { token: tokenFor(row, settings), user: await toUser(db, row) };
}

export async function getProfile(db: Db, userId: string): Promise<User> {
  return toUser(db, await findById(db, userId));
}

export async function updateProfile(
  db: Db,
  userId: string,
  names: { firstName?: string; lastName?: string },
) {
  const [row] = await db
    .update(users)
    .set({ ...names, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError(401, 'unauthorized', PROBLEM_TEXTS.signIn);
  return toUser(db, row);
}

export async function updateAddress(db: Db, userId: string, address: Address) {
  const [row] = await db
    .update(users)
    .set({ address, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError(401, 'unauthorized', PROBLEM_TEXTS.signIn);
  return toUser(db, row);
}

async function checkPassword(row: UserRow, password: string) {
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new AppError(400, 'wrong_password', PROBLEM_TEXTS.wrongPassword, {
      fields: { password: PROBLEM_TEXTS.wrongPassword },
    });
  }
}

/** A new password ends every session signed in with the old one (the token version moves on). */
export async function changePassword(
  db: Db,
  userId: string,
  currentPassword: string,
  newPassword: string,
  settings: TokenSettings,
) {
  const row = await findById(db, userId);
  await checkPassword(row, currentPassword);
  const passwordHash = await hashPassword(newPassword, settings.passwordHashCost);
  const [updated] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.tokenVersion, row.tokenVersion)))
    .returning();
  if (!updated) throw conflict('conflict', PROBLEM_TEXTS.accountChanged);
  return { token: tokenFor(updated, settings), user: await toUser(db, updated) };
}

/**
 * Leaving: the person's account and data go; their orders stay, with personal fields cleared, and
 * their email and phone appear nowhere after (decision 048).
 */
export async function deleteAccount(
  db: Db,
  userId: string,
  password: string,
  dataRightsKey: Buffer,
) {
  const row = await findById(db, userId);
  await checkPassword(row, password);
  await db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(eq(shops.ownerId, userId))
      .limit(1);
    if (shop) {
      throw conflict('owns_shop', PROBLEM_TEXTS.accountRunsShop);
    }
    // A person who leaves gets no more marketing; the consent rows keep the withdrawal.
    await withdrawAccountConsents(tx, userId, row.email);
    // Their email and phone, gone from everything kept, and the deletion logged (decision 048).
    await forgetPerson(tx, dataRightsKey, { userId, email: row.email, phone: row.phone });
    await tx.delete(users).where(eq(users.id, userId));
  });
}

/** A customer who opens a shop (or is given one) becomes an owner, in the shop's transaction. */
export async function makeOwner(tx: Tx, userId: string): Promise<void> {
  await tx.update(users).set({ role: 'owner', updatedAt: new Date() }).where(eq(users.id, userId));
}
