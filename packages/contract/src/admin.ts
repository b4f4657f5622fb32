// The admin's paged tables (spec section 9 page sizes): the database pages, the total travels
// in the X-Total-Count header so the list keeps the spec's plain-array shape.
import { z } from 'zod';
import { PAGE_SIZES } from './catalog-rules';

/** The header that carries how many rows all pages hold. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** A client may ask for smaller or larger pages, never an unbounded one. */
export const MAX_PAGE_SIZE = 100;

const pageQuery = (defaultSize: number) =>
  z.strictObject({
    page: z.coerce.number('Must be a page number.').int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number('Must be a page size.')
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .default(defaultSize),
  });

/** GET /api/products?page=&pageSize= (admin): 5 a page unless told. */
export const adminProductsQuerySchema = pageQuery(PAGE_SIZES.adminProducts);
/** GET /api/order/getall?page=&pageSize= (admin): 10 a page unless told. */
export const adminOrdersQuerySchema = pageQuery(PAGE_SIZES.orders);
export type AdminPageQuery = z.infer<typeof adminProductsQuerySchema>;
