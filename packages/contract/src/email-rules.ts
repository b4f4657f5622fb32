// Zod-free, so the storefront's first load can check an email without the schema library.

// Spec section 5, the newsletter rule: non-space text, @, non-space text, a dot, non-space text.
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
