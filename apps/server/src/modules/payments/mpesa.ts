// M-Pesa Express (Daraja STK push): an OAuth token, an STK push that puts a PIN prompt on the
// shopper's phone, and the STK query for the truth. The callback Safaricom posts is unsigned, so
// the shop never believes it alone: every one is checked with `getStatus` (the STK query).
// Field by field as in the payments reference, section 2; the choices are in
// docs/decisions/019-mpesa.md.
import {
  mpesaAccountReference,
  mpesaResultMessage,
  type MpesaTransactionResult,
} from '@soko/contract';
import {
  ProviderError,
  STATUS_CODE_OF,
  type PaymentProvider,
  type PaymentState,
  type ProviderStatus,
  type RefundAnswer,
  type StartPaymentInput,
  type StartedPayment,
} from './provider';
import { createTokenCache, TokenRefused, type IssuedToken } from './token-cache';

export type MpesaLog = { warn(obj: Record<string, unknown>, msg: string): void };

export type MpesaTransactionType = 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';

export type MpesaOptions = {
  /** https://sandbox.safaricom.co.ke (sandbox) or https://api.safaricom.co.ke (live). */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill, or for a till the store number that owns the passkey. */
  shortcode: string;
  passkey: string;
  /** Where Safaricom posts the result: `${PUBLIC_URL}/api/payments/mpesa/callback/<token>`. */
  callbackUrl: string;
  /** CustomerBuyGoodsOnline for a till number (with `partyB` the till). */
  transactionType?: MpesaTransactionType;
  /** Who receives the money: the shortcode for a paybill, the till number for buy goods. */
  partyB?: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; tests move it to age the token and set the timestamp. */
  now?: () => number;
  timeoutMs?: number;
  log?: MpesaLog;
  /**
   * The Transaction Status query (codes paid by hand, decision 042): the API operator, and where
   * Daraja posts the result and the queue timeout. Unset, the query is refused.
   */
  transactionStatus?: {
    initiatorName: string;
    securityCredential: string;
    resultUrl: string;
    timeoutUrl: string;
  };
};

/** What Daraja took of a Transaction Status query: its result names the ConversationID. */
export type TransactionStatusRequest = { conversationId: string; originatorConversationId: string };

/** The M-Pesa provider, with the query that checks a code paid by hand. */
export type MpesaProvider = PaymentProvider & {
  readonly name: 'mpesa';
  /** Whether the Transaction Status query can be asked (an initiator is set). */
  readonly checksCodes: boolean;
  /** Asks Daraja about a transaction code; the answer comes later to the result URL. */
  queryTransactionStatus(input: {
    code: string;
    /** Who was paid: the paybill, or the till. */
    partyA: string;
    identifierType: '2' | '4';
    /** Comes back in the result's ReferenceData. */
    occasion: string;
  }): Promise<TransactionStatusRequest>;
};

export function isMpesaProvider(provider: PaymentProvider): provider is MpesaProvider {
  return provider.name === 'mpesa' && 'queryTransactionStatus' in provider;
}

// Tokens last an hour ("expires_in": "3599"); the reference advises caching them about 50 min.
const TOKEN_MARGIN_MS = 10 * 60_000;
const DEFAULT_TOKEN_LIFETIME_S = 3599;
const DEFAULT_TIMEOUT_MS = 15_000;
// AccountReference (mpesaAccountReference) is at most 12 characters and shows on the PIN prompt.
// TransactionDesc has a 13-character limit in one SDK and 182 (error 1025) in another source:
// kept within the lower.
const TRANSACTION_DESC = 'Soko order';
const NAIROBI_OFFSET_MS = 3 * 3_600_000; // EAT, UTC+3, no daylight saving
const MPESA_PHONE = /^254[17]\d{8}$/;
// Daraja's STK query answers HTTP 500 with this error code while the prompt is still open
// ("The transaction is being processed"): not a failure, and not final.
const STILL_PROCESSING = '500.001.1001';
// An access token Daraja no longer takes ("Invalid Access Token"); some gateways answer 401.
const INVALID_TOKEN = '404.001.03';

type Json = Record<string, unknown>;

/** Our state for an STK result code (payments.md 2.5): 0 paid, the listed failures failed. */
export function stateOfResultCode(resultCode: number): PaymentState {
  if (resultCode === 0) return 'completed';
  // Every listed code is final: cancelled, wrong PIN, no balance, timed out, busy, locked...
  if (LISTED_FAILURES.has(resultCode)) return 'failed';
  // A code nobody documented is not taken as a failure the shopper might still turn into a
  // payment; the sweep asks again, and the order's hold ends it if nothing changes.
  return 'pending';
}
const LISTED_FAILURES = new Set([1, 17, 26, 1001, 1019, 1025, 9999, 1032, 1037, 2001]);

/** YYYYMMDDHHmmss in Nairobi time, as the STK push's Timestamp and Password want it. */
export function darajaTimestamp(ms: number): string {
  const d = new Date(ms + NAIROBI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

export function createMpesaProvider(options: MpesaOptions): MpesaProvider {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const transactionType = options.transactionType ?? 'CustomerPayBillOnline';
  const partyB = options.partyB ?? options.shortcode;
  const log = options.log;

  const tokens = createTokenCache({ now, request: requestToken });

  /** One HTTP exchange: the status and parsed JSON (undefined when not JSON), or a ProviderError. */
  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    authorization: string,
  ): Promise<{ status: number; answer: unknown }> {
    const name = path.split('?')[0];
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          Authorization: authorization,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new ProviderError(`Daraja ${name}: ${networkFailure(error, timeoutMs)}`, true);
    }
    let answer: unknown;
    try {
      answer = text === '' ? undefined : JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (
      authorization.startsWith('Bearer ') &&
      (status === 401 || (isJson(answer) && answer.errorCode === INVALID_TOKEN))
    ) {
      throw new TokenRefused();
    }
    return { status, answer };
  }

  async function requestToken(): Promise<IssuedToken> {
    const requestedAt = now();
    const basic = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString(
      'base64',
    );
    const { status, answer } = await exchange(
      'GET',
      '/oauth/v1/generate?grant_type=client_credentials',
      undefined,
      `Basic ${basic}`,
    );
    if (status >= 500 || status === 429) {
      throw new ProviderError(`Daraja OAuth answered HTTP ${status}`, true);
    }
    if (status < 200 || status >= 300 || !isJson(answer)) {
      throw new ProviderError(
        `Daraja refused the consumer key and secret (HTTP ${status}${detail(answer)})`,
        false,
      );
    }
    if (typeof answer.access_token !== 'string' || answer.access_token === '') {
      throw new ProviderError('Daraja answered OAuth without an access_token', false);
    }
    const seconds = Number(answer.expires_in);
    const lifetimeMs =
      (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TOKEN_LIFETIME_S) * 1000;
    return {
      value: answer.access_token,
      usableUntil:
        requestedAt +
        (lifetimeMs > 2 * TOKEN_MARGIN_MS ? lifetimeMs - TOKEN_MARGIN_MS : lifetimeMs / 2),
    };
  }

  /** A POST with the bearer token; a refused token is renewed and the call made once more. */
  function call(path: string, body: unknown): Promise<{ status: number; answer: unknown }> {
    return tokens.withToken((token) => exchange('POST', path, body, `Bearer ${token}`), {
      onRefused: () => log?.warn({ path }, 'Daraja refused the token; renewing it once'),
      refusedAgain: () => new ProviderError(`Daraja ${path} refused a new token`, false),
    });
  }

  /** Password and Timestamp, made together: the password includes the timestamp. */
  function credentials() {
    const timestamp = darajaTimestamp(now());
    const password = Buffer.from(`${options.shortcode}${options.passkey}${timestamp}`).toString(
      'base64',
    );
    return { BusinessShortCode: options.shortcode, Password: password, Timestamp: timestamp };
  }

  const provider: MpesaProvider = {
    name: 'mpesa',
    checksCodes: options.transactionStatus !== undefined,

    async queryTransactionStatus({ code, partyA, identifierType, occasion }) {
      const query = options.transactionStatus;
      if (!query) throw new ProviderError('No M-Pesa initiator is set to check codes', false);
      const { status, answer } = await call('/mpesa/transactionstatus/v1/query', {
        Initiator: query.initiatorName,
        SecurityCredential: query.securityCredential,
        CommandID: 'TransactionStatusQuery',
        TransactionID: code,
        PartyA: partyA,
        IdentifierType: identifierType,
        ResultURL: query.resultUrl,
        QueueTimeOutURL: query.timeoutUrl,
        Remarks: 'Soko payment check',
        Occasion: occasion,
      });
      if (status >= 500 || status === 429) {
        throw new ProviderError(
          `Daraja transaction status answered HTTP ${status}${detail(answer)}`,
          true,
        );
      }
      if (!isJson(answer) || String(answer.ResponseCode) !== '0') {
        throw new ProviderError(
          `Daraja refused the transaction status query (HTTP ${status}${detail(answer)})`,
          false,
        );
      }
      const conversationId = answer.ConversationID;
      if (typeof conversationId !== 'string' || conversationId === '') {
        throw new ProviderError('Daraja took the status query without a ConversationID', false);
      }
      return {
        conversationId,
        originatorConversationId: String(answer.OriginatorConversationID ?? ''),
      };
    },

    async start() {
      const callback = new URL(options.callbackUrl);
      if (callback.protocol !== 'https:' || !isPublicHost(callback.hostname)) {
        log?.warn(
          { callbackUrl: callback.origin },
          'Safaricom cannot post STK callbacks to this address; set PUBLIC_URL to the public https address (the sweep still settles payments)',
        );
      }
      // Keys Daraja refuses stop the start: a shop never takes orders it cannot bill.
      await tokens.get();
    },

    async submitOrder(input: StartPaymentInput): Promise<StartedPayment> {
      // M-Pesa takes whole shillings only (payments.md 2.2); the shop checks before asking.
      if (!Number.isInteger(input.amountKsh) || input.amountKsh <= 0) {
        throw new ProviderError('M-Pesa takes a positive whole number of shillings', false);
      }
      const phone = input.payerPhone ?? input.billing.phoneNumber.replace(/^\+/, '');
      if (!MPESA_PHONE.test(phone)) {
        throw new ProviderError('M-Pesa needs a number in the form 2547XXXXXXXX', false);
      }
      const accountReference = mpesaAccountReference(input.orderNumber ?? '');
      const { status, answer } = await call('/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: transactionType,
        Amount: input.amountKsh,
        PartyA: phone,
        PartyB: partyB,
        PhoneNumber: phone,
        CallBackURL: options.callbackUrl,
        AccountReference: accountReference,
        TransactionDesc: TRANSACTION_DESC,
      });
      if (status >= 500 || status === 429) {
        throw new ProviderError(`Daraja STK push answered HTTP ${status}${detail(answer)}`, true);
      }
      if (!isJson(answer) || String(answer.ResponseCode) !== '0') {
        throw new ProviderError(
          `Daraja refused the STK push (HTTP ${status}${detail(answer)})`,
          false,
        );
      }
      const checkoutRequestId = answer.CheckoutRequestID;
      if (typeof checkoutRequestId !== 'string' || checkoutRequestId === '') {
        throw new ProviderError('Daraja accepted the STK push without a CheckoutRequestID', false);
      }
      return { trackingId: checkoutRequestId, redirectUrl: '' };
    },

    async getStatus(checkoutRequestId: string): Promise<ProviderStatus> {
      if (checkoutRequestId === '') {
        throw new ProviderError('No CheckoutRequestID to ask Daraja about', false);
      }
      const { status, answer } = await call('/mpesa/stkpushquery/v1/query', {
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      });
      if (isJson(answer) && answer.errorCode === STILL_PROCESSING) {
        return statusOf('pending', null, checkoutRequestId, {
          ...flat(answer),
          message: 'Waiting for the M-Pesa PIN.',
        });
      }
      if (status >= 500 || status === 429) {
        throw new ProviderError(`Daraja STK query answered HTTP ${status}${detail(answer)}`, true);
      }
      const resultCode = isJson(answer) ? integer(answer.ResultCode) : undefined;
      if (
        status < 200 ||
        status >= 300 ||
        !isJson(answer) ||
        String(answer.ResponseCode) !== '0' ||
        resultCode === undefined
      ) {
        throw new ProviderError(
          `Daraja STK query answered HTTP ${status}${detail(answer)} without a result`,
          false,
        );
      }
      // The query must be about the payment asked for: an answer about another one is no answer.
      if (
        answer.CheckoutRequestID !== undefined &&
        answer.CheckoutRequestID !== checkoutRequestId
      ) {
        throw new ProviderError('Daraja answered the STK query about another payment', false);
      }
      const state = stateOfResultCode(resultCode);
      return statusOf(state, resultCode, checkoutRequestId, {
        ...flat(answer),
        result_code: resultCode,
        message:
          state === 'completed'
            ? 'Paid with M-Pesa.'
            : state === 'failed'
              ? mpesaResultMessage(resultCode)
              : 'Waiting for the M-Pesa PIN.',
      });
    },

    // Daraja has no refund for an STK payment. Its reversal API (payments.md 2.7) needs an
    // initiator and an RSA-encrypted security credential, and answers later at a result URL:
    // not something this adapter holds. The admin gives the money back from the M-Pesa portal
    // and records it by hand (POST /api/order/:id/refund/resolve).
    async refund(): Promise<RefundAnswer> {
      return {
        status: 'refused',
        message:
          'M-Pesa payments cannot be refunded through Soko (Daraja has no STK refund). Send the money back from the M-Pesa business portal, then mark the refund settled by hand.',
      };
    },
  };
  return provider;
}

/** A Transaction Status result as the shop reads it: its parameters by Key, never by position. */
export type TransactionResult = {
  conversationId: string | null;
  resultCode: string;
  resultDesc: string;
  /** ResultParameters, by Key. */
  parameters: Record<string, string | number>;
  /** ReferenceData's Occasion, as sent with the query. */
  occasion: string | null;
};

type KeyValue = { Key: string; Value?: string | number | undefined };

function byKey(items: KeyValue | KeyValue[] | undefined): Record<string, string | number> {
  const list = items === undefined ? [] : Array.isArray(items) ? items : [items];
  const kept: Record<string, string | number> = {};
  for (const item of list) if (item.Value !== undefined) kept[item.Key] = item.Value;
  return kept;
}

export function readTransactionResult(body: MpesaTransactionResult): TransactionResult {
  const result = body.Result;
  const occasion = byKey(result.ReferenceData?.ReferenceItem).Occasion;
  return {
    conversationId: result.ConversationID ?? null,
    resultCode: String(result.ResultCode).trim(),
    resultDesc: result.ResultDesc ?? '',
    parameters: byKey(result.ResultParameters?.ResultParameter),
    occasion: occasion === undefined ? null : String(occasion),
  };
}

function statusOf(
  state: PaymentState,
  resultCode: number | null,
  checkoutRequestId: string,
  raw: Json,
): ProviderStatus {
  return {
    state,
    statusCode: STATUS_CODE_OF[state],
    paymentMethod: 'MPESA',
    // The STK query says whether the prompt was paid, not how much: see ProviderStatus.
    amountKsh: null,
    currency: 'KES',
    confirmationCode: null,
    merchantReference: null,
    description: resultCode === null ? 'PENDING' : String(raw.ResultDesc ?? ''),
    raw: { ...raw, CheckoutRequestID: checkoutRequestId },
  };
}

function isJson(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Only flat values of an answer are kept with the payment. */
function flat(answer: Json): Json {
  const kept: Json = {};
  for (const [key, value] of Object.entries(answer)) {
    if (['string', 'number', 'boolean'].includes(typeof value) || value === null) {
      kept[key] = value;
    }
  }
  return kept;
}

function integer(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

/** Daraja's error object: {requestId, errorCode, errorMessage}; or a refused ResponseCode. */
function detail(answer: unknown): string {
  if (!isJson(answer)) return '';
  const parts = [
    answer.errorCode,
    answer.errorMessage,
    answer.ResponseCode,
    answer.ResponseDescription,
  ].filter((part) => typeof part === 'string' || typeof part === 'number');
  return parts.length > 0 ? `: ${parts.map(String).join(' / ')}` : '';
}

function networkFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  return error instanceof Error ? error.message : String(error);
}

function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return !(
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^(127|10)\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}
