// A verified phone on the account (DESIGN.md "Messages"; decision 031). Adding a number sets it
// on the account unverified and texts it a 6-digit code, in one transaction (the code's row and
// its SMS are written together). The code works for 10 minutes and 5 wrong tries; then a new one
// is needed. Codes sent per account are limited per hour. Changing the number unverifies it.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PROBLEM_TEXTS,
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  PHONE_TEXTS,
  normalizeKenyanPhone,
  type Locale,
  type User,
} from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import type { AttemptCounter } from '../../platform/rate-limit';
import { phoneCodes, users } from '../../platform/schema';
import { blankSentCodes, MESSAGE_TEXTS, type Outbox } from '../messages';
import { getProfile } from './service';

const HOUR_MS = 3_600_000;

export type PhoneDeps = {
  db: Db;
  outbox: Outbox;
  attempts: AttemptCounter;
  /** Keys the codes' HMAC: without it a stolen table does not give the codes away. */
  secret: string;
  codesPerHour: number;
};

/**
 * The stored form of a code: an HMAC over the account, the number and the code, so a code is
 * good only for the account and the number it was sent for.
 */
function codeHash(secret: string, userId: string, phone: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`soko-phone-code:${userId}:${phone}:${code}`)
    .digest('hex');
}

const fieldError = (message: string) => badRequest(message, { code: message });

/** Sets the account's number (unverified unless unchanged and verified) and texts it a code. */
export async function startPhoneVerification(
  deps: PhoneDeps,
  userId: string,
  typed: string,
  { senderName, locale }: { senderName: string; locale: Locale },
): Promise<{ user: User; codeSent: boolean }> {
  const phone = normalizeKenyanPhone(typed);
  // The schema checked it already; this only narrows the type.
  if (!phone) throw badRequest('Enter a Kenyan mobile number such as 0712 345 678.', { phone: '' });
  const [current] = await deps.db
    .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) throw new AppError(401, 'unauthorized', PROBLEM_TEXTS.signIn);
  if (current.phone === phone && current.verifiedAt) {
    return { user: await getProfile(deps.db, userId), codeSent: false };
  }
  const wait = await deps.attempts.hit(`phone-code:${userId}`, deps.codesPerHour, HOUR_MS);
  if (wait > 0) {
    throw new AppError(429, 'rate_limited', PHONE_TEXTS.tooManyCodes, {
      details: { retryAfterSeconds: wait },
    });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        phone,
        // Only a new number loses its verification: a resend for the same one keeps nothing
        // to lose (it is unverified, or the call returned above).
        phoneVerifiedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
    await tx.insert(phoneCodes).values({
      userId,
      phone,
      codeHash: codeHash(deps.secret, userId, phone, code),
      expiresAt: sql`now() + ${`${PHONE_CODE_MINUTES} minutes`}::interval`,
    });
    await deps.outbox.enqueue(tx, {
      channel: 'sms',
      kind: 'phone_code',
      userId,
      recipient: phone,
      senderName,
      subject: '',
      // In the language of the page the number was typed on (decision 050).
      body: MESSAGE_TEXTS[locale].account.phoneCode(senderName, code),
    });
  });
  deps.outbox.wake();
  return { user: await getProfile(deps.db, userId), codeSent: true };
}

/** Checks the code; right, the account's number is verified and the code is spent. */
export async function verifyPhoneCode(
  deps: PhoneDeps,
  userId: string,
  code: string,
): Promise<User> {
  // The outcome of a wrong try is committed before it is reported: a rollback must not give
  // the try back.
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: phoneCodes.id,
        phone: phoneCodes.phone,
        codeHash: phoneCodes.codeHash,
        wrongTries: phoneCodes.wrongTries,
        expired: sql<boolean>`${phoneCodes.expiresAt} <= now()`,
      })
      .from(phoneCodes)
      .where(eq(phoneCodes.userId, userId))
      .for('update');
    if (!row) return PHONE_TEXTS.noCode;
    if (row.wrongTries >= PHONE_CODE_TRIES) return PHONE_TEXTS.tooManyTries;
    if (row.expired) return PHONE_TEXTS.expiredCode;
    const given = Buffer.from(codeHash(deps.secret, userId, row.phone, code));
    const expected = Buffer.from(row.codeHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const tries = row.wrongTries + 1;
      await tx.update(phoneCodes).set({ wrongTries: tries }).where(eq(phoneCodes.id, row.id));
      return tries >= PHONE_CODE_TRIES ? PHONE_TEXTS.tooManyTries : PHONE_TEXTS.wrongCode;
    }
    // Verified only while the account still has the number the code was sent to.
    const verified = await tx
      .update(users)
      .set({ phoneVerifiedAt: sql`now()`, updatedAt: sql`now()` })
      .where(sql`${users.id} = ${userId} and ${users.phone} = ${row.phone}`)
      .returning({ id: users.id });
    await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
    await blankSentCodes(tx, userId);
    return verified.length > 0 ? null : PHONE_TEXTS.noCode;
  });
  if (outcome) throw fieldError(outcome);
  return getProfile(deps.db, userId);
}

/** Takes the number off the account, with any code waiting for it. */
export async function removePhone(db: Db, userId: string): Promise<User> {
  await db.transaction(async (tx) => {
    await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
    await blankSentCodes(tx, userId);
    await tx
      .update(users)
      .set({ phone: null, phoneVerifiedAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  });
  return getProfile(db, userId);
}
