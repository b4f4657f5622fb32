// Unsubscribe tokens (decision 033). A token is the consent's id and an HMAC of it under a key
// derived from the server's secret: unguessable, carrying no address in clear, and checked
// without the database, so a forged or garbled one is refused (404) before any query runs.
// Nothing is stored per token, and a token keeps working as long as its consent row exists.
import { createHmac, timingSafeEqual } from 'node:crypto';

const ID_BYTES = 16;
// 128 bits of the HMAC-SHA-256: as hard to guess as a random UUID v4's 122, and a short link.
const MAC_BYTES = 16;

/** A key of its own for these tokens, so a token of another kind can never pass as one. */
export const unsubscribeKey = (serverSecret: string): Buffer =>
  createHmac('sha256', serverSecret).update('soko-unsubscribe-token-v1').digest();

const macOf = (key: Buffer, id: Buffer) =>
  createHmac('sha256', key).update(id).digest().subarray(0, MAC_BYTES);

const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');

const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function unsubscribeToken(key: Buffer, consentId: string): string {
  const id = uuidBytes(consentId);
  return Buffer.concat([id, macOf(key, id)]).toString('base64url');
}

/** The consent a token names, or null for anything this server did not sign. */
export function consentIdOf(key: Buffer, token: string): string | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== ID_BYTES + MAC_BYTES) return null;
  const id = bytes.subarray(0, ID_BYTES);
  const mac = bytes.subarray(ID_BYTES);
  return timingSafeEqual(mac, macOf(key, id)) ? uuidOf(id) : null;
}

// The opt-out link of a reminder about an unpaid order (decision 043): the order's id signed the
// same way under a key of its own, so an unsubscribe token never passes as one, nor the reverse.
export const reminderOptOutKey = (serverSecret: string): Buffer =>
  createHmac('sha256', serverSecret).update('soko-reminder-opt-out-token-v1').digest();

export const reminderOptOutToken = (key: Buffer, orderId: string): string =>
  unsubscribeToken(key, orderId);

/** The order a reminder's opt-out token names, or null for anything this server did not sign. */
export const orderIdOfReminderToken = (key: Buffer, token: string): string | null =>
  consentIdOf(key, token);
