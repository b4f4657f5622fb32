// The live payment channel listens to the shop's own pages only. Websocket upgrades are not
// covered by CORS, so without a check of the Origin header any site a shopper visits could
// open a socket to the shop and follow payments. Connects from Node with socket.io-client,
// which sends the Origin header it is given (a browser sends its page's origin itself).
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

const PUBLIC_URL = 'https://shop.example.co.ke';
const TRANSPORTS = ['websocket', 'polling'] as const;
type Transport = (typeof TRANSPORTS)[number];

type Outcome = 'connected' | 'refused';

/** Opens one socket with the given headers and says whether the server let it in. */
async function tryConnect(
  base: string,
  transport: Transport,
  headers: Record<string, string>,
): Promise<Outcome> {
  const socket = connect(base, {
    path: '/socket.io',
    transports: [transport],
    extraHeaders: headers,
    reconnection: false,
    timeout: 5_000,
  });
  try {
    return await new Promise<Outcome>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });
  } finally {
    socket.disconnect();
  }
}

async function listening(env: Record<string, string>): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp({ env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

describe('the payment channel’s origin check', () => {
  let shop: { t: TestApp; base: string };
  beforeAll(async () => {
    shop = await listening({ PUBLIC_URL });
  });
  afterAll(async () => {
    await shop?.t.close();
  });

  it.each(TRANSPORTS)('refuses a page of another site (%s)', async (transport) => {
    expect(await tryConnect(shop.base, transport, { origin: 'https://evil.example' })).toBe(
      'refused',
    );
  });

  it.each(TRANSPORTS)(
    'refuses another site whose name only starts like the shop’s (%s)',
    async (transport) => {
      const lookalike = `${PUBLIC_URL}.evil.example`;
      expect(await tryConnect(shop.base, transport, { origin: lookalike })).toBe('refused');
      expect(await tryConnect(shop.base, transport, { origin: 'null' })).toBe('refused');
    },
  );

  it.each(TRANSPORTS)(
    'admits the shop’s own page, served from the address it was asked for (%s)',
    async (transport) => {
      // The client sends Host: 127.0.0.1:<port>, so this is the same origin.
      expect(await tryConnect(shop.base, transport, { origin: shop.base })).toBe('connected');
    },
  );

  it.each(TRANSPORTS)('admits a page from PUBLIC_URL (%s)', async (transport) => {
    expect(await tryConnect(shop.base, transport, { origin: PUBLIC_URL })).toBe('connected');
  });

  it.each(TRANSPORTS)(
    'admits clients that send no Origin, which no browser page can be (%s)',
    async (transport) => {
      expect(await tryConnect(shop.base, transport, {})).toBe('connected');
    },
  );

  it('believes X-Forwarded-Host only behind a trusted proxy', async () => {
    const forwarded = {
      origin: 'https://other-name.example',
      'x-forwarded-host': 'other-name.example',
    };
    expect(await tryConnect(shop.base, 'websocket', forwarded)).toBe('refused');
    const behindProxy = await listening({ PUBLIC_URL, TRUST_PROXY: 'true' });
    try {
      for (const transport of TRANSPORTS) {
        expect(await tryConnect(behindProxy.base, transport, forwarded), transport).toBe(
          'connected',
        );
        expect(
          await tryConnect(behindProxy.base, transport, {
            ...forwarded,
            origin: 'https://evil.example',
          }),
          transport,
        ).toBe('refused');
      }
    } finally {
      await behindProxy.t.close();
    }
  });
});
