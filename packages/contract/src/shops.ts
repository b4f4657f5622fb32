import { z } from 'zod';
import {
  IMAGE_LIMITS,
  IMAGE_LIMIT_MESSAGES,
  httpUrlSchema,
  imageUrlSchema,
  optionalText,
  requiredText,
  uuidSchema,
} from './common';
import { operationPeriodsSchema, pricingTypeSchema } from './catalog';
import { pageQuery } from './admin';
import { countySchema } from './counties';
import { emailSchema } from './email';
import { normalizeMpesaPhone } from './orders';
import { taxTypeSchema } from './tax';

// A shop's contact line may be a landline or a foreign number, so this is looser than the
// checkout's Kenyan mobile rule.
export const contactPhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[\d\s()-]{7,20}$/, 'Enter a phone number.');

export const MAX_PER_ORDER_LIMIT = 1000;

/** The seller's page shows the description under the shop's name: a line or two, not a policy. */
export const SHOP_DESCRIPTION_MAX = 300;

export const WHATSAPP_NUMBER_MESSAGE =
  'Enter a WhatsApp number such as 0712 345 678, or another country’s with its code (+255 …).';

/**
 * The number a seller's WhatsApp chat goes to, in the form wa.me links take once the digits are
 * kept: a Kenyan mobile in any form people type it (07…, 7…, 254…, +254…, as normalizeMpesaPhone
 * reads them) becomes +2547XXXXXXXX / +2541XXXXXXXX, the form orders and verified phones are
 * stored in; any other must carry its country code (+ and 8 to 15 digits, E.164), since wa.me
 * cannot guess one. Null for anything else.
 */
export function normalizeWhatsappNumber(value: string): string | null {
  const kenyan = normalizeMpesaPhone(value);
  if (kenyan) return `+${kenyan}`;
  const compact = value.trim().replace(/[\s()-]+/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

/** Validates only (as kenyanPhoneSchema does); the server stores normalizeWhatsappNumber(value). */
const whatsappNumberSchema = z
  .string()
  .trim()
  .max(24, WHATSAPP_NUMBER_MESSAGE)
  .refine(
    (value) => value === '' || normalizeWhatsappNumber(value) !== null,
    WHATSAPP_NUMBER_MESSAGE,
  );
/**
 * Low-stock alerts (decision 041): the owner is mailed once when an item's stock (a variant's,
 * or a product's without variants) goes from above its threshold to at or below it. A shop's
 * default applies to every product that sets none of its own.
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** A threshold as high as the most stock an item may have (MAX_STOCK) would mean "always low". */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;
export const lowStockThresholdSchema = z
  .number('Enter a number.')
  .int('Enter a whole number.')
  .min(0, 'Cannot be negative.')
  .max(MAX_LOW_STOCK_THRESHOLD, `At most ${MAX_LOW_STOCK_THRESHOLD.toLocaleString('en-US')}.`);

const shopImagesSchema = z
  .array(imageUrlSchema)
  .max(IMAGE_LIMITS.shop, IMAGE_LIMIT_MESSAGES.shop)
  .default([]);

/**
 * POST /api/property/shop/create and PUT /api/property/shop/update/{id}. An update replaces
 * the whole shop, so every optional field has its default. `owner` and `owneremail` are
 * display fields: the owning account comes from the session.
 */
export const shopInputSchema = z.strictObject({
  name: requiredText(100, 'Shop name is required.'),
  owner: requiredText(100, "Owner's name is required."),
  owneremail: emailSchema,
  contact: z.strictObject({ email: emailSchema, phoneno: contactPhoneSchema }),
  location: z.strictObject({
    address: requiredText(300, 'Address is required.'),
    mapurl: z.array(httpUrlSchema).max(10, 'At most 10 map links.').default([]),
  }),
  operationperiods: operationPeriodsSchema.default({}),
  companypolicy: optionalText(5000).default(''),
  socialmedialinks: z.array(httpUrlSchema).max(20, 'At most 20 links.').default([]),
  payonorder: z.boolean().default(true),
  /** The most of one item (or one variant) an order may take: its stock is held until paid. */
  maxPerOrder: z
    .number('Enter a number.')
    .int('Enter a whole number.')
    .min(1, 'At least 1.')
    .max(MAX_PER_ORDER_LIMIT, `At most ${MAX_PER_ORDER_LIMIT}.`)
    .default(10),
  /** Stock at or below this is low: the owner is mailed once as an item crosses it. */
  lowStockThreshold: lowStockThresholdSchema.default(DEFAULT_LOW_STOCK_THRESHOLD),
  imageUrls: shopImagesSchema,
  promotionalimages: shopImagesSchema,
  /** The seller's logo on its page and beside its name: one uploaded picture, or none. */
  logoUrl: imageUrlSchema.nullable().default(null),
  /** A line or two under the shop's name on its page (and the page's meta description). */
  description: optionalText(SHOP_DESCRIPTION_MAX).default(''),
  /** The county the shop is in, shown with its address; null when the owner has not said. */
  county: countySchema.nullable().default(null),
  /** The seller's own WhatsApp chat; '' or absent: shoppers chat with the marketplace. */
  whatsapp: whatsappNumberSchema.default(''),
});
/**
 * POST /api/property/shop/create. An admin may open the shop for someone else: the account
 * with `ownerAccountEmail` becomes its owner (DESIGN: the admin variant of Shop Management).
 */
export const shopCreateSchema = shopInputSchema.extend({
  ownerAccountEmail: emailSchema.optional(),
});
export type ShopCreateInput = z.input<typeof shopCreateSchema>;

/** What a client sends (optional fields may be left out). */
export type ShopInput = z.input<typeof shopInputSchema>;
/** What the server receives after parsing (defaults filled in). */
export type ParsedShopInput = z.output<typeof shopInputSchema>;

/** A list typed as comma-separated text (map links, social links): trimmed, empties dropped. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A category's name, in UTF-16 units as zod counts them; a longer one names no category. */
export const CATEGORY_NAME_MAX = 100;

/** POST /api/property/category/create and PUT /api/property/categories/{categoryId}. */
export const categoryInputSchema = z.strictObject({
  shopId: uuidSchema,
  categoryData: z.strictObject({
    name: requiredText(CATEGORY_NAME_MAX, 'Category name is required'),
    imageUrls: z
      .array(imageUrlSchema)
      .max(IMAGE_LIMITS.category, IMAGE_LIMIT_MESSAGES.category)
      .optional(),
  }),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

// Prices are stored as integer cents in a 32-bit column; this cap keeps them far inside it.
const MAX_PRICE_KSH = 10_000_000;

export const productPriceSchema = z
  .number('Enter a price.')
  .min(0, 'A price cannot be negative.')
  .max(MAX_PRICE_KSH, 'That price is too high.');
export const discountsSchema = z.union([z.string().trim().max(20), z.number()]).nullable();
const discountTextSchema = optionalText(100).nullable();

/**
 * The most units one product (its variants summed) or one variant may have. Stock is a 32-bit
 * column, so 2^31 cannot be stored at all; this bound keeps a product's stock, an owner's
 * change applied to it (stockAfterEdit) and units given back by cancelled orders far inside it.
 */
export const MAX_STOCK = 1_000_000;
export const STOCK_MESSAGES = {
  tooMuch: `At most ${MAX_STOCK.toLocaleString('en-US')} in stock.`,
  summedTooMuch: `The variants’ stock adds up to more than ${MAX_STOCK.toLocaleString('en-US')}.`,
} as const;

export const stockSchema = z
  .number('Enter the stock.')
  .int('Enter a whole number.')
  .min(0, 'Stock cannot be negative.')
  .max(MAX_STOCK, STOCK_MESSAGES.tooMuch);
/**
 * The stock the form showed when it was loaded. When sent, the server applies the owner's change
 * (stock - stockSeen) to the stock as it is now, so units sold while the form was open are not
 * put back on sale; without it, `stock` is taken as it is.
 */
const stockSeenSchema = z.number().int().min(0).optional();

export const productVariantInputSchema = z.strictObject({
  _id: uuidSchema.optional(),
  name: optionalText(100).optional(),
  size: requiredText(100, 'Variant size is required.'),
  stock: stockSchema,
  stockSeen: stockSeenSchema,
});
export type ProductVariantInput = z.infer<typeof productVariantInputSchema>;

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 20_000;
/**
 * A product's Swahili text, shown on Kiswahili pages in place of the English (decision 050):
 * as long as its English field may be; blank is none, stored as null (the English is shown).
 */
const swahiliText = (max: number) => optionalText(max).nullable().optional();

/** POST /api/property/products/{shopId} and PUT /api/property/products/{productId}/{shopId}. */
export const ownerProductInputSchema = z
  .strictObject({
    name: requiredText(PRODUCT_NAME_MAX, 'Product name is required.'),
    description: optionalText(PRODUCT_DESCRIPTION_MAX).optional(),
    /** Its Swahili name and description (decision 050); blank, null or left out: none. */
    nameSw: swahiliText(PRODUCT_NAME_MAX),
    descriptionSw: swahiliText(PRODUCT_DESCRIPTION_MAX),
    price: productPriceSchema,
    discounts: discountsSchema.optional(),
    discount: discountTextSchema.optional(),
    /** Ignored when the product has variants: its stock is then theirs summed. */
    stock: stockSchema,
    stockSeen: stockSeenSchema,
    Type: optionalText(100).nullable().optional(),
    /** Its KRA tax type; null or left out: the shop's default (B when VAT-registered, else D). */
    taxType: taxTypeSchema.nullable().optional(),
    pricingType: pricingTypeSchema.optional(),
    variants: z.array(productVariantInputSchema).max(50, 'At most 50 variants.').optional(),
    /** This product's own low-stock threshold; null or left out: the shop's default. */
    lowStockThreshold: lowStockThresholdSchema.nullable().optional(),
    imageUrls: z
      .array(imageUrlSchema)
      .max(IMAGE_LIMITS.product, IMAGE_LIMIT_MESSAGES.product)
      .optional(),
    categoryId: uuidSchema,
  })
  // A product with variants has their stock summed (the server ignores `stock` then).
  .refine((input) => (input.variants ?? []).reduce((sum, v) => sum + v.stock, 0) <= MAX_STOCK, {
    message: STOCK_MESSAGES.summedTooMuch,
    path: ['variants'],
  });
export type OwnerProductInput = z.infer<typeof ownerProductInputSchema>;

/**
 * PUT /api/products/{id}: the columns the admin table edits. Count (units sold) and the
 * category are derived, so they are not accepted.
 */
export const adminProductUpdateSchema = z.strictObject({
  name: requiredText(PRODUCT_NAME_MAX, 'Product name is required.').optional(),
  description: optionalText(PRODUCT_DESCRIPTION_MAX).optional(),
  nameSw: swahiliText(PRODUCT_NAME_MAX),
  descriptionSw: swahiliText(PRODUCT_DESCRIPTION_MAX),
  price: productPriceSchema.optional(),
  discounts: discountsSchema.optional(),
  discount: discountTextSchema.optional(),
});
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

/** Path ids are plain strings: an unknown id, well-formed or not, is a 404. */
export const shopIdParamsSchema = z.object({ shopId: z.string().min(1) });
export type ShopIdParams = z.infer<typeof shopIdParamsSchema>;
export const categoryIdParamsSchema = z.object({ categoryId: z.string().min(1) });

/** The owner's products column: this many a page unless asked (issue 16: no unbounded list). */
export const OWNER_PRODUCTS_PAGE_SIZE = 20;

/**
 * GET /api/property/categories/{categoryId}/products?page=&pageSize=: a page of the category's
 * products, newest first; the total comes in X-Total-Count, so the answer stays the spec's list.
 */
export const ownerProductsQuerySchema = pageQuery(OWNER_PRODUCTS_PAGE_SIZE);
export type OwnerProductsQuery = z.infer<typeof ownerProductsQuerySchema>;
export const productShopParamsSchema = z.object({
  productId: z.string().min(1),
  shopId: z.string().min(1),
});
export const idParamsSchema = z.object({ id: z.string().min(1) });

/** DELETE of a category or product: what was removed. */
export const deletedResponseSchema = z.object({ _id: z.string(), deleted: z.literal(true) });
export type DeletedResponse = z.infer<typeof deletedResponseSchema>;
