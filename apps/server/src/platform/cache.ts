// Storefront reads are answered from serialised responses kept in memory. Every write that
// changes them drops the tags it touches, here and (through Redis, when configured) in every
// other process. A load that raced with a drop is not stored, so a stale body never sticks.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type CachedResponse = { body: string; etag: string };

export type InvalidationBus = {
  publish(tags: string[]): void;
  /** Resolves once messages are being received: serve only after that, or miss a drop. */
  subscribe(onTags: (tags: string[]) => void): Promise<void>;
  close(): Promise<void>;
};

type Entry = { value: CachedResponse; tags: string[] };

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<CachedResponse>>();
  private generation = 0;

  /** Resolves when invalidations from other processes arrive (at once without a bus). */
  readonly ready: Promise<void>;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly bus?: InvalidationBus,
  ) {
    this.ready = bus ? bus.subscribe((tags) => this.dropLocal(tags)) : Promise.resolve();
  }

  /**
   * A cached JSON body, or with `options.serialize` any text (HTML, XML). `options.store`
   * says whether a loaded value is worth keeping (a 404 page is not).
   */
  async get<T>(
    key: string,
    tags: string[],
    load: () => Promise<T>,
    options: { serialize?: (data: T) => string; store?: (data: T) => boolean } = {},
  ): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const startedAt = this.generation;
    const promise = load()
      .then((data) => {
        const body = options.serialize ? options.serialize(data) : JSON.stringify(data);
        const value = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
        const worthKeeping = options.store?.(data) ?? true;
        if (worthKeeping && this.generation === startedAt) this.store(key, { value, tags });
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  invalidate(tags: string[]): void {
    this.dropLocal(tags);
    this.bus?.publish(tags);
  }

  private store(key: string, entry: Entry): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  private dropLocal(tags: string[]): void {
    this.generation++;
    this.inflight.clear();
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) this.entries.delete(key);
    }
  }
}

/** Sends a cached JSON body, answering 304 when the client already holds it. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  void reply
    .header('etag', cached.etag)
    .header('cache-control', 'no-cache')
    .header('content-type', 'application/json; charset=utf-8');
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  return reply.send(cached.body);
}
