// DESIGN.md: "The payment tab is opened synchronously on the click and pointed at the provider
// page when it arrives (no popup blocking)". Browsers let a page open a window only inside the
// click's own task; after the order and payment calls have answered it would be blocked.

export interface PaymentTab {
  /** Sends the reserved tab to the provider's page. */
  open(url: string): void;
  close(): void;
  /** The shopper closed it (or it was never more than a blank reservation that went away). */
  isClosed(): boolean;
}

/** Opens a blank tab now; null when the browser refused (the page then offers a link). */
export function reservePaymentTab(): PaymentTab | null {
  let tab: Window | null;
  try {
    tab = window.open('', '_blank');
  } catch {
    tab = null;
  }
  if (!tab) return null;
  // The provider's page must not be able to steer this one (reverse tabnabbing); noopener on
  // window.open would hand back no window to point later.
  try {
    tab.opener = null;
  } catch {
    // Some browsers make it read-only; the provider is trusted enough then.
  }
  const reserved = tab;
  return {
    open(url) {
      if (!reserved.closed) reserved.location.href = url;
    },
    close() {
      if (!reserved.closed) reserved.close();
    },
    isClosed: () => reserved.closed,
  };
}
