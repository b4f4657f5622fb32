// Redis is optional: with REDIS_URL set, processes share cache invalidations (and, in later
// features, rate limits and the payment channel).
import { Redis, type RedisOptions } from 'ioredis';
import type { InvalidationBus } from './cache';

/**
 * What every Redis client here is made with. A Redis restart or failover must not end the
 * process, and ioredis (6) and the socket.io adapter send some commands nobody waits for: the
 * adapter's first SUBSCRIBEs and its PUBLISHes, ioredis's own resubscribing after a reconnect,
 * and its RESP3 greeting. A command that fails is a rejected promise nobody hears, which Node
 * treats as an uncaught error (seen in redis-lost.test.ts). So: RESP2 without client info (no
 * greeting at all to a Redis without a password), and clients that send such commands keep
 * them queued until Redis is back (`SUBSCRIBER_OPTIONS`) rather than fail them after a retry.
 */
export const REDIS_CLIENT_OPTIONS = {
  protocol: 2,
  disableClientInfo: true,
} as const satisfies RedisOptions;
export const SUBSCRIBER_OPTIONS = {
  ...REDIS_CLIENT_OPTIONS,
  maxRetriesPerRequest: null,
} as const satisfies RedisOptions;

const CHANNEL = 'soko:cache-invalidate';

export function createRedisInvalidationBus(
  url: string,
  onError: (error: Error) => void,
): InvalidationBus {
  const publisher = new Redis(url, {
    ...REDIS_CLIENT_OPTIONS,
    lazyConnect: false,
    maxRetriesPerRequest: 2,
  });
  const subscriber = new Redis(url, { ...SUBSCRIBER_OPTIONS, lazyConnect: false });
  // ioredis reconnects by itself; without a listener it prints each failed attempt to the
  // console, outside the structured log.
  publisher.on('error', onError);
  subscriber.on('error', onError);
  // The origin tag lets a process ignore its own messages (it already dropped locally).
  const origin = crypto.randomUUID();
  return {
    publish(tags) {
      void publisher.publish(CHANNEL, JSON.stringify({ origin, tags })).catch(() => {});
    },
    async subscribe(onTags) {
      subscriber.on('message', (_channel: string, message: string) => {
        try {
          const parsed = JSON.parse(message) as { origin?: string; tags?: unknown };
          if (parsed.origin === origin || !Array.isArray(parsed.tags)) return;
          onTags(parsed.tags.filter((t): t is string => typeof t === 'string'));
        } catch {
          // Not ours or malformed: ignore.
        }
      });
      await subscriber.subscribe(CHANNEL);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
