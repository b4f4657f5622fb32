// A verified phone on the account (issue 30, decision 031): a Kenyan mobile number, confirmed
// with a 6-digit code sent to it by SMS.
import { z } from 'zod';
import { userSchema } from './auth';
import { kenyanPhoneSchema } from './orders';

export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;

export const startPhoneBodySchema = z.strictObject({ phone: kenyanPhoneSchema });
export type StartPhoneBody = z.infer<typeof startPhoneBodySchema>;

export const verifyPhoneBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS.'),
});
export type VerifyPhoneBody = z.infer<typeof verifyPhoneBodySchema>;

/**
 * What every phone call answers: the account as it now stands (its `phone` and `phoneVerified`)
 * and the words to show.
 */
export const phoneAnswerSchema = z.object({ user: userSchema, message: z.string() });
export type PhoneAnswer = z.infer<typeof phoneAnswerSchema>;

/** The words every phone call's answers and errors use, so screens and tests read the same. */
export const PHONE_TEXTS = {
  codeSent: (phone: string) => `We sent a 6-digit code to ${phone}. It works for 10 minutes.`,
  alreadyVerified: 'This phone number is already verified.',
  verified: 'Your phone number is verified.',
  removed: 'Your phone number has been removed.',
  wrongCode: 'That code is not right. Please check the SMS and try again.',
  expiredCode: 'This code has expired. Please ask for a new one.',
  tooManyTries: 'Too many wrong codes. Please ask for a new code.',
  noCode: 'There is no code waiting for this account. Please ask for a new one.',
  tooManyCodes: 'Too many codes sent to this account. Please try again in an hour.',
  smsBody: (shopName: string, code: string) =>
    `${code} is your ${shopName} verification code. It expires in 10 minutes. Do not share it.`,
} as const;
