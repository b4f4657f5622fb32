// Follows one payment until its status is final (spec section 4, "Payment"): the live channel
// `paymentStatus:{trackingId}` on socket.io, and GET /api/payments/status/{trackingId} every few
// seconds while the socket cannot connect (DESIGN.md: the fallback). The server replays a final
// status to a late subscriber, so a Pay made before the socket joined is not missed.
import { PAYMENT_STATUS, paymentStatusEventName, type PaymentStatusEvent } from '@soko/contract';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { apiGet } from '../../lib/api-client';

/** Spec section 9: connect time-out 5000 ms; reconnection 1000 ms to 5000 ms, randomised 0.5. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  timeout: 5_000,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
};

/** How often the status call is asked while the socket is down. */
export const STATUS_POLL_MS = 3_000;

const FINAL_CODES: ReadonlySet<number> = new Set(Object.values(PAYMENT_STATUS));

/** The few parts of a socket.io client socket used here (a fake stands in for it in tests). */
export interface StatusSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

export interface FollowPaymentOptions {
  /** false when the socket cannot connect (the fallback polls meanwhile), true once it has. */
  onConnection?: (connected: boolean) => void;
  signal?: AbortSignal;
  connect?: (trackingId: string) => StatusSocket;
  fetchStatus?: (trackingId: string) => Promise<PaymentStatusEvent>;
  pollMs?: number;
}

export function connectStatusSocket(trackingId: string): StatusSocket {
  return io(window.location.origin, { ...SOCKET_OPTIONS, auth: { trackingId } });
}

export function fetchPaymentStatus(trackingId: string): Promise<PaymentStatusEvent> {
  return apiGet<PaymentStatusEvent>(`/api/payments/status/${encodeURIComponent(trackingId)}`);
}

const isStatusEvent = (data: unknown): data is PaymentStatusEvent =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { status_code?: unknown }).status_code === 'number';

/**
 * Resolves with the first final status (1 completed, 2 failed, 3 reversed) from either source;
 * other codes are only logged. Rejects with the signal's reason when aborted. The socket and
 * the timer are gone once it settles.
 */
export function followPayment(
  trackingId: string,
  {
    onConnection,
    signal,
    connect = connectStatusSocket,
    fetchStatus = fetchPaymentStatus,
    pollMs = STATUS_POLL_MS,
  }: FollowPaymentOptions = {},
): Promise<PaymentStatusEvent> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let settled = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let polling = false;
    let connected: boolean | null = null;

    const cleanUp = () => {
      settled = true;
      clearTimeout(pollTimer);
      polling = false;
      signal?.removeEventListener('abort', onAbort);
      socket.disconnect();
    };
    const onAbort = () => {
      if (settled) return;
      cleanUp();
      reject(signal?.reason);
    };

    const take = (data: unknown) => {
      if (settled || !isStatusEvent(data)) return;
      if (!FINAL_CODES.has(data.status_code)) {
        console.info(`Payment ${trackingId}: status ${data.status_code}`, data);
        return;
      }
      cleanUp();
      resolve(data);
    };

    const poll = () => {
      pollTimer = setTimeout(() => {
        fetchStatus(trackingId)
          .then(take)
          .catch((error: unknown) => console.warn('Payment status check failed:', error))
          .finally(() => {
            if (polling && !settled) poll();
          });
      }, pollMs);
    };
    const setConnected = (now: boolean) => {
      if (settled || connected === now) return;
      connected = now;
      onConnection?.(now);
      // Poll only while the socket is down; the socket says it at once when it is back.
      if (!now && !polling) {
        polling = true;
        poll();
      } else if (now) {
        polling = false;
        clearTimeout(pollTimer);
      }
    };

    const socket = connect(trackingId);
    socket.on(paymentStatusEventName(trackingId), (data: never) => take(data));
    socket.on('connect', () => setConnected(true));
    // After the connect time-out, or at once when the connection is refused; socket.io keeps
    // trying to reconnect meanwhile, and the handshake joins the payment's room again.
    socket.on('connect_error', (error: never) => {
      console.warn('Payment status channel could not connect:', error);
      setConnected(false);
    });
    signal?.addEventListener('abort', onAbort);
  });
}
