// A TCP proxy between a server under test and PostgreSQL, to crash and restart "the database"
// without touching the real one (shared with every other test run on this machine): cutting
// every connection at once is what the server sees when PostgreSQL is killed, and refusing new
// ones for a while is a restart or a failover.
import net from 'node:net';

export type TcpProxy = {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Connections open through the proxy now. */
  open(): number;
  /** Connections accepted through the proxy since it started (refused ones not counted). */
  connections(): number;
  /** Resets every open connection at once (both sides see ECONNRESET), like `kill -9`. */
  cutAll(): void;
  /** While refusing, a new connection is reset as soon as it arrives, as by a database restarting. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let refusing = false;
  let accepted = 0;
  const server = net.createServer((client) => {
    if (refusing) {
      client.resetAndDestroy();
      return;
    }
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the proxy has no port');
  const cutAll = () => {
    for (const pair of [...pairs]) {
      pairs.delete(pair);
      for (const socket of pair) if (!socket.destroyed) socket.resetAndDestroy();
    }
  };
  return {
    port: address.port,
    open: () => pairs.size,
    connections: () => accepted,
    cutAll,
    refuse(on) {
      refusing = on;
    },
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
