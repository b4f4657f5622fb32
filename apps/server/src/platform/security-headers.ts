// Helmet's security headers, including a Content-Security-Policy whose only inline script is
// the web build's own (named by hash). They never change per request, so Helmet runs once at
// start and every reply gets the same set in one step (@fastify/helmet rebuilt the middleware,
// CSP string and all, on every request).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The CSP sources of the plain inline scripts in the web build's index.html: today only the one
 * that holds early taps (decision 028). A hash allows that exact text and nothing else, so a
 * stored <script> in a description can still never run.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

const contentSecurityPolicy = (inlineScripts: readonly string[]) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScripts],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", 'https:'],
    frameAncestors: ["'none'"],
  },
});

export type HeaderSet = Readonly<Record<string, string>>;

/**
 * Pages get Helmet's whole set; the API's answers (JSON, pictures) the set OWASP gives for a
 * REST API (decision 037): nothing is ever run in them as a document, so the policies a
 * document reads (its scripts and styles, its opener, DNS prefetching, IE's download and XSS
 * switches, Flash's cross-domain files) are left out. A third of the headers a cached quote
 * sends, and a seventh of its server CPU.
 */
export type SecurityHeaders = Readonly<{ page: HeaderSet; api: HeaderSet }>;

const API_PREFIX = '/api/';
/** The API's own documentation is a page (its UI sets its own CSP). */
const API_PAGES = '/api/docs';

/** `inlineScripts`: CSP sources (inlineScriptHashes) of the only inline scripts allowed. */
export function computeSecurityHeaders(inlineScripts: readonly string[] = []): SecurityHeaders {
  const page = helmetHeaders(inlineScripts);
  const api: HeaderSet = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': page['strict-transport-security'] ?? 'max-age=31536000',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
  return { page, api };
}

function helmetHeaders(inlineScripts: readonly string[]): HeaderSet {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet({
    contentSecurityPolicy: contentSecurityPolicy(inlineScripts),
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Helmet's default (no-referrer) also hid the shop's own previous page from it: a cart
    // opened by its link before the app started could not close back to that page.
    referrerPolicy: { policy: 'same-origin' },
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.fromEntries(headers);
}

/** Also called for replies Fastify makes before any hook runs (app.ts, frameworkErrors). */
export function setSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: SecurityHeaders,
): void {
  const { url } = request.raw;
  const api = url?.startsWith(API_PREFIX) && !url.startsWith(API_PAGES);
  void reply.headers(api ? headers.api : headers.page).header('x-request-id', request.id);
}

export function addSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply, headers);
    done();
  });
}
