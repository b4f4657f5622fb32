import { z } from 'zod';
import { ORDER_STATUSES } from './order-state-rules';
import { uuidSchema } from './common';
import { emailSchema } from './email';
import { PROBLEM_TEXTS } from './problem-texts';

export const ROLES = ['admin', 'owner', 'customer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

const nameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(100, 'At most 100 characters.');

// 200 caps the work a password hash does on hostile input.
const passwordSchema = z.string().max(200, 'At most 200 characters.');
const newPasswordSchema = passwordSchema.min(8, 'Use at least 8 characters.');
const currentPasswordSchema = passwordSchema.min(1, 'Enter your password.');

export const signupBodySchema = z.strictObject({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const signinBodySchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type SigninBody = z.infer<typeof signinBodySchema>;

const addressFieldSchema = z.string().trim().max(200, 'At most 200 characters.');

export const addressSchema = z.object({
  street: addressFieldSchema,
  city: addressFieldSchema,
  state: addressFieldSchema,
  zip: addressFieldSchema,
});
export type Address = z.infer<typeof addressSchema>;

export const userOrderSummarySchema = z.object({
  id: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  /** Where the shop that sells it stands with its part of the order (the order's own state
   * until the order is confirmed), and the shop's tracking note. */
  status: z.enum(ORDER_STATUSES).optional(),
  trackingNote: z.string().nullable().optional(),
});

export const userSchema = z.object({
  _id: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  address: addressSchema.nullable(),
  /** The account's mobile number (+2547…/+2541…), verified by an SMS code or not yet. */
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  orders: z.array(userOrderSummarySchema),
});
export type User = z.infer<typeof userSchema>;

/** Sign-in (200) and signup (201) both answer this: the new user is signed in. */
export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const updateProfileBodySchema = z.strictObject({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const updateAddressBodySchema = z.strictObject(addressSchema.shape);
export type UpdateAddressBody = z.infer<typeof updateAddressBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteAccountBodySchema = z.strictObject({ password: currentPasswordSchema });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The same answer whether or not the email has an account (DESIGN.md, "Messages"). */
export const FORGOT_PASSWORD_ANSWER = PROBLEM_TEXTS.resetLinkSent;
export const forgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const resetPasswordBodySchema = z.strictObject({
  // 32 random bytes in base64url are 43 characters; anything far longer is not ours.
  token: z
    .string()
    .trim()
    .min(1, 'The reset link is missing its code. Please open the whole link from the email.')
    .max(200, 'This reset link is not valid.'),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The signed token's payload. The role is informational: the server reads it from the database. */
export const tokenPayloadSchema = z.object({
  exp: z.number().int(),
  user: z.object({ _id: z.string(), role: roleSchema }),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

/** A token is expired once its `exp` (seconds) is not in the future. */
export function isTokenExpired(payload: Pick<TokenPayload, 'exp'>, nowMs: number): boolean {
  return payload.exp * 1000 <= nowMs;
}
