// "One client" for limits on anonymous shoppers (DESIGN.md, "Fair limits"; decision 029): a
// device, named by a random id the server puts in a first-party cookie. A network address is a
// poor name for a shopper in Kenya: a mobile carrier puts thousands of phones behind one. The
// address still bounds what all of them together may do, only far higher.
//
// The cookie is '<random id>.<HMAC-SHA256(JWT_SECRET, "device", id)>': ids cannot be made up
// without the server, and an altered or foreign one counts as none (a new device is issued).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from './access';
import { networkKey } from './client-key';

export const DEVICE_COOKIE = 'soko_device';
// Browsers keep a cookie at most 400 days (RFC 6265bis); long-lived on purpose, since a new id
// gives its holder a new allowance, and the honest shopper's phone should keep one.
export const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const mac = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`device\n${id}`).digest('base64url');

/** A new mark: '<random id>.<HMAC of the id>'. */
function deviceMark(secret: string): { id: string; mark: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, mark: `${id}.${mac(secret, id)}` };
}

/** The mark's id when this server made it, else null. */
export function deviceIdOf(secret: string, mark: string | undefined): string | null {
  const [id, signature, ...rest] = (mark ?? '').split('.');
  if (!id || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

// A device issued during this request, so a second look (the rate limit, then the handler)
// finds the same one before the browser has sent it back.
const issued = new WeakMap<FastifyRequest, string>();

/**
 * The request's device id, from its cookie; when it has none (or a forged one), a new one, set
 * on the reply: httpOnly (no script needs it), SameSite=Lax (sent on the shop's own pages and
 * calls), Secure when the request came over https.
 */
export function ensureDevice(request: FastifyRequest, reply: FastifyReply, secret: string): string {
  const known = issued.get(request) ?? deviceIdOf(secret, request.cookies[DEVICE_COOKIE]);
  if (known) return known;
  const { id, mark } = deviceMark(secret);
  issued.set(request, id);
  void reply.setCookie(DEVICE_COOKIE, mark, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
  return id;
}

/** The device the request names in its cookie, without issuing one (null when none). */
export function deviceOf(request: FastifyRequest, secret: string): string | null {
  return issued.get(request) ?? deviceIdOf(secret, request.cookies[DEVICE_COOKIE]);
}

/** Who a limit counts: the account when signed in, else the device; and the network address. */
export type ClientKeys = { clientKey: string; networkKey: string };

export function clientKeysOf(
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller | null,
  secret: string,
): ClientKeys {
  const network = networkKey(secret, request.ip);
  if (caller) return { clientKey: `user:${caller.id}`, networkKey: network };
  return { clientKey: `device:${ensureDevice(request, reply, secret)}`, networkKey: network };
}
