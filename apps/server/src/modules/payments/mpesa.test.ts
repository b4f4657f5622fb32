// The Daraja adapter against a local fake of its HTTP API: the token, the STK push field by
// field, the STK query's answers mapped to our states, and what it does when Daraja fails.
import { mpesaResultMessage, mpesaTransactionResultSchema } from '@soko/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DARAJA_RESULT_CODES,
  FAKE_DARAJA_CREDENTIALS,
  startFakeDaraja,
  type FakeDaraja,
} from '../../../test/fake-daraja';
import {
  createMpesaProvider,
  darajaTimestamp,
  readTransactionResult,
  type MpesaOptions,
} from './mpesa';
import { ProviderError, type StartPaymentInput } from './provider';

const CALLBACK_URL = 'https://shop.example/api/payments/mpesa/callback/secret-token-0123456789';
const TOKEN = '/oauth/v1/generate';
const PUSH = '/mpesa/stkpush/v1/processrequest';
const QUERY = '/mpesa/stkpushquery/v1/query';

let fake: FakeDaraja;
beforeEach(async () => {
  fake = await startFakeDaraja();
});
afterEach(async () => {
  await fake.close();
});

function mpesa(options: Partial<MpesaOptions> = {}) {
  return createMpesaProvider({
    baseUrl: fake.url,
    ...FAKE_DARAJA_CREDENTIALS,
    callbackUrl: CALLBACK_URL,
    ...options,
  });
}

const callsTo = (path: string) => fake.calls.filter((call) => call.path === path);

function order(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    merchantReference: crypto.randomUUID(),
    orderNumber: 'SK-26-001042',
    amountKsh: 1530,
    currency: 'KES',
    description: 'Soko order SK-26-001042',
    callbackUrl: 'https://shop.example/orders/42',
    cancellationUrl: 'https://shop.example/checkout',
    payerPhone: '254712345678',
    billing: {
      email: 'wanjiku@mail.co.ke',
      phoneNumber: '+254798765432',
      firstName: 'Wanjiku',
      middleName: 'Njeri',
      lastName: 'Kamau',
      countryCode: 'KE',
      line1: 'Kenyatta Highway 3',
      city: 'Thika',
      state: 'Kiambu',
      postalCode: '01000',
    },
    ...overrides,
  };
}

describe('the Daraja token', () => {
  it('asks with Basic base64(key:secret), then reuses the token for later calls', async () => {
    const provider = mpesa();
    await provider.start();
    await provider.submitOrder(order());
    await provider.submitOrder(order());
    const tokens = callsTo(TOKEN);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.query).toEqual({ grant_type: 'client_credentials' });
    const basic = Buffer.from(
      `${FAKE_DARAJA_CREDENTIALS.consumerKey}:${FAKE_DARAJA_CREDENTIALS.consumerSecret}`,
    ).toString('base64');
    expect(tokens[0]?.headers.authorization).toBe(`Basic ${basic}`);
    expect(callsTo(PUSH)[1]?.headers.authorization).toMatch(/^Bearer .+/);
  });

  it('renews the token before its hour is up (after about 50 minutes)', async () => {
    let clock = Date.now();
    const provider = mpesa({ now: () => clock });
    await provider.submitOrder(order());
    clock += 49 * 60_000;
    await provider.submitOrder(order());
    expect(callsTo(TOKEN)).toHaveLength(1);
    clock += 2 * 60_000;
    await provider.submitOrder(order());
    expect(callsTo(TOKEN)).toHaveLength(2);
  });

  it('keeps a short-lived token for half its life', async () => {
    fake.tokenLifetimeSeconds = 600;
    let clock = Date.now();
    const provider = mpesa({ now: () => clock });
    await provider.start();
    clock += 299_000;
    await provider.start();
    expect(callsTo(TOKEN)).toHaveLength(1);
    clock += 2_000;
    await provider.start();
    expect(callsTo(TOKEN)).toHaveLength(2);
  });

  it('asks once for all calls made while the token is being fetched', async () => {
    const provider = mpesa();
    await Promise.all([provider.submitOrder(order()), provider.submitOrder(order())]);
    expect(callsTo(TOKEN)).toHaveLength(1);
    expect(callsTo(PUSH)).toHaveLength(2);
  });

  it('renews a token Daraja no longer takes and makes the call again', async () => {
    const provider = mpesa();
    await provider.start();
    fake.expireTokens();
    const started = await provider.submitOrder(order());
    expect(started.trackingId).toMatch(/^ws_CO_/);
    expect(callsTo(TOKEN)).toHaveLength(2);
    expect(callsTo(PUSH)).toHaveLength(2);
  });

  it('refuses to start with keys Daraja rejects (fail closed)', async () => {
    const provider = mpesa({ consumerSecret: 'wrong' });
    const refused = await provider.start().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).message).toMatch(/refused the consumer key and secret/);
    expect((refused as ProviderError).retryable).toBe(false);
  });
});

describe('the STK push', () => {
  it('sends every field as Daraja publishes it', async () => {
    // 21:30:05 UTC is 00:30:05 the next day in Nairobi (UTC+3).
    const at = Date.UTC(2026, 10, 24, 21, 30, 5);
    const provider = mpesa({ now: () => at });
    const started = await provider.submitOrder(order());
    expect(started.redirectUrl).toBe('');
    const body = callsTo(PUSH)[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${FAKE_DARAJA_CREDENTIALS.passkey}20261125003005`).toString(
        'base64',
      ),
      Timestamp: '20261125003005',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1530,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: CALLBACK_URL,
      AccountReference: 'SK-26-001042',
      TransactionDesc: 'Soko order',
    });
    expect(started.trackingId).toBe([...fake.pushes.keys()][0]);
  });

  it('pays a till with CustomerBuyGoodsOnline, and cuts the account reference to 12', async () => {
    const provider = mpesa({ transactionType: 'CustomerBuyGoodsOnline', partyB: '5123456' });
    await provider.submitOrder(order({ orderNumber: 'SK-26-1234567', payerPhone: undefined }));
    expect(callsTo(PUSH)[0]?.body).toMatchObject({
      TransactionType: 'CustomerBuyGoodsOnline',
      BusinessShortCode: '174379',
      PartyB: '5123456',
      AccountReference: 'SK-26-123456',
      // No number typed for M-Pesa: the delivery phone, in Daraja's form.
      PartyA: '254798765432',
      PhoneNumber: '254798765432',
    });
  });

  it('refuses an amount that is not whole shillings without asking Daraja', async () => {
    const provider = mpesa();
    await expect(provider.submitOrder(order({ amountKsh: 1530.5 }))).rejects.toThrow(
      /whole number of shillings/,
    );
    expect(callsTo(PUSH)).toHaveLength(0);
  });

  it('passes on a push Daraja refuses, and a Daraja that is down as retryable', async () => {
    const provider = mpesa({ shortcode: '600000' });
    const refused = await provider.submitOrder(order()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).message).toMatch(/Invalid BusinessShortCode/);
    expect((refused as ProviderError).retryable).toBe(false);

    const ok = mpesa();
    fake.failNext(PUSH, 503);
    const down = await ok.submitOrder(order()).catch((error: unknown) => error);
    expect((down as ProviderError).retryable).toBe(true);
  });

  it('gives up on a Daraja that does not answer in time', async () => {
    const provider = mpesa({
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    await expect(provider.start()).rejects.toThrow(/no answer within 50 ms/);
  });
});

describe('the STK query (getStatus)', () => {
  it('is pending while the prompt is open (Daraja: "The transaction is being processed")', async () => {
    const provider = mpesa();
    const { trackingId } = await provider.submitOrder(order());
    const status = await provider.getStatus(trackingId);
    expect(status).toMatchObject({ state: 'pending', statusCode: 0, amountKsh: null });
    const body = callsTo(QUERY)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ BusinessShortCode: '174379', CheckoutRequestID: trackingId });
    expect(body.Password).toBe(
      Buffer.from(`174379${FAKE_DARAJA_CREDENTIALS.passkey}${String(body.Timestamp)}`).toString(
        'base64',
      ),
    );
  });

  it('says completed for result code 0, with no amount of its own', async () => {
    const provider = mpesa();
    const { trackingId } = await provider.submitOrder(order());
    fake.settle(trackingId, 0);
    expect(await provider.getStatus(trackingId)).toMatchObject({
      state: 'completed',
      statusCode: 1,
      paymentMethod: 'MPESA',
      amountKsh: null,
      merchantReference: null,
      raw: { ResultCode: '0', CheckoutRequestID: trackingId, message: 'Paid with M-Pesa.' },
    });
  });

  const failures = Object.keys(DARAJA_RESULT_CODES)
    .map(Number)
    .filter((code) => code !== 0);
  it.each(failures)('says failed for result code %i, with a message saying which', async (code) => {
    const provider = mpesa();
    const { trackingId } = await provider.submitOrder(order());
    fake.settle(trackingId, code);
    const status = await provider.getStatus(trackingId);
    expect(status).toMatchObject({ state: 'failed', statusCode: 2 });
    expect(status.raw).toMatchObject({
      result_code: code,
      ResultDesc: DARAJA_RESULT_CODES[code],
      message: mpesaResultMessage(code),
    });
  });

  it('keeps a result code nobody documented as not final', async () => {
    const provider = mpesa();
    const { trackingId } = await provider.submitOrder(order());
    fake.settle(trackingId, 4242);
    expect((await provider.getStatus(trackingId)).state).toBe('pending');
  });

  it('throws (retryable) when Daraja is down, and refuses an id it never issued', async () => {
    const provider = mpesa();
    const { trackingId } = await provider.submitOrder(order());
    fake.failNext(QUERY, 502);
    const down = await provider.getStatus(trackingId).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(ProviderError);
    expect((down as ProviderError).retryable).toBe(true);
    await expect(provider.getStatus('ws_CO_forged')).rejects.toThrow(/Invalid CheckoutRequestID/);
  });

  it('answers a refund with a refusal saying how to give the money back', async () => {
    const answer = await mpesa().refund({
      trackingId: 'ws_CO_1',
      amountKsh: 100,
      username: 'Admin',
      remarks: 'x',
    });
    expect(answer.status).toBe('refused');
    expect(answer.message).toMatch(/by hand/);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('darajaTimestamp', () => {
  it('is Nairobi time, YYYYMMDDHHmmss', () => {
    expect(darajaTimestamp(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe('20260101030000');
    expect(darajaTimestamp(Date.UTC(2026, 11, 31, 22, 59, 59))).toBe('20270101015959');
  });
});

describe('the Transaction Status query (a code paid by hand)', () => {
  const STATUS = '/mpesa/transactionstatus/v1/query';
  const transactionStatus = {
    initiatorName: 'soko-api',
    securityCredential: 'ZW5jcnlwdGVkLXBhc3N3b3Jk',
    resultUrl: 'https://shop.example/api/payments/mpesa/paybill/result/secret-token-0123456789',
    timeoutUrl: 'https://shop.example/api/payments/mpesa/paybill/timeout/secret-token-0123456789',
  };
  const ask = {
    code: 'QKH94M1Z11',
    partyA: '174379',
    identifierType: '4' as const,
    occasion: 'c1',
  };

  it('asks with the bearer token and every documented field, and answers the ConversationID', async () => {
    const provider = mpesa({ transactionStatus });
    expect(provider.checksCodes).toBe(true);
    const asked = await provider.queryTransactionStatus(ask);
    const [call] = callsTo(STATUS);
    expect(call?.headers.authorization).toMatch(/^Bearer .+/);
    expect(call?.body).toEqual({
      Initiator: 'soko-api',
      SecurityCredential: 'ZW5jcnlwdGVkLXBhc3N3b3Jk',
      CommandID: 'TransactionStatusQuery',
      TransactionID: 'QKH94M1Z11',
      PartyA: '174379',
      IdentifierType: '4',
      ResultURL: transactionStatus.resultUrl,
      QueueTimeOutURL: transactionStatus.timeoutUrl,
      Remarks: expect.any(String),
      Occasion: 'c1',
    });
    expect(asked).toEqual({
      conversationId: fake.statusQueries[0]?.conversationId,
      originatorConversationId: fake.statusQueries[0]?.originatorConversationId,
    });
    // The token is the one the STK calls use: asked for once.
    await provider.queryTransactionStatus({ ...ask, code: 'QKH94M1Z12' });
    expect(callsTo(TOKEN)).toHaveLength(1);
  });

  it('is refused without an initiator, asking Daraja nothing', async () => {
    const provider = mpesa();
    expect(provider.checksCodes).toBe(false);
    await expect(provider.queryTransactionStatus(ask)).rejects.toBeInstanceOf(ProviderError);
    expect(callsTo(STATUS)).toHaveLength(0);
  });

  it('fails as retryable when Daraja answers 500', async () => {
    fake.failNext(STATUS, 503);
    const error = await mpesa({ transactionStatus })
      .queryTransactionStatus(ask)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(true);
  });

  it('reads the result by Key, whatever the order of its parameters', async () => {
    await mpesa({ transactionStatus }).queryTransactionStatus(ask);
    const query = fake.statusQueries[0];
    if (!query) throw new Error('no query');
    fake.recordPayment({ receipt: 'QKH94M1Z11', amount: 1500, creditParty: '174379 - Soko' });
    const body = mpesaTransactionResultSchema.parse(fake.statusResultBody(query));
    expect(readTransactionResult(body)).toEqual({
      conversationId: query.conversationId,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      parameters: expect.objectContaining({
        ReceiptNo: 'QKH94M1Z11',
        Amount: 1500,
        TransactionStatus: 'Completed',
        CreditPartyName: '174379 - Soko',
      }),
      occasion: 'c1',
    });
    const reversed = mpesaTransactionResultSchema.parse({
      Result: {
        ResultCode: 0,
        ConversationID: 'AG_1',
        ResultParameters: {
          ResultParameter: [
            { Key: 'Amount', Value: 10 },
            { Key: 'ReceiptNo', Value: 'QKH94M1Z11' },
          ].reverse(),
        },
      },
    });
    expect(readTransactionResult(reversed).parameters).toEqual({
      ReceiptNo: 'QKH94M1Z11',
      Amount: 10,
    });
  });

  it('reads a code M-Pesa does not know as a non-zero result', async () => {
    await mpesa({ transactionStatus }).queryTransactionStatus(ask);
    const query = fake.statusQueries[0];
    if (!query) throw new Error('no query');
    const body = mpesaTransactionResultSchema.parse(fake.statusResultBody(query));
    expect(readTransactionResult(body)).toMatchObject({ resultCode: 'R000001', parameters: {} });
  });
});
