// A shop's catalogue as CSV (issue 32, decision 039): the columns export writes and import
// reads, one row per variant (a product without variants is one row), and the rules each row
// must meet. The server reads every cell as text; these schemas turn it into a product's values.
import { z } from 'zod';
import {
  IMAGE_LIMITS,
  IMAGE_LIMIT_MESSAGES,
  imageUrlSchema,
  optionalText,
  requiredText,
} from './common';
import { PRICING_TYPES } from './catalog-rules';
import { CATEGORY_NAME_MAX, MAX_STOCK, productPriceSchema, stockSchema } from './shops';

/** The header of each column, in the order export writes them, and the key a row holds it at. */
export const CATALOGUE_CSV_COLUMNS = [
  ['Product SKU', 'productSku'],
  ['SKU', 'sku'],
  ['Name', 'name'],
  ['Category', 'category'],
  ['Description', 'description'],
  ['Price (Ksh)', 'price'],
  ['Discount', 'discounts'],
  ['Discount label', 'discount'],
  ['Type', 'type'],
  ['Pricing type', 'pricingType'],
  ['Option name', 'variantName'],
  ['Option size', 'variantSize'],
  ['Stock', 'stock'],
  ['Pictures', 'pictures'],
] as const;
export type CatalogueCsvKey = (typeof CATALOGUE_CSV_COLUMNS)[number][1];
export const CATALOGUE_CSV_HEADERS = CATALOGUE_CSV_COLUMNS.map(([header]) => header);
export const catalogueCsvHeaderOf = Object.fromEntries(
  CATALOGUE_CSV_COLUMNS.map(([header, key]) => [key, header]),
) as Record<CatalogueCsvKey, string>;

/** A product's pictures share one cell, joined by this (a URL never holds ` | `). */
export const PICTURE_SEPARATOR = ' | ';

/** The largest CSV an import reads (10 MB, about 40,000 rows): refused whole above it. */
export const MAX_CATALOGUE_CSV_BYTES = 10 * 1024 * 1024;
export const CATALOGUE_CSV_TOO_LARGE =
  'The file is larger than 10 MB. Split it and import each part.';
/** At most this many row errors are listed (the count says how many there were). */
export const MAX_LISTED_ROW_ERRORS = 500;

export const SKU_MAX = 64;

/**
 * Export puts an apostrophe before a text cell that starts with = + - @, a tab or a carriage
 * return, so a spreadsheet shows it instead of running it (OWASP CSV injection); import takes it
 * off again, so an exported file imported again is the same catalogue.
 */
export function unescapeFormulaCell(cell: string): string {
  // csv-stringify also escapes the full-width forms of = + - @ (Apple Numbers reads them so).
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? cell.slice(1) : cell;
}

const skuSchema = z
  .string()
  .trim()
  .min(1, 'Give a SKU.')
  .max(SKU_MAX, `At most ${SKU_MAX} characters.`)
  .regex(/^[^\p{Cc}]+$/u, 'A SKU cannot hold control characters.');

/** A number typed into a spreadsheet: digits, an optional sign and decimals, commas grouping. */
const numberCell = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const plain = text.replaceAll(',', '');
      if (!pattern.test(plain)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(plain);
    });

const emptyAsNull = (text: string) => (text === '' ? null : text);

/** One data row, every cell as text (the CSV's), made into a product's and a variant's values. */
export const catalogueCsvRowSchema = z
  .strictObject({
    productSku: z.union([z.literal(''), skuSchema]),
    sku: skuSchema,
    name: requiredText(200, 'Give the product a name.'),
    category: requiredText(CATEGORY_NAME_MAX, 'Give the product a category.'),
    description: optionalText(20_000),
    price: numberCell(/^-?\d+(\.\d{1,2})?$/, 'Enter a price in Ksh, like 1500 or 1500.50.').pipe(
      productPriceSchema,
    ),
    discounts: optionalText(20).transform(emptyAsNull),
    discount: optionalText(100).transform(emptyAsNull),
    type: optionalText(100).transform(emptyAsNull),
    pricingType: z
      .string()
      .trim()
      .transform((text) => text || 'Fixed')
      .pipe(z.enum(PRICING_TYPES, `One of ${PRICING_TYPES.join(', ')}.`)),
    variantName: optionalText(100),
    variantSize: optionalText(100),
    stock: numberCell(/^-?\d+$/, 'Enter the stock as a whole number.').pipe(stockSchema),
    pictures: z
      .string()
      .transform((text) =>
        text
          .split('|')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(imageUrlSchema).max(IMAGE_LIMITS.product, IMAGE_LIMIT_MESSAGES.product)),
  })
  .refine((row) => row.variantName === '' || row.variantSize !== '', {
    message: 'An option with a name needs a size.',
    path: ['variantSize'],
  });
export type CatalogueCsvRow = z.output<typeof catalogueCsvRowSchema>;
export type CatalogueCsvCells = z.input<typeof catalogueCsvRowSchema>;

/** POST /api/property/shop/{shopId}/catalogue.csv?dryRun=true: check only, write nothing. */
export const catalogueImportQuerySchema = z.strictObject({
  dryRun: z.enum(['true', 'false']).optional(),
});

/** A row's problem: its row number as a spreadsheet shows it (the header is row 1). */
export const catalogueRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type CatalogueRowError = z.infer<typeof catalogueRowErrorSchema>;

const countsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

/** What an import did (or, in a dry run, would do), and each row's errors. */
export const catalogueImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  products: countsSchema,
  variants: countsSchema,
  /** Categories named in the file that the shop did not have: the import creates them. */
  newCategories: z.array(z.string()),
  errorCount: z.number().int(),
  errors: z.array(catalogueRowErrorSchema),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;

/** The `details` of a refused import (400 invalid_rows): the rows' errors, nothing written. */
export const catalogueImportRefusalSchema = z.object({
  errorCount: z.number().int(),
  errors: z.array(catalogueRowErrorSchema),
});

/** Headroom check: a product's variants summed stay within MAX_STOCK (the form's rule too). */
export const CATALOGUE_STOCK_SUM_MESSAGE = `The options’ stock adds up to more than ${MAX_STOCK.toLocaleString('en-US')}.`;
