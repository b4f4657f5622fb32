import { problemText } from '@soko/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { networkKey } from './client-key';
import type { Config } from './config';
import { deviceOf } from './device';
import { AppError } from './errors';

type RateLimitContext = { after: string; ttl: number };

export const rateLimitError = (_request: unknown, context: RateLimitContext) =>
  new AppError(429, 'rate_limited', problemText('tooManyRequests', { wait: context.after }), {
    details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
  });

/** Anonymous writes (ratings, newsletter) per client address, per minute. */
export const publicWriteRateLimit = (config: Config) => ({
  max: config.rateLimits.publicWrites,
  timeWindow: 60_000,
});

/**
 * Order creation, payment start and final checkout, per minute: per client (the account, else
 * the device cookie, else the address) as the route's own limit, and per network address, far
 * higher, as a preValidation hook (decision 029). Both count after the access hook has found
 * the caller: route hooks of a phase run after the app's own.
 */
export function orderRateLimits(app: FastifyInstance, config: Config) {
  const secret = config.jwtSecret ?? '';
  const perClient = {
    max: config.rateLimits.orders,
    timeWindow: 60_000,
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) => {
      if (request.caller) return `orders:user:${request.caller.id}`;
      const device = deviceOf(request, secret);
      return device ? `orders:device:${device}` : `orders:${networkKey(secret, request.ip)}`;
    },
  };
  // createRateLimit, not rateLimit: the plugin's own handlers run once per request, and the
  // route's per-client limit would then be skipped.
  const addressLimit = app.createRateLimit({
    max: config.rateLimits.ordersPerAddress,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `orders-address:${networkKey(secret, request.ip)}`,
  });
  const perAddress = async (request: FastifyRequest) => {
    const result = await addressLimit(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new AppError(
      429,
      'rate_limited',
      problemText('tooManyOrdersThisMinute', { seconds: result.ttlInSeconds }),
      { details: { retryAfterSeconds: result.ttlInSeconds } },
    );
  };
  return { perClient, perAddress };
}

/**
 * A fixed-window counter for limits the route plugin cannot key (sign-in attempts per email and
 * address, failures per email). In memory, or in Redis when configured so every process counts
 * together.
 */
export type AttemptCounter = {
  /** Counts one attempt; answers the seconds to wait when the limit is passed, else 0. */
  hit(key: string, limit: number, windowMs: number): Promise<number>;
  /**
   * Takes back one hit of the current window (never below zero, never into a new window): an
   * attempt is counted before its outcome is known, so that attempts racing each other all
   * see it, and given back when it turns out not to count (a successful sign-in).
   */
  release(key: string): Promise<void>;
};

export function memoryCounter(): AttemptCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        if (windows.size > 50_000) windows.clear();
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return window.count > limit ? Math.ceil((window.resetAt - now) / 1000) : 0;
    },
    async release(key) {
      const window = windows.get(key);
      if (window && window.resetAt > Date.now() && window.count > 0) window.count--;
    },
  };
}

// GET and DECR in one script: as two commands, the key could expire between them, and DECR
// would then make a new key at -1 with no expiry.
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('get', KEYS[1]) or '0')
if count > 0 then redis.call('decr', KEYS[1]) end
return 0`;

export function redisCounter(redis: Redis): AttemptCounter {
  const keyOf = (key: string) => `soko:attempts:${key}`;
  return {
    async hit(key, limit, windowMs) {
      const redisKey = keyOf(key);
      const results = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as Array<
        [unknown, number]
      >;
      const count = results?.[0]?.[1] ?? 0;
      let ttl = results?.[1]?.[1] ?? -1;
      if (ttl < 0) {
        await redis.pexpire(redisKey, windowMs);
        ttl = windowMs;
      }
      return count > limit ? Math.ceil(ttl / 1000) : 0;
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, keyOf(key));
    },
  };
}
