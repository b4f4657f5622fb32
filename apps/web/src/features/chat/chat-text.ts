// The chat's pure parts without words of its own: the WhatsApp send link and the message's time
// label (the prepared message and whose chat it is are in chat-contact.ts). Tested without a
// browser.

/**
 * WhatsApp's public send link, or null when there is nothing to send (spec section 5: only
 * non-empty input). wa.me takes the number in international form, digits only; the text is
 * URL-encoded (DESIGN departure 9: raw text breaks on '&', '#' and newlines).
 */
export function whatsappSendLink(phoneNumber: string, text: string): string | null {
  const message = text.trim();
  if (!message) return null;
  const digits = phoneNumber.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

export interface ChatProduct {
  name: string;
  /** The chosen variant's size (or name); absent for a product without variants. */
  variant?: string | null;
  /** The product page's address, so the shop sees exactly what the shopper looks at. */
  url: string;
}

/** The message's time label, HH:MM on the 24-hour clock (how Kenya reads a time). */
export function timeLabel(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
