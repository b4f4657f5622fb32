// Pesapal API 3.0: a bearer token, one registered IPN URL, SubmitOrderRequest to open the hosted
// payment page, GetTransactionStatus for the truth (the IPN carries no status).
// https://developer.pesapal.com/how-to-integrate/e-commerce/api-30-json/api-reference
import {
  ProviderError,
  STATUS_CODE_OF,
  stateOfStatusCode,
  type PaymentProvider,
  type ProviderStatus,
  type StartPaymentInput,
  type RefundAnswer,
  type StartedPayment,
} from './provider';
import { createTokenCache, TokenRefused, type IssuedToken } from './token-cache';

export type PesapalLog = { warn(obj: Record<string, unknown>, msg: string): void };

export type PesapalOptions = {
  /** https://cybqa.pesapal.com/pesapalv3 (sandbox) or https://pay.pesapal.com/v3 (live). */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** An IPN id registered earlier for ipnUrl; when unset, start() finds or registers one. */
  ipnId?: string | undefined;
  /** Our public IPN endpoint, e.g. `${PUBLIC_URL}/api/payments/ipn/pesapal`. */
  ipnUrl: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; tests move it to age the token. */
  now?: () => number;
  /** Per call, the answer's body included. */
  timeoutMs?: number;
  log?: PesapalLog;
};

const TOKEN_MARGIN_MS = 60_000;
// Tokens last at most 5 minutes; Pesapal advises caching them about 4.
const TOKEN_MAX_AGE_MS = 4 * 60_000;
const DEFAULT_TIMEOUT_MS = 15_000;
// Pesapal's published limit is 50 characters, "alphanumeric" with the allowed punctuation cut
// off in its docs: the hyphen is the one character integrations are known to use.
const MERCHANT_REFERENCE = /^[A-Za-z0-9-]{1,50}$/;
const DESCRIPTION_MAX = 100;

type Json = Record<string, unknown>;

export function createPesapalProvider(options: PesapalOptions): PaymentProvider {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const log = options.log;
  const tokens = createTokenCache({ now, request: requestToken });

  let ipnId: Promise<string> | undefined = options.ipnId
    ? Promise.resolve(options.ipnId)
    : undefined;

  /** One HTTP exchange: the parsed JSON of a 2xx answer, or a ProviderError. */
  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    bearer: string | undefined,
  ): Promise<unknown> {
    const name = path.split('?')[0];
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
    };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new ProviderError(`Pesapal ${name}: ${networkFailure(error, timeoutMs)}`, true);
    }
    if (status === 401 && bearer) throw new TokenRefused();
    if (status >= 500 || status === 429) {
      throw new ProviderError(`Pesapal ${name} answered HTTP ${status}`, true);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A 2xx page that is not JSON is a proxy or maintenance page, not Pesapal's refusal.
      const ok = status >= 200 && status < 300;
      throw new ProviderError(`Pesapal ${name} answered HTTP ${status} that is not JSON`, ok);
    }
    if (status < 200 || status >= 300) {
      const detail = refusal(parsed);
      throw new ProviderError(
        `Pesapal ${name} answered HTTP ${status}${detail ? `: ${detail}` : ''}`,
        false,
      );
    }
    return parsed;
  }

  async function requestToken(): Promise<IssuedToken> {
    const requestedAt = now();
    const answer = json(
      await exchange(
        'POST',
        '/api/Auth/RequestToken',
        { consumer_key: options.consumerKey, consumer_secret: options.consumerSecret },
        undefined,
      ),
      'RequestToken',
    );
    const refused = refusal(answer);
    if (refused) {
      throw new ProviderError(`Pesapal refused the consumer key and secret: ${refused}`, false);
    }
    if (typeof answer.token !== 'string' || answer.token === '') {
      throw new ProviderError('Pesapal answered RequestToken without a token', false);
    }
    const expiry = parseUtc(answer.expiryDate);
    if (expiry === undefined) {
      log?.warn(
        { expiryDate: answer.expiryDate },
        'Pesapal token expiry unreadable; keeping 4 min',
      );
    }
    return {
      value: answer.token,
      usableUntil: Math.min(
        requestedAt + TOKEN_MAX_AGE_MS,
        (expiry ?? Number.POSITIVE_INFINITY) - TOKEN_MARGIN_MS,
      ),
    };
  }

  /** A call with the bearer token; on a 401 the token is renewed and the call made once more. */
  function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const name = path.split('?')[0];
    return tokens.withToken((token) => exchange(method, path, body, token), {
      onRefused: () => log?.warn({ path: name }, 'Pesapal refused the token; renewing it once'),
      refusedAgain: () =>
        new ProviderError(`Pesapal ${name} refused a new token (HTTP 401)`, false),
    });
  }

  function getIpnId(): Promise<string> {
    ipnId ??= findOrRegisterIpn().catch((error: unknown) => {
      ipnId = undefined;
      throw error;
    });
    return ipnId;
  }

  async function findOrRegisterIpn(): Promise<string> {
    if (!isPublic(options.ipnUrl)) {
      log?.warn({ ipnUrl: options.ipnUrl }, 'Pesapal cannot reach this IPN URL; set PUBLIC_URL');
    }
    const list = await call('GET', '/api/URLSetup/GetIpnList');
    if (Array.isArray(list)) {
      const existing = list.find(
        (entry): entry is Json =>
          isJson(entry) &&
          entry.url === options.ipnUrl &&
          typeof entry.ipn_id === 'string' &&
          entry.ipn_id !== '' &&
          // Some answers say how the IPN is sent; ours must be POSTed.
          (entry.ipn_notification_type_description === undefined ||
            String(entry.ipn_notification_type_description).toUpperCase() === 'POST'),
      );
      if (existing) return String(existing.ipn_id);
    } else {
      // An account with no IPN yet may answer with an error rather than []: register one.
      log?.warn({ answer: refusal(list) }, 'Pesapal GetIpnList answered no list; registering');
    }
    const registered = json(
      await call('POST', '/api/URLSetup/RegisterIPN', {
        url: options.ipnUrl,
        ipn_notification_type: 'POST',
      }),
      'RegisterIPN',
    );
    const refused = refusal(registered);
    if (refused) throw new ProviderError(`Pesapal RegisterIPN: ${refused}`, false);
    if (typeof registered.ipn_id !== 'string' || registered.ipn_id === '') {
      throw new ProviderError('Pesapal answered RegisterIPN without an ipn_id', false);
    }
    return registered.ipn_id;
  }

  const provider: PaymentProvider = {
    name: 'pesapal',

    async start() {
      await tokens.get();
      await getIpnId();
    },

    async submitOrder(input: StartPaymentInput): Promise<StartedPayment> {
      if (!MERCHANT_REFERENCE.test(input.merchantReference)) {
        throw new ProviderError(
          'The merchant reference must be 1 to 50 letters, digits or hyphens',
          false,
        );
      }
      if (!Number.isFinite(input.amountKsh) || input.amountKsh <= 0) {
        throw new ProviderError('The amount must be a positive number', false);
      }
      const notificationId = await getIpnId();
      const { billing } = input;
      const answer = json(
        await call('POST', '/api/Transactions/SubmitOrderRequest', {
          id: input.merchantReference,
          currency: input.currency,
          amount: Math.round(input.amountKsh * 100) / 100,
          description: cut(input.description, DESCRIPTION_MAX),
          callback_url: input.callbackUrl,
          cancellation_url: input.cancellationUrl,
          notification_id: notificationId,
          redirect_mode: 'TOP_WINDOW',
          billing_address: {
            email_address: billing.email,
            phone_number: billing.phoneNumber,
            country_code: billing.countryCode,
            first_name: billing.firstName,
            middle_name: billing.middleName,
            last_name: billing.lastName,
            line_1: billing.line1,
            city: billing.city,
            state: billing.state,
            postal_code: billing.postalCode,
          },
        }),
        'SubmitOrderRequest',
      );
      const refused = refusal(answer);
      if (refused) throw new ProviderError(`Pesapal SubmitOrderRequest: ${refused}`, false);
      const { order_tracking_id: trackingId, redirect_url: redirectUrl } = answer;
      if (typeof trackingId !== 'string' || trackingId === '' || typeof redirectUrl !== 'string') {
        throw new ProviderError(
          'Pesapal answered SubmitOrderRequest without a tracking id or redirect URL',
          false,
        );
      }
      return { trackingId, redirectUrl };
    },

    async getStatus(trackingId: string): Promise<ProviderStatus> {
      if (trackingId === '') throw new ProviderError('No tracking id to ask Pesapal about', false);
      const answer = json(
        await call(
          'GET',
          `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(trackingId)}`,
        ),
        'GetTransactionStatus',
      );
      const code = statusCode(answer.status_code);
      const refused = refusal(answer);
      // Pesapal answers a payment that failed (or is not there yet) with its status_code *and*
      // an error object and status "500" (its own sample response does). Such a status is still
      // the answer; only "completed" must come from an answer with no error in it.
      if (code === undefined || (refused && code === 1)) {
        throw new ProviderError(
          `Pesapal GetTransactionStatus: ${refused ?? 'answered without a status_code'}`,
          false,
        );
      }
      const state = stateOfStatusCode(code);
      return {
        state,
        statusCode: STATUS_CODE_OF[state],
        paymentMethod: text(answer.payment_method),
        amountKsh: amount(answer.amount),
        currency: text(answer.currency),
        confirmationCode: text(answer.confirmation_code) || null,
        merchantReference: text(answer.merchant_reference),
        description: text(answer.payment_status_description),
        raw: answer,
      };
    },

    // RefundRequest needs the payment's confirmation code, which only its status carries. A
    // "200" means Pesapal took the request; the merchant still approves it, and the payment then
    // shows as reversed (the refunds sweep watches for that).
    async refund({ trackingId, amountKsh, username, remarks }): Promise<RefundAnswer> {
      const status = await provider.getStatus(trackingId);
      if (status.state !== 'completed' || !status.confirmationCode) {
        return { status: 'refused', message: 'Only completed payments can be refunded.' };
      }
      const answer = json(
        await call('POST', '/api/Transactions/RefundRequest', {
          confirmation_code: status.confirmationCode,
          amount: amountKsh.toFixed(2),
          username: username.slice(0, 100),
          remarks: remarks.slice(0, 255),
        }),
        'RefundRequest',
      );
      const refused = refusal(answer);
      return refused
        ? { status: 'refused', message: text(answer.message) || refused }
        : { status: 'requested', message: text(answer.message) || 'Refund request received.' };
    },
  };
  return provider;
}

function isJson(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function json(value: unknown, call: string): Json {
  if (!isJson(value)) throw new ProviderError(`Pesapal ${call} answered no JSON object`, false);
  return value;
}

/**
 * Why an answer is a refusal, or undefined when it is not: a filled-in error object
 * (`{type|error_type, code, message}`; Pesapal also sends one with every field null, which is
 * no error) or a status other than "200".
 */
function refusal(answer: unknown): string | undefined {
  if (!isJson(answer)) return undefined;
  const { error, status } = answer;
  if (isJson(error)) {
    const parts = [error.type ?? error.error_type, error.code, error.message].filter(
      (part) => part !== null && part !== undefined && part !== '',
    );
    if (parts.length > 0) return parts.map(String).join(' / ');
  } else if (error !== null && error !== undefined && error !== '') {
    return String(error);
  }
  if (status !== undefined && status !== null && String(status) !== '200') {
    return `status ${String(status)}`;
  }
  return undefined;
}

function statusCode(value: unknown): number | undefined {
  const code = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string'
    ? value
    : value === null || value === undefined
      ? ''
      : String(value);
}

function amount(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

// At most `max` UTF-16 units (what a .NET length check counts), never half a surrogate pair.
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const head = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

// expiryDate is UTC ("2021-08-26T12:29:30.5177702Z"); read one without a zone as UTC too.
function parseUtc(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms;
}

function networkFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  return typeof cause?.code === 'string' ? `${detail} (${cause.code})` : detail;
}

function isPublic(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return !(
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      host === '::1' ||
      host === '0.0.0.0' ||
      /^(127|10)\./.test(host) ||
      /^192\.168\./.test(host) ||
      /^172\.(1[6-9]|2\d|3[01])\./.test(host)
    );
  } catch {
    return false;
  }
}
