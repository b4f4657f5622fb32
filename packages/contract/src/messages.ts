// Messages sent to people (issue 30, DESIGN.md "Messages"): their channels, kinds and the states
// of an outbox row, shared so the admin screens that list them read the same words.

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
  // To a shop's owner.
  'owner_new_part',
  'owner_part_cancelled',
] as const;

/** Messages that need recorded consent and carry an unsubscribe (DESIGN.md "Messages"). */
export const MARKETING_MESSAGE_KINDS = ['newsletter', 'promotion'] as const;

export const MESSAGE_KINDS = [...TRANSACTIONAL_MESSAGE_KINDS, ...MARKETING_MESSAGE_KINDS] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
