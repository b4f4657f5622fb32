import type { Whatsapp } from '@soko/contract';
import { WhatsAppIcon } from '../../../components/brand-icons';
import { useTenant } from '../api/get-tenant';

/**
 * WhatsApp's public send link. wa.me takes the number in international form, digits only;
 * the text is URL-encoded (DESIGN departure 9: raw text breaks on '&' and '#').
 */
export function whatsappLink({ phoneNumber, chatMessage }: Whatsapp): string {
  const digits = phoneNumber.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(chatMessage)}`;
}

/** The floating chat button: only when the tenant has a WhatsApp contact (spec section 1). */
export function ChatButton() {
  const { data: tenant } = useTenant();
  const whatsapp = tenant?.whatsapp;
  if (!whatsapp?.phoneNumber) return null;

  return (
    <a
      href={whatsappLink(whatsapp)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      title={whatsapp.accountName ? `Chat with ${whatsapp.accountName}` : undefined}
      className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-[#128c7e] text-white shadow-lg shadow-black/20 transition-transform hover:scale-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900 motion-reduce:transition-none motion-reduce:hover:scale-100 print:hidden"
    >
      <WhatsAppIcon className="size-7" />
    </a>
  );
}
