// A local stand-in for Safaricom's Daraja API (M-Pesa Express): OAuth, STK push and STK query,
// answering with the published shapes (payments reference, section 2), and sending the STK
// callback with any result code. Also the Transaction Status query for codes paid by hand
// (decision 042): `recordPayment` is money a shopper sent to a Paybill by hand, and
// `sendStatusResult` posts the query's result to its ResultURL. A real HTTP server, so the adapter's own fetch, headers, token
// handling and JSON are what get tested.
//
//   const fake = await startFakeDaraja();
//   createMpesaProvider({ baseUrl: fake.url, ...FAKE_DARAJA_CREDENTIALS, callbackUrl, ... });
//   fake.settle(checkoutRequestId, 1032);   // the shopper cancelled: STK query now says so
//   await fake.sendCallback(checkoutRequestId, deliver);  // Safaricom posts the result
//   await fake.close();
//
// The callback goes through `deliver(url, body)`: tests post it to the shop with app.inject, to
// the CallBackURL the shop gave in its STK push.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The credentials the fake accepts; anything else is refused like a wrong key. */
export const FAKE_DARAJA_CREDENTIALS = {
  consumerKey: 'fake-daraja-consumer-key',
  consumerSecret: 'fake-daraja-consumer-secret',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
} as const;

/** Every result code the reference lists (payments.md 2.5), with Daraja's own descriptions. */
export const DARAJA_RESULT_CODES: Readonly<Record<number, string>> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  17: 'Rule limited.',
  26: 'System busy. The service request is rejected.',
  1001: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
  1019: 'Transaction has expired',
  1025: 'An error occurred while sending a push request',
  9999: 'An error occurred while sending a push request.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

export type FakeDarajaCall = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: IncomingHttpHeaders;
};

export type FakeDaraja = {
  /** The base URL to configure (like https://sandbox.safaricom.co.ke). */
  url: string;
  close(): Promise<void>;
  calls: FakeDarajaCall[];
  /** The STK pushes accepted, by CheckoutRequestID (the request as sent). */
  pushes: Map<string, Record<string, unknown>>;
  /**
   * The prompt's outcome from now on: the STK query answers this result code (until then it says
   * the transaction is being processed). Throws for an id it never issued.
   */
  settle(checkoutRequestId: string, resultCode: number): void;
  /**
   * Posts the STK callback to the push's CallBackURL through `deliver`, with the settled result
   * code (or `resultCode`), the pushed amount (or `amount`), and Daraja's published shape.
   */
  sendCallback(
    checkoutRequestId: string,
    deliver: (url: string, body: unknown) => Promise<unknown>,
    overrides?: { resultCode?: number; amount?: number; receipt?: string },
  ): Promise<unknown>;
  /** The published callback body for a push (what sendCallback posts). */
  callbackBody(
    checkoutRequestId: string,
    overrides?: { resultCode?: number; amount?: number; receipt?: string },
  ): Record<string, unknown>;
  /** Money sent by hand (a Paybill or Till payment from the M-Pesa menu), found by its receipt. */
  recordPayment(payment: HandPayment): void;
  /** The Transaction Status queries accepted, oldest first. */
  statusQueries: StatusQuery[];
  /**
   * Posts the result of a status query (the latest, or the one for `code`) to its ResultURL
   * through `deliver`: the recorded payment, or "does not exist".
   */
  sendStatusResult(
    deliver: (url: string, body: unknown) => Promise<unknown>,
    options?: { code?: string },
  ): Promise<unknown>;
  /** The result body for a status query (what sendStatusResult posts). */
  statusResultBody(query: StatusQuery): Record<string, unknown>;
  /** Every token issued so far stops working (the next call gets "Invalid Access Token"). */
  expireTokens(): void;
  /** How long the tokens issued from now on say they last ("expires_in"), in seconds. */
  tokenLifetimeSeconds: number;
  /** The next request to `path` answers `httpStatus` with a non-JSON body. */
  failNext(path: string, httpStatus: number): void;
};

export type HandPayment = {
  receipt: string;
  /** Whole Ksh. */
  amount: number;
  /** As Daraja names the payee: "174379 - Soko". */
  creditParty: string;
  /** "Completed" unless told. */
  status?: string;
};

export type StatusQuery = {
  request: Record<string, unknown>;
  conversationId: string;
  originatorConversationId: string;
};

type Push = {
  request: Record<string, unknown>;
  merchantRequestId: string;
  resultCode: number | undefined;
  receipt: string;
};

export async function startFakeDaraja(): Promise<FakeDaraja> {
  const calls: FakeDarajaCall[] = [];
  const tokens = new Map<string, number>(); // token -> expiry (ms)
  const pushes = new Map<string, Push>();
  const failures = new Map<string, number>();
  const handPayments = new Map<string, HandPayment>();
  let origin = '';
  let requestCount = 0;

  const fake: FakeDaraja = {
    url: '',
    calls,
    pushes: new Map(),
    tokenLifetimeSeconds: 3599,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    settle(checkoutRequestId, resultCode) {
      const push = pushes.get(checkoutRequestId);
      if (!push)
        throw new Error(`The fake Daraja issued no CheckoutRequestID ${checkoutRequestId}`);
      push.resultCode = resultCode;
    },
    callbackBody(checkoutRequestId, overrides = {}) {
      const push = pushes.get(checkoutRequestId);
      if (!push)
        throw new Error(`The fake Daraja issued no CheckoutRequestID ${checkoutRequestId}`);
      const resultCode = overrides.resultCode ?? push.resultCode ?? 0;
      const stkCallback: Record<string, unknown> = {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc: DARAJA_RESULT_CODES[resultCode] ?? 'Unknown',
      };
      if (resultCode === 0) {
        // Items in another order than the sample, as nothing promises the order: read by Name.
        stkCallback.CallbackMetadata = {
          Item: [
            { Name: 'MpesaReceiptNumber', Value: overrides.receipt ?? push.receipt },
            { Name: 'Balance' },
            { Name: 'Amount', Value: overrides.amount ?? push.request.Amount },
            { Name: 'TransactionDate', Value: 20261124093015 },
            { Name: 'PhoneNumber', Value: Number(push.request.PhoneNumber) },
          ],
        };
      }
      return { Body: { stkCallback } };
    },
    async sendCallback(checkoutRequestId, deliver, overrides) {
      const push = pushes.get(checkoutRequestId);
      if (!push)
        throw new Error(`The fake Daraja issued no CheckoutRequestID ${checkoutRequestId}`);
      return deliver(
        String(push.request.CallBackURL),
        fake.callbackBody(checkoutRequestId, overrides),
      );
    },
    expireTokens() {
      tokens.clear();
    },
    recordPayment(payment) {
      handPayments.set(payment.receipt, payment);
    },
    statusQueries: [],
    statusResultBody(query) {
      const code = String(query.request.TransactionID);
      const paid = handPayments.get(code);
      const reference = {
        ReferenceItem: { Key: 'Occasion', Value: String(query.request.Occasion ?? '') },
      };
      const ids = {
        OriginatorConversationID: query.originatorConversationId,
        ConversationID: query.conversationId,
        TransactionID: code,
      };
      if (!paid) {
        return {
          Result: {
            ResultType: 0,
            ResultCode: 'R000001',
            ResultDesc: 'The transaction receipt number does not exist.',
            ...ids,
            ReferenceData: reference,
          },
        };
      }
      // In another order than Daraja's sample, as nothing promises it: read by Key.
      return {
        Result: {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          ...ids,
          ResultParameters: {
            ResultParameter: [
              { Key: 'ReceiptNo', Value: paid.receipt },
              { Key: 'DebitPartyName', Value: '254712345678 - Jane Doe' },
              { Key: 'Amount', Value: paid.amount },
              { Key: 'TransactionStatus', Value: paid.status ?? 'Completed' },
              { Key: 'CreditPartyName', Value: paid.creditParty },
              { Key: 'FinalisedTime', Value: 20261128153000 },
              { Key: 'InitiatedTime', Value: 20261128152950 },
              { Key: 'ReasonType', Value: 'Pay Bill Online' },
              { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
            ],
          },
          ReferenceData: reference,
        },
      };
    },
    async sendStatusResult(deliver, options = {}) {
      const query = [...fake.statusQueries]
        .reverse()
        .find((q) => options.code === undefined || q.request.TransactionID === options.code);
      if (!query) throw new Error(`The fake Daraja took no status query for ${options.code}`);
      return deliver(String(query.request.ResultURL), fake.statusResultBody(query));
    },
    failNext(path, httpStatus) {
      failures.set(path, httpStatus);
    },
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      calls.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: req.headers,
      });
      const failure = failures.get(url.pathname);
      if (failure !== undefined) {
        failures.delete(url.pathname);
        res.writeHead(failure, { 'content-type': 'text/html' });
        res.end(`<html><body>${failure}</body></html>`);
        return;
      }
      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /oauth/v1/generate') return generateToken(res, req.headers, url);
      if (
        route !== 'POST /mpesa/stkpush/v1/processrequest' &&
        route !== 'POST /mpesa/stkpushquery/v1/query' &&
        route !== 'POST /mpesa/transactionstatus/v1/query'
      ) {
        return json(res, 404, darajaError('404.001.01', 'Resource not found'));
      }
      if (!authorized(req.headers)) {
        return json(res, 404, darajaError('404.001.03', 'Invalid Access Token'));
      }
      if (route === 'POST /mpesa/stkpush/v1/processrequest') return stkPush(res, record(body));
      if (route === 'POST /mpesa/transactionstatus/v1/query') {
        return transactionStatus(res, record(body));
      }
      return stkQuery(res, record(body));
    });
  });

  function generateToken(res: ServerResponse, headers: IncomingHttpHeaders, url: URL) {
    const expected = Buffer.from(
      `${FAKE_DARAJA_CREDENTIALS.consumerKey}:${FAKE_DARAJA_CREDENTIALS.consumerSecret}`,
    ).toString('base64');
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      return json(res, 400, darajaError('400.008.02', 'Invalid grant type passed'));
    }
    if (headers.authorization !== `Basic ${expected}`) {
      return json(res, 400, darajaError('400.008.01', 'Invalid Authentication passed'));
    }
    const token = randomBytes(21).toString('base64url');
    tokens.set(token, Date.now() + fake.tokenLifetimeSeconds * 1000);
    json(res, 200, { access_token: token, expires_in: String(fake.tokenLifetimeSeconds) });
  }

  function authorized(headers: IncomingHttpHeaders) {
    const match = /^Bearer (.+)$/.exec(headers.authorization ?? '');
    const expiry = match?.[1] ? tokens.get(match[1]) : undefined;
    return expiry !== undefined && expiry > Date.now();
  }

  /** Password = base64(shortcode + passkey + timestamp), Timestamp YYYYMMDDHHmmss. */
  function credentialsProblem(b: Record<string, unknown>): string {
    if (b.BusinessShortCode !== FAKE_DARAJA_CREDENTIALS.shortcode) return 'BusinessShortCode';
    if (typeof b.Timestamp !== 'string' || !/^\d{14}$/.test(b.Timestamp)) return 'Timestamp';
    const password = Buffer.from(
      `${FAKE_DARAJA_CREDENTIALS.shortcode}${FAKE_DARAJA_CREDENTIALS.passkey}${b.Timestamp}`,
    ).toString('base64');
    return b.Password === password ? '' : 'Password';
  }

  function stkPush(res: ServerResponse, b: Record<string, unknown>) {
    const phone = /^254[17]\d{8}$/;
    const problems = [
      credentialsProblem(b),
      b.TransactionType === 'CustomerPayBillOnline' ||
      b.TransactionType === 'CustomerBuyGoodsOnline'
        ? ''
        : 'TransactionType',
      typeof b.Amount === 'number' && Number.isInteger(b.Amount) && b.Amount >= 1 ? '' : 'Amount',
      typeof b.PartyA === 'string' && phone.test(b.PartyA) ? '' : 'PartyA',
      typeof b.PartyB === 'string' && /^\d{5,7}$/.test(b.PartyB) ? '' : 'PartyB',
      typeof b.PhoneNumber === 'string' && phone.test(b.PhoneNumber) ? '' : 'PhoneNumber',
      isHttpUrl(b.CallBackURL) ? '' : 'CallBackURL',
      typeof b.AccountReference === 'string' &&
      b.AccountReference.length >= 1 &&
      b.AccountReference.length <= 12
        ? ''
        : 'AccountReference',
      typeof b.TransactionDesc === 'string' &&
      b.TransactionDesc.length >= 1 &&
      b.TransactionDesc.length <= 13
        ? ''
        : 'TransactionDesc',
    ].filter(Boolean);
    if (problems.length > 0) {
      return json(res, 400, darajaError('400.002.02', `Bad Request - Invalid ${problems[0]}`));
    }
    requestCount += 1;
    const checkoutRequestId = `ws_CO_${Date.now()}${String(requestCount).padStart(6, '0')}`;
    const merchantRequestId = `${10000 + requestCount}-${randomBytes(4).readUInt32BE()}-1`;
    pushes.set(checkoutRequestId, {
      request: b,
      merchantRequestId,
      resultCode: undefined,
      receipt: `TK${randomBytes(4).toString('hex').toUpperCase()}`,
    });
    fake.pushes.set(checkoutRequestId, b);
    json(res, 200, {
      MerchantRequestID: merchantRequestId,
      CheckoutRequestID: checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  }

  function stkQuery(res: ServerResponse, b: Record<string, unknown>) {
    const problem = credentialsProblem(b);
    if (problem)
      return json(res, 400, darajaError('400.002.02', `Bad Request - Invalid ${problem}`));
    const id = typeof b.CheckoutRequestID === 'string' ? b.CheckoutRequestID : '';
    const push = pushes.get(id);
    if (!push) {
      return json(res, 400, darajaError('400.002.02', 'Bad Request - Invalid CheckoutRequestID'));
    }
    if (push.resultCode === undefined) {
      return json(res, 500, darajaError('500.001.1001', 'The transaction is being processed'));
    }
    // Daraja sends the codes of this answer as strings.
    json(res, 200, {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: id,
      ResultCode: String(push.resultCode),
      ResultDesc: DARAJA_RESULT_CODES[push.resultCode] ?? 'Unknown',
    });
  }

  /** Daraja's Transaction Status query: taken now, answered later at the ResultURL. */
  function transactionStatus(res: ServerResponse, b: Record<string, unknown>) {
    const text = (value: unknown) => typeof value === 'string' && value !== '';
    const problems = [
      text(b.Initiator) ? '' : 'Initiator',
      text(b.SecurityCredential) ? '' : 'SecurityCredential',
      b.CommandID === 'TransactionStatusQuery' ? '' : 'CommandID',
      typeof b.TransactionID === 'string' && /^[A-Z0-9]{10}$/.test(b.TransactionID)
        ? ''
        : 'TransactionID',
      typeof b.PartyA === 'string' && /^\d{5,12}$/.test(b.PartyA) ? '' : 'PartyA',
      ['1', '2', '4'].includes(String(b.IdentifierType)) ? '' : 'IdentifierType',
      isHttpUrl(b.ResultURL) ? '' : 'ResultURL',
      isHttpUrl(b.QueueTimeOutURL) ? '' : 'QueueTimeOutURL',
      text(b.Remarks) ? '' : 'Remarks',
    ].filter(Boolean);
    if (problems.length > 0) {
      return json(res, 400, darajaError('400.002.02', `Bad Request - Invalid ${problems[0]}`));
    }
    requestCount += 1;
    const query: StatusQuery = {
      request: b,
      conversationId: `AG_${Date.now()}_${randomBytes(6).toString('hex')}`,
      originatorConversationId: `${10000 + requestCount}-${randomBytes(4).readUInt32BE()}-1`,
    };
    fake.statusQueries.push(query);
    json(res, 200, {
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  fake.url = origin;
  return fake;
}

function json(res: ServerResponse, httpStatus: number, body: unknown) {
  res.writeHead(httpStatus, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

// Daraja's error object.
function darajaError(errorCode: string, errorMessage: string) {
  return { requestId: `${randomBytes(3).readUIntBE(0, 3)}-${Date.now()}`, errorCode, errorMessage };
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
