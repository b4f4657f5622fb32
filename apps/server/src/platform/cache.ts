// Storefront reads are answered from serialised responses kept in memory. Every write that
// changes them drops the tags it touches, here and (through Redis, when configured) in every
// other process. A load that raced with a drop is not stored, so a stale body never sticks.
import { createHash } from 'node:crypto';
import diagnosticsChannel from 'node:diagnostics_channel';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type CachedResponse = {
  status: number;
  body: string;
  etag: string;
  /** Compressed copies, made once on first demand (see sendCached). */
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The body as UTF-8 bytes, made once: a large page is not re-encoded for every reader. */
  bytes?: Buffer;
};

type Encoding = 'br' | 'gzip';

export type InvalidationBus = {
  publish(tags: string[]): void;
  /** Resolves once messages are being received: serve only after that, or miss a drop. */
  subscribe(onTags: (tags: string[]) => void): Promise<void>;
  close(): Promise<void>;
};

type Entry = { value: CachedResponse; tags: ReadonlySet<string>; bytes: number };

/** How much the cache holds, against its bounds. */
export type CacheSize = { entries: number; bytes: number; maxEntries: number; maxBytes: number };

/**
 * Where the cache reports its size after each store and drop, for a benchmark's or an
 * operator's probe (bench/page-cache.mjs); nothing is sent while nobody listens.
 */
export const CACHE_SIZE_CHANNEL = diagnosticsChannel.channel('soko:response-cache:size');

/**
 * The default bound in bytes: the 2,000 entries of a busy shop's pages and listings (10-60 KB
 * each, bench/listing-size.mjs) fit, and no run of large answers holds more.
 */
export const CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The memory an answer holds: its key, its text and the UTF-8 copy sendCached keeps of it (the
 * compressed copies, a fifth of that or less, are not counted). A string of ASCII text is one
 * byte a character in V8.
 */
const entryBytes = (key: string, body: string) =>
  Buffer.byteLength(key) + 2 * Buffer.byteLength(body);

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly inflight = new Map<string, Promise<CachedResponse>>();
  private generation = 0;
  private readonly dropListeners: Array<(tags: string[]) => void> = [];
  private readonly soon = new Set<string>();
  private soonTimer: ReturnType<typeof setTimeout> | undefined;
  /** Answers served without loading (held, or joined to a load in flight), and loads: metrics. */
  hits = 0;
  misses = 0;

  /** Resolves when invalidations from other processes arrive (at once without a bus). */
  readonly ready: Promise<void>;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly bus?: InvalidationBus,
    /** How long invalidateSoon may hold a drop back (STOCK_LAG_MS in context.ts). */
    private readonly lagMs = 1_000,
    /** The most memory the answers may hold (entryBytes); the oldest go first past it. */
    private readonly maxBytes = CACHE_MAX_BYTES,
  ) {
    this.ready = bus ? bus.subscribe((tags) => this.dropLocal(tags)) : Promise.resolve();
  }

  /**
   * A cached JSON body, or with `options.serialize` any text (HTML, XML). `options.store`
   * says whether a loaded value is worth keeping (a 404 page is not); `options.tagsOf` adds
   * tags read off the loaded value (the products a listing page shows).
   */
  async get<T>(
    key: string,
    tags: string[],
    load: () => Promise<T>,
    options: {
      serialize?: (data: T) => string;
      store?: (data: T) => boolean;
      status?: (data: T) => number;
      tagsOf?: (data: T) => string[];
    } = {},
  ): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit) {
      this.hits += 1;
      return hit.value;
    }
    const pending = this.inflight.get(key);
    if (pending) {
      this.hits += 1;
      return pending;
    }
    this.misses += 1;
    const startedAt = this.generation;
    const promise = load()
      .then((data) => {
        const body = options.serialize ? options.serialize(data) : JSON.stringify(data);
        const value: CachedResponse = {
          status: options.status?.(data) ?? 200,
          body,
          etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
        };
        const worthKeeping = options.store?.(data) ?? true;
        const allTags = new Set(options.tagsOf ? [...tags, ...options.tagsOf(data)] : tags);
        if (worthKeeping && this.generation === startedAt)
          this.store(key, { value, tags: allTags, bytes: entryBytes(key, body) });
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  /** How many answers it holds and their memory (entryBytes), with its bounds. */
  size(): CacheSize {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      maxEntries: this.maxEntries,
      maxBytes: this.maxBytes,
    };
  }

  /** Called on every drop, local or from another process (state kept outside this cache). */
  onDrop(listener: (tags: string[]) => void): void {
    this.dropListeners.push(listener);
  }

  invalidate(tags: string[]): void {
    this.dropLocal(tags);
    this.bus?.publish(tags);
  }

  /**
   * Drops `tags` within lagMs, together with every other tag asked for meanwhile: one drop (and
   * one message to the other processes) however many orders come in. For what may show a moment
   * late, as a stock figure may; never for a price or anything a shopper is charged.
   */
  invalidateSoon(tags: string[]): void {
    for (const tag of tags) this.soon.add(tag);
    this.soonTimer ??= setTimeout(() => this.flushSoon(), this.lagMs);
    this.soonTimer.unref?.();
  }

  /** Drops at once what invalidateSoon holds back (a stopping server, a test). */
  flushSoon(): void {
    clearTimeout(this.soonTimer);
    this.soonTimer = undefined;
    if (this.soon.size === 0) return;
    const tags = [...this.soon];
    this.soon.clear();
    this.invalidate(tags);
  }

  private store(key: string, entry: Entry): void {
    // One answer may not take more than an eighth of the bound: a few huge ones would otherwise
    // push every ordinary answer out.
    if (entry.bytes > this.maxBytes / 8) return;
    this.delete(key);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.maxEntries && this.bytes + entry.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.reportSize();
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private reportSize(): void {
    if (CACHE_SIZE_CHANNEL.hasSubscribers) CACHE_SIZE_CHANNEL.publish(this.size());
  }

  private dropLocal(tags: string[]): void {
    this.generation++;
    this.inflight.clear();
    for (const [key, entry] of this.entries) {
      if (tags.some((tag) => entry.tags.has(tag))) this.delete(key);
    }
    this.reportSize();
    for (const listener of this.dropListeners) listener(tags);
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Smaller answers are not worth the header and the work (the compress plugin's own threshold).
const COMPRESS_FROM_BYTES = 1024;

function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return undefined;
}

/**
 * Compresses a cached body once per encoding, off the event loop; every later reader gets the
 * same bytes. (The compress plugin would redo the work for every request.)
 */
function encodedBody(cached: CachedResponse, encoding: Encoding): Promise<Buffer> {
  cached.encoded ??= {};
  cached.encoded[encoding] ??=
    encoding === 'br'
      ? brotli(cached.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipAsync(cached.body, { level: 6 });
  return cached.encoded[encoding];
}

/** Sends a cached body (JSON unless told), answering 304 when the client already holds it. */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
  contentType = 'application/json; charset=utf-8',
  vary = 'accept-encoding',
) {
  void reply
    .status(cached.status)
    .header('etag', cached.etag)
    .header('cache-control', 'no-cache')
    .header('vary', vary)
    .header('content-type', contentType);
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  cached.bytes ??= Buffer.from(cached.body);
  if (encoding && cached.bytes.length >= COMPRESS_FROM_BYTES) {
    return reply.header('content-encoding', encoding).send(await encodedBody(cached, encoding));
  }
  return reply.send(cached.bytes);
}
