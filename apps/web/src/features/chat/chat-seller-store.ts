// Whose chat the page is about (decision 040): a seller's page and that seller's product pages
// name the seller here, and the chat widget then chats with the seller's own WhatsApp number
// instead of the marketplace's. Like the product store beside it: a module-level store, since
// the widget is mounted by the layout above the route and loads lazily, and kept tiny because
// the pages import it statically.
import { useEffect, useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

function setChatSeller(shopId: string | null) {
  current = shopId;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The shop whose page (or product) the shopper is looking at, or null elsewhere. */
export function useChatSellerId(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Called by the seller's page and a product page: the chat is this shop's while it is shown. */
export function useChatWithSeller(shopId: string | null): void {
  useEffect(() => {
    setChatSeller(shopId);
    // Only its own: the next page may already have named its seller.
    return () => {
      if (current === shopId) setChatSeller(null);
    };
  }, [shopId]);
}
