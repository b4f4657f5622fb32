import type { Locale, SendNewsletterBody } from '@soko/contract';
import type { Db } from '../../platform/db';
import { newsletterSubscriptions } from '../../platform/schema';
import { giveConsent } from '../consents';
import type { MarketingQueued, Outbox } from '../messages';

/**
 * One row per email (compared case-insensitively); subscribing again is not an error. The
 * footer form's consent is recorded with it (decision 033): the text it shows, when, and who
 * was signed in. Answers whether a consent was newly given.
 */
export async function subscribe(
  db: Db,
  email: string,
  userId: string | null,
  locale: Locale,
): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.insert(newsletterSubscriptions).values({ email: email.trim() }).onConflictDoNothing();
    const consent = await giveConsent(tx, {
      userId,
      purpose: 'newsletter',
      source: 'footer_newsletter',
      channel: 'email',
      email,
      locale,
    });
    return { created: consent.created };
  });
}

/**
 * Queues one newsletter mail per address whose newsletter consent is live, in one transaction:
 * an address that unsubscribed, or subscribed before consent was recorded, is not mailed.
 */
export async function sendNewsletter(
  db: Db,
  outbox: Outbox,
  newsletter: SendNewsletterBody & { senderName: string; site: string },
): Promise<MarketingQueued> {
  const queued = await db.transaction((tx) =>
    outbox.enqueueMarketing(tx, { kind: 'newsletter', channel: 'email', ...newsletter }),
  );
  outbox.wake();
  return queued;
}
