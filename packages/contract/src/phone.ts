// A verified phone on the account (issue 30, decision 031): a Kenyan mobile number, confirmed
// with a 6-digit code sent to it by SMS.
import { z } from 'zod';
import { userSchema } from './auth';
import { kenyanPhoneSchema } from './orders';
import { PROBLEM_TEXTS, problemText } from './problem-texts';

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
  codeSent: (phone: string) => problemText('phoneCodeSent', { phone }),
  alreadyVerified: PROBLEM_TEXTS.phoneAlreadyVerified,
  verified: PROBLEM_TEXTS.phoneVerified,
  removed: PROBLEM_TEXTS.phoneRemoved,
  wrongCode: PROBLEM_TEXTS.phoneWrongCode,
  expiredCode: PROBLEM_TEXTS.phoneExpiredCode,
  tooManyTries: PROBLEM_TEXTS.phoneTooManyTries,
  noCode: PROBLEM_TEXTS.phoneNoCode,
  tooManyCodes: PROBLEM_TEXTS.phoneTooManyCodes,
  smsBody: (shopName: string, code: string) =>
    `${code} is your ${shopName} verification code. It expires in 10 minutes. Do not share it.`,
} as const;
