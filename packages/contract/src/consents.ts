// Marketing consent (issue 30, DESIGN.md "Messages" and "Data rights"; decision 033). The Kenya
// Data Protection Act asks for express, specific and informed consent, recorded with what was
// agreed, when and where, and a withdrawal as easy as the giving. The texts people agree to live
// here, versioned: a record names the version shown, so a later rewording never changes what an
// earlier subscriber agreed to. Change a text by adding a new version, never by editing one.
import { z } from 'zod';
import type { MessageChannel, MessageKind } from './messages';
import { kenyanPhoneSchema } from './orders';
import type { Locale } from './locale';
import { PROBLEM_TEXTS } from './problem-texts';

/** What the consent is for: the newsletter, or offers and promotions. */
export const CONSENT_PURPOSES = ['newsletter', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where it was given: the form the person used. */
export const CONSENT_SOURCES = ['footer_newsletter', 'signup', 'account'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * How it was withdrawn: the page a mail's link opens, a mail program's one-click unsubscribe
 * (RFC 8058), or the account's Marketing preference.
 */
export const CONSENT_WITHDRAWALS = ['unsubscribe_link', 'one_click', 'account'] as const;
export type ConsentWithdrawal = (typeof CONSENT_WITHDRAWALS)[number];

export type ConsentText = {
  version: string;
  purpose: ConsentPurpose;
  channel: MessageChannel;
  /** The language it was shown in (decision 050): each language's wording is a version. */
  locale: Locale;
  text: string;
};

/** Every text anyone was ever asked to agree to. Append only. */
export const CONSENT_TEXTS = [
  {
    version: 'newsletter-email-1',
    purpose: 'newsletter',
    channel: 'email',
    locale: 'en',
    text: 'We will email you our newsletter: new products, offers and news. Every newsletter has a link to unsubscribe in one click.',
  },
  {
    version: 'marketing-sms-1',
    purpose: 'marketing',
    channel: 'sms',
    locale: 'en',
    text: 'We will send offers by SMS to this number. Every offer ends with STOP *456*9*5#, and you can turn them off here at any time.',
  },
  {
    version: 'newsletter-email-1-sw',
    purpose: 'newsletter',
    channel: 'email',
    locale: 'sw',
    text: 'Tutakutumia jarida letu kwa barua pepe: bidhaa mpya, ofa na habari. Kila jarida lina kiungo cha kujiondoa kwa mbofyo mmoja.',
  },
  {
    version: 'marketing-sms-1-sw',
    purpose: 'marketing',
    channel: 'sms',
    locale: 'sw',
    text: 'Tutatuma ofa kwa SMS kwa nambari hii. Kila ofa inaishia na STOP *456*9*5#, na unaweza kuzizima hapa wakati wowote.',
  },
] as const satisfies readonly ConsentText[];

export type ConsentVersion = (typeof CONSENT_TEXTS)[number]['version'];

/**
 * The text shown now for each purpose and channel that can be agreed to, in each language: a
 * consent given on a Kiswahili page records the Swahili wording's version (decision 050).
 */
export const CURRENT_CONSENT_TEXTS = {
  en: { newsletterEmail: CONSENT_TEXTS[0], marketingSms: CONSENT_TEXTS[1] },
  sw: { newsletterEmail: CONSENT_TEXTS[2], marketingSms: CONSENT_TEXTS[3] },
} as const satisfies Record<Locale, Record<string, ConsentText>>;

/** Which purpose a marketing message needs consent for. */
export const MARKETING_PURPOSE_OF: Partial<Record<MessageKind, ConsentPurpose>> = {
  newsletter: 'newsletter',
  promotion: 'marketing',
};

/** Safaricom's opt-out line, which every promotional SMS ends with (reference/messages.md). */
export const SMS_OPT_OUT_LINE = 'STOP *456*9*5#';

// The account page's Marketing preference.
export const marketingPreferencesSchema = z.object({
  /** The account's email, which the newsletter goes to. */
  email: z.string(),
  newsletter: z.boolean(),
  smsOffers: z.boolean(),
  /** The number SMS offers go to (the live consent's), if any. */
  phone: z.string().nullable(),
});
export type MarketingPreferences = z.infer<typeof marketingPreferencesSchema>;

export const SMS_PHONE_REQUIRED_MESSAGE = PROBLEM_TEXTS.smsOffersPhone;

export const updateMarketingPreferencesSchema = z
  .strictObject({
    newsletter: z.boolean('Choose whether to get the newsletter.'),
    smsOffers: z.boolean('Choose whether to get offers by SMS.'),
    phone: kenyanPhoneSchema.or(z.literal('')).optional(),
  })
  .refine((body) => !body.smsOffers || Boolean(body.phone), {
    path: ['phone'],
    message: SMS_PHONE_REQUIRED_MESSAGE,
  });
export type UpdateMarketingPreferences = z.infer<typeof updateMarketingPreferencesSchema>;

// Unsubscribing (RFC 8058 one-click, and the page a mail's link opens).
export const unsubscribeParamsSchema = z.object({ token: z.string().max(200) });

export const unsubscribeResponseSchema = z.object({
  unsubscribed: z.literal(true),
  purpose: z.enum(CONSENT_PURPOSES),
  channel: z.enum(['email', 'sms']),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

export const UNSUBSCRIBE_LINK_INVALID_MESSAGE = PROBLEM_TEXTS.unsubscribeLinkInvalid;

// An admin sending the newsletter.
export const NEWSLETTER_SUBJECT_MAX = 200;
export const NEWSLETTER_BODY_MAX = 20_000;
export const sendNewsletterBodySchema = z.strictObject({
  subject: z
    .string('Enter a subject.')
    .trim()
    .min(1, 'Enter a subject.')
    .max(NEWSLETTER_SUBJECT_MAX, `Keep the subject under ${NEWSLETTER_SUBJECT_MAX} characters.`),
  body: z
    .string('Write the newsletter.')
    .trim()
    .min(1, 'Write the newsletter.')
    .max(NEWSLETTER_BODY_MAX, `Keep the newsletter under ${NEWSLETTER_BODY_MAX} characters.`),
});
export type SendNewsletterBody = z.infer<typeof sendNewsletterBodySchema>;

export const sendNewsletterResponseSchema = z.object({
  /** Mails queued: one per address with live consent. */
  queued: z.number().int(),
});
export type SendNewsletterResponse = z.infer<typeof sendNewsletterResponseSchema>;

// Reminders about unpaid orders (decision 043). An online order that lapsed unpaid gets one
// reminder unless its email, its phone or its account opted out. An opt-out is a row recording
// when and how; turning reminders back on marks it withdrawn, as a consent's withdrawal is.

/** How an opt-out was recorded, or withdrawn: a reminder's link, a mail program's one-click, the account. */
export const REMINDER_OPT_OUT_WAYS = ['link', 'one_click', 'account'] as const;
export type ReminderOptOutWay = (typeof REMINDER_OPT_OUT_WAYS)[number];

/** GET /api/user/reminders: whether the account gets reminders about its unpaid orders. */
export const reminderPreferencesSchema = z.object({ unpaidOrders: z.boolean() });
export type ReminderPreferences = z.infer<typeof reminderPreferencesSchema>;

/** PUT /api/user/reminders */
export const updateReminderPreferencesSchema = z.strictObject({
  unpaidOrders: z.boolean('Choose whether to get reminders about unpaid orders.'),
});
export type UpdateReminderPreferences = z.infer<typeof updateReminderPreferencesSchema>;

/** POST /api/reminders/opt-out/:token and /opt-in/:token: where the reminder's addresses stand now. */
export const reminderOptOutResponseSchema = z.object({ optedOut: z.boolean() });
export type ReminderOptOutResponse = z.infer<typeof reminderOptOutResponseSchema>;

export const REMINDER_LINK_INVALID_MESSAGE = PROBLEM_TEXTS.reminderLinkInvalid;
