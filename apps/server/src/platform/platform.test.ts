import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../../test/harness';
import { MissingAccessRuleError, requireAccessRules } from './access';
import { ConfigError, loadConfig } from './config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals: password=hunter2 at /srv/soko/app.ts:42');
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: string | Buffer, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('errors', () => {
  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await post('/api/newsletter/create', '{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(typeof res.json().error.message).toBe('string');
  });

  it('answers an oversized body with 413', async () => {
    const res = await post(
      '/api/newsletter/create',
      JSON.stringify({ email: 'a'.repeat(11 * 1024 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('answers a body of the wrong content type with 415', async () => {
    const res = await post(
      '/api/newsletter/create',
      'email=a@b.co',
      'application/x-www-form-urlencoded',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('refuses __proto__ keys without polluting any prototype', async () => {
    const res = await post(
      '/api/newsletter/create',
      '{"email":"a@b.co","__proto__":{"polluted":true}}',
    );
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses deeply nested JSON with a 400, not a crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await post('/api/newsletter/create', deep);
    expect(res.statusCode).toBe(400);
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/listing/nope'],
      ['DELETE', '/api/metadata'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('hides internals of an unexpected error behind a 500 with a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/hunter2|app\.ts|secret/);
    const body = res.json();
    expect(body.error.code).toBe('internal');
    expect(body.error.details.requestId).toBe(res.headers['x-request-id']);
  });
});

describe('headers', () => {
  it('sends pages security headers and a Content-Security-Policy without inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The shop's own pages see where a shopper came from (the cart closes back to it); no
    // other site is told anything.
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends API answers the REST set: nothing may run in them or frame them (decision 037)', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    // The API's documentation is a page: its UI's own policy, not the API's.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-security-policy']).not.toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('compresses large answers with brotli or gzip, matching the plain body', async () => {
    const url = '/api/listing/gellisting';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(again.rawPayload.equals(gz.rawPayload)).toBe(true);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never echoes an arbitrary origin for credentialed CORS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metadata',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every storefront call at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/metadata', 'get'],
      ['/api/listing/getlisting', 'get'],
      ['/api/listing/gellisting', 'get'],
      ['/api/listing/products/{productId}', 'get'],
      ['/api/listing/products', 'get'],
      ['/api/listing/saverating', 'post'],
      ['/api/newsletter/create', 'post'],
      ['/api/user/phone', 'post'],
      ['/api/user/phone/verify', 'post'],
      ['/api/user/phone', 'delete'],
      ['/api/messages/sms/delivery-report', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('access rules', () => {
  it('refuses to register an API route without an access rule', () => {
    const app = Fastify();
    requireAccessRules(app);
    expect(() => app.get('/api/unguarded', async () => 'open')).toThrow(MissingAccessRuleError);
    expect(() =>
      app.get('/api/guarded', { config: { access: 'public' } }, async () => 'open'),
    ).not.toThrow();
  });
});

describe('settings', () => {
  it('refuses bad values with a message naming the setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadConfig({ PAYMENTS: 'cash' })).toThrow(/PAYMENTS/);
  });

  it('sends email only with both SMTP_URL and MAIL_FROM, and holds it with neither', () => {
    expect(loadConfig({}).email).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.test:587' })).toThrow(
      /MAIL_FROM must be set when SMTP_URL is/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.test' })).toThrow(/SMTP_URL/);
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://mail.example.test', MAIL_FROM: 'no-reply' }),
    ).toThrow(/MAIL_FROM: must be an email address/);
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.test:465', MAIL_FROM: 'no-reply@shop.test' })
        .email,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.test:465',
      from: 'no-reply@shop.test',
      poolSize: 30,
    });
  });

  it('sends SMS only with SMS_PROVIDER and its keys, from the sandbox unless told otherwise', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(() => loadConfig({ SMS_PROVIDER: 'africastalking' })).toThrow(
      /AT_USERNAME and AT_API_KEY must be set when SMS_PROVIDER is africastalking/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
    expect(
      loadConfig({ SMS_PROVIDER: 'africastalking', AT_USERNAME: 'soko', AT_API_KEY: 'k' }).sms,
    ).toEqual({
      username: 'soko',
      apiKey: 'k',
      senderId: undefined,
      baseUrl: 'https://api.sandbox.africastalking.com',
    });
    const live = {
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: 'soko',
      AT_API_KEY: 'k',
      AT_SENDER_ID: 'SOKO',
      AT_BASE_URL: 'http://api.africastalking.com/',
    };
    expect(loadConfig(live).sms).toMatchObject({
      senderId: 'SOKO',
      baseUrl: 'http://api.africastalking.com',
    });
    expect(() => loadConfig({ ...live, NODE_ENV: 'production' })).toThrow(
      /AT_BASE_URL must be https/,
    );
    expect(() => loadConfig({ AT_CALLBACK_TOKEN: 'short' })).toThrow(/AT_CALLBACK_TOKEN/);
    expect(loadConfig({ AT_CALLBACK_TOKEN: 'a'.repeat(24) }).smsCallbackToken).toBe('a'.repeat(24));
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seed).toBe('demo');
    expect(config.payments).toEqual(['sandbox']);
    expect(config.orderHoldMinutes).toBe(15);
    expect(config.pesapal).toBeUndefined();
  });

  it('seeds the demo shop only outside production unless SEED asks for it', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development' }).seed).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', SEED: '' }).seed).toBe('none');
  });

  it('refuses to start Pesapal payments without the consumer key and secret', () => {
    expect(() => loadConfig({ PAYMENTS: 'pesapal' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS: 'pesapal' })).toThrow(
      /PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET must be set when PAYMENTS has pesapal/,
    );
    expect(() =>
      loadConfig({
        PAYMENTS: 'pesapal',
        PESAPAL_CONSUMER_KEY: 'key',
        PESAPAL_CONSUMER_SECRET: ' ',
      }),
    ).toThrow(/:\n {2}PESAPAL_CONSUMER_SECRET must be set/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PAYMENTS: 'pesapal',
        PESAPAL_CONSUMER_KEY: 'key',
        PESAPAL_CONSUMER_SECRET: 'secret',
        PESAPAL_BASE_URL: 'http://pay.pesapal.com/v3',
      }),
    ).toThrow(/PESAPAL_BASE_URL must be https/);

    const config = loadConfig({
      PAYMENTS: 'pesapal',
      PESAPAL_CONSUMER_KEY: 'key',
      PESAPAL_CONSUMER_SECRET: 'secret',
    });
    expect(config.pesapal).toEqual({
      consumerKey: 'key',
      consumerSecret: 'secret',
      baseUrl: 'https://cybqa.pesapal.com/pesapalv3',
      ipnId: undefined,
    });
    const live = loadConfig({
      PAYMENTS: 'pesapal',
      PESAPAL_CONSUMER_KEY: 'key',
      PESAPAL_CONSUMER_SECRET: 'secret',
      PESAPAL_BASE_URL: 'https://pay.pesapal.com/v3/',
      PESAPAL_IPN_ID: 'e32182ca-0983-4fa0-91bc-c3bb813ba750',
    });
    expect(live.pesapal?.baseUrl).toBe('https://pay.pesapal.com/v3');
    expect(live.pesapal?.ipnId).toBe('e32182ca-0983-4fa0-91bc-c3bb813ba750');
  });
});
