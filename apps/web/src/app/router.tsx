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

export async function createRouter() {
  await loadMatchedRoutes(window.location.pathname);
  await yieldToBrowser();
  return createBrowserRouter(routes);
}
