import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { holdNoTaps } from './app/early-taps';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { loadMessages, pageLocale, startBrowserI18n } from './lib/i18n';
import { seedInitialData } from './lib/initial-data';
import { queryClient } from './lib/query-client';
import { refreshSession, restoreSession } from './lib/session';
import { yieldToBrowser } from './lib/yield-to-browser';
import './styles.css';

// Zod 4 compiles its object parsers with `new Function` where it may, and finds out by trying
// once: under the shop's Content-Security-Policy (no 'unsafe-eval') the browser refuses and
// reports a violation (a DevTools issue, Lighthouse's best practices). Parsing without compiling
// is what the policy leaves anyway. Zod reads this object from the global it shares between its
// copies; it is filled before the first parse, whichever of the two makes it first.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig = Object.assign(zodConfig.__zod_globalConfig ?? {}, { jitless: true });

// The saved session shows at once (a reload keeps 'Profile'); the server then confirms it, and
// if it cannot, the user is unset (the token stays for the next try).
restoreSession();
void refreshSession({ atStart: true });
// The offline worker (decision 016) is registered after load, from its own chunk: none of it
// is in the first load. The app itself usually starts after the load (decision 024), when the
// event has already passed.
const registerOfflineWorker = () => {
  void import('./lib/register-service-worker').then((m) => m.registerServiceWorker());
};
if (document.readyState === 'complete') registerOfflineWorker();
else window.addEventListener('load', registerOfflineWorker, { once: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Starts the app once the address's route modules are in (app/router.tsx). Not a top-level
 * await: the first load is one chunk (vite.config.ts), and a route chunk importing it would
 * wait for it to finish evaluating while it waits for the route chunk.
 */
async function start(root: HTMLElement) {
  // Evaluating the app, reading the page's data, matching the routes and taking the page over
  // are each a task of their own (issue 16): one long task would hold up a tap on the page.
  await yieldToBrowser();
  seedInitialData(queryClient);
  await yieldToBrowser();
  const painted = root.firstElementChild !== null;
  // The page's language's messages (decision 049) arrive with the route modules, not after;
  // a route's own messages come with its module (app/routes.tsx, loadRouteMessages).
  const locale = pageLocale(painted);
  const i18n = startBrowserI18n(locale);
  const [{ router, hydrate }] = await Promise.all([
    createRouter({ painted }),
    loadMessages(locale).then((messages) => i18n.load(locale, messages)),
  ]);
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <AppProviders client={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The server paints shopper pages (decision 018), and the browser takes them over in place.
  // The bare shell (owner and admin screens, or the offline worker's copy) is drawn from
  // nothing, and so is a painted page whose route code failed to load (the router's error page
  // replaces it).
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page: a tap or a scroll is not blocked behind it.
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.error('Hydration:', error),
      });
    });
  } else {
    holdNoTaps();
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

void start(container);
