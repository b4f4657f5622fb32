// Helmet's security headers, including a Content-Security-Policy without inline script. They
// never change per request, so Helmet runs once at start and every reply gets the same set in
// one step (@fastify/helmet rebuilt the middleware, CSP string and all, on every request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    // No inline script anywhere: a stored <script> in a description can never run.
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", 'https:'],
    frameAncestors: ["'none'"],
  },
};

export function computeSecurityHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet({ contentSecurityPolicy, crossOriginResourcePolicy: { policy: 'same-origin' } })(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => {},
  );
  return Object.fromEntries(headers);
}

let headers: Record<string, string> | undefined;

/** Also called for replies Fastify makes before any hook runs (app.ts, frameworkErrors). */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  headers ??= computeSecurityHeaders();
  void reply.headers(headers).header('x-request-id', request.id);
}

export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    done();
  });
}
