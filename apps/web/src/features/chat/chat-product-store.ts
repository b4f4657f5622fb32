// What the product page tells the chat: which product (and size) the shopper is looking at. A
// module-level store rather than a React context: the chat widget is mounted by the layout, above
// the route, and loads lazily; the product page only writes here. Kept tiny and free of the
// widget's code, because the product page imports it statically.
import { useEffect, useSyncExternalStore } from 'react';
import type { ChatProduct } from './chat-text';

let current: ChatProduct | null = null;
const listeners = new Set<() => void>();

function setChatProduct(product: ChatProduct | null) {
  current = product;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The product the shopper is looking at, or null away from a product page. */
export function useChatProduct(): ChatProduct | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

export interface ChatAboutProduct {
  name: string;
  variant?: string | null;
  /** The page's path; the address is made in the browser (no window while rendering elsewhere). */
  path: string;
}

/** Called by the product page: the chat's prepared message names this product while it is shown. */
export function useChatAboutProduct({ name, variant, path }: ChatAboutProduct): void {
  useEffect(() => {
    setChatProduct({ name, variant, url: new URL(path, window.location.origin).href });
    return () => setChatProduct(null);
  }, [name, variant, path]);
}
