// Messages sent to people (issue 30, DESIGN.md "Messages"): their channels and the states of an
// outbox row, shared so the admin screens that list them later read the same words.

export const MESSAGE_CHANNELS = ['email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * held: no channel is set to send it yet; queued: due at its next attempt; sending: claimed by a
 * worker; sent: the provider took it; failed: a final refusal, or a day of retries ran out.
 */
export const MESSAGE_STATUSES = ['held', 'queued', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_KINDS = ['password_reset'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
