// Registers the offline worker (decision 016); main.tsx calls it once the page has loaded, so it
// never competes with the first load. It also reloads the page once when a new release's worker takes control: the
// new worker has dropped the old build's files, so the old page must not lazy-load another chunk.
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // The first worker takes control of a page that is already its build's: nothing to reload.
  let controlled = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled && !reloading) {
      reloading = true;
      window.location.reload();
    }
    controlled = true;
  });
  void navigator.serviceWorker.register('/sw.js');
}
