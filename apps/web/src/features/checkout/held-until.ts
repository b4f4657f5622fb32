// When the checkout's held order lapses, as the shopper reads it.
import { formatDate, type Locale } from '@soko/contract';

/**
 * The time an order is held until ('12:30'), in Nairobi time like every shop time (the phone's
 * own zone may be anything), or null when the server's time is not one.
 */
export function heldUntilTime(holdUntil: string, locale: Locale): string | null {
  if (Number.isNaN(Date.parse(holdUntil))) return null;
  return formatDate(holdUntil, locale, { timeStyle: 'short' });
}
