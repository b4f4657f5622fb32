// Every setting is read and checked once, at start. A bad value stops the server with a
// message naming the variable, rather than surfacing later as a strange failure.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();
const optionalUrl = (protocols: RegExp) =>
  z
    .url({ protocol: protocols })
    .optional()
    .or(z.literal('').transform(() => undefined));
// Unset and empty mean the same; surrounding blanks (a pasted newline) are never part of a key.
const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

export const PESAPAL_SANDBOX_URL = 'https://cybqa.pesapal.com/pesapalv3';
export const AFRICASTALKING_SANDBOX_URL = 'https://api.sandbox.africastalking.com';
export const MPESA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke';
/** KRA's eTIMS OSCU sandbox (reference/delivery-tax.md); production is etims-api.kra.go.ke. */
export const ETIMS_SANDBOX_URL = 'https://etims-api-sbx.kra.go.ke/etims-api/';

type ProviderName = 'sandbox' | 'pesapal' | 'mpesa';
// One provider, or both real ones ("pesapal,mpesa"): the shopper then picks at checkout, and
// the first named is used when the client names none.
const paymentsSchema = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(['sandbox', 'pesapal', 'mpesa']))
      .min(1)
      .refine((names) => new Set(names).size === names.length, 'names a provider twice')
      .refine(
        (names) => !names.includes('sandbox') || names.length === 1,
        'the sandbox cannot be offered beside real providers',
      ),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  REDIS_URL: optionalUrl(/^rediss?$/),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // No default here: it depends on NODE_ENV (loadConfig).
  // Empty counts as unset (compose.yaml passes `${SEED:-}`).
  SEED: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['demo', 'none']).optional()),
  TOKEN_LIFETIME_HOURS: positiveInt.default(168),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  PAYMENTS: paymentsSchema.default(['sandbox']),
  PESAPAL_CONSUMER_KEY: optionalText,
  PESAPAL_CONSUMER_SECRET: optionalText,
  // Live: https://pay.pesapal.com/v3
  PESAPAL_BASE_URL: optionalUrl(/^https?$/),
  PESAPAL_IPN_ID: optionalText,
  MPESA_CONSUMER_KEY: optionalText,
  MPESA_CONSUMER_SECRET: optionalText,
  MPESA_SHORTCODE: z
    .string()
    .trim()
    .regex(/^\d{5,7}$/, 'must be the paybill or store number (5 to 7 digits)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MPESA_PASSKEY: optionalText,
  // Live: https://api.safaricom.co.ke
  MPESA_BASE_URL: optionalUrl(/^https?$/),
  // A till (Buy Goods) number: the push is CustomerBuyGoodsOnline, paid to it.
  MPESA_TILL_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{5,7}$/, 'must be the till number (5 to 7 digits)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The secret in the callback's path; derived from the passkey when unset.
  MPESA_CALLBACK_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{24,100}$/, 'must be 24 to 100 letters, digits, - or _')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The API operator who may ask Daraja's Transaction Status query, and their password as the
  // Daraja portal gives it, encrypted with Safaricom's certificate: both, or no Paybill fallback.
  MPESA_INITIATOR_NAME: optionalText,
  MPESA_SECURITY_CREDENTIAL: optionalText,
  PUBLIC_URL: optionalUrl(/^https?$/),
  TRUST_PROXY: bool.default(false),
  // Fractions are allowed so tests can let a hold pass in seconds.
  ORDER_HOLD_MINUTES: z.coerce.number().positive().max(10_080).default(15),
  // How long after an online order lapsed or failed unpaid its one recovery message goes
  // (decision 043). Fractions are allowed, as for the hold, so tests can let it pass in seconds.
  RECOVERY_DELAY_MINUTES: z.coerce.number().positive().max(10_080).default(60),
  // The marketplace's cut of a shop's sales unless the admin set the shop its own (the ledger).
  COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  RATE_LIMIT_PUBLIC_WRITES: positiveInt.default(30),
  RATE_LIMIT_SIGNIN_PER_CLIENT: positiveInt.default(10),
  // Per email from one network address, per minute.
  RATE_LIMIT_SIGNIN_PER_EMAIL: positiveInt.default(5),
  // Failed sign-ins per email from everywhere, per 15 minutes; browsers that signed in to the
  // account before are exempt (docs/decisions/007-sign-in-limits.md).
  RATE_LIMIT_SIGNIN_FAILURES: positiveInt.default(30),
  // Per client (an account, else a device cookie) per minute.
  RATE_LIMIT_ORDERS: positiveInt.default(60),
  // Per network address per minute, all its clients together: Kenyan mobile networks put many
  // shoppers behind one address (carrier-grade NAT), so ten clients' worth (decision 029).
  RATE_LIMIT_ORDERS_PER_ADDRESS: positiveInt.default(600),
  // Provider notifications (IPNs) per sending address per minute: Pesapal sends from few.
  RATE_LIMIT_NOTIFICATIONS: positiveInt.default(6000),
  // Unpaid orders one client (an account, else a device cookie) may hold open at once.
  MAX_OPEN_ORDERS_PER_CLIENT: positiveInt.default(5),
  // Unpaid orders all clients behind one network address may hold open at once (decision 029).
  MAX_OPEN_ORDERS_PER_ADDRESS: positiveInt.default(60),
  // Units of one shop one client may hold in unpaid orders at once (of one product: the shop's
  // own per-order maximum); one network address five times as many (decision 029).
  MAX_HELD_UNITS_PER_SHOP: positiveInt.default(30),
  // Of one product, a client may hold this many times the shop's per-order maximum.
  HELD_ORDERS_WORTH_PER_PRODUCT: positiveInt.default(1),
  // A network address may hold this many times a client's bounds on units (decision 029).
  ADDRESS_HOLD_FACTOR: positiveInt.default(5),
  // M-Pesa PIN prompts (STK push) to one phone number per 10 minutes, across all orders.
  MPESA_PROMPTS_PER_PHONE: positiveInt.default(3),
  // M-Pesa PIN prompts for one order in all (at most one a minute).
  MPESA_PROMPTS_PER_ORDER: positiveInt.default(3),
  // scrypt's N as a power of two: 2^15 (r = 8) is 32 MiB and about 130 ms per hash on 2 cores.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  // Files one account may upload per minute (each file of a call counts).
  RATE_LIMIT_UPLOADS: positiveInt.default(60),
  // How long an uploaded picture may wait, unreferenced, to be saved into a form before the
  // sweep deletes it.
  MEDIA_SWEEP_GRACE_MINUTES: z.coerce.number().positive().max(525_600).default(1440),
  S3_ENDPOINT: optionalUrl(/^https?$/),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  // Where the bucket's objects are read by browsers (a CDN); the endpoint and bucket if unset.
  S3_PUBLIC_URL: optionalUrl(/^https?$/),
  // Email (issue 30): messages wait in the outbox as held until this is set.
  SMTP_URL: optionalUrl(/^smtps?$/),
  // SMTP connections open at once at most (opened only as mail waits). Each carries one mail per
  // four answers of the server, so a burst needs several: with 50 shoppers ordering without a
  // pause, 10 kept the p95 from order to mail at 2 s, 30 at 1.4 s (BENCHMARKS.md "Issue 30"). A
  // relay that limits connections (Gmail's) answers the extra ones "try later", and their mail
  // is retried.
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(30),
  // The address mail comes from; the display name is the tenant's (the shop's name).
  MAIL_FROM: z
    .email('must be an email address, e.g. no-reply@example.co.ke')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // SMS (issue 30, decision 031): messages wait in the outbox as held until this is set.
  SMS_PROVIDER: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['africastalking']).optional(),
  ),
  AT_USERNAME: optionalText,
  AT_API_KEY: optionalText,
  // A registered sender ID or short code; unset, Africa's Talking sends from its shared one.
  AT_SENDER_ID: optionalText,
  // Live: https://api.africastalking.com
  AT_BASE_URL: optionalUrl(/^https?$/),
  // The secret in the delivery-report callback's query (?token=…): Africa's Talking signs nothing.
  AT_CALLBACK_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{24,100}$/, 'must be 24 to 100 letters, digits, - or _')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Pick Up Mtaani agent points (decision 036): unset, the carrier is off and no shop offers them.
  PICKUP_MTAANI_URL: optionalUrl(/^https?$/),
  PICKUP_MTAANI_API_KEY: optionalText,
  // The secret its webhooks are signed with (HMAC-SHA256 of the body); unset, none is taken.
  PICKUP_MTAANI_WEBHOOK_SECRET: optionalText,
  // KRA's eTIMS OSCU API (decision 046): shops that turn eTIMS on initialise their device and
  // send their receipts here. The sandbox unless set.
  ETIMS_BASE_URL: optionalUrl(/^https?$/),
  // Phone codes one account may be sent per hour.
  RATE_LIMIT_PHONE_CODES: positiveInt.default(3),
  // Password reset emails one account may be sent per hour; more requests are answered alike
  // but send nothing.
  RATE_LIMIT_PASSWORD_RESETS: positiveInt.default(3),
  // Password reset requests from one network address per 15 minutes, all emails together.
  RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS: positiveInt.default(30),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Prometheus reads GET /metrics with `Authorization: Bearer <this>` (decision 052); unset, the
  // route answers 404 and no request is measured.
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenLifetimeSeconds: number;
  seed: 'demo' | 'none';
  admin: { email: string; password: string } | undefined;
  /** The providers offered, the default first. */
  payments: ProviderName[];
  // Set exactly when payments has 'pesapal'.
  pesapal:
    | { consumerKey: string; consumerSecret: string; baseUrl: string; ipnId: string | undefined }
    | undefined;
  // Set exactly when payments has 'mpesa'.
  mpesa:
    | {
        consumerKey: string;
        consumerSecret: string;
        shortcode: string;
        passkey: string;
        baseUrl: string;
        tillNumber: string | undefined;
        callbackToken: string;
        /** Who asks the Transaction Status query; unset, codes paid by hand cannot be checked. */
        initiator: { name: string; securityCredential: string } | undefined;
      }
    | undefined;
  publicUrl: string;
  trustProxy: boolean;
  orderHoldMinutes: number;
  /** Minutes after an online order lapsed unpaid before its recovery message (decision 043). */
  recoveryDelayMinutes: number;
  /** Basis points: 1,000 is 10%. */
  defaultCommissionBps: number;
  rateLimits: {
    publicWrites: number;
    signinPerClient: number;
    signinPerEmail: number;
    signinFailuresPerEmail: number;
    orders: number;
    ordersPerAddress: number;
    notifications: number;
    uploads: number;
    passwordResetsPerEmail: number;
    passwordResetsPerAddress: number;
    phoneCodesPerAccount: number;
  };
  maxOpenOrdersPerClient: number;
  maxOpenOrdersPerAddress: number;
  maxHeldUnitsPerShop: number;
  heldOrdersWorthPerProduct: number;
  addressHoldFactor: number;
  mpesaPrompts: { perPhone: number; perOrder: number };
  passwordHashCost: number;
  bodyLimitBytes: number;
  logLevel: string;
  /** The bearer token GET /metrics answers to; unset, metrics are off (decision 052). */
  metricsToken: string | undefined;
  // Where uploaded and generated images live (the local storage adapter).
  mediaDir: string;
  // Set when every S3_* setting needed is: media then go to the bucket instead of mediaDir.
  s3:
    | {
        endpoint: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        region: string;
        publicUrl: string;
      }
    | undefined;
  mediaSweepGraceMinutes: number;
  // Set when SMTP_URL is: email goes out through it, else it waits in the outbox as held.
  email: { smtpUrl: string; from: string; poolSize: number } | undefined;
  // Set when SMS_PROVIDER is: SMS go out through Africa's Talking, else they wait as held.
  sms:
    { username: string; apiKey: string; senderId: string | undefined; baseUrl: string } | undefined;
  // Delivery reports are taken only with this token in their query; unset, none are taken.
  smsCallbackToken: string | undefined;
  // Set when PICKUP_MTAANI_URL is: shops may offer its agent points (decision 036).
  pickupMtaani: { baseUrl: string; apiKey: string; webhookSecret: string | undefined } | undefined;
  // KRA's OSCU API, without its trailing slash (decision 046).
  etims: { baseUrl: string };
  // The built web app; unset in API-only tests.
  webDistDir: string | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid settings:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    tokenLifetimeSeconds: e.TOKEN_LIFETIME_HOURS * 3600,
    // The demo's accounts share a published password: a production start seeds it only when
    // asked to (SEED=demo), so a first deploy never opens with admin@soko.test.
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'none' : 'demo'),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    payments: e.PAYMENTS,
    pesapal: e.PAYMENTS.includes('pesapal') ? pesapalSettings(e) : undefined,
    mpesa: e.PAYMENTS.includes('mpesa') ? mpesaSettings(e) : undefined,
    // Never derived from the Host header: canonical links and payment callbacks must not be
    // steerable by whoever sends the request.
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    orderHoldMinutes: e.ORDER_HOLD_MINUTES,
    recoveryDelayMinutes: e.RECOVERY_DELAY_MINUTES,
    defaultCommissionBps: Math.round(e.COMMISSION_PERCENT * 100),
    rateLimits: {
      publicWrites: e.RATE_LIMIT_PUBLIC_WRITES,
      signinPerClient: e.RATE_LIMIT_SIGNIN_PER_CLIENT,
      signinPerEmail: e.RATE_LIMIT_SIGNIN_PER_EMAIL,
      signinFailuresPerEmail: e.RATE_LIMIT_SIGNIN_FAILURES,
      orders: e.RATE_LIMIT_ORDERS,
      ordersPerAddress: e.RATE_LIMIT_ORDERS_PER_ADDRESS,
      notifications: e.RATE_LIMIT_NOTIFICATIONS,
      uploads: e.RATE_LIMIT_UPLOADS,
      passwordResetsPerEmail: e.RATE_LIMIT_PASSWORD_RESETS,
      passwordResetsPerAddress: e.RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS,
      phoneCodesPerAccount: e.RATE_LIMIT_PHONE_CODES,
    },
    maxOpenOrdersPerClient: e.MAX_OPEN_ORDERS_PER_CLIENT,
    maxOpenOrdersPerAddress: e.MAX_OPEN_ORDERS_PER_ADDRESS,
    maxHeldUnitsPerShop: e.MAX_HELD_UNITS_PER_SHOP,
    heldOrdersWorthPerProduct: e.HELD_ORDERS_WORTH_PER_PRODUCT,
    addressHoldFactor: e.ADDRESS_HOLD_FACTOR,
    mpesaPrompts: { perPhone: e.MPESA_PROMPTS_PER_PHONE, perOrder: e.MPESA_PROMPTS_PER_ORDER },
    passwordHashCost: e.PASSWORD_HASH_COST,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    mediaDir: path.join(e.DATA_DIR, 'media'),
    s3: s3Settings(e),
    mediaSweepGraceMinutes: e.MEDIA_SWEEP_GRACE_MINUTES,
    email: emailSettings(e),
    sms: smsSettings(e),
    smsCallbackToken: e.AT_CALLBACK_TOKEN,
    pickupMtaani: pickupMtaaniSettings(e),
    etims: etimsSettings(e),
    webDistDir: e.WEB_DIST_DIR,
  };
}

// Fail closed: a shop set to take Pesapal payments does not start without the keys to do so.
function pesapalSettings(e: z.infer<typeof envSchema>): NonNullable<Config['pesapal']> {
  if (!e.PESAPAL_CONSUMER_KEY || !e.PESAPAL_CONSUMER_SECRET) {
    const missing = [
      e.PESAPAL_CONSUMER_KEY ? '' : 'PESAPAL_CONSUMER_KEY',
      e.PESAPAL_CONSUMER_SECRET ? '' : 'PESAPAL_CONSUMER_SECRET',
    ].filter(Boolean);
    throw new ConfigError(
      `Invalid settings:\n  ${missing.join(' and ')} must be set when PAYMENTS has pesapal`,
    );
  }
  const baseUrl = (e.PESAPAL_BASE_URL ?? PESAPAL_SANDBOX_URL).replace(/\/+$/, '');
  // The consumer secret travels in the token request: never in clear text in production.
  if (e.NODE_ENV === 'production' && !baseUrl.startsWith('https:')) {
    throw new ConfigError('Invalid settings:\n  PESAPAL_BASE_URL must be https in production');
  }
  return {
    consumerKey: e.PESAPAL_CONSUMER_KEY,
    consumerSecret: e.PESAPAL_CONSUMER_SECRET,
    baseUrl,
    ipnId: e.PESAPAL_IPN_ID,
  };
}

const MPESA_REQUIRED = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_PASSKEY',
  'PUBLIC_URL',
] as const;

// Fail closed, as for Pesapal. PUBLIC_URL is required too: Safaricom posts each result to it,
// and a default of localhost would send every callback nowhere.
function mpesaSettings(e: z.infer<typeof envSchema>): NonNullable<Config['mpesa']> {
  const missing = MPESA_REQUIRED.filter((name) => !e[name]);
  const { MPESA_CONSUMER_KEY: key, MPESA_CONSUMER_SECRET: secret } = e;
  const { MPESA_SHORTCODE: shortcode, MPESA_PASSKEY: passkey } = e;
  if (missing.length > 0 || !key || !secret || !shortcode || !passkey) {
    throw new ConfigError(
      `Invalid settings:\n  ${missing.join(', ')} must be set when PAYMENTS has mpesa`,
    );
  }
  const baseUrl = (e.MPESA_BASE_URL ?? MPESA_SANDBOX_URL).replace(/\/+$/, '');
  if (e.NODE_ENV === 'production' && !baseUrl.startsWith('https:')) {
    throw new ConfigError('Invalid settings:\n  MPESA_BASE_URL must be https in production');
  }
  return {
    consumerKey: key,
    consumerSecret: secret,
    shortcode,
    passkey,
    baseUrl,
    tillNumber: e.MPESA_TILL_NUMBER,
    initiator:
      e.MPESA_INITIATOR_NAME && e.MPESA_SECURITY_CREDENTIAL
        ? { name: e.MPESA_INITIATOR_NAME, securityCredential: e.MPESA_SECURITY_CREDENTIAL }
        : undefined,
    // Stable across restarts and processes without a setting of its own, and unguessable
    // without the passkey (payments reference 2.6: Daraja signs nothing).
    callbackToken:
      e.MPESA_CALLBACK_TOKEN ??
      createHmac('sha256', passkey)
        .update(`soko-mpesa-callback:${shortcode}`)
        .digest('base64url')
        .slice(0, 32),
  };
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

// All or nothing: with only some of them set, pictures would quietly go to the local folder of
// one node behind a load balancer, and be missing on the others.
function s3Settings(e: z.infer<typeof envSchema>): Config['s3'] {
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length === S3_REQUIRED.length) {
    if (e.S3_PUBLIC_URL)
      throw new ConfigError('Invalid settings:\n  S3_PUBLIC_URL is set but S3_ENDPOINT is not');
    return undefined;
  }
  if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      `Invalid settings:\n  ${missing.join(', ')} must be set too: S3 storage needs ${S3_REQUIRED.join(', ')}`,
    );
  }
  const endpoint = e.S3_ENDPOINT.replace(/\/+$/, '');
  return {
    endpoint,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    region: e.S3_REGION,
    publicUrl: (e.S3_PUBLIC_URL ?? `${endpoint}/${e.S3_BUCKET}`).replace(/\/+$/, ''),
  };
}

// Fail closed: mail with no sender address would be refused by most servers, one by one.
function emailSettings(e: z.infer<typeof envSchema>): Config['email'] {
  if (!e.SMTP_URL) return undefined;
  if (!e.MAIL_FROM) {
    throw new ConfigError('Invalid settings:\n  MAIL_FROM must be set when SMTP_URL is');
  }
  return { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, poolSize: e.SMTP_POOL_SIZE };
}

function etimsSettings(e: z.infer<typeof envSchema>): Config['etims'] {
  const baseUrl = (e.ETIMS_BASE_URL ?? ETIMS_SANDBOX_URL).replace(/\/+$/, '');
  // The device's communication key travels in a header of every call.
  if (e.NODE_ENV === 'production' && !baseUrl.startsWith('https:')) {
    throw new ConfigError('Invalid settings:\n  ETIMS_BASE_URL must be https in production');
  }
  return { baseUrl };
}

// Fail closed: a carrier URL without its key would refuse every call at checkout.
function pickupMtaaniSettings(e: z.infer<typeof envSchema>): Config['pickupMtaani'] {
  if (!e.PICKUP_MTAANI_URL) return undefined;
  if (!e.PICKUP_MTAANI_API_KEY) {
    throw new ConfigError(
      'Invalid settings:\n  PICKUP_MTAANI_API_KEY must be set when PICKUP_MTAANI_URL is',
    );
  }
  const baseUrl = e.PICKUP_MTAANI_URL.replace(/\/+$/, '');
  // The API key travels in a header of every call: never in clear text in production.
  if (e.NODE_ENV === 'production' && !baseUrl.startsWith('https:')) {
    throw new ConfigError('Invalid settings:\n  PICKUP_MTAANI_URL must be https in production');
  }
  return {
    baseUrl,
    apiKey: e.PICKUP_MTAANI_API_KEY,
    webhookSecret: e.PICKUP_MTAANI_WEBHOOK_SECRET,
  };
}

// Fail closed, as for payments: SMS_PROVIDER set without its keys would hold every SMS silently.
function smsSettings(e: z.infer<typeof envSchema>): Config['sms'] {
  if (!e.SMS_PROVIDER) return undefined;
  const { AT_USERNAME: username, AT_API_KEY: apiKey } = e;
  if (!username || !apiKey) {
    const missing = [username ? '' : 'AT_USERNAME', apiKey ? '' : 'AT_API_KEY'].filter(Boolean);
    throw new ConfigError(
      `Invalid settings:\n  ${missing.join(' and ')} must be set when SMS_PROVIDER is africastalking`,
    );
  }
  const baseUrl = (e.AT_BASE_URL ?? AFRICASTALKING_SANDBOX_URL).replace(/\/+$/, '');
  // The API key travels in a header of every send: never in clear text in production.
  if (e.NODE_ENV === 'production' && !baseUrl.startsWith('https:')) {
    throw new ConfigError('Invalid settings:\n  AT_BASE_URL must be https in production');
  }
  return { username, apiKey, senderId: e.AT_SENDER_ID, baseUrl };
}
