// Redis is optional: with REDIS_URL set, processes share cache invalidations (and, in later
// features, rate limits and the payment channel).
import { Redis } from 'ioredis';
import type { InvalidationBus } from './cache';

const CHANNEL = 'soko:cache-invalidate';

export function createRedisInvalidationBus(
  url: string,
  onError: (error: Error) => void,
): InvalidationBus {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: false });
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
