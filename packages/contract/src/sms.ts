// SMS text and Africa's Talking's delivery reports (issue 30, decision 031). Pure: the server
// checks what it sends with it, and tests check that a message fits one part.
import { z } from 'zod';

// GSM 03.38: the basic set costs one septet a character, the extension table two (an escape,
// then the character). Anything outside both makes the whole message UCS-2.
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';
const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';
export type SmsLength = {
  encoding: SmsEncoding;
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  /** Parts the message is split into (and billed as). */
  parts: number;
  /** What one part holds when the message is not split (160 or 70). */
  perPart: number;
};

/**
 * How long an SMS is and how many parts it takes: 160 GSM-7 septets or 70 UCS-2 units in one
 * part; a split message loses room to the part header (153 and 67 per part). An extension
 * character is never split from its escape, so a part may hold one septet fewer.
 */
export function smsLength(text: string): SmsLength {
  const chars = [...text];
  const gsm = chars.every((c) => BASIC.has(c) || EXTENSION.has(c));
  if (gsm) {
    const units = chars.reduce((sum, c) => sum + (EXTENSION.has(c) ? 2 : 1), 0);
    if (units <= 160) return { encoding: 'gsm7', units, parts: units === 0 ? 0 : 1, perPart: 160 };
    let parts = 1;
    let used = 0;
    for (const c of chars) {
      const size = EXTENSION.has(c) ? 2 : 1;
      if (used + size > 153) {
        parts += 1;
        used = 0;
      }
      used += size;
    }
    return { encoding: 'gsm7', units, parts, perPart: 160 };
  }
  // UTF-16 code units: an emoji outside the BMP takes two, and is not split either.
  const units = text.length;
  if (units <= 70) return { encoding: 'ucs2', units, parts: units === 0 ? 0 : 1, perPart: 70 };
  let parts = 1;
  let used = 0;
  for (const c of chars) {
    if (used + c.length > 67) {
      parts += 1;
      used = 0;
    }
    used += c.length;
  }
  return { encoding: 'ucs2', units, parts, perPart: 70 };
}

/** Whether a text goes as one SMS part (one charge). */
export const fitsOneSmsPart = (text: string): boolean => smsLength(text).parts <= 1;

/**
 * A delivery report as Africa's Talking posts it (form-encoded). Not strict: the provider adds
 * fields (`retryCount`, `cost`…) and a report must not be lost for one Soko does not read.
 */
export const smsDeliveryReportSchema = z.object({
  id: z.string().trim().min(1).max(200),
  status: z.string().trim().min(1).max(50),
  phoneNumber: z.string().max(40).optional(),
  networkCode: z.string().max(20).optional(),
  failureReason: z.string().max(200).optional(),
  retryCount: z.string().max(20).optional(),
});
export type SmsDeliveryReport = z.infer<typeof smsDeliveryReportSchema>;

export const smsDeliveryReportQuerySchema = z.object({ token: z.string().max(200).optional() });

/** Statuses that end a message's delivery; the others (`Sent`, `Buffered`…) are on the way. */
export const SMS_FINAL_DELIVERY_STATUSES = ['Success', 'Failed', 'Rejected', 'Expired'] as const;
