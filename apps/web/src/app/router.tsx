import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { yieldToBrowser } from '../lib/yield-to-browser';
import { routes } from './routes';

/**
 * Loads the route modules the current address needs before the router starts. A page the server
 * rendered must hydrate with its own component in place: a route still loading would render
 * nothing first and throw the server's HTML away.
 */
async function loadMatchedRoutes(pathname: string): Promise<boolean> {
  const matches = matchRoutes(routes, pathname) ?? [];
  // A module that cannot load (a release replaced the files) keeps its `lazy`: the router tries
  // again and shows its error page rather than the app not starting at all.
  const loads = await Promise.allSettled(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined } satisfies Partial<RouteObject>);
    }),
  );
  return loads.every((load) => load.status === 'fulfilled');
}

/**
 * The router, and whether the page the server painted can be taken over in place: it cannot when
 * a module of its route failed to load, since the router then starts without the page and React
 * would keep the painted layout beside the one it draws (two headers).
 *
 * A router taking a painted page over starts as hydrated: otherwise it scrolls the window to the
 * top as it starts, and a shopper who had scrolled down to Add to Cart and tapped it before the
 * app was live saw the page jump and the tap land on whatever was under the finger then (issue
 * 29). The routes have no loaders, so there is no data to hand over.
 */
export async function createRouter({ painted }: { painted: boolean }) {
  const loaded = await loadMatchedRoutes(window.location.pathname);
  await yieldToBrowser();
  const hydrate = painted && loaded;
  return {
    router: createBrowserRouter(routes, hydrate ? { hydrationData: {} } : undefined),
    hydrate,
  };
}
