import { z } from 'zod';
import { partDeliverySchema } from './delivery';

export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'out_of_stock',
  'total_mismatch',
  'payment_required',
  'order_closed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'payment_unavailable',
  'service_unavailable',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The HTTP status each code is sent with. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  out_of_stock: 409,
  total_mismatch: 409,
  payment_required: 409,
  order_closed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  payment_unavailable: 502,
  service_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

// `code` stays a plain string so a client keeps working when the server adds a code.
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path ('contact.email', 'items.0.quantity') -> message, for forms. */
    fields: z.record(z.string(), z.string()).optional(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** `details` of an out_of_stock error: what can still be bought of that line. */
export const outOfStockDetailsSchema = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  available: z.number().int().min(0),
});
export type OutOfStockDetails = z.infer<typeof outOfStockDetailsSchema>;

/**
 * `details` of a total_mismatch error: the server's figures in Ksh, and each line's current unit
 * price, so the checkout can show what changed.
 */
export const totalMismatchDetailsSchema = z.object({
  expected: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  items: z.array(
    z.object({ productId: z.string(), variantId: z.string().nullable(), price: z.number() }),
  ),
  /** Each shop part's delivery fee in Ksh and where it goes (decision 035). */
  delivery: z.array(partDeliverySchema).optional(),
});
export type TotalMismatchDetails = z.infer<typeof totalMismatchDetailsSchema>;

/** The error body of a response, or null when the body is not one. */
export function parseApiError(body: unknown): ApiError | null {
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** A zod error as `fields`: the first message for each dotted path ('' for the whole body). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    fields[path] ??= issue.message;
  }
  return fields;
}
