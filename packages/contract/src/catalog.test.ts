import { describe, expect, it } from 'vitest';
import {
  MEDIA_WIDTHS,
  PAGE_SIZES,
  SEO_DEFAULTS,
  cardDescription,
  categorySchema,
  descriptionBullets,
  imageSrcSet,
  listingResponseSchema,
  matchesType,
  mediaRenditionWidths,
  metadataResponseSchema,
  operationPeriodsSchema,
  pageCount,
  pageItems,
  parseMediaUrl,
  productNameSlug,
  productPath,
  productSchema,
  relatedProductsQuerySchema,
  seoWithDefaults,
  shopSchema,
  tenantSchema,
  typeFilterOptions,
  typeLabel,
  WEEKDAYS,
} from './catalog';

const PRODUCT_ID = '3f1c2a8e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
const OWNER_ID = '7a9b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const SHOP_ID = '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e';
const CATEGORY_ID = '11111111-1111-1111-1111-111111111111';

const sampleProduct = {
  _id: PRODUCT_ID,
  name: 'Aloe Vera Gel',
  description: 'Soothing gel || Cold pressed',
  nameSw: 'Jeli ya Aloe Vera',
  descriptionSw: null,
  price: 1500,
  discounts: '15%',
  discount: '15% off',
  count: 3,
  stock: 12,
  maxPerOrder: 10,
  Type: 'Gels',
  pricingType: 'Fixed',
  variants: [
    { _id: '22222222-2222-4222-8222-222222222222', name: 'Small', size: '50ml', stock: 4 },
  ],
  imageUrls: ['/media/aloe-1/1200x800.webp'],
  images: ['/media/aloe-1/1200x800.webp'],
  categoryId: CATEGORY_ID,
  category: 'Skincare',
  shopId: SHOP_ID,
  shopName: 'Soko Organics',
  userId: OWNER_ID,
  rating: { average: 4.5, count: 2 },
  createdAt: '2025-03-01T08:00:00.000Z',
};

describe('productNameSlug', () => {
  it('lower-cases and turns each run of whitespace into one hyphen', () => {
    expect(productNameSlug('Aloe Vera  Gel')).toBe('aloe-vera-gel');
    expect(productNameSlug('Shea\tButter\n200g')).toBe('shea-butter-200g');
  });

  it('URL-encodes what is left', () => {
    expect(productNameSlug('Honey & Oats')).toBe('honey-%26-oats');
    expect(productNameSlug('Crème Brûlée')).toBe('cr%C3%A8me-br%C3%BBl%C3%A9e');
    expect(productNameSlug('50/50 Mix?')).toBe('50%2F50-mix%3F');
  });
});

describe('productPath', () => {
  it('builds /product/:productId/:userId/:productName', () => {
    expect(productPath({ _id: PRODUCT_ID, userId: OWNER_ID, name: 'Aloe Vera Gel' })).toBe(
      `/product/${PRODUCT_ID}/${OWNER_ID}/aloe-vera-gel`,
    );
  });
});

describe('cardDescription', () => {
  const ten = 'one two three four five six seven eight nine ten';

  it('does not count the bullet separator || as a word', () => {
    expect(cardDescription('Rich in vitamin E || Cold pressed || 100 ml')).toBe(
      'Rich in vitamin E Cold pressed 100 ml',
    );
    expect(cardDescription('a || b c d e f g h i j k l')).toBe('a b c d e f g h i j...');
  });

  it('keeps a text of exactly ten words whole, without an ellipsis', () => {
    expect(cardDescription(ten)).toBe(ten);
  });

  it('cuts an eleventh word and adds the ellipsis', () => {
    expect(cardDescription(`${ten} eleven`)).toBe(`${ten}...`);
  });

  it('gives an empty text for empty or missing descriptions', () => {
    expect(cardDescription('')).toBe('');
    expect(cardDescription('   ')).toBe('');
    expect(cardDescription(null)).toBe('');
  });

  it('counts words across any whitespace and honours another word count', () => {
    expect(cardDescription('  a\n b   c d ', 2)).toBe('a b...');
  });
});

describe('descriptionBullets', () => {
  it('splits on ||, trims and drops empty parts', () => {
    expect(descriptionBullets('Soothing gel || Cold pressed||  || Vegan ||')).toEqual([
      'Soothing gel',
      'Cold pressed',
      'Vegan',
    ]);
    expect(descriptionBullets('One line only')).toEqual(['One line only']);
    expect(descriptionBullets('')).toEqual([]);
    expect(descriptionBullets(undefined)).toEqual([]);
  });
});

describe('typeLabel', () => {
  it.each([
    ['  Serums ', 'Serum'],
    ['serum', 'Serum'],
    ['OILS', 'Oil'],
    ['glass', 'Glas'],
    ['Glass', 'Glas'],
    ['s', ''],
    ['', ''],
    [null, ''],
    ['body lotions', 'Body lotion'],
  ])('labels %j as %j', (type, label) => {
    expect(typeLabel(type)).toBe(label);
  });
});

describe('type filter', () => {
  const products = [
    { Type: 'Serums' },
    { Type: 'oil' },
    { Type: null },
    { Type: ' serum' },
    { Type: '' },
    { Type: '   ' },
    {},
    { Type: 'Oils' },
    { Type: 'Soap' },
  ];

  it('offers All plus each distinct label in first-seen order', () => {
    expect(typeFilterOptions(products)).toEqual(['All', 'Serum', 'Oil', 'Soap']);
    expect(typeFilterOptions([])).toEqual(['All']);
  });

  it('matches products by label, and everything under All', () => {
    expect(products.filter((product) => matchesType(product, 'Serum'))).toHaveLength(2);
    expect(products.filter((product) => matchesType(product, 'Oil'))).toHaveLength(2);
    expect(products.filter((product) => matchesType(product, 'All'))).toHaveLength(products.length);
  });
});

describe('paging', () => {
  it('has the spec page sizes', () => {
    expect(PAGE_SIZES).toEqual({
      category: 8,
      categoryNarrow: 4,
      adminProducts: 5,
      orders: 10,
      publicListing: 9,
    });
  });

  it('counts pages, with at least one', () => {
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(8, 8)).toBe(1);
    expect(pageCount(9, 8)).toBe(2);
    expect(pageCount(21, 10)).toBe(3);
  });

  it('slices a 1-based page and clamps pages out of range', () => {
    const items = Array.from({ length: 12 }, (_, index) => index + 1);
    expect(pageItems(items, 1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(items, 3, 5)).toEqual([11, 12]);
    expect(pageItems(items, 9, 5)).toEqual([11, 12]);
    expect(pageItems(items, 0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems([], 1, 5)).toEqual([]);
  });
});

describe('media URLs', () => {
  it('parses our full-size rendition URL', () => {
    expect(parseMediaUrl('/media/a1B2-c3/1200x800.webp')).toEqual({
      key: 'a1B2-c3',
      width: 1200,
      height: 800,
    });
    expect(parseMediaUrl('https://cdn.example.com/bucket/media/k/640x480.webp')).toEqual({
      key: 'k',
      width: 640,
      height: 480,
    });
  });

  it.each([
    '/media/k/w320.webp',
    '/media/k/1200x800.jpg',
    '/media/k_1/1200x800.webp',
    '/media/../1200x800.webp',
    '/media/k/0x800.webp',
    '/media/k/1200x800.webp?x=1',
    'javascript:/media/k/1200x800.webp',
    '/images/photo.jpg',
    '',
    null,
  ])('does not parse %j', (url) => {
    expect(parseMediaUrl(url)).toBeNull();
  });

  it('stores renditions only below the full width', () => {
    expect(MEDIA_WIDTHS).toEqual([320, 640, 960]);
    expect(mediaRenditionWidths(1200)).toEqual([320, 640, 960]);
    expect(mediaRenditionWidths(640)).toEqual([320]);
    expect(mediaRenditionWidths(300)).toEqual([]);
  });

  it('builds a srcset from the smaller renditions and the full size', () => {
    expect(imageSrcSet('/media/k/1200x800.webp')).toBe(
      '/media/k/w320.webp 320w, /media/k/w640.webp 640w, /media/k/w960.webp 960w, /media/k/1200x800.webp 1200w',
    );
    expect(imageSrcSet('/media/k/700x700.webp')).toBe(
      '/media/k/w320.webp 320w, /media/k/w640.webp 640w, /media/k/700x700.webp 700w',
    );
    expect(imageSrcSet('/media/k/200x100.webp')).toBe('/media/k/200x100.webp 200w');
  });

  it('keeps an absolute origin in every srcset entry', () => {
    expect(imageSrcSet('https://cdn.example.com/media/k/400x300.webp')).toBe(
      'https://cdn.example.com/media/k/w320.webp 320w, https://cdn.example.com/media/k/400x300.webp 400w',
    );
  });

  it('gives no srcset for other images', () => {
    expect(imageSrcSet('/placeholder.png')).toBeUndefined();
    expect(imageSrcSet(undefined)).toBeUndefined();
  });
});

describe('response schemas', () => {
  it('accepts a product as the server sends it', () => {
    expect(productSchema.parse(sampleProduct)).toEqual(sampleProduct);
  });

  it('rejects a product with negative variant stock or an unknown pricing type', () => {
    expect(
      productSchema.safeParse({
        ...sampleProduct,
        variants: [{ _id: CATEGORY_ID, name: 'x', size: 'y', stock: -1 }],
      }).success,
    ).toBe(false);
    expect(productSchema.safeParse({ ...sampleProduct, pricingType: 'Free' }).success).toBe(false);
  });

  const shop = {
    _id: SHOP_ID,
    name: 'Soko Organics',
    owner: 'Amina',
    owneremail: 'owner@soko.test',
    contact: { email: 'hello@soko.test', phoneno: '0712345678' },
    location: { address: 'Moi Avenue, Nairobi', mapurl: ['https://maps.google.com/?q=nairobi'] },
    operationperiods: { monday: { open: '08:00', close: '17:00' } },
    companypolicy: 'Returns within 7 days.',
    socialmedialinks: ['https://facebook.com/soko'],
    payonorder: true,
    maxPerOrder: 10,
    imageUrls: [],
    promotionalimages: [],
    userId: OWNER_ID,
    logoUrl: null,
    description: '',
    county: null,
    whatsapp: null,
  };

  it('accepts the metadata list and a listing', () => {
    expect(metadataResponseSchema.parse([shop])).toHaveLength(1);
    expect(shopSchema.safeParse({ ...shop, payonorder: 'yes' }).success).toBe(false);
    const category = {
      _id: CATEGORY_ID,
      name: 'Skincare',
      shopId: SHOP_ID,
      imageUrls: [],
      products: [sampleProduct],
    };
    expect(categorySchema.parse(category).products).toHaveLength(1);
    const listing = {
      _id: SHOP_ID,
      shopId: SHOP_ID,
      name: 'Soko Organics',
      imageUrls: [],
      promotionalimages: [],
      payonorder: false,
      categories: [category],
    };
    expect(listingResponseSchema.parse([listing])[0]?.categories[0]?.name).toBe('Skincare');
  });

  it('knows the weekdays and checks opening times', () => {
    expect(WEEKDAYS).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(operationPeriodsSchema.safeParse({}).success).toBe(true);
    expect(
      operationPeriodsSchema.safeParse({ sunday: { open: '22:00', close: '02:00' } }).success,
    ).toBe(true);
    expect(
      operationPeriodsSchema.safeParse({ funday: { open: '08:00', close: '17:00' } }).success,
    ).toBe(false);
    expect(
      operationPeriodsSchema.safeParse({ monday: { open: '8am', close: '17:00' } }).success,
    ).toBe(false);
    expect(
      operationPeriodsSchema.safeParse({ monday: { open: '24:00', close: '17:00' } }).success,
    ).toBe(false);
  });
});

describe('relatedProductsQuerySchema', () => {
  it('takes a category with an optional product to exclude', () => {
    expect(
      relatedProductsQuerySchema.parse({ category: CATEGORY_ID, exclude: PRODUCT_ID }),
    ).toMatchObject({
      category: CATEGORY_ID,
      exclude: PRODUCT_ID,
    });
  });

  it('takes a category name instead', () => {
    expect(relatedProductsQuerySchema.parse({ categoryName: ' Skincare ' })).toEqual({
      categoryName: 'Skincare',
      page: 1,
      pageSize: 8,
      sort: 'featured',
    });
    expect(
      relatedProductsQuerySchema.parse({ categoryName: 'Oils', page: '3', type: ' Oil ' }),
    ).toMatchObject({ page: 3, type: 'Oil' });
    expect(
      relatedProductsQuerySchema.safeParse({ categoryName: 'Oils', pageSize: 49 }).success,
    ).toBe(false);
  });

  it('needs one of them, and a well-formed category id', () => {
    const result = relatedProductsQuerySchema.safeParse({ exclude: PRODUCT_ID });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Give a category or a categoryName.');
    expect(relatedProductsQuerySchema.safeParse({ category: 'abc' }).success).toBe(false);
    expect(relatedProductsQuerySchema.safeParse({ categoryName: '  ' }).success).toBe(false);
    expect(relatedProductsQuerySchema.safeParse({ categoryName: 'x'.repeat(101) }).success).toBe(
      false,
    );
  });
});

describe('tenant', () => {
  it('has the spec defaults', () => {
    expect(SEO_DEFAULTS).toEqual({
      title: 'Default Title',
      description: 'Default description',
      keywords: 'default, keywords',
      url: 'https://example.com',
    });
  });

  it('fills missing or blank SEO fields with the defaults', () => {
    expect(seoWithDefaults(null)).toEqual(SEO_DEFAULTS);
    expect(seoWithDefaults({ title: 'Soko', description: '  ' })).toEqual({
      ...SEO_DEFAULTS,
      title: 'Soko',
    });
  });

  it("fills them in the page's language, the tenant's own words as written (decision 050)", () => {
    const swahili = seoWithDefaults({ title: 'Soko', description: '' }, 'sw');
    expect(swahili).toEqual({
      title: 'Soko',
      description: 'Maelezo chaguo-msingi',
      keywords: 'chaguo-msingi, maneno muhimu',
      url: SEO_DEFAULTS.url,
    });
    // The API answers the English defaults (GET /api/tenant): a page in Kiswahili says its own.
    expect(seoWithDefaults(seoWithDefaults(null), 'sw').title).toBe('Kichwa Chaguo-msingi');
    expect(seoWithDefaults(null, 'en')).toEqual(SEO_DEFAULTS);
  });

  it('accepts a tenant with or without WhatsApp data', () => {
    const seo = { title: 'Soko', description: 'Shop', keywords: 'soko', url: 'https://soko.test' };
    expect(tenantSchema.safeParse({ seo, whatsapp: null }).success).toBe(true);
    expect(
      tenantSchema.safeParse({
        seo,
        whatsapp: {
          phoneNumber: '254712345678',
          accountName: 'Soko',
          chatMessage: 'Hello!',
          avatar: '/avatar.png',
          statusMessage: 'Typically replies within an hour',
        },
      }).success,
    ).toBe(true);
    expect(tenantSchema.safeParse({ seo: { title: 'Soko' }, whatsapp: null }).success).toBe(false);
  });
});
