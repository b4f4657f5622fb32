// The admin's paged tables (spec section 9 page sizes): the database pages, the total travels
// in the X-Total-Count header so the list keeps the spec's plain-array shape.
import { z } from 'zod';
import { PAGE_SIZES } from './catalog-rules';
import { uuidSchema } from './common';
import { ORDER_STATUSES } from './order-state-rules';

/** A client may ask for smaller or larger pages, never an unbounded one. */
export const MAX_PAGE_SIZE = 100;

const pageFields = (defaultSize: number) => ({
  page: z.coerce.number('Must be a page number.').int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number('Must be a page size.')
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(defaultSize),
});
/** `page` and `pageSize` (up to MAX_PAGE_SIZE), strict: a paged list call's whole query. */
export const pageQuery = (defaultSize: number) => z.strictObject(pageFields(defaultSize));

const dayInNairobi = z.iso.date('Must be a date (YYYY-MM-DD).');

/**
 * What the admin's order list and its CSV export may be narrowed by. `q` is an order number,
 * an email or a phone number, whole or in part; `from` and `to` are days in Nairobi, both
 * included.
 */
const orderFilterFields = {
  q: z.string().trim().max(100, 'Must be at most 100 characters.').optional(),
  status: z.enum(ORDER_STATUSES, 'Must be an order state.').optional(),
  shopId: uuidSchema.optional(),
  from: dayInNairobi.optional(),
  to: dayInNairobi.optional(),
};

/** A range that ends before it starts is a mistake to point out, not an empty list. */
const withOrderedDays = <
  T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>,
>(
  schema: T,
) =>
  schema.refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'Must not be before From.',
    path: ['to'],
  });

/** GET /api/products?page=&pageSize= (admin): 5 a page unless told. */
export const adminProductsQuerySchema = pageQuery(PAGE_SIZES.adminProducts);
/** GET /api/order/getall?page=&pageSize=&q=&status=&shopId=&from=&to= (admin): 10 a page unless told. */
export const adminOrdersQuerySchema = withOrderedDays(
  z.strictObject({ ...pageFields(PAGE_SIZES.orders), ...orderFilterFields }),
);
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;
/** GET /api/order/export.csv (admin): the same filters, every matching order. */
export const adminOrdersExportQuerySchema = withOrderedDays(z.strictObject(orderFilterFields));
export type OrderFilter = z.infer<typeof adminOrdersExportQuerySchema>;
export type AdminPageQuery = z.infer<typeof adminProductsQuerySchema>;
