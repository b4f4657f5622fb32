// The shopper's rights over their data (issue 34, DESIGN.md "Data rights"; decision 048): the
// privacy notice each tenant shows, the export of everything held about the signed-in person,
// and the log of data requests admins read.
import { z } from 'zod';

// The privacy notice: plain paragraphs (a blank line between two), no markup.
export const PRIVACY_NOTICE_MAX = 20_000;

export const privacyNoticeSchema = z.object({
  /** The shop the notice names as responsible (the data controller). */
  shopName: z.string(),
  text: z.string(),
  /** Whether this is the built-in notice (no admin has written one for this shop yet). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

export const updatePrivacyNoticeSchema = z.strictObject({
  text: z
    .string('Write the privacy notice.')
    .trim()
    .min(1, 'Write the privacy notice.')
    .max(PRIVACY_NOTICE_MAX, `Keep the notice under ${PRIVACY_NOTICE_MAX} characters.`),
});
export type UpdatePrivacyNotice = z.infer<typeof updatePrivacyNoticeSchema>;

/** The notice's paragraphs, as the page shows them: split at blank lines. */
export const privacyParagraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

// The log of data requests (admins).
export const DATA_REQUEST_KINDS = ['export', 'deletion', 'unsubscribe'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUESTS_PAGE_SIZE = 50;

export const dataRequestsQuerySchema = z.strictObject({
  page: z.coerce.number('Must be a page number.').int().min(1).max(100_000).default(1),
});

export const dataRequestSchema = z.object({
  _id: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  /** A keyed hash of the person's account (or of the consent a link named): never an address. */
  reference: z.string(),
  /** What it covered: "newsletter by email, one-click", "account and 3 orders"… */
  detail: z.string(),
  at: z.string(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

export const dataRequestPageSchema = z.object({
  requests: z.array(dataRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DataRequestPage = z.infer<typeof dataRequestPageSchema>;

/** The export's bounds: a shopper with more orders than this gets the newest (said in the file). */
export const EXPORT_MAX_ORDERS = 1_000;
export const EXPORT_MAX_MESSAGES = 2_000;

/** The file's name for a day (YYYY-MM-DD). */
export const exportFileName = (day: string) => `soko-data-${day}.json`;
