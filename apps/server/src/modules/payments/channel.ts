// The live payment status channel (socket.io at /socket.io on the shop's own port). A client
// joins one payment's room by passing its trackingId in the handshake (`auth.trackingId`) or by
// emitting `subscribe`; statuses go to that room only, as `paymentStatus:{trackingId}`. A client
// that joins after the payment became final is sent its status at once, so a fast Pay is never
// missed. With REDIS_URL, rooms span every server process (the Redis adapter).
import type { IncomingMessage } from 'node:http';
import { paymentStatusEventName, type PaymentStatusEvent } from '@soko/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { SUBSCRIBER_OPTIONS } from '../../platform/redis';
import { Server, type Socket } from 'socket.io';
import type { App } from '../../platform/context';

// Pesapal's GUIDs, the sandbox's UUIDs and Daraja's CheckoutRequestIDs (ws_CO_...).
const TRACKING_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** One browser tab follows one payment, rarely a few (retries); more is someone fishing. */
const MAX_ROOMS_PER_SOCKET = 5;

const roomOf = (trackingId: string) => `payment:${trackingId}`;

const lastEntry = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').at(-1)?.trim() ?? '';

/**
 * Only the shop's own pages may listen. CORS does not cover websocket upgrades (and a refused
 * CORS poll still reaches the server), so the browser's Origin header is checked here: it must
 * name the host the request was sent to, or PUBLIC_URL (the shop's name behind a proxy that
 * rewrites Host). A request without Origin comes from no web page (curl, a server), and a web
 * page cannot leave it out, so it is let in. X-Forwarded-Host counts only with TRUST_PROXY, as
 * for every other forwarded header.
 */
function isOwnOrigin(
  request: IncomingMessage,
  site: { publicUrl: string; trustProxy: boolean },
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    // 'null' (sandboxed frames, file: pages) and anything malformed.
    return false;
  }
  if (originUrl.origin === new URL(site.publicUrl).origin) return true;
  const host =
    (site.trustProxy && lastEntry(request.headers['x-forwarded-host'])) ||
    (request.headers.host ?? '');
  return host !== '' && originUrl.host === host.toLowerCase();
}

export type StatusChannel = {
  publish(trackingId: string, event: PaymentStatusEvent): void;
};

export function attachStatusChannel(
  app: App,
  options: {
    redisUrl: string | undefined;
    /** The shop's own address and whether a proxy's X-Forwarded-Host is believed. */
    site: { publicUrl: string; trustProxy: boolean };
    /** The payment's status when it is already final, else null. */
    finalStatus: (trackingId: string) => Promise<PaymentStatusEvent | null>;
  },
): StatusChannel {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // No `cors` option (no other site's page may read the answers) and the Origin checked on
    // every new connection, websocket or polling.
    allowRequest: (request, answer) => {
      const allowed = isOwnOrigin(request, options.site);
      answer(allowed ? null : 'Origin not allowed', allowed);
    },
    maxHttpBufferSize: 10_000,
  });

  let redis: { pub: Redis; sub: Redis } | undefined;
  if (options.redisUrl) {
    // Statuses published while Redis is away wait for it (the adapter does not handle a failed
    // PUBLISH); this process's own sockets get them at once either way.
    const pub = new Redis(options.redisUrl, { ...SUBSCRIBER_OPTIONS, connectTimeout: 2_000 });
    const sub = pub.duplicate();
    // A Redis outage must not crash the shop: statuses still reach this process's sockets.
    pub.on('error', (error) => app.log.warn({ err: error }, 'payment channel: Redis error'));
    sub.on('error', (error) => app.log.warn({ err: error }, 'payment channel: Redis error'));
    io.adapter(createAdapter(pub, sub));
    redis = { pub, sub };
  }

  const join = async (socket: Socket, trackingId: unknown) => {
    if (typeof trackingId !== 'string' || !TRACKING_ID.test(trackingId)) return;
    if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) return;
    await socket.join(roomOf(trackingId));
    const status = await options.finalStatus(trackingId).catch(() => null);
    if (status) socket.emit(paymentStatusEventName(trackingId), status);
  };

  io.on('connection', (socket) => {
    const auth = socket.handshake.auth as { trackingId?: unknown };
    void join(socket, auth.trackingId);
    socket.on('subscribe', (trackingId: unknown) => void join(socket, trackingId));
  });

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    // The HTTP server is Fastify's to close; only socket.io's own parts are stopped here.
    io.engine.close();
    await redis?.pub.quit().catch(() => {});
    await redis?.sub.quit().catch(() => {});
  });

  return {
    publish(trackingId, event) {
      io.to(roomOf(trackingId)).emit(paymentStatusEventName(trackingId), event);
    },
  };
}
