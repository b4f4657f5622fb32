// A checkout following a payment's live channel (`paymentStatus:<trackingId>`, payments/
// channel.ts), as the payment tests listen to it: a socket.io client on the test server.
import { io as connect, type Socket } from 'socket.io-client';

export type HeardEvents = Array<Record<string, unknown>>;

/**
 * Connects to `base` for one payment and collects what the channel says about it. The socket is
 * added to `sockets`, which the test file disconnects when it ends.
 */
export async function followPayment(
  base: string,
  trackingId: string,
  sockets: Socket[],
): Promise<HeardEvents> {
  const events: HeardEvents = [];
  const socket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { trackingId },
    reconnection: false,
  });
  sockets.push(socket);
  socket.on(`paymentStatus:${trackingId}`, (event: Record<string, unknown>) => events.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return events;
}
