// The server's renderer (decision 018): the shopper pages' HTML from the same route modules and
// the same first data the browser is given, so a page is readable and its links work before any
// JavaScript runs, and the browser hydrates it without a second fetch. Built by `vite build
// --ssr` into dist-server/ and loaded by the API server at start.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { InitialDataEntry, Locale } from '@soko/contract';
// Every message of both languages: the server paints any page in either.
import { messages as english } from 'virtual:messages/en/all';
import { messages as swahili } from 'virtual:messages/sw/all';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { createI18n } from './lib/i18n';

const handler = createStaticHandler(routes);

/**
 * The HTML inside `#root` for `url` (absolute, e.g. http://shop/category/Skincare), with the
 * query cache holding exactly `initialData`: the entries the page also embeds for the browser.
 * Everything the page would fetch beyond them renders in its loading state, as in the browser.
 * In `locale`'s words (decision 049).
 */
export async function renderPage(
  url: string,
  initialData: InitialDataEntry[],
  locale: Locale = 'en',
): Promise<string> {
  const context = await handler.query(new Request(url));
  // The routes have no loaders or actions, so a redirect cannot come back; guard all the same.
  if (context instanceof Response) throw new Error(`Rendering ${url} answered ${context.status}`);
  const queryClient = new QueryClient({
    // Nothing is fetched on the server: what the page has is what it shows.
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  for (const { key, data } of initialData) queryClient.setQueryData(key, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders
        client={queryClient}
        i18n={createI18n(locale, locale === 'sw' ? swahili : english)}
      >
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    {
      // React sends a large part (the footer after a long page) after the rest with an inline
      // script to move it into place, which the Content-Security-Policy (script-src 'self')
      // rightly blocks. The page goes out whole, so every part is written where it belongs.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  return new Response(prelude).text();
}
