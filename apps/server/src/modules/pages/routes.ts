// The browser app's pages (each with its own head, see pages.ts), the sitemap, robots.txt and
// the web app manifest.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  APP_PATHS,
  DEFAULT_LOCALE,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  LANG_PARAM,
  parseLocale,
  type Locale,
} from '@soko/contract';
import { sendCached, type CachedResponse } from '../../platform/cache';
import type { App, AppContext } from '../../platform/context';
import { ensureDevice } from '../../platform/device';
import { absoluteUrl } from './head';
import { webManifest } from './manifest';
import { createPageRenderer, pageAddress, type BodyRenderer } from './pages';

/**
 * The web build's page renderer (`vite build --ssr`, beside its dist/ as dist-server/), or
 * undefined when the build has none: the pages then go out for the browser to draw.
 */
export async function loadBodyRenderer(webDist: string): Promise<BodyRenderer | undefined> {
  const file = path.resolve(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const loaded: unknown = await import(pathToFileURL(file).href);
  const renderPage =
    typeof loaded === 'object' && loaded !== null && 'renderPage' in loaded
      ? loaded.renderPage
      : undefined;
  if (typeof renderPage !== 'function') {
    throw new Error(`${file} does not export renderPage: rebuild the web app (npm run build)`);
  }
  return renderPage as BodyRenderer;
}

/**
 * The page's language (decision 049): the address's `?lang=` (the header's switch, a crawler
 * following hreflang), kept in the `lang` cookie for the next pages; else the cookie's; else
 * English. Not httpOnly: the app reads it to draw pages the server did not paint.
 */
function pageLocale(request: FastifyRequest, reply: FastifyReply): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = parseLocale(query?.[LANG_PARAM]);
  const kept = parseLocale(request.cookies[LANG_COOKIE]);
  if (asked && asked !== kept) {
    void reply.setCookie(LANG_COOKIE, asked, {
      path: '/',
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: LANG_COOKIE_MAX_AGE,
    });
  }
  return asked ?? kept ?? DEFAULT_LOCALE;
}

export function registerPageRoutes(
  app: App,
  ctx: AppContext,
  indexHtml: string,
  renderBody?: BodyRenderer,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const { tenants } = ctx;
  const pages = createPageRenderer(ctx, indexHtml, renderBody);

  const secret = ctx.config.jwtSecret ?? '';

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // The shopper's device for fair limits (decision 029), issued with the first page so the
    // app's first order already carries it. Only the reply carries it: the cached page does not.
    ensureDevice(request, reply, secret);
    const locale = pageLocale(request, reply);
    const page = await pages.page(
      await tenants.forRequest(request),
      pageAddress(request.url),
      locale,
    );
    // The same address answers in the language its cookie names: a shared cache must not give
    // one shopper's Kiswahili page to another.
    return sendCached(request, reply, page, 'text/html; charset=utf-8', 'accept-encoding, cookie');
  }

  // Each of the app's paths is a route of its own: through the not-found handler a page would
  // first be looked for on disk among the build's files, a file-system call per page served.
  for (const pattern of APP_PATHS) app.get(pattern, sendPage);
  const sendXml = (reply: FastifyReply, xml: CachedResponse) =>
    reply
      .code(xml.status)
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(xml.body);
  app.get('/sitemap.xml', async (request, reply) =>
    sendXml(reply, await pages.sitemap(await tenants.forRequest(request))),
  );
  app.get('/sitemap-pages.xml', async (request, reply) =>
    sendXml(reply, await pages.sitemapPages(await tenants.forRequest(request))),
  );
  app.get<{ Params: { file: string } }>(
    '/sitemap-products-:file(^\\d{1,6}).xml',
    async (request, reply) => {
      const file = Number(request.params.file);
      if (file < 1) return reply.callNotFound();
      return sendXml(reply, await pages.sitemapProducts(await tenants.forRequest(request), file));
    },
  );
  app.get('/manifest.webmanifest', async (request, reply) => {
    // Revalidated on every use: an installed shop picks up a tenant's new name on its next start.
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest(await tenants.forRequest(request))));
  });
  app.get('/robots.txt', async (request, reply) => {
    const base = pages.canonicalBase(await tenants.forRequest(request));
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      '',
      `Sitemap: ${absoluteUrl(base, '/sitemap.xml')}`,
      '',
    ].join('\n');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(body);
  });

  // Every other path the app owns reaches it through the not-found handler (app.ts).
  return sendPage;
}
