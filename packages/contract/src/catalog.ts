import { z } from 'zod';
import { PAGE_SIZES, PRICING_TYPES, WEEKDAYS } from './catalog-rules';
import { uuidSchema } from './common';
import { SORT_OPTIONS, type SortKey } from './sorting';
import { productVatSchema, taxTypeSchema } from './tax';

export * from './catalog-rules';

// ---------------------------------------------------------------------------------------------
// Response schemas (what the server sends; not strict)

const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const pricingTypeSchema = z.enum(PRICING_TYPES);
export type PricingType = z.infer<typeof pricingTypeSchema>;

export const variantSchema = z.object({
  _id: uuidSchema,
  name: z.string(),
  size: z.string(),
  stock: z.number().int().min(0),
});
export type Variant = z.infer<typeof variantSchema>;

export const productSchema = z.object({
  _id: uuidSchema,
  name: z.string(),
  description: z.string(),
  /**
   * The owner's Swahili name and description, null when not given (decision 050). Both languages
   * travel in every answer, so the API's answers are one per product whatever the page's language;
   * screens choose with productName and productDescription.
   */
  nameSw: z.string().nullable(),
  descriptionSw: z.string().nullable(),
  /** Ksh, before any discount. */
  price: z.number(),
  /** A percentage as entered (15 or '15%'); see parseDiscountPercent. */
  discounts: z.union([z.string(), z.number()]).nullable(),
  /** Free text shown in the admin table. */
  discount: z.string().nullable(),
  /** Units sold. */
  count: z.number().int(),
  /** Units that can still be bought (the sum of the variants' stock when there are variants). */
  stock: z.number().int(),
  /** The most of this item (or of one variant) one order may take: the shop's setting. */
  maxPerOrder: z.number().int().min(1),
  /** Its own low-stock threshold, or null when it follows the shop's (decision 041). */
  lowStockThreshold: z.number().int().min(0).nullable().optional(),
  Type: z.string().nullable(),
  /** Its own KRA tax type; null follows the shop (decision 044). Optional: older clients' data. */
  taxType: taxTypeSchema.nullable().optional(),
  /**
   * The VAT one unit holds at the price the shopper pays, when its shop is VAT-registered and its
   * type carries VAT (B, E); null otherwise. Decided by the server from the shop's tax profile.
   */
  vat: productVatSchema.nullable().optional(),
  pricingType: pricingTypeSchema,
  variants: z.array(variantSchema),
  imageUrls: z.array(z.string()),
  /**
   * The spec's product field `images` (section 3), which it lists beside `imageUrls` without a
   * shape of its own: the same pictures' addresses in the same order, so a client written
   * for either name finds the gallery.
   */
  images: z.array(z.string()),
  categoryId: uuidSchema,
  /** The category's name. */
  category: z.string(),
  shopId: uuidSchema,
  /** The selling shop's name ("Sold by" outside the shop's own host). */
  shopName: z.string(),
  /** The shop owner's user id, used in product URLs. */
  userId: uuidSchema,
  rating: z.object({ average: z.number(), count: z.number().int() }),
  createdAt: isoDateTimeSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.array(productSchema);
/** GET /api/listing/category-types: type labels, 'All' not among them. */
export const categoryTypesResponseSchema = z.array(z.string());

export const weekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof weekdaySchema>;

const clockTimeSchema = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 08:30.');

// Strict because shop create/update bodies use it too. Closing before opening is allowed:
// a shop may close after midnight.
export const operationPeriodSchema = z.strictObject({
  open: clockTimeSchema,
  close: clockTimeSchema,
});
export const operationPeriodsSchema = z.partialRecord(weekdaySchema, operationPeriodSchema);
export type OperationPeriods = z.infer<typeof operationPeriodsSchema>;

export const shopSchema = z.object({
  _id: uuidSchema,
  name: z.string(),
  owner: z.string(),
  owneremail: z.string(),
  contact: z.object({ email: z.string(), phoneno: z.string() }),
  location: z.object({ address: z.string(), mapurl: z.array(z.string()) }),
  operationperiods: operationPeriodsSchema,
  companypolicy: z.string(),
  socialmedialinks: z.array(z.string()),
  /** true: the shopper pays online when ordering; false: pay on delivery. */
  payonorder: z.boolean(),
  maxPerOrder: z.number().int().min(1),
  /** The shop's default low-stock threshold (decision 041). */
  lowStockThreshold: z.number().int().min(0).optional(),
  imageUrls: z.array(z.string()),
  promotionalimages: z.array(z.string()),
  /** The owning account. */
  userId: uuidSchema,
  logoUrl: z.string().nullable(),
  description: z.string(),
  county: z.string().nullable(),
  /** The seller's WhatsApp number (+ and digits, e.g. +254712345678), null when not set. */
  whatsapp: z.string().nullable(),
});
export type Shop = z.infer<typeof shopSchema>;

export const metadataResponseSchema = z.array(shopSchema);
export const shopListResponseSchema = z.array(shopSchema);

export const categorySchema = z.object({
  _id: uuidSchema,
  name: z.string(),
  shopId: uuidSchema,
  imageUrls: z.array(z.string()),
  products: z.array(productSchema),
  /**
   * How many products the category has in all, where `products` may hold only the first of them
   * (the owner's category list, which answers each category's newest few).
   */
  productCount: z.number().int().nonnegative().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponseSchema = z.array(categorySchema);

export const listingSchema = z.object({
  /** The shop's id. */
  _id: uuidSchema,
  shopId: uuidSchema,
  name: z.string(),
  imageUrls: z.array(z.string()),
  promotionalimages: z.array(z.string()),
  payonorder: z.boolean(),
  categories: z.array(categorySchema),
});
export type Listing = z.infer<typeof listingSchema>;

export const listingResponseSchema = z.array(listingSchema);

// ---------------------------------------------------------------------------------------------
// Catalog queries

// Listing pages (docs/decisions/017-listing-pages.md): no answer grows with the catalogue.
// Without parameters a listing call answers its first page in the spec's array shape; the
// total travels in the X-Total-Count header.

/** The most products one listing page may hold (four rows of a 12-column-friendly grid). */
export const LISTING_MAX_PAGE_SIZE = 48;
/**
 * The most products getlisting and a shop's listing embed under one category: the category
 * grid's page (spec 9). With more (or more than one shop a page) a shop of a few categories
 * passes 64 KB (bench/listing-size.mjs).
 */
export const LISTING_MAX_PER_CATEGORY = PAGE_SIZES.category;

/** The last page number a listing call takes: past it the call (and the page) answer 400. */
export const LISTING_MAX_PAGE = 100_000;

const pageNumber = z.coerce
  .number('Must be a page number.')
  .int()
  .min(1)
  .max(LISTING_MAX_PAGE)
  .default(1);
const bounded = (max: number, fallback: number, what: string) =>
  z.coerce.number(`Must be ${what}.`).int().min(1).max(max).default(fallback);

export const productSortSchema = z.enum(
  SORT_OPTIONS.map((option) => option.value),
  'Must be one of featured, newest, price-asc, price-desc, popular.',
);

/** GET /api/listing/gellisting?page=&pageSize=&sort=: 9 a page (spec 9), newest first. */
export const productsPageQuerySchema = z.strictObject({
  page: pageNumber,
  pageSize: bounded(LISTING_MAX_PAGE_SIZE, PAGE_SIZES.publicListing, 'a page size'),
  sort: productSortSchema.default('featured'),
});
export type ProductsPageQuery = z.infer<typeof productsPageQuerySchema>;

/**
 * GET /api/listing/products: by category id (related products, a dozen at most) or by category
 * name, a page at a time (decision 017): `page`, `pageSize` (8 unless told), `sort` and the
 * 'Filter by Type' label `type` apply to the name; the total comes in X-Total-Count.
 */
export const relatedProductsQuerySchema = z
  .object({
    category: uuidSchema.optional(),
    exclude: uuidSchema.optional(),
    categoryName: z.string().trim().min(1).max(100).optional(),
    page: pageNumber,
    pageSize: bounded(LISTING_MAX_PAGE_SIZE, PAGE_SIZES.category, 'a page size'),
    sort: productSortSchema.default('featured'),
    type: z.string().trim().min(1).max(100).optional(),
  })
  .refine((query) => query.category !== undefined || query.categoryName !== undefined, {
    message: 'Give a category or a categoryName.',
    path: ['category'],
  });
export type RelatedProductsQuery = z.infer<typeof relatedProductsQuerySchema>;

/** GET /api/listing/category-types?categoryName=: the 'Filter by Type' labels of a category. */
export const categoryTypesQuerySchema = z.strictObject({
  categoryName: z.string().trim().min(1).max(100),
});

/** The order each public listing screen asks for (All Products may change it with ?sort=). */
export const LISTING_PAGE_SORT = {
  '/alllisting': 'featured',
  '/new-arrival': 'newest',
  '/PopularChoises': 'popular',
} as const satisfies Record<string, SortKey>;

/** A page of products with how many all pages hold (the body plus X-Total-Count). */
export type ProductsPage = { products: Product[]; total: number };

/**
 * GET /api/listing/getlisting?page=&perCategory=: one shop a page (page 1 the tenant's), each
 * category with its newest `perCategory` products (8 unless told, at most 8).
 */
export const listingPageQuerySchema = z.strictObject({
  page: pageNumber,
  perCategory: bounded(LISTING_MAX_PER_CATEGORY, PAGE_SIZES.category, 'a number of products'),
});
export type ListingPageQuery = z.infer<typeof listingPageQuerySchema>;

/** GET /api/listing/shop/:shopId?perCategory=: the shop's categories, each with its first products. */
export const shopListingQuerySchema = z.strictObject({
  perCategory: bounded(LISTING_MAX_PER_CATEGORY, PAGE_SIZES.category, 'a number of products'),
});

/** Not forced to a uuid: an unknown id, well-formed or not, is a 404. */
export const productIdParamsSchema = z.object({ productId: z.string().min(1) });

// ---------------------------------------------------------------------------------------------
// Tenant

export const seoSchema = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  url: z.string(),
});
export type Seo = z.infer<typeof seoSchema>;

export const whatsappSchema = z.object({
  phoneNumber: z.string(),
  accountName: z.string(),
  chatMessage: z.string(),
  avatar: z.string(),
  statusMessage: z.string(),
});
export type Whatsapp = z.infer<typeof whatsappSchema>;

export const tenantSchema = z.object({
  seo: seoSchema,
  whatsapp: whatsappSchema.nullable(),
});
export type Tenant = z.infer<typeof tenantSchema>;
