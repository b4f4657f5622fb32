// The one way the web app talks to the API. The server answers errors as
// {"error":{"code","message","fields"?,"details"?}} (DESIGN.md), and callers need the status
// (401 clears the session, 409 shows the new total) as much as the message.
import { TOTAL_COUNT_HEADER } from '@soko/contract';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly details: unknown;

  constructor(
    status: number,
    message: string,
    options: { code?: string; fields?: Record<string, string>; details?: unknown } = {},
  ) {
    super(message);
    this.status = status;
    this.code = options.code ?? 'http_error';
    this.fields = options.fields;
    this.details = options.details;
  }
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; details?: unknown };
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(body)) {
    const { code, message, fields, details } = body.error;
    return new ApiError(response.status, message, { code, fields, details });
  }
  // Not our JSON (a proxy's error page, a dropped connection): the spec's wording.
  return new ApiError(response.status, `HTTP error! status: ${response.status}`);
}

export interface RequestOptions {
  signal?: AbortSignal;
}

// Answers of our own API are typed by the contract and not validated again here: the server
// is the authority on them, and zod on the first load would cost a cheap phone both bytes and
// parse time. Forms still validate what the shopper types with the contract's schemas.

/**
 * DESIGN departure 3: the bearer token goes along on every call when signed in (ratings and
 * the newsletter included); calls work without one.
 */
export function authHeader(): Record<string, string> {
  try {
    const token = window.localStorage.getItem('token');
    return token ? { authorization: `Bearer ${token}` } : {};
  } catch {
    // Storage can be off (private mode, blocked cookies): carry on signed out.
    return {};
  }
}

export async function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiGetWithHeaders<T>(path, options)).data;
}

/**
 * A GET whose answer also travels in its headers (search's `X-Total-Count`, which lets the
 * body keep the spec's plain list of products).
 */
export async function apiGetWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(path, {
    headers: { accept: 'application/json', ...authHeader() },
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return { data: (await response.json()) as T, headers: response.headers };
}

/**
 * How many rows all pages hold, from `X-Total-Count`; without a readable header (a proxy that
 * drops it), the rows shown, so the screen still offers what it has.
 */
export function totalCount(headers: Headers, shown: number): number {
  const header = headers.get(TOTAL_COUNT_HEADER);
  const total = header === null ? Number.NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : shown;
}

export async function apiPost<T>(
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...authHeader() },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export async function apiPut<T>(
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await fetch(path, {
    method: 'PUT',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...authHeader() },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export async function apiDelete<T>(
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await fetch(path, {
    method: 'DELETE',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...authHeader(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}
