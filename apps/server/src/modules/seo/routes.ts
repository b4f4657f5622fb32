// The browser app's pages (each with its own head, see pages.ts), the sitemap, robots.txt and
// the web app manifest.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCached } from '../../platform/cache';
import type { App, AppContext } from '../../platform/context';
import { absoluteUrl } from './head';
import { webManifest } from './manifest';
import { createPageRenderer } from './pages';

export function registerPageRoutes(
  app: App,
  ctx: AppContext,
  indexHtml: string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const { tenants } = ctx;
  const pages = createPageRenderer(ctx, indexHtml);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = (request.url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/');
    const page = await pages.page(await tenants.forRequest(request), pathname);
    return sendCached(request, reply, page, 'text/html; charset=utf-8');
  }

  app.get('/', sendPage);
  app.get('/sitemap.xml', async (request, reply) => {
    const sitemap = await pages.sitemap(await tenants.forRequest(request));
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemap.body);
  });
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
