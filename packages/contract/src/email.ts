import { z } from 'zod';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from './email-rules';

export * from './email-rules';

/**
 * Kept as typed (not lower-cased): the server compares emails case-insensitively.
 * 254 is the longest address SMTP can carry (RFC 5321 path limit).
 */
export const emailSchema = z
  .string(INVALID_EMAIL_MESSAGE)
  .trim()
  .max(254, INVALID_EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE);
