// The only way to write a marketing message (DESIGN.md "Messages"; decision 033). Each one goes
// only to an address with a live consent for its purpose and channel, which the query below
// finds, and carries its way out: by email a one-click unsubscribe (RFC 8058: List-Unsubscribe
// with an https address, and List-Unsubscribe-Post) and a visible link; by SMS Safaricom's
// opt-out line. Transactional messages never pass here, and never look at consent.
import {
  MARKETING_PURPOSE_OF,
  SMS_OPT_OUT_LINE,
  type MessageChannel,
  type MessageKind,
} from '@soko/contract';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { users } from '../../platform/schema';
import { liveConsents, unsubscribeToken, type LiveConsent } from '../consents';
import type { Channels } from './channels';
import { insertMessages, type NewMessage } from './outbox';

export type MarketingKind = Extract<MessageKind, 'newsletter' | 'promotion'>;

export type MarketingMessage = {
  kind: MarketingKind;
  channel: MessageChannel;
  senderName: string;
  /** The site the unsubscribe link opens (the tenant's address). */
  site: string;
  subject: string;
  body: string;
  /** Only these emails or phones (each still needs its consent); unset: everyone who consented. */
  to?: readonly string[];
};

export type MarketingDeps = { channels: Channels; unsubscribeKey: Buffer };

export type MarketingQueued = { ids: string[]; queued: number; skipped: number };

export function unsubscribeFooter(senderName: string, link: string): string {
  return [
    '--',
    `You get this because you agreed to hear from ${senderName}. To stop, unsubscribe here:`,
    link,
  ].join('\n');
}

function messageFor(
  message: MarketingMessage,
  consent: LiveConsent,
  unsubscribeKey: Buffer,
): NewMessage | null {
  const base = {
    channel: message.channel,
    kind: message.kind,
    userId: consent.userId,
    senderName: message.senderName,
    subject: message.subject,
  };
  if (message.channel === 'sms') {
    if (!consent.phone) return null;
    return { ...base, recipient: consent.phone, body: `${message.body}\n${SMS_OPT_OUT_LINE}` };
  }
  if (!consent.email) return null;
  const token = unsubscribeToken(unsubscribeKey, consent.id);
  return {
    ...base,
    recipient: consent.email,
    body: `${message.body}\n\n${unsubscribeFooter(message.senderName, `${message.site}/unsubscribe/${token}`)}\n`,
    // No mailto: Soko reads no incoming mail, and RFC 8058 needs only the https address.
    headers: {
      'List-Unsubscribe': `<${message.site}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The SMS consents whose number is their account's verified phone. An SMS goes only to a number
 * proven by its code (DESIGN.md "Messages"): consent to offers at a number someone typed is not
 * proof that the number is theirs.
 */
async function onVerifiedPhones(tx: Db | Tx, live: readonly LiveConsent[]): Promise<LiveConsent[]> {
  const userIds = [...new Set(live.flatMap((consent) => consent.userId ?? []))];
  if (userIds.length === 0) return [];
  const verified = new Map(
    (
      await tx
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(and(inArray(users.id, userIds), isNotNull(users.phoneVerifiedAt)))
    ).map((row) => [row.id, row.phone] as const),
  );
  return live.filter(
    (consent) => consent.userId !== null && verified.get(consent.userId) === consent.phone,
  );
}

/**
 * Queues the message, in the caller's transaction, once per address with a live consent for its
 * purpose and channel (of `to`, when given). Anyone without one is skipped, not an error. One
 * query finds them (and, for SMS, one more keeps the verified numbers) and the rows go in by
 * hundreds per statement, so a newsletter to thousands
 * is a handful of round trips.
 */
export async function enqueueMarketing(
  tx: Db | Tx,
  message: MarketingMessage,
  { channels, unsubscribeKey }: MarketingDeps,
): Promise<MarketingQueued> {
  const purpose = MARKETING_PURPOSE_OF[message.kind];
  if (!purpose) throw new Error(`${message.kind} is not a marketing kind`);
  const live = await liveConsents(tx, purpose, message.channel, message.to);
  const consented = message.channel === 'sms' ? await onVerifiedPhones(tx, live) : live;
  const batch = consented.flatMap((consent) => {
    const one = messageFor(message, consent, unsubscribeKey);
    return one ? [one] : [];
  });
  const ids = await insertMessages(tx, batch, channels);
  const asked = message.to === undefined ? ids.length : new Set(message.to).size;
  return { ids, queued: ids.length, skipped: Math.max(asked - ids.length, 0) };
}
