import { z } from 'zod';

// Spec section 5, the newsletter rule: non-space text, @, non-space text, a dot, non-space text.
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/**
 * Kept as typed (not lower-cased): the server compares emails case-insensitively.
 * 254 is the longest address SMTP can carry (RFC 5321 path limit).
 */
export const emailSchema = z
  .string(INVALID_EMAIL_MESSAGE)
  .trim()
  .max(254, INVALID_EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE);
