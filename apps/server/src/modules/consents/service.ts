// Consent records (decision 033): giving, withdrawing and asking who may be sent marketing.
// Giving inserts a row naming the text's version and the form; withdrawing marks the row, and
// giving again after a withdrawal is a new row, so the history of one address reads in order.
import {
  CURRENT_CONSENT_TEXTS,
  normalizeKenyanPhone,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentWithdrawal,
  type Locale,
  type MarketingPreferences,
  type MessageChannel,
  type UpdateMarketingPreferences,
} from '@soko/contract';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { consents, users } from '../../platform/schema';
import { consentReference, logDataRequest, personReference } from '../data-rights';

/**
 * The text shown now for this purpose and channel in this language: what a consent given now
 * agrees to.
 */
export function currentConsentText(
  purpose: ConsentPurpose,
  channel: MessageChannel,
  locale: Locale,
) {
  const text = Object.values(CURRENT_CONSENT_TEXTS[locale]).find(
    (candidate) => candidate.purpose === purpose && candidate.channel === channel,
  );
  if (!text) throw new Error(`No consent text asks for ${purpose} by ${channel}`);
  return text;
}

export type ConsentGiven = {
  userId: string | null;
  purpose: ConsentPurpose;
  source: ConsentSource;
  /** The language of the page it was given on: its wording's version is recorded. */
  locale: Locale;
} & ({ channel: 'email'; email: string } | { channel: 'sms'; phone: string });

/** The live consent of this address for this purpose and channel, if any. */
const liveFor = (
  address: { channel: 'email'; email: string } | { channel: 'sms'; phone: string },
) =>
  address.channel === 'email'
    ? sql`${consents.channel} = 'email' and lower(${consents.email}) = lower(${address.email})`
    : sql`${consents.channel} = 'sms' and ${consents.phone} = ${address.phone}`;

/**
 * Records a consent, unless this address already has a live one for the purpose (then nothing
 * changes: the first record says when and where it was given). Answers whether it was new.
 */
export async function giveConsent(
  tx: Db | Tx,
  given: ConsentGiven,
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await tx
    .insert(consents)
    .values({
      userId: given.userId,
      email: given.channel === 'email' ? given.email.trim() : null,
      phone: given.channel === 'sms' ? given.phone : null,
      purpose: given.purpose,
      channel: given.channel,
      textVersion: currentConsentText(given.purpose, given.channel, given.locale).version,
      source: given.source,
    })
    // Only the live-consent unique indexes can conflict: a consent is already live.
    .onConflictDoNothing()
    .returning({ id: consents.id });
  if (inserted) return { id: inserted.id, created: true };
  const [live] = await tx
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.purpose, given.purpose), liveFor(given), isNull(consents.withdrawnAt)))
    .limit(1);
  if (!live) throw new Error('A consent conflicted with one that is not there');
  return { id: live.id, created: false };
}

export type Withdrawn = { purpose: ConsentPurpose; channel: MessageChannel };

/**
 * Withdraws the consent a link names. Repeating it changes nothing and answers the same; null
 * when there is no such consent.
 */
export async function withdrawConsent(
  db: Db,
  consentId: string,
  via: ConsentWithdrawal,
  dataKey: Buffer,
): Promise<Withdrawn | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(consents)
      .set({ withdrawnAt: sql`clock_timestamp()`, withdrawnVia: via })
      .where(and(eq(consents.id, consentId), isNull(consents.withdrawnAt)))
      .returning({ purpose: consents.purpose, channel: consents.channel, userId: consents.userId });
    if (row) {
      // The admins' log of data requests (decision 048), in the withdrawal's transaction.
      await logDataRequest(tx, {
        kind: 'unsubscribe',
        reference: row.userId
          ? personReference(dataKey, row.userId)
          : consentReference(dataKey, consentId),
        detail: withdrawalDetail(row, via),
      });
      return { purpose: row.purpose, channel: row.channel };
    }
    const [already] = await tx
      .select({ purpose: consents.purpose, channel: consents.channel })
      .from(consents)
      .where(eq(consents.id, consentId))
      .limit(1);
    return already ?? null;
  });
}

const WITHDRAWN_VIA: Record<ConsentWithdrawal, string> = {
  unsubscribe_link: 'the unsubscribe link',
  one_click: 'one-click unsubscribe',
  account: 'the account page',
};

/** "newsletter by email, through one-click unsubscribe": what the log says was withdrawn. */
const withdrawalDetail = (row: Withdrawn, via: ConsentWithdrawal) =>
  `${row.purpose === 'newsletter' ? 'Newsletter' : 'Offers'} by ${row.channel === 'sms' ? 'SMS' : 'email'}, through ${WITHDRAWN_VIA[via]}`;

export type LiveConsent = {
  id: string;
  userId: string | null;
  email: string | null;
  phone: string | null;
};

/**
 * Everyone with a live consent for this purpose and channel, or only those of these addresses
 * (emails compared without case, phones as normalised).
 */
export async function liveConsents(
  tx: Db | Tx,
  purpose: ConsentPurpose,
  channel: MessageChannel,
  addresses?: readonly string[],
): Promise<LiveConsent[]> {
  const only: SQL | undefined =
    addresses === undefined
      ? undefined
      : channel === 'email'
        ? inArray(
            sql`lower(${consents.email})`,
            addresses.map((address) => address.trim().toLowerCase()),
          )
        : inArray(consents.phone, addresses);
  if (addresses?.length === 0) return [];
  return tx
    .select({
      id: consents.id,
      userId: consents.userId,
      email: consents.email,
      phone: consents.phone,
    })
    .from(consents)
    .where(
      and(
        eq(consents.purpose, purpose),
        eq(consents.channel, channel),
        isNull(consents.withdrawnAt),
        only,
      ),
    )
    .orderBy(consents.givenAt);
}

async function accountEmail(db: Db | Tx, userId: string): Promise<string> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError(404, 'not_found', 'Not found.');
  return user.email;
}

/**
 * The account's Marketing preference: the newsletter to its email, and offers by SMS to the
 * number its live SMS consent names (an explicit number, not the account's: decision 033).
 */
export async function marketingPreferences(
  db: Db | Tx,
  userId: string,
): Promise<MarketingPreferences> {
  const email = await accountEmail(db, userId);
  const [newsletter] = await liveConsents(db, 'newsletter', 'email', [email]);
  const [sms] = await db
    .select({ phone: consents.phone })
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.purpose, 'marketing'),
        eq(consents.channel, 'sms'),
        isNull(consents.withdrawnAt),
      ),
    )
    .orderBy(sql`${consents.givenAt} desc`)
    .limit(1);
  return {
    email,
    newsletter: newsletter !== undefined,
    smsOffers: sms !== undefined,
    phone: sms?.phone ?? null,
  };
}

/** Records what the account page changed: a consent given, or a live one withdrawn. */
export async function updateMarketingPreferences(
  db: Db,
  userId: string,
  wanted: UpdateMarketingPreferences,
  dataKey: Buffer,
  locale: Locale,
): Promise<MarketingPreferences> {
  return db.transaction(async (tx) => {
    const email = await accountEmail(tx, userId);
    const withdraw = async (where: SQL | undefined) => {
      const withdrawn = await tx
        .update(consents)
        .set({ withdrawnAt: sql`clock_timestamp()`, withdrawnVia: 'account' })
        .where(and(where, isNull(consents.withdrawnAt)))
        .returning({ purpose: consents.purpose, channel: consents.channel });
      for (const row of withdrawn) {
        await logDataRequest(tx, {
          kind: 'unsubscribe',
          reference: personReference(dataKey, userId),
          detail: withdrawalDetail(row, 'account'),
        });
      }
    };

    if (wanted.newsletter) {
      await giveConsent(tx, {
        userId,
        purpose: 'newsletter',
        source: 'account',
        channel: 'email',
        email,
        locale,
      });
    } else {
      await withdraw(and(eq(consents.purpose, 'newsletter'), liveFor({ channel: 'email', email })));
    }

    const phone = wanted.phone ? normalizeKenyanPhone(wanted.phone) : null;
    // The account's own SMS consents: a number other than the one wanted stops getting offers.
    const ownSms = and(
      eq(consents.userId, userId),
      eq(consents.purpose, 'marketing'),
      eq(consents.channel, 'sms'),
    );
    if (wanted.smsOffers && phone) {
      await withdraw(and(ownSms, sql`${consents.phone} <> ${phone}`));
      await giveConsent(tx, {
        userId,
        purpose: 'marketing',
        source: 'account',
        channel: 'sms',
        phone,
        locale,
      });
    } else {
      await withdraw(ownSms);
    }
    return marketingPreferences(tx, userId);
  });
}

/**
 * Withdraws every live consent of a departing account: those it gave, and the newsletter to its
 * email given from the footer. The rows stay, so the address is known to have withdrawn.
 */
export async function withdrawAccountConsents(tx: Db | Tx, userId: string, email: string) {
  await tx
    .update(consents)
    .set({ withdrawnAt: sql`clock_timestamp()`, withdrawnVia: 'account' })
    .where(
      and(
        isNull(consents.withdrawnAt),
        sql`(${consents.userId} = ${userId} or (${consents.channel} = 'email' and lower(${consents.email}) = lower(${email})))`,
      ),
    );
}
