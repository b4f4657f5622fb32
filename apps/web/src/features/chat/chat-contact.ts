// What the chat says in the page's language (`chat.` in the message files, loaded with the chat
// launcher): the product page's prepared message and whose chat it is. Apart from chat-text.ts,
// whose send link the seller's profile uses without the chat's texts.
import type { Shop, Whatsapp } from '@soko/contract';
import type { Translate } from '../../lib/i18n';
import type { ChatProduct } from './chat-text';

/** "Hello! I'm interested in Baobab Oil (100 ml): https://…", in the page's language. */
export function productChatMessage({ name, variant, url }: ChatProduct, t: Translate): string {
  const label = variant?.trim() ? `${name} (${variant.trim()})` : name;
  return t('chat.interestedIn', { product: label, url });
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
  t: Translate,
): ChatContact | null {
  if (seller?.whatsapp) {
    return {
      phoneNumber: seller.whatsapp,
      accountName: seller.name,
      avatar: seller.logoUrl ?? '',
      chatMessage: t('chat.sellerGreeting', { name: seller.name }),
      statusMessage: '',
      label: t('chat.withSeller', { name: seller.name }),
    };
  }
  if (!tenantWhatsapp?.phoneNumber) return null;
  return { ...tenantWhatsapp, label: t('chat.withUs') };
}
