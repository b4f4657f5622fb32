// Who is behind an anonymous request, as far as limits can tell: the network address (believed
// from X-Forwarded-For only with TRUST_PROXY, see app.ts). Kept as a keyed hash, never the
// address itself: the key ties requests together without storing where people connect from.
import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';

/**
 * The part of an address one client controls: all of an IPv4 address, the /64 network of an
 * IPv6 one (every home and phone gets a whole /64, so its lower half is free to rotate).
 */
function addressPrefix(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** 'ip:<hmac>' for the request's network address. */
export function networkKey(secret: string, ip: string): string {
  const digest = createHmac('sha256', secret).update(addressPrefix(ip)).digest('base64url');
  return `ip:${digest.slice(0, 32)}`;
}
