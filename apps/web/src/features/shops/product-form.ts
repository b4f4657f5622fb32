// The product form's values and the API body they stand for (spec sections 3 and 4): add mode
// without an _id, edit mode with one. Stock is the variants' sum when there are variants (the
// server derives it the same way); count (units sold) is the server's and is never sent.
import { z } from 'zod';
import {
  ownerProductInputSchema,
  type OwnerProductInput,
  type PricingType,
  type Product,
  type TaxType,
} from '@soko/contract';

export interface VariantFormValues {
  /** Kept for an existing variant, so the server updates it rather than making a new one. */
  _id?: string;
  /** The variant's own name when it has one; the form edits the size. */
  name?: string;
  size: string;
  stock: number;
  /** The stock shown when the form was loaded: the server applies the owner's change to it. */
  stockSeen?: number;
}

export interface ProductFormValues {
  name: string;
  description: string;
  /** Shown on Kiswahili pages in place of the English; blank is none (decision 050). */
  nameSw: string;
  descriptionSw: string;
  price: number;
  discounts: string;
  stock: number;
  /** The stock shown when the form was loaded (edit mode). */
  stockSeen?: number;
  Type: string;
  pricingType: PricingType;
  variants: VariantFormValues[];
  /** Its own low-stock threshold as typed; blank follows the shop's (decision 041). */
  lowStockThreshold: string;
  /** Its KRA tax type, A to E; '' follows the shop (decision 044). */
  taxType: string;
}

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    description: '',
    nameSw: '',
    descriptionSw: '',
    price: Number.NaN,
    discounts: '',
    stock: 0,
    Type: '',
    pricingType: 'Fixed',
    variants: [],
    lowStockThreshold: '',
    taxType: '',
  };
}

export function productToForm(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    nameSw: product.nameSw ?? '',
    descriptionSw: product.descriptionSw ?? '',
    price: product.price,
    discounts: product.discounts === null ? '' : String(product.discounts),
    stock: product.stock,
    stockSeen: product.stock,
    Type: product.Type ?? '',
    pricingType: product.pricingType,
    variants: product.variants.map((variant) => ({
      _id: variant._id,
      ...(variant.name.trim() ? { name: variant.name } : {}),
      size: variant.size,
      stock: variant.stock,
      stockSeen: variant.stock,
    })),
    lowStockThreshold:
      product.lowStockThreshold === null || product.lowStockThreshold === undefined
        ? ''
        : String(product.lowStockThreshold),
    taxType: product.taxType ?? '',
  };
}

/** The threshold typed: blank is null (the shop's); anything else a number the contract checks. */
const thresholdOf = (typed: string): number | null =>
  typed.trim() === '' ? null : Number(typed.trim());

/** A Swahili text typed: blank is none (the English is shown). */
const swahiliOf = (typed: string): string | null => (typed.trim() === '' ? null : typed);

/** The stock the product has: its variants' summed when it has variants. */
export function derivedStock(values: Pick<ProductFormValues, 'stock' | 'variants'>): number {
  if (values.variants.length === 0) return values.stock;
  return values.variants.reduce(
    (sum, variant) => sum + (Number.isFinite(variant.stock) ? variant.stock : 0),
    0,
  );
}

/** The body of POST /api/property/products/{shopId} or PUT .../{productId}/{shopId}. */
export function productFormToInput(
  values: ProductFormValues,
  { categoryId, imageUrls }: { categoryId: string; imageUrls: string[] },
): OwnerProductInput {
  const discounts = values.discounts.trim();
  const type = values.Type.trim();
  return {
    name: values.name,
    description: values.description,
    nameSw: swahiliOf(values.nameSw),
    descriptionSw: swahiliOf(values.descriptionSw),
    price: values.price,
    discounts: discounts === '' ? null : discounts,
    stock: derivedStock(values),
    // Units sold while the form was open stay sold (the server applies the change made here).
    ...(values.variants.length === 0 && values.stockSeen !== undefined
      ? { stockSeen: values.stockSeen }
      : {}),
    Type: type === '' ? null : type,
    pricingType: values.pricingType,
    variants: values.variants.map((variant) => ({
      ...(variant._id ? { _id: variant._id } : {}),
      ...(variant.name?.trim() ? { name: variant.name } : {}),
      size: variant.size,
      stock: variant.stock,
      ...(variant._id && variant.stockSeen !== undefined ? { stockSeen: variant.stockSeen } : {}),
    })),
    lowStockThreshold: thresholdOf(values.lowStockThreshold),
    // The select offers A to E only; anything else reaches the contract, which refuses it.
    taxType: values.taxType === '' ? null : (values.taxType as TaxType),
    imageUrls,
    categoryId,
  };
}

// Checked with the contract's schema on the body the values make; categoryId and the pictures
// are the screen's, so placeholders stand in for them here.
// An emptied number input is NaN: let it through to the contract, which words the message.
const numberInput = z.union([z.number(), z.nan()]);

const PLACEHOLDER_ID = '00000000-0000-0000-0000-000000000000';

export const productFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    nameSw: z.string(),
    descriptionSw: z.string(),
    price: numberInput,
    discounts: z.string(),
    stock: numberInput,
    stockSeen: z.number().optional(),
    Type: z.string(),
    pricingType: z.enum(['Fixed', 'Variable', 'Negotiable']),
    variants: z.array(
      z.object({
        _id: z.string().optional(),
        name: z.string().optional(),
        size: z.string(),
        stock: numberInput,
        stockSeen: z.number().optional(),
      }),
    ),
    lowStockThreshold: z.string(),
    taxType: z.string(),
  })
  .superRefine((values, ctx) => {
    const body = productFormToInput(values, { categoryId: PLACEHOLDER_ID, imageUrls: [] });
    const parsed = ownerProductInputSchema.safeParse(body);
    if (parsed.success) return;
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (seen.has(key)) continue;
      seen.add(key);
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
    }
  });
