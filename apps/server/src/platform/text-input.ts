// Text a request carries must be storable before any handler sees it. PostgreSQL refuses U+0000
// in text (22021) and in jsonb (22P05), so a NUL in a name, a code or an id used to travel all
// the way to a query and come back as a 500. It is refused here once, for every route, in the
// params, the query string and the body; errors.ts maps the two codes to 400 as a backstop for
// text that reaches the database some other way.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badlyEncoded } from './errors';

const NUL = '\u0000';
const NUL_MESSAGE = 'Must not contain a NUL character.';

/**
 * Where the first NUL sits, as a dotted path ('' for the value itself), or undefined. Walks with
 * its own stack: a deeply nested JSON body must not overflow the call stack.
 */
export function findNul(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; at: string }> = [{ value, at: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, at } = next;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return at;
      continue;
    }
    // A body parsed as bytes is not text.
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    for (const [key, inner] of Object.entries(current)) {
      const path = at ? `${at}.${key}` : key;
      if (key.includes(NUL)) return path.replaceAll(NUL, '\\u0000');
      pending.push({ value: inner, at: path });
    }
  }
  return undefined;
}

/** Fastify leaves a query value it cannot percent-decode as it came; this refuses it instead. */
function isQueryDecodable(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return true;
  try {
    for (const pair of url.slice(start + 1).split('&')) decodeURIComponent(pair);
    return true;
  } catch {
    return false;
  }
}

// Named like the schema validator's parts, so both kinds of 400 read alike.
const PARTS = ['params', 'querystring', 'body'] as const;

function valueOf(request: FastifyRequest, part: (typeof PARTS)[number]): unknown {
  if (part === 'params') return request.params;
  if (part === 'querystring') return request.query;
  return request.body;
}

export function refuseUnstorableText(app: FastifyInstance): void {
  // preValidation: the body is parsed by then, and no query has read the request's text yet
  // (the access hook before this one reads only a verified token).
  app.addHook('preValidation', async (request) => {
    if (!isQueryDecodable(request.url)) throw badlyEncoded();
    for (const part of PARTS) {
      const at = findNul(valueOf(request, part));
      if (at === undefined) continue;
      throw new AppError(400, 'validation_failed', `Invalid ${part}.`, {
        fields: { [at || part]: NUL_MESSAGE },
      });
    }
  });
}
