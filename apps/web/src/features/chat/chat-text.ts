// The texts the chat builds: the WhatsApp send link, the product page's prepared message and the
// message's time label, and whose chat it is. Pure, so they are tested without a browser.
import type { Shop, Whatsapp } from '@soko/contract';

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

/** "Hello! I'm interested in Baobab Oil (100 ml): https://…" */
export function productChatMessage({ name, variant, url }: ChatProduct): string {
  const label = variant?.trim() ? `${name} (${variant.trim()})` : name;
  return `Hello! I'm interested in ${label}: ${url}`;
}

/** The message's time label, HH:MM on the 24-hour clock (how Kenya reads a time). */
export function timeLabel(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What the chat widget shows and where it sends: the tenant's WhatsApp data, or a seller's. */
export interface ChatContact extends Whatsapp {
  /** The launcher's accessible name. */
  label: string;
}

/**
 * A seller with its own WhatsApp number is chatted with directly on its page and its products'
 * (decision 040); anywhere else, or for a seller without one, the marketplace's chat stays, and
 * null when the tenant has none either (the widget then renders nothing).
 */
export function chatContact(
  tenantWhatsapp: Whatsapp | null | undefined,
  seller: Pick<Shop, 'name' | 'logoUrl' | 'whatsapp'> | null | undefined,
): ChatContact | null {
  if (seller?.whatsapp) {
    return {
      phoneNumber: seller.whatsapp,
      accountName: seller.name,
      avatar: seller.logoUrl ?? '',
      chatMessage: `Hello! You are chatting with ${seller.name}. How can we help?`,
      statusMessage: '',
      label: `Chat with ${seller.name} on WhatsApp`,
    };
  }
  if (!tenantWhatsapp?.phoneNumber) return null;
  return { ...tenantWhatsapp, label: 'Chat with us on WhatsApp' };
}
