// Who may call what is declared on every API route, in one place, and enforced by one hook.
// A route without a rule cannot even be registered, so nothing is left open by forgetting.
//
//   'public'       anyone; a valid token still identifies the caller (ratings, newsletter)
//   'signed-in'    a valid, current token (401 otherwise)
//   'admin'        a signed-in admin (401 without a token, 403 for other roles)
//   { shopOf }     the owner of the shop the request touches, or an admin: `shopOf` names the
//                  shop (a param, or a lookup from a category or product id) from the raw,
//                  not yet validated request; 404 when none
//
// Roles are read from the database on each request (briefly cached), not from the token, so a
// customer who creates a shop is an owner at once and a demoted admin loses access at once.
import { PROBLEM_TEXTS, type Role } from '@soko/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { AppError } from './errors';
import { shops, users } from './schema';
import { verifyToken, type VerifiedToken } from './tokens';

export type ShopOf = (request: FastifyRequest, db: Db) => Promise<string | null>;
export type Access = 'public' | 'signed-in' | 'admin' | { shopOf: ShopOf };
export type Caller = { id: string; role: Role };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in caller, when the request carried a valid, current token. */
    caller: Caller | null;
  }
}

export class MissingAccessRuleError extends Error {}

const isAccess = (value: unknown): value is Access =>
  value === 'public' ||
  value === 'signed-in' ||
  value === 'admin' ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { shopOf?: unknown }).shopOf === 'function');

export const unauthorized = () => new AppError(401, 'unauthorized', PROBLEM_TEXTS.signIn);
export const forbidden = () => new AppError(403, 'forbidden', 'You do not have access to that.');

export type AccessTableRow = { method: string; url: string; access: Access };

/**
 * Every /api route must say who may call it (registered before any route). The rules are kept
 * as a table (`app.accessTable`) so tests can walk every protected route.
 */
export function requireAccessRules(app: FastifyInstance): void {
  const table: AccessTableRow[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    // The OpenAPI document and its viewer are public by nature and registered by a plugin.
    if (route.url.startsWith('/api/docs')) return;
    if (!isAccess(route.config?.access)) {
      throw new MissingAccessRuleError(
        `${String(route.method)} ${route.url} has no access rule: add config.access`,
      );
    }
    for (const method of [route.method].flat()) {
      table.push({ method: String(method), url: route.url, access: route.config.access });
    }
  });
}

type AccountState = { role: Role; tokenVersion: number };
const ACCOUNT_CACHE_MS = 5_000;

/** Resolves the caller from the bearer token and enforces each route's rule. */
export function enforceAccess(app: FastifyInstance, db: Db, jwtSecret: string): void {
  // A short cache keeps the role lookup off most requests; a password change or role change
  // is seen within seconds in every process, and at once in this one (forgetAccount).
  const accounts = new Map<string, { state: AccountState | null; until: number }>();
  const accountState = async (userId: string): Promise<AccountState | null> => {
    const hit = accounts.get(userId);
    if (hit && hit.until > Date.now()) return hit.state;
    const [row] = await db
      .select({ role: users.role, tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const state = row ?? null;
    if (accounts.size > 10_000) accounts.clear();
    accounts.set(userId, { state, until: Date.now() + ACCOUNT_CACHE_MS });
    return state;
  };
  app.decorate('forgetAccount', (userId: string) => accounts.delete(userId));
  app.decorateRequest('caller', null);

  // Verified tokens, keyed by the whole string (signature included), so a repeat request skips
  // the HMAC and the JSON decoding; expiry is still checked on every use.
  const verified = new Map<string, VerifiedToken>();
  const verify = (raw: string): VerifiedToken | null => {
    const hit = verified.get(raw);
    if (hit) return hit.exp * 1000 > Date.now() ? hit : null;
    const token = verifyToken(jwtSecret, raw);
    if (token) {
      if (verified.size > 10_000) verified.clear();
      verified.set(raw, token);
    }
    return token;
  };

  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const token = verify(header.slice('Bearer '.length).trim());
    if (!token) return null;
    const state = await accountState(token.user._id);
    // A deleted account, or a token older than the last password change, signs nobody in.
    if (!state || state.tokenVersion !== token.ver) return null;
    return { id: token.user._id, role: state.role };
  }

  // Who is calling, and may anyone like them call this at all: before the body is even
  // validated, so a signed-out caller gets 401, not a lesson in the route's schema.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    request.caller = await callerOf(request);
    if (access === 'public') return;
    if (!request.caller) throw unauthorized();
    if (access === 'admin' && request.caller.role !== 'admin') throw forbidden();
    // Whose shop, before the body is validated too: someone else's shop answers 403 whatever
    // was sent, so the route's schema is told only to those who may use it. `shopOf` therefore
    // reads raw params and body, and names no shop (404) for anything that is not an id.
    if (typeof access === 'object' && request.caller.role !== 'admin') {
      await assertOwnsShop(request, access.shopOf, request.caller);
    }
  });

  async function assertOwnsShop(request: FastifyRequest, shopOf: ShopOf, caller: Caller) {
    const shopId = await shopOf(request, db);
    if (!shopId) throw new AppError(404, 'not_found', 'Not found.');
    const [shop] = await db
      .select({ ownerId: shops.ownerId })
      .from(shops)
      .where(eq(shops.id, shopId))
      .limit(1);
    if (!shop) throw new AppError(404, 'not_found', 'Not found.');
    if (shop.ownerId !== caller.id) throw forbidden();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops the cached role and token version of an account (after it changed). */
    forgetAccount: (userId: string) => void;
    /** Every /api route with its access rule. */
    accessTable: AccessTableRow[];
  }
}
