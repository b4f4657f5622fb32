// A local stand-in for Pesapal API 3.0 (the five calls the adapter makes), answering with the
// shapes Pesapal publishes (https://developer.pesapal.com/how-to-integrate/e-commerce/api-30-json):
// a real HTTP server, so the adapter's own fetch, headers, timeouts and JSON are what get tested.
//
//   const fake = await startFakePesapal();
//   createPesapalProvider({ baseUrl: fake.url, ...FAKE_PESAPAL_CREDENTIALS, ipnUrl, ... });
//   fake.setStatus(trackingId, 1);          // the shopper paid: GetTransactionStatus says so
//   await fake.close();
//
// It sends no IPN itself: a test posts the notification to the shop (`app.inject`) after
// `setStatus`, the way Pesapal would, and the shop asks this fake for the truth.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The credentials the fake accepts; anything else is refused like a wrong key. */
export const FAKE_PESAPAL_CREDENTIALS = {
  consumerKey: 'fake-consumer-key',
  consumerSecret: 'fake-consumer-secret',
} as const;

export type FakePesapalCall = {
  method: string;
  /** Below the base URL, without the query: '/api/Transactions/SubmitOrderRequest'. */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
  headers: IncomingHttpHeaders;
};

export type FakePesapal = {
  /** The base URL to configure (like https://cybqa.pesapal.com/pesapalv3). */
  url: string;
  close(): Promise<void>;
  /**
   * What GetTransactionStatus will answer for this order from now on: 0 INVALID (the start),
   * 1 COMPLETED, 2 FAILED, 3 REVERSED. `extra` overrides any answer field (payment_method,
   * amount, confirmation_code, error, status, ...). Throws for a tracking id it never issued.
   */
  setStatus(trackingId: string, statusCode: number, extra?: Record<string, unknown>): void;
  /** Every request received, in order. */
  calls: FakePesapalCall[];
  /** Every token issued so far stops working (the next authorized call gets a 401). */
  expireTokens(): void;
  /** The next request to `path` (as in `calls`) answers `httpStatus` with a non-JSON body. */
  failNext(path: string, httpStatus: number): void;
};

const TOKEN_LIFETIME_MS = 5 * 60_000;
const DESCRIPTIONS: Record<number, string> = {
  0: 'INVALID',
  1: 'COMPLETED',
  2: 'FAILED',
  3: 'REVERSED',
};

type Order = {
  trackingId: string;
  request: Record<string, unknown>;
  createdDate: string;
  answer: Record<string, unknown>;
};

export async function startFakePesapal(): Promise<FakePesapal> {
  const calls: FakePesapalCall[] = [];
  const tokens = new Map<string, number>(); // token -> expiry (ms)
  const ipns: Array<{ url: string; created_date: string; ipn_id: string; type: string }> = [];
  const orders = new Map<string, Order>();
  const failures = new Map<string, number>();
  const refunded = new Set<string>();
  let origin = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const path = url.pathname.startsWith(BASE_PATH)
        ? url.pathname.slice(BASE_PATH.length)
        : url.pathname;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      calls.push({
        method: req.method ?? '',
        path,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: req.headers,
      });

      const failure = failures.get(path);
      if (failure !== undefined) {
        failures.delete(path);
        res.writeHead(failure, { 'content-type': 'text/html' });
        res.end(`<html><body>${failure}</body></html>`);
        return;
      }
      const route = `${req.method} ${path}`;
      if (route === 'POST /api/Auth/RequestToken') return requestToken(res, body);
      if (route === 'GET /pesapaliframe/PesapalIframe3/Index/') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Fake Pesapal</title><h1>Fake Pesapal payment page</h1>');
        return;
      }
      const handlers: Record<string, () => void> = {
        'POST /api/URLSetup/RegisterIPN': () => registerIpn(res, body),
        'GET /api/URLSetup/GetIpnList': () =>
          json(
            res,
            200,
            ipns.map(({ url, created_date, ipn_id }) => ({
              url,
              created_date,
              ipn_id,
              error: null,
              status: '200',
            })),
          ),
        'POST /api/Transactions/SubmitOrderRequest': () => submitOrder(res, body),
        'POST /api/Transactions/RefundRequest': () => refundRequest(res, body),
        'GET /api/Transactions/GetTransactionStatus': () =>
          transactionStatus(res, url.searchParams.get('orderTrackingId') ?? ''),
      };
      const handler = handlers[route];
      if (!handler) return json(res, 404, errorBody('not_found', `No route ${route}`));
      if (!authorized(req.headers)) {
        res.writeHead(401);
        res.end();
        return;
      }
      handler();
    });
  });

  function authorized(headers: IncomingHttpHeaders) {
    const match = /^Bearer (.+)$/.exec(headers.authorization ?? '');
    const expiry = match?.[1] ? tokens.get(match[1]) : undefined;
    return expiry !== undefined && expiry > Date.now();
  }

  function requestToken(res: ServerResponse, body: unknown) {
    const b = record(body);
    if (
      b.consumer_key !== FAKE_PESAPAL_CREDENTIALS.consumerKey ||
      b.consumer_secret !== FAKE_PESAPAL_CREDENTIALS.consumerSecret
    ) {
      return json(res, 200, {
        token: null,
        expiryDate: null,
        ...errorBody('invalid_consumer_key_or_secret_provided', 'Invalid consumer key or secret'),
        message: null,
      });
    }
    const token = randomBytes(24).toString('base64url');
    const expiry = Date.now() + TOKEN_LIFETIME_MS;
    tokens.set(token, expiry);
    json(res, 200, {
      token,
      expiryDate: new Date(expiry).toISOString(),
      error: null,
      status: '200',
      message: 'Request processed successfully',
    });
  }

  function registerIpn(res: ServerResponse, body: unknown) {
    const b = record(body);
    const type = b.ipn_notification_type;
    if (!isHttpUrl(b.url) || (type !== 'GET' && type !== 'POST')) {
      return json(res, 200, errorBody('invalid_ipn', 'url and ipn_notification_type are required'));
    }
    const ipn = { url: b.url, created_date: new Date().toISOString(), ipn_id: randomUUID(), type };
    ipns.push(ipn);
    json(res, 200, {
      url: ipn.url,
      created_date: ipn.created_date,
      ipn_id: ipn.ipn_id,
      error: null,
      status: '200',
    });
  }

  function submitOrder(res: ServerResponse, body: unknown) {
    const b = record(body);
    const billing = record(b.billing_address);
    const problems = [
      typeof b.id === 'string' && b.id.length >= 1 && b.id.length <= 50 ? '' : 'id',
      typeof b.currency === 'string' && /^[A-Z]{3}$/.test(b.currency) ? '' : 'currency',
      typeof b.amount === 'number' && b.amount > 0 ? '' : 'amount',
      typeof b.description === 'string' && b.description.length >= 1 && b.description.length <= 100
        ? ''
        : 'description',
      isHttpUrl(b.callback_url) ? '' : 'callback_url',
      ipns.some((ipn) => ipn.ipn_id === b.notification_id) ? '' : 'notification_id',
      billing.email_address || billing.phone_number ? '' : 'billing_address',
    ].filter(Boolean);
    if (problems.length > 0) {
      return json(
        res,
        200,
        errorBody('invalid_order', `Invalid or missing: ${problems.join(', ')}`),
      );
    }
    const trackingId = randomUUID();
    const merchantReference = String(b.id);
    orders.set(trackingId, {
      trackingId,
      request: b,
      createdDate: new Date().toISOString(),
      answer: {},
    });
    json(res, 200, {
      order_tracking_id: trackingId,
      merchant_reference: merchantReference,
      redirect_url: `${origin}/pesapaliframe/PesapalIframe3/Index/?OrderTrackingId=${trackingId}`,
      error: null,
      status: '200',
    });
  }

  // Pesapal's rules (payments.md 1.6): a completed payment only, no more than it collected,
  // mobile money in full only, one refund per payment. A "200" is "received", not yet done.
  function refundRequest(res: ServerResponse, body: unknown) {
    const b = record(body);
    const order = [...orders.values()].find(
      (candidate) =>
        candidate.answer.confirmation_code !== undefined &&
        candidate.answer.confirmation_code === b.confirmation_code,
    );
    const amount = Number(b.amount);
    const collected = Number(order?.request.amount);
    const refusal =
      !order || order.answer.status_code !== 1
        ? 'Only completed payments can be refunded'
        : typeof b.username !== 'string' || typeof b.remarks !== 'string'
          ? 'username and remarks are required'
          : !(amount > 0) || amount > collected
            ? 'The refund amount is more than the amount collected'
            : order.answer.payment_method === 'MPESA' && amount !== collected
              ? 'Mobile money payments can only be refunded in full'
              : refunded.has(String(b.confirmation_code))
                ? 'This payment has already been refunded'
                : '';
    if (refusal) return json(res, 200, { status: '500', message: refusal });
    refunded.add(String(b.confirmation_code));
    json(res, 200, { status: '200', message: 'Refund request successfully' });
  }

  function transactionStatus(res: ServerResponse, trackingId: string) {
    const order = orders.get(trackingId);
    if (!order) {
      return json(res, 200, errorBody('payment_details_not_found', 'Payment details not found'));
    }
    json(res, 200, statusAnswer(order));
  }

  function statusAnswer(order: Order): Record<string, unknown> {
    const { request } = order;
    const reference = String(request.id);
    const callback = new URL(String(request.callback_url));
    callback.searchParams.set('OrderTrackingId', order.trackingId);
    callback.searchParams.set('OrderMerchantReference', reference);
    return {
      payment_method: null,
      amount: request.amount,
      created_date: order.createdDate,
      confirmation_code: null,
      payment_status_description: DESCRIPTIONS[0],
      description: null,
      message: 'Request processed successfully',
      payment_account: null,
      call_back_url: callback.toString(),
      status_code: 0,
      merchant_reference: reference,
      payment_status_code: null,
      currency: request.currency,
      error: null,
      status: '200',
      ...order.answer,
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}${BASE_PATH}`,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    setStatus(trackingId, statusCode, extra = {}) {
      const order = orders.get(trackingId);
      if (!order) throw new Error(`The fake Pesapal issued no order ${trackingId}`);
      const final = statusCode >= 1 && statusCode <= 3;
      order.answer = {
        status_code: statusCode,
        payment_status_description: DESCRIPTIONS[statusCode] ?? 'INVALID',
        ...(final && {
          payment_method: 'MPESA',
          payment_account: '2547xxxxx678',
          description: statusCode === 2 ? 'The payment was declined' : 'Payment processed',
          payment_status_code: '',
        }),
        ...(statusCode === 1 || statusCode === 3
          ? { confirmation_code: `FK${randomBytes(4).toString('hex').toUpperCase()}` }
          : {}),
        ...extra,
      };
    },
    expireTokens() {
      tokens.clear();
    },
    failNext(path, httpStatus) {
      failures.set(path, httpStatus);
    },
  };
}

// Like the live sandbox (https://cybqa.pesapal.com/pesapalv3), the API sits below a path, so an
// adapter that drops the base URL's path is caught.
const BASE_PATH = '/pesapalv3';

function json(res: ServerResponse, httpStatus: number, body: unknown) {
  res.writeHead(httpStatus, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

// The published error object: {"error":{"type","code","message"}}, with status "500".
function errorBody(code: string, message: string) {
  return { error: { type: 'api_error', code, message }, status: '500' };
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
