import { describe, expect, it } from 'vitest';
import {
  adminProductUpdateSchema,
  categoryInputSchema,
  MAX_STOCK,
  normalizeWhatsappNumber,
  ownerProductInputSchema,
  shopInputSchema,
  splitCommaList,
} from './shops';

const SHOP_ID = '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e';
const CATEGORY_ID = '11111111-1111-1111-1111-111111111111';

const shop = {
  name: 'Soko Organics',
  owner: 'Amina Odhiambo',
  owneremail: 'amina@soko.test',
  contact: { email: 'hello@soko.test', phoneno: '020 123 4567' },
  location: { address: 'Moi Avenue, Nairobi' },
};

function firstMessage(result: { error?: { issues: Array<{ message: string }> } }) {
  return result.error?.issues[0]?.message;
}

describe('shopInputSchema', () => {
  it('accepts the required fields and fills the defaults', () => {
    expect(shopInputSchema.parse(shop)).toEqual({
      ...shop,
      location: { ...shop.location, mapurl: [] },
      operationperiods: {},
      companypolicy: '',
      socialmedialinks: [],
      payonorder: true,
      maxPerOrder: 10,
      lowStockThreshold: 5,
      imageUrls: [],
      promotionalimages: [],
      logoUrl: null,
      description: '',
      county: null,
      whatsapp: '',
    });
  });

  it('reads a WhatsApp number as wa.me needs it: Kenyan in any typed form, others with their code', () => {
    for (const typed of ['0722 456 789', '722456789', '254722456789', '+254 722-456-789']) {
      expect(normalizeWhatsappNumber(typed), typed).toBe('+254722456789');
    }
    expect(normalizeWhatsappNumber('0110 123 456')).toBe('+254110123456');
    expect(normalizeWhatsappNumber('+255 (754) 123-456')).toBe('+255754123456');
    for (const bad of ['020 123 4567', '12345', '+0 123 456 789', '+1234567890123456', 'call me']) {
      expect(normalizeWhatsappNumber(bad), bad).toBeNull();
      expect(shopInputSchema.safeParse({ ...shop, whatsapp: bad }).success, bad).toBe(false);
    }
    expect(shopInputSchema.parse({ ...shop, whatsapp: '  ' }).whatsapp).toBe('');
  });

  it('takes a low-stock threshold that is a whole number of 0 or more', () => {
    const issue = (lowStockThreshold: unknown) =>
      shopInputSchema.safeParse({ ...shop, lowStockThreshold }).error?.issues[0];
    expect(issue(-1)).toMatchObject({
      path: ['lowStockThreshold'],
      message: 'Cannot be negative.',
    });
    expect(issue(2.5)?.message).toBe('Enter a whole number.');
    expect(issue('5')?.message).toBe('Enter a number.');
    expect(issue(null)?.message).toBe('Enter a number.');
    expect(issue(100_001)?.message).toBe('At most 100,000.');
    expect(shopInputSchema.parse({ ...shop, lowStockThreshold: 0 }).lowStockThreshold).toBe(0);
  });

  it('takes a max per order between 1 and 1000', () => {
    expect(shopInputSchema.safeParse({ ...shop, maxPerOrder: 0 }).success).toBe(false);
    expect(shopInputSchema.safeParse({ ...shop, maxPerOrder: 1001 }).success).toBe(false);
    expect(shopInputSchema.safeParse({ ...shop, maxPerOrder: 2.5 }).success).toBe(false);
    expect(shopInputSchema.parse({ ...shop, maxPerOrder: 1000 }).maxPerOrder).toBe(1000);
  });

  it('keeps payonorder false when sent', () => {
    expect(shopInputSchema.parse({ ...shop, payonorder: false }).payonorder).toBe(false);
  });

  it('accepts a full shop', () => {
    const full = {
      ...shop,
      location: { address: 'Moi Avenue', mapurl: ['https://maps.google.com/?q=moi+avenue'] },
      operationperiods: { monday: { open: '08:00', close: '17:00' } },
      companypolicy: 'Returns within 7 days.',
      socialmedialinks: ['https://facebook.com/soko', 'https://instagram.com/soko'],
      payonorder: false,
      maxPerOrder: 3,
      lowStockThreshold: 12,
      imageUrls: ['/media/k/1200x800.webp'],
      promotionalimages: ['https://cdn.example.com/promo.jpg'],
      logoUrl: '/media/l/400x400.webp',
      description: 'Organic oils from Kitui.',
      county: 'Kitui' as const,
      whatsapp: '0722 456 789',
    };
    expect(shopInputSchema.parse(full)).toEqual(full);
  });

  it('requires name, owner, owner email, contact and address', () => {
    for (const field of ['name', 'owner', 'owneremail', 'contact', 'location'] as const) {
      const body = Object.fromEntries(Object.entries(shop).filter(([key]) => key !== field));
      expect(shopInputSchema.safeParse(body).success).toBe(false);
    }
    expect(shopInputSchema.safeParse({ ...shop, location: { address: ' ' } }).success).toBe(false);
    expect(
      shopInputSchema.safeParse({ ...shop, contact: { ...shop.contact, email: 'nope' } }).success,
    ).toBe(false);
    expect(
      shopInputSchema.safeParse({ ...shop, contact: { ...shop.contact, phoneno: 'call me' } })
        .success,
    ).toBe(false);
  });

  it('rejects unknown keys, an owner account id included, at every level', () => {
    expect(shopInputSchema.safeParse({ ...shop, userId: SHOP_ID }).success).toBe(false);
    expect(
      shopInputSchema.safeParse({ ...shop, contact: { ...shop.contact, fax: '1' } }).success,
    ).toBe(false);
    expect(
      shopInputSchema.safeParse({
        ...shop,
        operationperiods: { monday: { open: '08:00', close: '17:00', lunch: '13:00' } },
      }).success,
    ).toBe(false);
  });

  it('takes web links only, within the limits', () => {
    const withMap = (mapurl: string[]) => ({ ...shop, location: { ...shop.location, mapurl } });
    expect(shopInputSchema.safeParse(withMap(['javascript:alert(1)'])).success).toBe(false);
    expect(shopInputSchema.safeParse(withMap(['maps.google.com'])).success).toBe(false);
    expect(shopInputSchema.safeParse(withMap(Array(11).fill('https://maps.test'))).success).toBe(
      false,
    );
    expect(
      shopInputSchema.safeParse({ ...shop, socialmedialinks: Array(21).fill('https://x.test') })
        .success,
    ).toBe(false);
  });

  it('allows 25 images per list and says so past that', () => {
    expect(
      shopInputSchema.safeParse({ ...shop, imageUrls: Array(25).fill('/a.jpg') }).success,
    ).toBe(true);
    const result = shopInputSchema.safeParse({
      ...shop,
      promotionalimages: Array(26).fill('/a.jpg'),
    });
    expect(firstMessage(result)).toBe('You can only have up to 25 images in total.');
    expect(shopInputSchema.safeParse({ ...shop, imageUrls: ['javascript:alert(1)'] }).success).toBe(
      false,
    );
  });
});

describe('splitCommaList', () => {
  it('splits comma-separated links, trimming and dropping empties', () => {
    expect(splitCommaList(' https://a.test , ,https://b.test,')).toEqual([
      'https://a.test',
      'https://b.test',
    ]);
    expect(splitCommaList('')).toEqual([]);
  });
});

describe('categoryInputSchema', () => {
  const body = { shopId: SHOP_ID, categoryData: { name: ' Skincare ' } };

  it('takes a shop id and a trimmed name', () => {
    expect(categoryInputSchema.parse(body).categoryData.name).toBe('Skincare');
  });

  it('says the name is required', () => {
    const result = categoryInputSchema.safeParse({ ...body, categoryData: { name: '  ' } });
    expect(firstMessage(result)).toBe('Category name is required');
  });

  it('allows 6 images and says so past that', () => {
    const images = (count: number) => ({
      ...body,
      categoryData: { name: 'Skincare', imageUrls: Array(count).fill('/a.jpg') },
    });
    expect(categoryInputSchema.safeParse(images(6)).success).toBe(true);
    expect(firstMessage(categoryInputSchema.safeParse(images(7)))).toBe(
      'You can only upload 6 images per category',
    );
  });

  it('rejects unknown keys and a malformed shop id', () => {
    expect(categoryInputSchema.safeParse({ ...body, ownerId: SHOP_ID }).success).toBe(false);
    expect(
      categoryInputSchema.safeParse({ ...body, categoryData: { name: 'x', products: [] } }).success,
    ).toBe(false);
    expect(categoryInputSchema.safeParse({ ...body, shopId: '42' }).success).toBe(false);
  });
});

describe('ownerProductInputSchema', () => {
  const product = { name: 'Aloe Vera Gel', price: 1500, stock: 10, categoryId: CATEGORY_ID };

  it('takes its own low-stock threshold, or null for the shop’s', () => {
    const parse = (lowStockThreshold: unknown) =>
      ownerProductInputSchema.safeParse({ ...product, lowStockThreshold });
    expect(parse(null).data?.lowStockThreshold).toBeNull();
    expect(parse(3).data?.lowStockThreshold).toBe(3);
    expect(parse(-2).error?.issues[0]).toMatchObject({
      path: ['lowStockThreshold'],
      message: 'Cannot be negative.',
    });
    expect(parse(Number.NaN).error?.issues[0]?.message).toBe('Enter a number.');
  });

  it('accepts a minimal and a full product', () => {
    expect(ownerProductInputSchema.safeParse(product).success).toBe(true);
    expect(
      ownerProductInputSchema.safeParse({
        ...product,
        description: 'Soothing || Cold pressed',
        discounts: '15%',
        discount: '15% off',
        Type: 'Gels',
        pricingType: 'Negotiable',
        variants: [
          { size: '50ml', stock: 4 },
          { _id: '22222222-2222-4222-8222-222222222222', name: 'Large', size: '200ml', stock: 0 },
        ],
        imageUrls: ['/media/k/1200x800.webp'],
      }).success,
    ).toBe(true);
  });

  it('requires a name and rejects negative price or stock', () => {
    expect(ownerProductInputSchema.safeParse({ ...product, name: ' ' }).success).toBe(false);
    expect(ownerProductInputSchema.safeParse({ ...product, price: -1 }).success).toBe(false);
    expect(ownerProductInputSchema.safeParse({ ...product, stock: -1 }).success).toBe(false);
    expect(ownerProductInputSchema.safeParse({ ...product, stock: 1.5 }).success).toBe(false);
    expect(
      ownerProductInputSchema.safeParse({ ...product, variants: [{ size: 'S', stock: -2 }] })
        .success,
    ).toBe(false);
    expect(ownerProductInputSchema.safeParse({ ...product, pricingType: 'Free' }).success).toBe(
      false,
    );
  });

  it('bounds a stock, a variant’s and the variants’ sum at MAX_STOCK, naming the field', () => {
    const issues = (body: object) =>
      ownerProductInputSchema
        .safeParse({ ...product, ...body })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ stock: MAX_STOCK })).toBeUndefined();
    expect(issues({ stock: 2 ** 31 })).toEqual([['stock', 'At most 1,000,000 in stock.']]);
    expect(issues({ variants: [{ size: 'S', stock: MAX_STOCK + 1 }] })).toContainEqual([
      'variants.0.stock',
      'At most 1,000,000 in stock.',
    ]);
    expect(
      issues({
        variants: [
          { size: 'S', stock: MAX_STOCK },
          { size: 'M', stock: 1 },
        ],
      }),
    ).toEqual([['variants', 'The variants’ stock adds up to more than 1,000,000.']]);
  });

  it('rejects derived and unknown fields', () => {
    expect(ownerProductInputSchema.safeParse({ ...product, count: 99 }).success).toBe(false);
    expect(ownerProductInputSchema.safeParse({ ...product, shopId: CATEGORY_ID }).success).toBe(
      false,
    );
    expect(
      ownerProductInputSchema.safeParse({
        ...product,
        variants: [{ size: 'S', stock: 1, price: 5 }],
      }).success,
    ).toBe(false);
  });

  it('allows 6 images and says so past that', () => {
    const result = ownerProductInputSchema.safeParse({
      ...product,
      imageUrls: Array(7).fill('/a.jpg'),
    });
    expect(firstMessage(result)).toBe('You can only have a maximum of 6 images');
  });
});

describe('adminProductUpdateSchema', () => {
  it('edits the table columns only', () => {
    expect(
      adminProductUpdateSchema.safeParse({ name: 'Gel', price: 1200, discount: '10%' }).success,
    ).toBe(true);
    expect(adminProductUpdateSchema.safeParse({}).success).toBe(true);
    expect(adminProductUpdateSchema.safeParse({ count: 5 }).success).toBe(false);
    expect(adminProductUpdateSchema.safeParse({ category: 'Oils' }).success).toBe(false);
    expect(adminProductUpdateSchema.safeParse({ stock: 5 }).success).toBe(false);
    expect(adminProductUpdateSchema.safeParse({ price: -1 }).success).toBe(false);
  });
});
