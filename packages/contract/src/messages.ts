// Messages sent to people (issue 30, DESIGN.md "Messages"): their channels, kinds and the states
// of an outbox row, shared so the admin screens that list them read the same words.
import { z } from 'zod';
import { uuidSchema } from './common';

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * held: no channel is set to send it yet; queued: due at its next attempt; sending: claimed by a
 * worker; sent: the provider took it; failed: a final refusal, or a day of retries ran out.
 */
export const MESSAGE_STATUSES = ['held', 'queued', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Messages about an account or an order: sent whatever the person chose about marketing. */
export const TRANSACTIONAL_MESSAGE_KINDS = [
  'password_reset',
  'phone_code',
  // To the shopper.
  'order_received',
  'payment_failed',
  'part_shipped',
  'part_delivered',
  'order_cancelled',
  'part_cancelled',
  'order_refunded',
  // One reminder of an online order that lapsed unpaid (decision 043): no consent needed, but
  // the shopper can turn it off (reminder_opt_outs), and the mail carries its one-click way out.
  'order_recovery',
  // To a shop's owner.
  'owner_new_part',
  'owner_part_cancelled',
  'owner_low_stock',
] as const;

/** Messages that need recorded consent and carry an unsubscribe (DESIGN.md "Messages"). */
export const MARKETING_MESSAGE_KINDS = ['newsletter', 'promotion'] as const;

/**
 * Promotional SMS go out only between 07:00 and 19:00 in Kenya (the operators' rule, as
 * reference/messages.md reports it); transactional SMS go at any hour. Kenya keeps East Africa
 * Time, UTC+3, all year.
 */
export const PROMOTION_SMS_HOURS = { from: 7, until: 19 } as const;

/**
 * The SMS kinds held to those hours: promotions, and the reminder of an unpaid order (decision
 * 043), which nudges a sale rather than answers something the shopper just did.
 */
export const DAYTIME_SMS_KINDS = [...MARKETING_MESSAGE_KINDS, 'order_recovery'] as const;

export function promotionSmsAllowedAt(at: Date): boolean {
  const hourInKenya = (at.getUTCHours() + 3) % 24;
  return hourInKenya >= PROMOTION_SMS_HOURS.from && hourInKenya < PROMOTION_SMS_HOURS.until;
}

export const MESSAGE_KINDS = [...TRANSACTIONAL_MESSAGE_KINDS, ...MARKETING_MESSAGE_KINDS] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// The admin's outbox screen (/admin/messages, decision 032)

/** Account messages carry a one-use secret for the account's own address: never resent. */
export const UNRESENDABLE_MESSAGE_KINDS: readonly MessageKind[] = ['password_reset', 'phone_code'];

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  held: 'Held',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: 'Email',
  sms: 'SMS',
};

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  password_reset: 'Password reset',
  phone_code: 'Phone code',
  order_received: 'Order received',
  payment_failed: 'Payment failed',
  part_shipped: 'Part shipped',
  part_delivered: 'Part delivered',
  order_cancelled: 'Order cancelled',
  part_cancelled: 'Part cancelled',
  order_refunded: 'Order refunded',
  order_recovery: 'Unpaid order reminder',
  owner_new_part: 'New part to send (owner)',
  owner_part_cancelled: 'Part cancelled (owner)',
  owner_low_stock: 'Low stock (owner)',
  newsletter: 'Newsletter',
  promotion: 'Promotion',
};

export const MESSAGES_PAGE_SIZE = 20;

/** GET /api/admin/messages: one page, newest first, narrowed by any of these. */
export const adminMessagesQuerySchema = z.strictObject({
  page: z.coerce.number('Must be a page number.').int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number('Must be a page size.')
    .int()
    .min(1)
    .max(100, 'Must be at most 100.')
    .default(MESSAGES_PAGE_SIZE),
  status: z.enum(MESSAGE_STATUSES, 'Must be a message state.').optional(),
  channel: z.enum(MESSAGE_CHANNELS, 'Must be email or sms.').optional(),
  kind: z.enum(MESSAGE_KINDS, 'Must be a message kind.').optional(),
  orderId: uuidSchema.optional(),
  /** A part of the recipient or the subject, any case. */
  q: z.string().trim().max(100, 'Must be at most 100 characters.').optional(),
});
export type AdminMessagesQuery = z.infer<typeof adminMessagesQuerySchema>;

export const adminMessageSchema = z.object({
  _id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  kind: z.enum(MESSAGE_KINDS),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  providerId: z.string().nullable(),
  providerStatus: z.string().nullable(),
  deliveryStatus: z.string().nullable(),
  deliveryError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  orderId: z.string().nullable(),
  /** The order's number (SK-…), for people; orderId is for links and filters. */
  orderNumber: z.string().nullable(),
  resentFromId: z.string().nullable(),
  /** Whether Resend is offered at all (its kind and its state allow it). */
  resendable: z.boolean(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminMessagePageSchema = z.object({
  messages: z.array(adminMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMessagePage = z.infer<typeof adminMessagePageSchema>;

/** GET /api/admin/messages/{id}: the row with what was sent, and the copies made of it. */
export const adminMessageDetailSchema = adminMessageSchema.extend({
  /** Null for a password reset or a phone code: its text holds a secret of the account's. */
  body: z.string().nullable(),
  senderName: z.string(),
  resends: z.array(z.object({ _id: z.string(), status: z.enum(MESSAGE_STATUSES) })),
});
export type AdminMessageDetail = z.infer<typeof adminMessageDetailSchema>;

export const messageIdParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

/**
 * POST /api/admin/messages/{id}/resend. The corrected recipient is checked against the
 * message's channel by the server (an email address for email, a Kenyan mobile for SMS), since
 * the body alone does not say which channel it is for.
 */
export const resendMessageSchema = z.strictObject({
  recipient: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(254, 'Must be at most 254 characters.')
    .optional(),
});
export type ResendMessageInput = z.infer<typeof resendMessageSchema>;

export const INVALID_SMS_RECIPIENT_MESSAGE = 'Enter a Kenyan mobile number such as +254712345678.';

/** A message that may be copied: settled (sent or failed) and not an account's secret. */
export function isResendable(message: { kind: MessageKind; status: MessageStatus }): boolean {
  return (
    !UNRESENDABLE_MESSAGE_KINDS.includes(message.kind) &&
    (message.status === 'sent' || message.status === 'failed')
  );
}
