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
 */
export async function createRouter() {
  const loaded = await loadMatchedRoutes(window.location.pathname);
  await yieldToBrowser();
  return { router: createBrowserRouter(routes), canHydrate: loaded };
}
