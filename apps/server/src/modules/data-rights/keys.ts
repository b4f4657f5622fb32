// The keyed hashes data rights write instead of a person's identifiers (decision 048): the data
// request log's reference, and the address a departed person's consent or opt-out covered. Keyed
// by a key derived from the server's secret, so a copy of the database alone cannot test guesses
// of emails or phones against them (a plain hash of an email is guessable).
import { createHmac } from 'node:crypto';
import { normalizeKenyanPhone } from '@soko/contract';

export const dataRightsKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('soko:data-rights:v1').digest();

const hmac = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('base64url');

/** The log's reference to an account: the same for every request of one person, and opaque. */
export const personReference = (key: Buffer, userId: string) =>
  `P-${hmac(key, `user:${userId}`).slice(0, 12)}`;

/** The log's reference to a consent an unsubscribe link named (no account behind it, maybe). */
export const consentReference = (key: Buffer, consentId: string) =>
  `C-${hmac(key, `consent:${consentId}`).slice(0, 12)}`;

/**
 * What a departed person's email or phone is kept as: an email lower-cased and trimmed, a phone
 * as +254…; `hashOfAddress(key, 'Wanjiru@Example.com')` proves the withdrawal of that address.
 */
export function hashOfAddress(key: Buffer, address: string): string {
  const phone = normalizeKenyanPhone(address);
  const canonical = phone ?? address.trim().toLowerCase();
  return `${phone ? 'phone' : 'email'}:${hmac(key, canonical)}`;
}
