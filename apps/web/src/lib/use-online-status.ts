import { useSyncExternalStore } from 'react';

// navigator.onLine is false only when the device has no network at all; a network that
// answers nothing still reads as online, which is why the checkout also reports failed calls.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network connection, following it as it comes and goes. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
