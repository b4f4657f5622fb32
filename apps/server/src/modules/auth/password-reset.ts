// Forgotten passwords (DESIGN.md, "Messages"; decision 030). A request mails the account a link
// holding a random 32-byte token; only its SHA-256 is stored, it works once and for 30 minutes,
// and using it ends every session signed in before (the token version moves on). Whether the
// email has an account never shows: the request is answered before it is looked up.
import { problemText, PROBLEM_TEXTS, type Locale } from '@soko/contract';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { AttemptCounter } from '../../platform/rate-limit';
import { passwordResets, users } from '../../platform/schema';
import { linkIn, MESSAGE_TEXTS, type Outbox } from '../messages';
import { byEmail, tokenFor, toUser, type TokenSettings } from './service';

export const RESET_LINK_MINUTES = 30;
const HOUR_MS = 3_600_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type ResetMailDeps = {
  db: Db;
  outbox: Outbox;
  attempts: AttemptCounter;
  perEmailPerHour: number;
};

/**
 * Who the mail is from, the site its link opens (the shop the request came to), and the
 * language of the page it was asked from (decision 050).
 */
export type ResetMailFrom = { senderName: string; site: string; locale: Locale };

/**
 * Mails the account with this email a reset link, if there is such an account and it has not
 * been sent `perEmailPerHour` links this hour. The link's row and its message are written in one
 * transaction: a link is never stored without its mail, nor mailed without being stored.
 */
export async function mailResetLink(
  deps: ResetMailDeps,
  email: string,
  { senderName, site, locale }: ResetMailFrom,
): Promise<void> {
  const address = email.trim().toLowerCase();
  if ((await deps.attempts.hit(`password-reset:${address}`, deps.perEmailPerHour, HOUR_MS)) > 0) {
    return;
  }
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(byEmail(address))
    .limit(1);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const link = linkIn(locale, `${site}/reset-password?token=${token}`);
  const words = MESSAGE_TEXTS[locale].account;
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashOf(token),
      expiresAt: sql`now() + ${`${RESET_LINK_MINUTES} minutes`}::interval`,
    });
    await deps.outbox.enqueue(tx, {
      channel: 'email',
      kind: 'password_reset',
      userId: user.id,
      recipient: user.email,
      senderName,
      subject: words.resetSubject(senderName),
      body: words.resetBody(user.firstName, senderName, link, RESET_LINK_MINUTES),
    });
  });
  deps.outbox.wake();
}

const invalidLink = () => new AppError(400, 'reset_link_invalid', PROBLEM_TEXTS.resetLinkInvalid);
const usedLink = () => new AppError(400, 'reset_link_used', PROBLEM_TEXTS.resetLinkUsed);
const expiredLink = () =>
  new AppError(
    400,
    'reset_link_expired',
    problemText('resetLinkExpired', { minutes: RESET_LINK_MINUTES }),
  );

async function findLink(db: Pick<Db, 'select'>, tokenHash: string, lock: boolean) {
  const query = db
    .select({
      userId: passwordResets.userId,
      used: sql<boolean>`${passwordResets.usedAt} is not null`,
      expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
    })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  const [link] = lock ? await query.for('update') : await query;
  if (!link) throw invalidLink();
  if (link.used) throw usedLink();
  if (link.expired) throw expiredLink();
  return link;
}

/** Sets the new password, ends every earlier session and every other link, and signs in. */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  settings: TokenSettings,
) {
  const tokenHash = hashOf(token);
  // Checked before the slow hash, so guesses cost the server little; checked again under lock.
  await findLink(db, tokenHash, false);
  const passwordHash = await hashPassword(password, settings.passwordHashCost);
  const updated = await db.transaction(async (tx) => {
    const link = await findLink(tx, tokenHash, true);
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt)));
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, link.userId))
      .returning();
    if (!row) throw invalidLink();
    return row;
  });
  return { token: tokenFor(updated, settings), user: await toUser(db, updated) };
}

/**
 * Deletes links that can no longer be used (expired, or used) a day after: the row only ever
 * served to answer "already used" or "expired" rather than "not valid".
 */
export async function sweepResetLinks(db: Db): Promise<number> {
  const gone = await db
    .delete(passwordResets)
    .where(
      or(
        lt(passwordResets.expiresAt, sql`now() - interval '1 day'`),
        lt(passwordResets.usedAt, sql`now() - interval '1 day'`),
      ),
    )
    .returning({ id: passwordResets.id });
  return gone.length;
}
