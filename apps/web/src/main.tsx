import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { seedInitialData } from './lib/initial-data';
import { queryClient } from './lib/query-client';
import { refreshSession, restoreSession } from './lib/session';
import './styles.css';

seedInitialData(queryClient);
// The saved session shows at once (a reload keeps 'Profile'); the server then confirms it, and
// if it cannot, the user is unset (the token stays for the next try).
restoreSession();
void refreshSession({ atStart: true });
// The offline worker (decision 016) is registered after load, from its own chunk: none of it
// is in the first load.
window.addEventListener('load', () => {
  void import('./lib/register-service-worker').then((m) => m.registerServiceWorker());
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = await createRouter();
const app = (
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
// The server paints shopper pages (decision 018), and the browser takes them over in place. The
// bare shell (owner and admin screens, or the offline worker's copy) is drawn from nothing.
if (container.firstElementChild) {
  hydrateRoot(container, app, {
    onRecoverableError: (error) => console.error('Hydration:', error),
  });
} else {
  createRoot(container).render(app);
}
