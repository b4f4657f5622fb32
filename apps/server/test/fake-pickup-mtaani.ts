// A local stand-in for Pick Up Mtaani's API (decision 036), in the shapes the adapter
// (modules/delivery/pickup-mtaani.ts) reads from the community SDK's description: the `apiKey`
// header, `{data: ...}` answers, agents, agent-to-agent fees and packages, and signed webhooks.
// A real HTTP server on loopback, so the adapter's fetch, headers, timeout and answer checks are
// what get tested.
//
//   const fake = await startFakePickupMtaani();
//   PICKUP_MTAANI_URL=fake.url, PICKUP_MTAANI_API_KEY / _WEBHOOK_SECRET from FAKE_PUM_SETTINGS
//   fake.fee('362', '454', 180);      // the agent-to-agent fee, Ksh
//   fake.down(); fake.up();           // every connection dropped while down
//   fake.fail(503, 2);                // the next two calls answer 503
//   fake.packages                     // the packages made (a repeated idempotency key makes none)
//   const { body, signature } = fake.webhook('package.delivered', packageId);
//   await fake.close();
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const FAKE_PUM_SETTINGS = {
  apiKey: 'fake-pickup-mtaani-key-0123456789',
  webhookSecret: 'fake-pickup-mtaani-webhook-secret-0123456789',
} as const;

export type FakeAgent = {
  id: number;
  business_name: string;
  location: { name: string; county: string };
  address: string;
};

/** Two Nairobi agents (one the shops drop off at) and one in Kisumu. */
export const FAKE_AGENTS: readonly FakeAgent[] = [
  {
    id: 362,
    business_name: 'Mwiki Stage Agent',
    location: { name: 'Kasarani', county: 'Nairobi' },
    address: 'Mwiki Rd, Shop 4',
  },
  {
    id: 454,
    business_name: 'Kilimani Agent',
    location: { name: 'Kilimani', county: 'Nairobi' },
    address: 'Argwings Kodhek Rd',
  },
  {
    id: 517,
    business_name: 'Kisumu Mega Agent',
    location: { name: 'Milimani', county: 'Kisumu' },
    address: 'Oginga Odinga St',
  },
];

export type FakePackage = {
  id: number;
  idempotencyKey: string | undefined;
  senderAgentId: string;
  receiverAgentId: string;
  packageValue: number;
  customerName: string;
  customerPhoneNumber: string;
  packageName: string;
  on_delivery_balance: number;
  state: string;
};

export type FakePumCall = { method: string; path: string; headers: IncomingHttpHeaders };

export type FakePickupMtaani = {
  url: string;
  calls: FakePumCall[];
  /** Packages made, in order; a repeated idempotency key returns the first and adds none. */
  packages: FakePackage[];
  fee(from: string, to: string, ksh: number): void;
  /** The next `times` calls answer `status` (then normal again). */
  fail(status: number, times: number): void;
  /** Each package creation waits this long before answering (races, timeouts). */
  slow(ms: number): void;
  down(): void;
  up(): void;
  /** A webhook body and its signature (with `secret`, the fake's own unless given). */
  webhook(
    eventType: string,
    packageId: string,
    options?: { id?: string; state?: string; secret?: string },
  ): { body: string; signature: string };
  close(): Promise<void>;
};

const DEFAULT_FEE_KSH = 180;

export async function startFakePickupMtaani(): Promise<FakePickupMtaani> {
  const calls: FakePumCall[] = [];
  const packages: FakePackage[] = [];
  const fees = new Map<string, number>();
  let failures: { status: number; times: number } | null = null;
  let delayMs = 0;
  let isDown = false;
  let nextId = 9000;
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    calls.push({ method: request.method ?? '', path: url.pathname, headers: request.headers });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (isDown) {
      request.socket.destroy();
      return;
    }
    if (request.headers.apikey !== FAKE_PUM_SETTINGS.apiKey) {
      send(401, { message: 'Unauthorized' });
      return;
    }
    if (failures && failures.times > 0) {
      failures.times -= 1;
      send(failures.status, { message: 'Something went wrong' });
      return;
    }
    const agent = (id: string | null) => FAKE_AGENTS.find((each) => String(each.id) === id);
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      void (async () => {
        if (request.method === 'GET' && url.pathname === '/agents') {
          send(200, { message: 'ok', data: FAKE_AGENTS });
          return;
        }
        if (request.method === 'GET' && url.pathname === '/delivery-charge/agent-package') {
          const from = url.searchParams.get('senderAgentID');
          const to = url.searchParams.get('receiverAgentID');
          if (!agent(from) || !agent(to)) {
            send(404, { message: 'Agent not found' });
            return;
          }
          send(200, { data: { price: fees.get(`${from}:${to}`) ?? DEFAULT_FEE_KSH } });
          return;
        }
        if (request.method === 'POST' && url.pathname === '/packages/agent-agent') {
          const body = JSON.parse(raw) as Omit<FakePackage, 'id' | 'idempotencyKey' | 'state'>;
          if (!agent(String(body.senderAgentId)) || !agent(String(body.receiverAgentId))) {
            send(404, { message: 'Agent not found' });
            return;
          }
          if (!/^07\d{8}$|^01\d{8}$/.test(body.customerPhoneNumber)) {
            send(400, { message: 'Invalid phone number' });
            return;
          }
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const key = request.headers['idempotency-key'];
          const idempotencyKey = typeof key === 'string' ? key : undefined;
          const again = idempotencyKey
            ? packages.find((each) => each.idempotencyKey === idempotencyKey)
            : undefined;
          const made = again ?? {
            ...body,
            id: nextId++,
            idempotencyKey,
            state: 'request',
          };
          if (!again) packages.push(made);
          send(201, {
            data: {
              ...made,
              type: 'agent',
              receipt_no: `PUM-${made.id}`,
              trackId: randomUUID(),
            },
          });
          return;
        }
        if (request.method === 'GET' && url.pathname === '/packages/agent-agent') {
          const found = packages.find((each) => String(each.id) === url.searchParams.get('id'));
          if (!found) send(404, { message: 'Package not found' });
          else send(200, { data: found });
          return;
        }
        send(404, { message: 'Not found' });
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    packages,
    fee: (from, to, ksh) => fees.set(`${from}:${to}`, ksh),
    fail: (status, times) => {
      failures = { status, times };
    },
    slow: (ms) => {
      delayMs = ms;
    },
    down: () => {
      isDown = true;
      for (const socket of sockets) socket.destroy();
    },
    up: () => {
      isDown = false;
    },
    webhook(eventType, packageId, options = {}) {
      const body = JSON.stringify({
        ...(options.id === undefined ? {} : { id: options.id }),
        event_type: eventType,
        timestamp: Date.now(),
        data: {
          package_id: Number(packageId),
          package_type: 'agent',
          receipt_no: `PUM-${packageId}`,
          state: options.state ?? (eventType === 'package.delivered' ? 'delivered' : 'in_transit'),
          track_id: randomUUID(),
        },
      });
      const signature = createHmac('sha256', options.secret ?? FAKE_PUM_SETTINGS.webhookSecret)
        .update(body)
        .digest('hex');
      return { body, signature };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
