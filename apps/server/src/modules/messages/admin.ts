// What an admin does with the outbox (decision 032): reads one message, and resends one as a new
// row that names it (the first keeps its own history), maybe to a corrected recipient.
import {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  INVALID_SMS_RECIPIENT_MESSAGE,
  isUuid,
  normalizeKenyanPhone,
  type AdminMessage,
  type AdminMessageDetail,
  type MessageChannel,
  type ResendMessageInput,
  UNRESENDABLE_MESSAGE_KINDS,
} from '@soko/contract';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { messages } from '../../platform/schema';
import { findMessage, resendsOf, toAdminMessage } from './queries';
import { SmsRecipientRefused } from './outbox';
import type { Outbox } from './service';

const messageNotFound = () => notFound('Message not found.');

/**
 * A second click (or a second tab) within this long of a resend is taken for the same intent.
 * It covers the case the pending check cannot: the first copy already sent by the time the
 * second request arrives.
 */
const RESEND_DEBOUNCE_SECONDS = 10;

/** Why a corrected SMS number is refused. */
export const SMS_RECIPIENT_NOT_ALLOWED =
  "An SMS goes only to the account's verified number or the order's own phone.";

export async function getMessage(db: Db, id: string): Promise<AdminMessageDetail> {
  // A malformed id names no message: the same 404 as an unknown one.
  if (!isUuid(id)) throw messageNotFound();
  const row = await findMessage(db, id);
  if (!row) throw messageNotFound();
  const { body, senderName, userId: _user, headers: _headers, ...listed } = row;
  const resends = await resendsOf(db, id);
  return {
    ...toAdminMessage(listed),
    // A reset link or a phone code works for 30 or 10 minutes: shown to an admin, it would let
    // them into the account. What was sent is known from the kind.
    body: UNRESENDABLE_MESSAGE_KINDS.includes(listed.kind) ? null : body,
    senderName,
    resends: resends.map((copy) => ({ _id: copy.id, status: copy.status })),
  };
}

/** The corrected recipient in the form its channel sends to, or a 400 on the field. */
function recipientFor(channel: MessageChannel, typed: string): string {
  if (channel === 'sms') {
    const phone = normalizeKenyanPhone(typed);
    if (!phone)
      throw badRequest('Check the recipient.', { recipient: INVALID_SMS_RECIPIENT_MESSAGE });
    return phone;
  }
  if (!EMAIL_PATTERN.test(typed)) {
    throw badRequest('Check the recipient.', { recipient: INVALID_EMAIL_MESSAGE });
  }
  return typed;
}

export async function resendMessage(
  db: Db,
  outbox: Outbox,
  id: string,
  input: ResendMessageInput,
): Promise<AdminMessage> {
  if (!isUuid(id)) throw messageNotFound();
  const copyId = await db.transaction(async (tx) => {
    // Resends of one message take turns on its row: the second of two clicks waits here, then
    // sees the first one's copy below and is refused.
    const [locked] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.id, id))
      .for('update');
    if (!locked) throw messageNotFound();
    const original = await findMessage(tx, id);
    if (!original) throw messageNotFound();
    const recipient = input.recipient
      ? recipientFor(original.channel, input.recipient)
      : original.recipient;

    if (original.kind === 'password_reset') {
      throw conflict(
        'not_resendable',
        'A password reset cannot be resent: its link works once, and only for the account’s own address. The person can ask for a new link.',
      );
    }
    if (original.kind === 'phone_code') {
      throw conflict(
        'not_resendable',
        'A phone code cannot be resent: it works once. The person can ask for a new code.',
      );
    }
    if (original.status !== 'sent' && original.status !== 'failed') {
      throw conflict(
        'not_settled',
        'This message is still waiting to be sent: resend it once it has been sent or has failed.',
      );
    }
    const [pending] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.resentFromId, id),
          or(
            inArray(messages.status, ['held', 'queued', 'sending']),
            gt(messages.createdAt, sql`now() - ${`${RESEND_DEBOUNCE_SECONDS} seconds`}::interval`),
          ),
        ),
      )
      .limit(1);
    if (pending) {
      throw conflict(
        'already_resent',
        'This message was just resent: that copy is on its way. Resend again once it has been sent or has failed.',
      );
    }
    try {
      return await outbox.enqueue(tx, {
        channel: original.channel,
        kind: original.kind,
        userId: original.userId,
        recipient,
        senderName: original.senderName,
        subject: original.subject,
        body: original.body,
        orderId: original.orderId,
        headers: original.headers,
        resentFromId: id,
      });
    } catch (error) {
      // A typed number is nobody's verified one: an admin cannot text it either (decision 031).
      if (error instanceof SmsRecipientRefused) {
        throw badRequest('Check the recipient.', { recipient: SMS_RECIPIENT_NOT_ALLOWED });
      }
      throw error;
    }
  });
  outbox.wake();
  const copy = await findMessage(db, copyId);
  if (!copy) throw messageNotFound();
  const { body: _body, senderName: _sender, userId: _user, headers: _headers, ...listed } = copy;
  return toAdminMessage(listed);
}
