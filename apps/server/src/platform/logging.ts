// How errors are written to the log. A failed query must never be logged with the values it
// was given: Drizzle's error repeats them in its message ("Failed query: ... params: ...") and
// keeps them in `params`, PGlite's error keeps them too, and PostgreSQL's `detail` can quote a
// whole row (an email, a password hash). pino's standard serializer writes all of that, and
// every cause's message and stack besides. Here a failed query is its SQL text (placeholders,
// not values) and the database's code and message; any other error keeps pino's shape, with
// whatever it wraps serialized the same way.
import { DrizzleQueryError } from 'drizzle-orm';

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
};

type ErrorLike = Error & Record<string, unknown>;

/** What a PostgreSQL error says that names things, never values. */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'routine',
] as const;

/** Causes inside causes: deep enough for any real chain, short of a loop. */
const MAX_DEPTH = 5;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

/** An error PostgreSQL (or PGlite) sent back: a five-character SQLSTATE and a severity. */
const isDatabaseError = (error: ErrorLike) =>
  typeof error.code === 'string' &&
  /^[0-9A-Z]{5}$/.test(error.code) &&
  typeof error.severity === 'string';

const typeOf = (error: ErrorLike) =>
  typeof error.constructor === 'function' && error.constructor.name
    ? error.constructor.name
    : error.name;

/**
 * The stack's frames under the given headline. A stack starts with the error's whole message,
 * which may span lines (Drizzle's ends with the parameters), so frames are read only after it.
 */
function stackWith(headline: string, error: ErrorLike): string {
  const stack = error.stack ?? '';
  const end = stack.indexOf(error.message);
  const frames = (end === -1 ? stack : stack.slice(end + error.message.length))
    .split('\n')
    .filter((line) => /^\s+at /.test(line));
  return [headline, ...frames].join('\n');
}

function serialize(error: ErrorLike, depth: number): SerializedError {
  const type = typeOf(error);
  const inner = (value: unknown) =>
    isErrorLike(value) && depth < MAX_DEPTH ? serialize(value, depth + 1) : undefined;

  if (error instanceof DrizzleQueryError) {
    const cause = inner(error.cause);
    const message = `Failed query: ${error.query}`;
    return {
      type,
      message,
      stack: stackWith(`${type}: ${message}`, error),
      query: error.query,
      ...(cause?.code === undefined ? {} : { code: cause.code }),
      ...(cause ? { cause } : {}),
    };
  }

  if (isDatabaseError(error)) {
    const fields = Object.fromEntries(
      DATABASE_ERROR_FIELDS.filter((key) => typeof error[key] === 'string').map((key) => [
        key,
        error[key],
      ]),
    );
    // PGlite's bundle renames its error class; the name says what it is either way.
    return {
      type: 'DatabaseError',
      message: error.message,
      stack: stackWith(`DatabaseError: ${error.message}`, error),
      ...fields,
    };
  }

  const serialized: SerializedError = {
    type,
    message: error.message,
    stack: stackWith(`${type}: ${error.message}`, error),
  };
  // Like pino's: every enumerable property, errors among them serialized here too.
  for (const key in error) {
    if (key in serialized) continue;
    const value = error[key];
    serialized[key] = isErrorLike(value) ? inner(value) : value;
  }
  // Set by the Error constructor, these two are not enumerable.
  const cause = inner(error.cause);
  if (cause) serialized.cause = cause;
  if (Array.isArray(error.errors)) serialized.errors = error.errors.map((e) => inner(e) ?? e);
  return serialized;
}

/** The logger's `err` serializer (app.ts): any value logged under `err`. */
export function serializeError(error: unknown): SerializedError {
  if (isErrorLike(error)) return serialize(error, 0);
  return { type: typeof error, message: String(error), stack: '' };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The logger's last step (pino's `streamWrite` hook, on each line as written): a secret that
 * travels in an address never reaches the log. Fastify logs every request's URL ("incoming
 * request"), and an error may quote an address (a provider echoing the callback address it was
 * given). The segment after each path in `secretAfter` is written as `[redacted]` wherever the
 * path appears, right token or wrong, and each of `secrets` is too, wherever it appears (say
 * percent-encoded inside another address).
 */
export function redactSecrets(
  secretAfter: readonly string[],
  secrets: readonly string[],
): (line: string) => string {
  const segments = secretAfter.map((path) => ({
    path,
    pattern: new RegExp(`${escapeRegExp(path)}/[^/?#\\s"\\\\]+`, 'g'),
  }));
  return (line) => {
    let out = line;
    for (const { path, pattern } of segments) {
      if (out.includes(path)) out = out.replace(pattern, `${path}/[redacted]`);
    }
    for (const secret of secrets) out = out.replaceAll(secret, '[redacted]');
    return out;
  };
}

// Emails and Kenyan mobile numbers in any form (0712 345 678, 254712345678, +254-712-345-678):
// an error's message (an SMTP refusal quoting its recipient, a provider's answer naming a phone)
// must not carry a person's address into the log, which outlives their account (decision 048).
// Also as a request's address writes them, percent-encoded (%40 for @, %20 or + for a space).
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;
const GAP = '(?:[ -]|%20|\\+)?';
const PHONE_IN_TEXT = new RegExp(
  `(?<!(?<!%2)\\d)(?:(?:\\+|%2B)?254|0)${GAP}[17]\\d{2}${GAP}\\d{3}${GAP}\\d{3}(?!\\d)`,
  'gi',
);

/** A log line without emails or phone numbers. */
export function redactPersonalData(line: string): string {
  return line.replace(EMAIL_IN_TEXT, '[email]').replace(PHONE_IN_TEXT, '[phone]');
}
