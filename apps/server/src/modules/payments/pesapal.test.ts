import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_PESAPAL_CREDENTIALS,
  startFakePesapal,
  type FakePesapal,
} from '../../../test/fake-pesapal';
import { createPesapalProvider, type PesapalOptions } from './pesapal';
import { ProviderError, type StartPaymentInput } from './provider';

const IPN_URL = 'https://shop.example/api/payments/ipn/pesapal';
const TOKEN = '/api/Auth/RequestToken';
const IPN_LIST = '/api/URLSetup/GetIpnList';
const REGISTER_IPN = '/api/URLSetup/RegisterIPN';
const SUBMIT = '/api/Transactions/SubmitOrderRequest';
const STATUS = '/api/Transactions/GetTransactionStatus';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let fake: FakePesapal;
beforeEach(async () => {
  fake = await startFakePesapal();
});
afterEach(async () => {
  await fake.close();
});

function pesapal(options: Partial<PesapalOptions> = {}) {
  return createPesapalProvider({
    baseUrl: fake.url,
    ...FAKE_PESAPAL_CREDENTIALS,
    ipnUrl: IPN_URL,
    ...options,
  });
}

function callsTo(path: string) {
  return fake.calls.filter((call) => call.path === path);
}

function order(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    merchantReference: `pay-${crypto.randomUUID()}`.slice(0, 50),
    amountKsh: 1530,
    currency: 'KES',
    description: 'Soko order SK-1042',
    callbackUrl: 'https://shop.example/orders/42?paid=1',
    cancellationUrl: 'https://shop.example/checkout',
    billing: {
      email: 'shopper@soko.test',
      phoneNumber: '+254712345678',
      firstName: 'Wanjiru',
      middleName: '',
      lastName: 'Kamau',
      countryCode: 'KE',
      line1: 'Moi Avenue 12',
      city: 'Nairobi',
      state: 'Nairobi',
      postalCode: '00100',
    },
    ...overrides,
  };
}

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('token', () => {
  it('fetches one token and sends it, with JSON headers, on every later call', async () => {
    const provider = pesapal();
    await provider.start();
    const { trackingId } = await provider.submitOrder(order());
    await provider.getStatus(trackingId);
    await provider.getStatus(trackingId);

    const tokenCalls = callsTo(TOKEN);
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.body).toEqual({
      consumer_key: FAKE_PESAPAL_CREDENTIALS.consumerKey,
      consumer_secret: FAKE_PESAPAL_CREDENTIALS.consumerSecret,
    });
    expect(tokenCalls[0]?.headers.authorization).toBeUndefined();
    const bearers = fake.calls.slice(1).map((call) => call.headers.authorization);
    expect(bearers).toHaveLength(5); // GetIpnList, RegisterIPN, SubmitOrderRequest, 2 statuses
    expect(new Set(bearers).size).toBe(1);
    expect(bearers[0]).toMatch(/^Bearer \S{20,}$/);
    for (const call of fake.calls) {
      expect(call.headers.accept).toBe('application/json');
      expect(call.headers['content-type']).toBe('application/json');
    }
  });

  it('gets a new token when the cached one is within a minute of its expiry', async () => {
    let clock = Date.now();
    const provider = pesapal({ now: () => clock });
    const { trackingId } = await provider.submitOrder(order());
    clock += 3.5 * 60_000;
    await provider.getStatus(trackingId);
    expect(callsTo(TOKEN)).toHaveLength(1);
    clock += 60_000; // 4.5 minutes: the token's 5 minutes are nearly up
    await provider.getStatus(trackingId);
    expect(callsTo(TOKEN)).toHaveLength(2);
    const statusCalls = callsTo(STATUS);
    expect(statusCalls[1]?.headers.authorization).not.toBe(statusCalls[0]?.headers.authorization);
  });

  it('keeps a token until a minute before its stated expiry, and never over 4 minutes', async () => {
    // Pesapal's expiryDate is read from its clock, which need not agree with ours.
    const statingExpiry =
      (msFromNow: number): typeof fetch =>
      async (input, init) => {
        const response = await fetch(input, init);
        if (!String(input).endsWith(TOKEN)) return response;
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({
          ...body,
          expiryDate: new Date(Date.now() + msFromNow).toISOString(),
        });
      };
    const tokenRequestsAfter = async (expiresIn: number, minutes: number[]) => {
      fake.calls.length = 0;
      let clock = Date.now();
      const provider = pesapal({ fetch: statingExpiry(expiresIn), now: () => clock });
      const { trackingId } = await provider.submitOrder(order());
      const counts = [];
      for (const m of minutes) {
        clock += m * 60_000;
        await provider.getStatus(trackingId);
        counts.push(callsTo(TOKEN).length);
      }
      return counts;
    };

    expect(await tokenRequestsAfter(2 * 60_000, [0.9, 0.2])).toEqual([1, 2]);
    expect(await tokenRequestsAfter(60 * 60_000, [3.9, 0.2])).toEqual([1, 2]);
  });

  it('renews the token after a 401 and makes the refused call once more', async () => {
    const provider = pesapal();
    const { trackingId } = await provider.submitOrder(order());
    fake.expireTokens();

    const status = await provider.getStatus(trackingId);

    expect(status.state).toBe('pending');
    expect(callsTo(TOKEN)).toHaveLength(2);
    const statusCalls = callsTo(STATUS);
    expect(statusCalls).toHaveLength(2);
    expect(statusCalls[1]?.headers.authorization).not.toBe(statusCalls[0]?.headers.authorization);
  });

  it('shares one token request between calls made at the same time', async () => {
    const first = pesapal();
    const trackingIds = await Promise.all([
      first.submitOrder(order()),
      first.submitOrder(order()),
      first.submitOrder(order()),
    ]).then((started) => started.map((s) => s.trackingId));
    expect(callsTo(TOKEN)).toHaveLength(1);
    expect(callsTo(IPN_LIST)).toHaveLength(1);
    expect(callsTo(REGISTER_IPN)).toHaveLength(1);

    const second = pesapal();
    const statuses = await Promise.all(trackingIds.map((id) => second.getStatus(id)));
    expect(statuses.map((s) => s.state)).toEqual(['pending', 'pending', 'pending']);
    expect(callsTo(TOKEN)).toHaveLength(2);
  });
});

describe('start', () => {
  it('registers the IPN URL once, for POST notifications, and sends its id with orders', async () => {
    const provider = pesapal();
    await provider.start();
    await provider.start();
    await provider.submitOrder(order());

    expect(callsTo(IPN_LIST)).toHaveLength(1);
    const registrations = callsTo(REGISTER_IPN);
    expect(registrations).toHaveLength(1);
    expect(registrations[0]?.body).toEqual({ url: IPN_URL, ipn_notification_type: 'POST' });
    const [submitted] = callsTo(SUBMIT);
    expect((submitted?.body as { notification_id: string }).notification_id).toMatch(GUID);
  });

  it('reuses an IPN already registered for the same URL', async () => {
    await pesapal().submitOrder(order());
    await pesapal().submitOrder(order());
    await pesapal({ ipnUrl: 'https://other.example/ipn' }).submitOrder(order());

    expect(callsTo(IPN_LIST)).toHaveLength(3);
    expect(callsTo(REGISTER_IPN).map((call) => (call.body as { url: string }).url)).toEqual([
      IPN_URL,
      'https://other.example/ipn',
    ]);
    const ids = callsTo(SUBMIT).map(
      (call) => (call.body as { notification_id: string }).notification_id,
    );
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('uses PESAPAL_IPN_ID without listing or registering IPNs', async () => {
    await pesapal().start();
    const [registered] = callsTo(REGISTER_IPN);
    expect(registered).toBeDefined();
    const ipnId = (await listIpnIds())[0];
    fake.calls.length = 0;

    const provider = pesapal({ ipnId });
    await provider.start();
    const started = await provider.submitOrder(order());

    expect(started.trackingId).toMatch(GUID);
    expect(fake.calls.map((call) => call.path)).toEqual([TOKEN, SUBMIT]);
    expect((callsTo(SUBMIT)[0]?.body as { notification_id: string }).notification_id).toBe(ipnId);
  });

  it('rejects bad credentials without saying the secret', async () => {
    const provider = pesapal({ consumerSecret: 'not-the-secret' });
    const error = await providerError(provider.start());

    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/invalid_consumer_key_or_secret_provided/);
    expect(error.message).not.toContain('not-the-secret');
    expect(fake.calls.map((call) => call.path)).toEqual([TOKEN]);
  });
});

describe('submitOrder', () => {
  it('sends exactly the published fields and answers the tracking id and payment page', async () => {
    const provider = pesapal();
    await provider.start();
    const input = order({
      merchantReference: 'pay-01J9Z7K3',
      amountKsh: 1234.567,
      description: `Soko order ${'x'.repeat(120)}`,
    });

    const started = await provider.submitOrder(input);

    const [call] = callsTo(SUBMIT);
    const ipnId = (await listIpnIds())[0];
    expect(call?.method).toBe('POST');
    expect(call?.body).toStrictEqual({
      id: 'pay-01J9Z7K3',
      currency: 'KES',
      amount: 1234.57,
      description: `Soko order ${'x'.repeat(89)}`,
      callback_url: 'https://shop.example/orders/42?paid=1',
      cancellation_url: 'https://shop.example/checkout',
      notification_id: ipnId,
      redirect_mode: 'TOP_WINDOW',
      billing_address: {
        email_address: 'shopper@soko.test',
        phone_number: '+254712345678',
        country_code: 'KE',
        first_name: 'Wanjiru',
        middle_name: '',
        last_name: 'Kamau',
        line_1: 'Moi Avenue 12',
        city: 'Nairobi',
        state: 'Nairobi',
        postal_code: '00100',
      },
    });
    expect(started.trackingId).toMatch(GUID);
    expect(started.redirectUrl).toBe(
      `${new URL(fake.url).origin}/pesapaliframe/PesapalIframe3/Index/?OrderTrackingId=${started.trackingId}`,
    );
    expect((await fetch(started.redirectUrl)).status).toBe(200);
  });

  it('refuses an invalid merchant reference before calling Pesapal', async () => {
    const provider = pesapal();
    for (const merchantReference of ['', 'pay 1', 'pay_1', 'pay/1', 'é1', 'a'.repeat(51)]) {
      const error = await providerError(provider.submitOrder(order({ merchantReference })));
      expect(error.retryable).toBe(false);
    }
    expect(fake.calls).toEqual([]);
  });

  it('throws a ProviderError that is not retryable when Pesapal refuses the order', async () => {
    const provider = pesapal();
    const base = order();
    const error = await providerError(
      provider.submitOrder({ ...base, billing: { ...base.billing, email: '', phoneNumber: '' } }),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/invalid_order.*billing_address/);
  });
});

describe('getStatus', () => {
  it('maps status codes 0, 1, 2 and 3 and keeps the whole answer', async () => {
    const provider = pesapal();
    const input = order({ amountKsh: 1530 });
    const { trackingId } = await provider.submitOrder(input);

    const pending = await provider.getStatus(trackingId);
    expect(pending).toMatchObject({
      state: 'pending',
      statusCode: 0,
      paymentMethod: '',
      amountKsh: 1530,
      currency: 'KES',
      confirmationCode: null,
      merchantReference: input.merchantReference,
      description: 'INVALID',
    });
    expect(pending.raw.call_back_url).toContain(`OrderTrackingId=${trackingId}`);

    fake.setStatus(trackingId, 1, { confirmation_code: 'QK12AB34CD', payment_method: 'MpesaKE' });
    const completed = await provider.getStatus(trackingId);
    expect(completed).toMatchObject({
      state: 'completed',
      statusCode: 1,
      paymentMethod: 'MpesaKE',
      amountKsh: 1530,
      confirmationCode: 'QK12AB34CD',
      merchantReference: input.merchantReference,
      description: 'COMPLETED',
    });
    expect(completed.raw).toMatchObject({
      status_code: 1,
      payment_account: '2547xxxxx678',
      confirmation_code: 'QK12AB34CD',
      status: '200',
    });
    expect(Object.keys(completed.raw).sort()).toEqual(
      [
        'payment_method',
        'amount',
        'created_date',
        'confirmation_code',
        'payment_status_description',
        'description',
        'message',
        'payment_account',
        'call_back_url',
        'status_code',
        'merchant_reference',
        'payment_status_code',
        'currency',
        'error',
        'status',
      ].sort(),
    );

    fake.setStatus(trackingId, 2);
    expect(await provider.getStatus(trackingId)).toMatchObject({
      state: 'failed',
      statusCode: 2,
      description: 'FAILED',
    });
    fake.setStatus(trackingId, 3);
    expect(await provider.getStatus(trackingId)).toMatchObject({
      state: 'reversed',
      statusCode: 3,
      description: 'REVERSED',
    });
    fake.setStatus(trackingId, 7);
    expect(await provider.getStatus(trackingId)).toMatchObject({ state: 'pending', statusCode: 0 });
  });

  it('reads a failed payment that Pesapal reports with an error object and status 500', async () => {
    const provider = pesapal();
    const { trackingId } = await provider.submitOrder(order());
    const error = {
      error_type: 'api_error',
      code: 'payment_details_not_found',
      message: 'Unable to Authorize Transaction',
      call_back_url: null,
    };

    fake.setStatus(trackingId, 2, { error, status: '500' });
    expect((await provider.getStatus(trackingId)).state).toBe('failed');

    // "Completed" is believed only from an answer with no error in it.
    fake.setStatus(trackingId, 1, { error, status: '500' });
    const refused = await providerError(provider.getStatus(trackingId));
    expect(refused.retryable).toBe(false);
    expect(refused.message).toMatch(/api_error \/ payment_details_not_found/);

    // An error object with every field null is no error.
    const none = { error_type: null, code: null, message: null, call_back_url: null };
    fake.setStatus(trackingId, 1, { error: none, status: '200' });
    expect((await provider.getStatus(trackingId)).state).toBe('completed');
  });

  it('throws a ProviderError that is not retryable for an error object', async () => {
    const provider = pesapal();
    const error = await providerError(provider.getStatus(crypto.randomUUID()));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/payment_details_not_found/);
  });

  it('throws a retryable ProviderError for a 500, then works again', async () => {
    const provider = pesapal();
    const { trackingId } = await provider.submitOrder(order());
    fake.failNext(STATUS, 500);

    const error = await providerError(provider.getStatus(trackingId));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/HTTP 500/);
    expect((await provider.getStatus(trackingId)).state).toBe('pending');
  });

  it('throws a retryable ProviderError when Pesapal does not answer in time', async () => {
    const hanging: typeof fetch = (input, init) =>
      String(input).includes(STATUS)
        ? new Promise((_, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          })
        : fetch(input, init);
    const provider = pesapal({ fetch: hanging, timeoutMs: 100 });
    const { trackingId } = await provider.submitOrder(order());

    const started = Date.now();
    const error = await providerError(provider.getStatus(trackingId));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/no answer within 100 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('throws a retryable ProviderError when Pesapal cannot be reached', async () => {
    const provider = pesapal();
    await fake.close();
    const error = await providerError(provider.getStatus(crypto.randomUUID()));
    expect(error.retryable).toBe(true);
    fake = await startFakePesapal(); // for afterEach
  });
});

it('never logs the consumer secret or the token', async () => {
  const logged: unknown[] = [];
  const provider = pesapal({
    ipnUrl: 'http://localhost:3000/api/payments/ipn/pesapal',
    log: { warn: (obj, msg) => logged.push(obj, msg) },
  });
  const { trackingId } = await provider.submitOrder(order());
  fake.expireTokens();
  await provider.getStatus(trackingId);

  expect(logged).toContain('Pesapal cannot reach this IPN URL; set PUBLIC_URL');
  expect(logged).toContain('Pesapal refused the token; renewing it once');
  const text = JSON.stringify(logged);
  expect(text).not.toContain(FAKE_PESAPAL_CREDENTIALS.consumerSecret);
  const bearers = fake.calls.flatMap((call) => {
    const bearer = call.headers.authorization?.replace('Bearer ', '');
    return bearer ? [bearer] : [];
  });
  // The calls above did carry tokens: the check below is about real ones.
  expect(bearers.length).toBeGreaterThan(0);
  for (const bearer of bearers) expect(text).not.toContain(bearer);
});

/** The IPN ids the fake has registered, read the way Pesapal's own GetIpnList answers them. */
async function listIpnIds(): Promise<string[]> {
  const { token } = (await (
    await fetch(`${fake.url}${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        consumer_key: FAKE_PESAPAL_CREDENTIALS.consumerKey,
        consumer_secret: FAKE_PESAPAL_CREDENTIALS.consumerSecret,
      }),
    })
  ).json()) as { token: string };
  const list = (await (
    await fetch(`${fake.url}${IPN_LIST}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Array<{ ipn_id: string }>;
  return list.map((entry) => entry.ipn_id);
}
