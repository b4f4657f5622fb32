// The "device cookie" of OWASP's answer to account lockout
// (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies): a
// browser that once signed in to an account carries a mark, signed by the server, naming that
// account. It lets the account's owner past the account-wide failure limit that a distributed
// attacker can fill, so guessing cannot be turned into locking the owner out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const KNOWN_DEVICE_COOKIE = 'soko_known_device';
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const mac = (secret: string, email: string, id: string) =>
  createHmac('sha256', secret)
    .update(`known-device\n${email.toLowerCase()}\n${id}`)
    .digest('base64url');

/** A new mark for this account: '<random id>.<HMAC of the email and id>'. */
export function knownDeviceMark(secret: string, email: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${mac(secret, email, id)}`;
}

/** The mark's id when it was made by this server for this email, else null. */
export function knownDeviceId(
  secret: string,
  email: string,
  mark: string | undefined,
): string | null {
  const [id, signature, ...rest] = (mark ?? '').split('.');
  if (!id || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = Buffer.from(mac(secret, email, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
