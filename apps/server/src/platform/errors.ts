// One error shape for every failure: {"error":{"code","message","fields"?,"details"?}}.
// Services throw AppError; everything else is mapped here so that no internals leak.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string>; details?: unknown };
};

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: { fields?: Record<string, string>; details?: unknown } = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields ? { fields } : {});
export const badlyEncoded = () => badRequest('The address is not correctly encoded.');
export const conflict = (code: string, message: string, details?: unknown) =>
  new AppError(409, code, message, details === undefined ? {} : { details });

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '08001',
  '08004',
  '08006',
  // Refused at login (wrong password, unknown role or database, no free connection) or shut
  // down: the request is fine, the database is not serving us.
  '28000',
  '28P01',
  '3D000',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

// PostgreSQL cannot store U+0000 in text (22021) or jsonb (22P05). text-input.ts refuses it in
// requests; this catches text that reaches a query some other way.
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * Whether the error, or one it wraps, matches. Drizzle wraps the driver's error in `cause`, and
 * a pool that tried several addresses collects them in `errors`.
 */
function anyInChain(error: unknown, matches: (e: ErrorLike) => boolean, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as ErrorLike;
  if (matches(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => anyInChain(inner, matches, depth + 1)))
    return true;
  return anyInChain(e.cause, matches, depth + 1);
}

const hasCode = (codes: Set<string>) => (e: ErrorLike) =>
  typeof e.code === 'string' && codes.has(e.code);

/**
 * 55000 (object not in prerequisite state) is a refusal of the connection only when it ends the
 * session (FATAL): "database … is not currently accepting connections", while a database is
 * being moved, restored or kept closed by `ALLOW_CONNECTIONS false`. From a statement it is a bug
 * of ours (a sequence's `currval` before `nextval`), which stays a 500.
 */
const isRefusedSession = (e: ErrorLike & { severity?: unknown }) =>
  e.code === '55000' && e.severity === 'FATAL';

/**
 * The database is unreachable, refusing us or shutting down: answer 503, never a fake success.
 * node-postgres words a lost connection, not the server: "Connection terminated unexpectedly",
 * and on a client whose connection broke between two statements of a transaction, "Client has
 * encountered a connection error and is not queryable" (the rollback after a failed statement
 * meets it too, and its error is the one Drizzle passes on).
 */
const isDatabaseUnavailable = (error: unknown) =>
  anyInChain(
    error,
    (e) =>
      hasCode(UNAVAILABLE_CODES)(e) ||
      isRefusedSession(e) ||
      (typeof e.message === 'string' &&
        /Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(
          e.message,
        )),
  );

const clientErrorCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function toErrorReply(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
): [number, ErrorBody] {
  if (error instanceof AppError) {
    return [
      error.statusCode,
      { error: { code: error.code, message: error.message, ...error.extra } },
    ];
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params.keys : undefined;
      if (Array.isArray(unknownKeys)) {
        for (const key of unknownKeys)
          fields[where ? `${where}.${String(key)}` : String(key)] = 'Unknown field.';
        continue;
      }
      fields[where || error.validationContext || 'body'] ??= issue.message ?? 'Invalid value.';
    }
    const part = error.validationContext ?? 'request';
    return [400, { error: { code: 'validation_failed', message: `Invalid ${part}.`, fields } }];
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = clientErrorCodes[status] ?? 'bad_request';
    // Fastify's own client-error messages are safe and useful ("Body is too large", bad JSON).
    return [status, { error: { code, message: error.message } }];
  }
  if (anyInChain(error, hasCode(UNSTORABLE_TEXT_CODES))) {
    return [
      400,
      {
        error: {
          code: 'bad_request',
          message: 'The request holds a character that cannot be stored (NUL).',
        },
      },
    ];
  }
  if (isDatabaseUnavailable(error)) {
    return [
      503,
      {
        error: {
          code: 'service_unavailable',
          message: 'The shop is briefly unavailable. Please try again in a moment.',
        },
      },
    ];
  }
  return [
    500,
    {
      error: {
        code: 'internal',
        message: 'Something went wrong on our side. Please try again.',
        details: { requestId: request.id },
      },
    },
  ];
}

/** The status and stable code an error is answered with (what metrics count refusals by). */
export function answeredCode(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
): { status: number; code: string } {
  const [status, body] = toErrorReply(error, request);
  return { status, code: body.error.code };
}

/** Answers any error in the one shape, and logs what went wrong on our side. */
export function sendError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const [status, body] = toErrorReply(error, request);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ err: error }, 'request rejected');
  if (status === 503) void reply.header('retry-after', '5');
  const wait = (body.error.details as { retryAfterSeconds?: unknown } | undefined)
    ?.retryAfterSeconds;
  if (status === 429 && typeof wait === 'number') void reply.header('retry-after', String(wait));
  return reply.status(status).send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify's `frameworkErrors`: what it refuses before any route or hook runs (an address that
 * is not valid percent-encoding, a parameter over maxParamLength), in our shape, not Fastify's.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(error.code === 'FST_ERR_BAD_URL' ? badlyEncoded() : error, request, reply);
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    error: {
      code: 'not_found',
      message: `No API route ${request.method} ${request.url.split('?')[0]}.`,
    },
  } satisfies ErrorBody);
}
