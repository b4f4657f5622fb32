import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { yieldToBrowser } from '../lib/yield-to-browser';
import { routes } from './routes';

/**
 * Loads the route modules the current address needs before the router starts. A page the server
 * rendered must hydrate with its own component in place: a route still loading would render
 * nothing first and throw the server's HTML away.
 */
async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  // A module that cannot load (a release replaced the files) keeps its `lazy`: the router tries
  // again and shows its error page rather than the app not starting at all.
  await Promise.allSettled(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined } satisfies Partial<RouteObject>);
    }),
  );
}

/**
 * `painted`: the server painted the page the app takes over. The router then starts as hydrated:
 * without that it scrolls the window to the top when it starts, and a shopper who had scrolled
 * down to Add to Cart and tapped it before the app was live saw the page jump, and the tap land
 * on whatever was under the finger then (issue 29). The routes have no loaders, so there is no
 * data to hand over.
 */
export async function createRouter({ painted }: { painted: boolean }) {
  await loadMatchedRoutes(window.location.pathname);
  await yieldToBrowser();
  return createBrowserRouter(routes, painted ? { hydrationData: {} } : undefined);
}
