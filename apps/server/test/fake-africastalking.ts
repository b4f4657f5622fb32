// A local stand-in for Africa's Talking's SMS API (reference/messages.md): POST
// /version1/messaging, form-encoded, with the apiKey header and the account's username,
// answering 201 and the published JSON. A real HTTP server, so the channel's own fetch, form,
// headers, timeout and JSON reading are what get tested.
//
//   const fake = await startFakeAfricasTalking();
//   AT_BASE_URL=fake.url, AT_USERNAME / AT_API_KEY from FAKE_AT_CREDENTIALS
//   fake.answer('+254712345678', 403);        // InvalidPhoneNumber for that number from now on
//   fake.answer('+254712345678', 500, 2);     // twice, then accepted
//   fake.down(); fake.up();                   // connections dropped while down
//   fake.sent                                 // the SMS accepted, in order
//   await fake.sendDeliveryReport(messageId, deliver, { status: 'Failed' });
//   await fake.close();
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The credentials the fake accepts; anything else is refused like a wrong key (401). */
export const FAKE_AT_CREDENTIALS = {
  username: 'sandbox',
  apiKey: 'fake-africastalking-api-key-0123456789',
} as const;

/** The per-recipient codes and their names, as the documentation lists them. */
export const AT_STATUS_NAMES: Readonly<Record<number, string>> = {
  100: 'Processed',
  101: 'Success',
  102: 'Queued',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

export type FakeSms = {
  messageId: string;
  username: string;
  to: string;
  message: string;
  from: string | undefined;
};

export type FakeAtCall = {
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
  /** The HTTP status answered. */
  status: number;
};

export type FakeAfricasTalking = {
  /** The base URL to configure (like https://api.sandbox.africastalking.com). */
  url: string;
  /** Every request, refused ones too. */
  calls: FakeAtCall[];
  /** The SMS accepted (statusCode 101), in order. */
  sent: FakeSms[];
  sentTo(number: string): FakeSms[];
  /** Answers `statusCode` for `number` `times` times (for ever when unset), then accepts it. */
  answer(number: string, statusCode: number, times?: number): void;
  /** Drops every connection until up(): the API cannot be reached. */
  down(): void;
  up(): void;
  /** The form body Africa's Talking posts as a delivery report of a message it sent. */
  deliveryReport(messageId: string, overrides?: Record<string, string>): string;
  /** Posts that report through `deliver(body)` (app.inject, or a fetch to the callback URL). */
  sendDeliveryReport<T>(
    messageId: string,
    deliver: (formBody: string) => Promise<T>,
    overrides?: Record<string, string>,
  ): Promise<T>;
  close(): Promise<void>;
};

export type FakeAtOptions = {
  /** Told of each SMS accepted (the e2e run writes them to files for journeys to read). */
  onSms?: (sms: FakeSms) => void;
};

export async function startFakeAfricasTalking(
  options: FakeAtOptions = {},
): Promise<FakeAfricasTalking> {
  const calls: FakeAtCall[] = [];
  const sent: FakeSms[] = [];
  const answers = new Map<string, { statusCode: number; times: number }>();
  let isDown = false;

  const server = createServer((request, response) => {
    if (isDown) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const reply = (status: number, body: string, type = 'application/json') => {
        calls.push({ path, headers: request.headers, form, status });
        response.writeHead(status, { 'content-type': type });
        response.end(body);
      };
      if (request.method !== 'POST' || path !== '/version1/messaging') {
        reply(404, 'Not found', 'text/plain');
        return;
      }
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        reply(415, 'Unsupported content type', 'text/plain');
        return;
      }
      // Africa's Talking answers a bad key or username with a plain-text 401.
      if (
        request.headers.apikey !== FAKE_AT_CREDENTIALS.apiKey ||
        form.username !== FAKE_AT_CREDENTIALS.username
      ) {
        reply(401, 'The supplied authentication is invalid', 'text/plain');
        return;
      }
      if (request.headers.accept !== 'application/json') {
        reply(406, 'Send Accept: application/json for a JSON answer', 'text/plain');
        return;
      }
      const to = form.to ?? '';
      const message = form.message ?? '';
      if (!to || !message) {
        reply(400, 'Missing to or message', 'text/plain');
        return;
      }
      const forced = answers.get(to);
      let statusCode = 101;
      if (forced) {
        statusCode = forced.statusCode;
        forced.times -= 1;
        if (forced.times <= 0) answers.delete(to);
      }
      const taken = statusCode >= 100 && statusCode <= 102;
      const messageId = taken ? `ATXid_${randomBytes(16).toString('hex')}` : 'None';
      if (taken) {
        const sms: FakeSms = {
          messageId,
          username: form.username ?? '',
          to,
          message,
          from: form.from,
        };
        sent.push(sms);
        options.onSms?.(sms);
      }
      reply(
        201,
        JSON.stringify({
          SMSMessageData: {
            Message: taken ? 'Sent to 1/1 Total Cost: KES 0.8000' : 'Sent to 0/1 Total Cost: 0',
            Recipients: [
              {
                statusCode,
                number: to,
                status: AT_STATUS_NAMES[statusCode] ?? 'Unknown',
                cost: taken ? 'KES 0.8000' : '0',
                messageId,
              },
            ],
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeAfricasTalking = {
    url: `http://127.0.0.1:${port}`,
    calls,
    sent,
    sentTo: (number) => sent.filter((sms) => sms.to === number),
    answer(number, statusCode, times = Number.POSITIVE_INFINITY) {
      answers.set(number, { statusCode, times });
    },
    down() {
      isDown = true;
      server.closeAllConnections();
    },
    up() {
      isDown = false;
    },
    deliveryReport(messageId, overrides = {}) {
      const sms = sent.find((one) => one.messageId === messageId);
      return new URLSearchParams({
        id: messageId,
        status: 'Success',
        phoneNumber: sms?.to ?? '+254700000000',
        networkCode: '63902',
        retryCount: '0',
        ...overrides,
      }).toString();
    },
    sendDeliveryReport(messageId, deliver, overrides) {
      return deliver(fake.deliveryReport(messageId, overrides));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
