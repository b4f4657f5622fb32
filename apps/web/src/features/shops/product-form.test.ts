import type { Product } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import {
  derivedStock,
  emptyProductForm,
  productFormSchema,
  productFormToInput,
  productToForm,
} from './product-form';

// The product form's values and the body they make (spec sections 3 and 4): variants keep their
// ids, stock is theirs summed, count is never sent.

const CATEGORY = '33333333-3333-3333-3333-333333333333';
const VARIANT = '44444444-4444-4444-4444-444444444444';

const product: Product = {
  _id: '55555555-5555-5555-5555-555555555555',
  name: 'Shea butter',
  description: 'Raw || Unrefined',
  nameSw: 'Siagi ya shea',
  descriptionSw: null,
  price: 850,
  discounts: '10',
  discount: null,
  count: 12,
  stock: 9,
  maxPerOrder: 10,
  lowStockThreshold: 3,
  Type: 'Butters',
  taxType: 'E',
  vat: { taxType: 'E', ratePercent: 8, amount: 56.67 },
  pricingType: 'Fixed',
  variants: [{ _id: VARIANT, name: '', size: '250 g', stock: 9 }],
  imageUrls: ['/media/x/800x800.webp'],
  images: ['/media/x/800x800.webp'],
  categoryId: CATEGORY,
  category: 'Body',
  shopId: '11111111-1111-1111-1111-111111111111',
  shopName: 'Soko Naturals',
  userId: '22222222-2222-2222-2222-222222222222',
  rating: { average: 0, count: 0 },
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('the product form', () => {
  it('sums the variants for stock, and keeps its own stock without variants', () => {
    expect(derivedStock({ stock: 4, variants: [] })).toBe(4);
    expect(
      derivedStock({
        stock: 4,
        variants: [
          { size: 'S', stock: 2 },
          { size: 'M', stock: 3 },
        ],
      }),
    ).toBe(5);
    expect(derivedStock({ stock: 4, variants: [{ size: 'S', stock: Number.NaN }] })).toBe(0);
  });

  it('makes the body: empty texts become null, existing variants keep their _id, new ones have none', () => {
    const values = productToForm(product);
    values.variants.push({ size: '500 g', stock: 4 });
    values.Type = '  ';
    values.discounts = '';
    const body = productFormToInput(values, {
      categoryId: CATEGORY,
      imageUrls: ['/b.webp', '/a.webp'],
    });
    expect(body).toEqual({
      name: 'Shea butter',
      description: 'Raw || Unrefined',
      nameSw: 'Siagi ya shea',
      descriptionSw: null,
      price: 850,
      discounts: null,
      stock: 13,
      Type: null,
      pricingType: 'Fixed',
      // What the form showed travels with an existing variant's stock (units sold meanwhile
      // stay sold); a new variant's stock is what it says.
      variants: [
        { _id: VARIANT, size: '250 g', stock: 9, stockSeen: 9 },
        { size: '500 g', stock: 4 },
      ],
      lowStockThreshold: 3,
      taxType: 'E',
      imageUrls: ['/b.webp', '/a.webp'],
      categoryId: CATEGORY,
    });
    expect(body).not.toHaveProperty('count');
  });

  it('sends the shop’s default tax type as null and refuses a type KRA does not have', () => {
    const taxTypeOf = (typed: string) =>
      productFormToInput(
        { ...productToForm(product), taxType: typed },
        { categoryId: CATEGORY, imageUrls: [] },
      ).taxType;
    expect(productToForm(product).taxType).toBe('E');
    expect(productToForm({ ...product, taxType: null }).taxType).toBe('');
    expect(taxTypeOf('')).toBeNull();
    expect(taxTypeOf('A')).toBe('A');
    const bad = productFormSchema.safeParse({ ...productToForm(product), taxType: 'F' });
    expect(bad.error?.issues.map((issue) => issue.path)).toEqual([['taxType']]);
  });

  it('sends a blank low-stock threshold as null (the shop’s) and a typed one as a number', () => {
    const body = (typed: string) =>
      productFormToInput(
        { ...productToForm(product), lowStockThreshold: typed },
        { categoryId: CATEGORY, imageUrls: [] },
      ).lowStockThreshold;
    expect(productToForm(product).lowStockThreshold).toBe('3');
    expect(productToForm({ ...product, lowStockThreshold: null }).lowStockThreshold).toBe('');
    expect(body(' ')).toBeNull();
    expect(body('7')).toBe(7);
    const bad = productFormSchema.safeParse({ ...productToForm(product), lowStockThreshold: 'x' });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['lowStockThreshold'], message: 'Enter a number.' }),
    ]);
  });

  it('loads and sends the Swahili name and description: blank is none, too long is refused on its field', () => {
    const values = productToForm(product);
    expect(values).toMatchObject({ nameSw: 'Siagi ya shea', descriptionSw: '' });
    expect(emptyProductForm()).toMatchObject({ nameSw: '', descriptionSw: '' });
    const sent = (nameSw: string, descriptionSw: string) =>
      productFormToInput(
        { ...values, nameSw, descriptionSw },
        { categoryId: CATEGORY, imageUrls: [] },
      );
    expect(sent('  ', '')).toMatchObject({ nameSw: null, descriptionSw: null });
    expect(sent('Siagi', 'Ghafi || Haijasafishwa')).toMatchObject({
      nameSw: 'Siagi',
      descriptionSw: 'Ghafi || Haijasafishwa',
    });
    const bad = productFormSchema.safeParse({ ...values, nameSw: 'n'.repeat(201) });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['nameSw'], message: 'At most 200 characters.' }),
    ]);
  });

  it('loads a product into the form as text where the form types text', () => {
    const values = productToForm({ ...product, discounts: 15, Type: null });
    expect(values.discounts).toBe('15');
    expect(values.Type).toBe('');
    expect(values.variants[0]).toEqual({ _id: VARIANT, size: '250 g', stock: 9, stockSeen: 9 });
  });

  it('sends the stock it showed for a product without variants, and none when adding', () => {
    const values = { ...productToForm({ ...product, variants: [], stock: 6 }), stock: 10 };
    const body = productFormToInput(values, { categoryId: CATEGORY, imageUrls: [] });
    expect(body).toMatchObject({ stock: 10, stockSeen: 6 });
    const added = productFormToInput(
      { ...emptyProductForm(), name: 'New', price: 5, stock: 3 },
      { categoryId: CATEGORY, imageUrls: [] },
    );
    expect(added).not.toHaveProperty('stockSeen');
  });

  it("checks with the contract's rules: a name, a price, each variant's size", () => {
    const empty = productFormSchema.safeParse(emptyProductForm());
    const paths = empty.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['name', 'price']));
    expect(empty.error?.issues.find((i) => i.path[0] === 'name')?.message).toBe(
      'Product name is required.',
    );

    const values = { ...productToForm(product), variants: [{ size: '', stock: 1 }] };
    const result = productFormSchema.safeParse(values);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['variants.0.size']);
    expect(productFormSchema.safeParse(productToForm(product)).success).toBe(true);
  });
});
