import type { Config } from './config';
import { AppError } from './errors';

type RateLimitContext = { after: string; ttl: number };

export const rateLimitError = (_request: unknown, context: RateLimitContext) =>
  new AppError(429, 'rate_limited', `Too many requests. Please try again in ${context.after}.`, {
    details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
  });

/** Anonymous writes (ratings, newsletter) per client address, per minute. */
export const publicWriteRateLimit = (config: Config) => ({
  max: config.rateLimits.publicWrites,
  timeWindow: 60_000,
});
