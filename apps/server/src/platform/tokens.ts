// Sign-in tokens: compact JWTs signed with HMAC-SHA256 by node:crypto. Verification accepts
// exactly one algorithm (so `alg: none` or a swapped algorithm is refused before anything
// else), compares signatures in constant time and requires an unexpired `exp` in seconds.
// `ver` is the account's token version: a password change bumps it and older tokens stop.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@soko/contract';

export type TokenClaims = { user: { _id: string; role: Role }; ver: number };
export type VerifiedToken = TokenClaims & { exp: number; iat: number };

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function sign(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function issueToken(
  secret: string,
  claims: TokenClaims,
  lifetimeSeconds: number,
  nowMs = Date.now(),
): string {
  const iat = Math.floor(nowMs / 1000);
  const payload = base64url(JSON.stringify({ ...claims, iat, exp: iat + lifetimeSeconds }));
  const signature = sign(secret, `${HEADER}.${payload}`).toString('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** The token's claims, or null for anything malformed, forged, of another algorithm or expired. */
export function verifyToken(
  secret: string,
  token: string,
  nowMs = Date.now(),
): VerifiedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const decodedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as {
      alg?: unknown;
      typ?: unknown;
    };
    if (decodedHeader.alg !== 'HS256') return null;
    const expected = sign(secret, `${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(
      Buffer.from(payload, 'base64url').toString(),
    ) as Partial<VerifiedToken>;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return null;
    if (typeof claims.user?._id !== 'string' || typeof claims.ver !== 'number') return null;
    return claims as VerifiedToken;
  } catch {
    return null;
  }
}
