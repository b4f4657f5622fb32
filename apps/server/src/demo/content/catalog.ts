// Demo content for `SEED=demo`: plain data, no database code. The inserter turns keys into
// UUIDs, Ksh into cents, `ageDays`/`daysAgo` into timestamps and `imageCount` into generated
// images (see images.ts). The catalogue deliberately holds the awkward cases the storefront must
// handle: discounts in every accepted and rejected form, messy product types, out-of-stock
// products and variants, products with no image or one image, and `||` description bullets.

import { WEEKDAYS } from '@soko/contract';

export type DemoRole = 'admin' | 'owner' | 'customer';

/**
 * What the generated pictures of a product (or category, shop, post) show, chosen by hand so a
 * sofa throw shows folded cloth and a bracelet shows beads. images.ts draws each kind.
 */
export const DEMO_PICTURES = [
  'jar',
  'bottle',
  'soap',
  'bathbombs',
  'leaves',
  'cloth',
  'beads',
  'earrings',
  'sandals',
  'basket',
  'bowl',
  'pot',
  'woodware',
  'coasters',
  'glasses',
  'comb',
  'mitt',
  'gift',
  'stone',
] as const;

export type DemoPicture = (typeof DEMO_PICTURES)[number];

export interface DemoAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export interface DemoUser {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  role: DemoRole;
  address: DemoAddress | null;
}

export const DEMO_WEEKDAYS = WEEKDAYS;

export type DemoWeekday = (typeof DEMO_WEEKDAYS)[number];

export interface DemoOpeningHours {
  /** 'HH:MM', 24-hour clock, Africa/Nairobi. */
  open: string;
  close: string;
}

export type DemoShopKey = 'main' | 'second';

export interface DemoShop {
  key: DemoShopKey;
  /** The account that owns the shop (a `DemoUser.key`). */
  ownerUserKey: string;
  name: string;
  /** Display and contact fields only (DESIGN departure 4): ownership comes from `ownerUserKey`. */
  owner: string;
  owneremail: string;
  contact: { email: string; phoneno: string };
  location: { address: string; mapurl: string[] };
  operationperiods: Record<DemoWeekday, DemoOpeningHours>;
  companypolicy: string;
  /** Full URLs; the footer shows only the facebook, twitter/x and instagram ones. */
  socialmedialinks: string[];
  /** true: the shopper pays online when ordering; false: pay on delivery. */
  payonorder: boolean;
  /** What its square images (and the WhatsApp avatar) show; the promotional ones are banners. */
  picture: DemoPicture;
  /** Banner images (`imageUrls`; the home page's two side images are the first two). */
  imageUrlCount: number;
  /** Images of the rotating promotional strip (`promotionalimages`). */
  promotionalImageCount: number;
  /** The line under the name on the seller's page (decision 040). */
  description: string;
  county: string | null;
  /** The seller's own WhatsApp chat, +254…; null: shoppers chat with the marketplace. */
  whatsapp: string | null;
}

export interface DemoSeo {
  title: string;
  description: string;
  keywords: string;
  url: string;
}

export interface DemoWhatsapp {
  /** Digits only, country code first, as wa.me expects. */
  phoneNumber: string;
  accountName: string;
  chatMessage: string;
  /** null: the inserter points it at one of the generated images. */
  avatar: string | null;
  statusMessage: string;
}

export interface DemoTenant {
  key: string;
  hosts: string[];
  /** The tenant used for unknown hosts. */
  isDefault: boolean;
  shopKey: DemoShopKey;
  seo: DemoSeo | null;
  whatsapp: DemoWhatsapp | null;
}

export interface DemoCategory {
  key: string;
  shopKey: DemoShopKey;
  name: string;
  picture: DemoPicture;
  imageCount: number;
}

export type DemoPricingType = 'Fixed' | 'Variable' | 'Negotiable';

export interface DemoVariant {
  name: string;
  size: string;
  stock: number;
}

export interface DemoProduct {
  key: string;
  categoryKey: string;
  name: string;
  /** Plain text; `||` separates the bullets shown on the product page. */
  description: string;
  /** Shown on Kiswahili pages in place of the English (decision 050); most products have none. */
  nameSw?: string;
  descriptionSw?: string;
  /** Ksh; may carry cents (e.g. 2499.5). */
  priceKsh: number;
  /** Stored as given: applies only when parseFloat gives a number above 0 and below 100. */
  discounts: string | number | null;
  /** Free text shown in the admin table. */
  discount: string | null;
  /** Set only for products without variants; otherwise the sum of the variants' stock. */
  stock?: number;
  /** Stored as given (untrimmed, any case): the storefront normalises the label. */
  Type: string | null;
  pricingType: DemoPricingType;
  variants: DemoVariant[];
  /** What each of its `imageCount` pictures shows. */
  picture: DemoPicture;
  imageCount: number;
  /** Units sold: ranks popular choices. */
  count: number;
  /** Created this many days before seeding: orders new arrivals. */
  ageDays: number;
}

export type DemoDiscountCode = {
  code: string;
  /** null: never expires; negative: expired that many days ago. */
  expiresInDays: number | null;
  usageLimit: number | null;
  usedCount: number;
} & ({ kind: 'percent'; value: number } | { kind: 'fixed'; valueKsh: number });

export interface DemoOrderLine {
  productKey: string;
  /** Index into the product's `variants`; null for products without variants. */
  variantIndex: number | null;
  quantity: number;
}

export interface DemoDelivery {
  firstName: string;
  middleName: string;
  lastName: string;
  country: 'Kenya';
  county: string;
  city: string;
  address: string;
  postalcode: string;
  phoneNumber: string;
}

export type DemoShipping = 'standard' | 'express';

export type DemoPastOrderStatus = 'paid' | 'confirmed' | 'shipped' | 'delivered';

export interface DemoPastOrder {
  key: string;
  userKey: string;
  lines: DemoOrderLine[];
  shipping: DemoShipping;
  status: DemoPastOrderStatus;
  daysAgo: number;
  delivery: DemoDelivery;
}

export interface DemoRating {
  productKey: string;
  userKey: string;
  rating: 1 | 2 | 3 | 4 | 5;
}

export interface DemoBlogPost {
  key: string;
  authorKey: string;
  title: string;
  /** Plain text; paragraphs separated by a blank line. */
  content: string;
  picture: DemoPicture;
  imageCount: number;
  daysAgo: number;
}

export const DEMO_PASSWORD = 'soko-demo-pass';

export const DEMO_USERS: readonly DemoUser[] = [
  {
    key: 'admin',
    email: 'admin@soko.test',
    firstName: 'Grace',
    lastName: 'Achieng',
    role: 'admin',
    address: null,
  },
  {
    key: 'owner',
    email: 'owner@soko.test',
    firstName: 'Wanjiku',
    lastName: 'Kamau',
    role: 'owner',
    address: {
      street: 'Karuna Road, Sarit Centre',
      city: 'Nairobi',
      state: 'Nairobi County',
      zip: '00606',
    },
  },
  {
    key: 'owner2',
    email: 'owner2@soko.test',
    firstName: 'Baraka',
    lastName: 'Mwinyi',
    role: 'owner',
    address: {
      street: 'Links Road, Nyali',
      city: 'Mombasa',
      state: 'Mombasa County',
      zip: '80118',
    },
  },
  {
    key: 'shopper',
    email: 'shopper@soko.test',
    firstName: 'Faith',
    lastName: 'Njeri',
    role: 'customer',
    address: {
      street: 'Ngong Road, Adams Arcade, Apartment 4B',
      city: 'Nairobi',
      state: 'Nairobi County',
      zip: '00100',
    },
  },
  {
    key: 'kevin',
    email: 'kevin.ochieng@soko.test',
    firstName: 'Kevin',
    lastName: 'Ochieng',
    role: 'customer',
    address: {
      street: 'Oginga Odinga Street',
      city: 'Kisumu',
      state: 'Kisumu County',
      zip: '40100',
    },
  },
  {
    key: 'halima',
    email: 'halima.hassan@soko.test',
    firstName: 'Halima',
    lastName: 'Hassan',
    role: 'customer',
    address: null,
  },
  {
    key: 'kiprono',
    email: 'peter.kiprono@soko.test',
    firstName: 'Peter',
    lastName: 'Kiprono',
    role: 'customer',
    address: { street: 'Uganda Road', city: 'Eldoret', state: 'Uasin Gishu County', zip: '30100' },
  },
];

export const DEMO_SHOPS: readonly DemoShop[] = [
  {
    key: 'main',
    picture: 'jar',
    ownerUserKey: 'owner',
    name: 'Soko Naturals',
    owner: 'Wanjiku Kamau',
    owneremail: 'owner@soko.test',
    contact: { email: 'hello@sokonaturals.test', phoneno: '+254712345678' },
    location: {
      address: 'Sarit Centre, 2nd Floor, Karuna Road, Westlands, Nairobi',
      mapurl: [
        'https://www.google.com/maps/search/?api=1&query=Sarit+Centre+Westlands+Nairobi',
        'https://maps.google.com/?q=-1.2612,36.8027',
      ],
    },
    operationperiods: {
      monday: { open: '08:30', close: '18:30' },
      tuesday: { open: '08:30', close: '18:30' },
      wednesday: { open: '08:30', close: '18:30' },
      thursday: { open: '08:30', close: '18:30' },
      friday: { open: '08:30', close: '19:00' },
      saturday: { open: '09:00', close: '17:00' },
      sunday: { open: '11:00', close: '15:00' },
    },
    companypolicy:
      'Unopened products may be returned within 14 days of delivery for a full refund; opened skincare can be exchanged only if it arrived damaged. ' +
      'Orders placed before 2 pm are dispatched the same day: Nairobi deliveries arrive within 24 hours and upcountry deliveries within 2 to 3 working days. ' +
      'Every product is made in small batches with ethically sourced Kenyan ingredients and is never tested on animals.',
    socialmedialinks: [
      'https://www.facebook.com/sokonaturals',
      'https://twitter.com/sokonaturals',
      'https://www.instagram.com/sokonaturals',
      'https://www.tiktok.com/@sokonaturals',
    ],
    payonorder: true,
    imageUrlCount: 2,
    promotionalImageCount: 4,
    description:
      'Small-batch skincare and hair oils from Westlands, made with shea, baobab and macadamia from Kenyan farms.',
    county: 'Nairobi',
    // The marketplace's own shop: its chat is the tenant's (the default host's WhatsApp).
    whatsapp: null,
  },
  {
    key: 'second',
    picture: 'basket',
    ownerUserKey: 'owner2',
    name: 'Kikapu Crafts & Home',
    owner: 'Baraka Mwinyi',
    owneremail: 'owner2@soko.test',
    contact: { email: 'karibu@kikapucrafts.test', phoneno: '+254733210987' },
    location: {
      address: 'Nyali Centre, Shop 14, Links Road, Nyali, Mombasa',
      mapurl: ['https://www.google.com/maps/search/?api=1&query=Nyali+Centre+Mombasa'],
    },
    operationperiods: {
      monday: { open: '09:00', close: '18:00' },
      tuesday: { open: '09:00', close: '18:00' },
      wednesday: { open: '09:00', close: '18:00' },
      thursday: { open: '09:00', close: '18:00' },
      friday: { open: '09:00', close: '18:00' },
      saturday: { open: '10:00', close: '16:00' },
      sunday: { open: '12:00', close: '15:00' },
    },
    companypolicy:
      'Every piece is handmade by artisan groups in Machakos, Kitui, Kajiado and the coast, so colours and sizes vary slightly. ' +
      'You pay on delivery by M-Pesa or cash; returns are accepted within 7 days in original condition. ' +
      'We deliver within Mombasa the next day and countrywide through courier in 2 to 4 working days.',
    socialmedialinks: [
      'https://www.facebook.com/kikapucrafts',
      'https://x.com/kikapucrafts',
      'https://www.instagram.com/kikapucrafts',
      'https://www.youtube.com/@kikapucrafts',
    ],
    payonorder: false,
    imageUrlCount: 2,
    promotionalImageCount: 3,
    description:
      'Handwoven kiondo baskets, sisal mats and home pieces from artisan groups in Machakos, Kitui and the coast.',
    county: 'Mombasa',
    whatsapp: '+254722456789',
  },
];

export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    key: 'default',
    hosts: ['localhost', '127.0.0.1'],
    isDefault: true,
    shopKey: 'main',
    seo: {
      title: 'Soko Naturals | Organic skincare and wellness from Kenya',
      description:
        'Shea butter, baobab oil, moringa teas and essential oils, made in small batches with Kenyan ingredients and delivered countrywide.',
      keywords:
        'organic skincare, shea butter, baobab oil, moringa, essential oils, Nairobi, Kenya',
      url: 'http://localhost:3000',
    },
    whatsapp: {
      phoneNumber: '254712345678',
      accountName: 'Soko Naturals',
      chatMessage: 'Habari! How can we help you choose today?',
      avatar: null,
      statusMessage: 'Typically replies within an hour',
    },
  },
  {
    key: 'shop2',
    hosts: ['shop2.localhost'],
    isDefault: false,
    shopKey: 'second',
    seo: null,
    whatsapp: null,
  },
];

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  { key: 'face-care', shopKey: 'main', name: 'Face Care', picture: 'bottle', imageCount: 2 },
  { key: 'body-care', shopKey: 'main', name: 'Body Care', picture: 'jar', imageCount: 1 },
  { key: 'hair-care', shopKey: 'main', name: 'Hair Care', picture: 'jar', imageCount: 1 },
  {
    key: 'wellness-teas',
    shopKey: 'main',
    name: 'Wellness Teas',
    picture: 'leaves',
    imageCount: 2,
  },
  {
    key: 'essential-oils',
    shopKey: 'main',
    name: 'Essential Oils',
    picture: 'bottle',
    imageCount: 0,
  },
  { key: 'bath-spa', shopKey: 'main', name: 'Bath & Spa', picture: 'soap', imageCount: 1 },
  {
    key: 'kiondo-baskets',
    shopKey: 'second',
    name: 'Kiondo Baskets',
    picture: 'basket',
    imageCount: 2,
  },
  {
    key: 'kitchen-home',
    shopKey: 'second',
    name: 'Kitchen & Home',
    picture: 'bowl',
    imageCount: 1,
  },
  { key: 'jewellery', shopKey: 'second', name: 'Jewellery', picture: 'beads', imageCount: 0 },
  { key: 'kikoy-kanga', shopKey: 'second', name: 'Kikoy & Kanga', picture: 'cloth', imageCount: 1 },
];

type DemoProductInput = Omit<
  DemoProduct,
  'discounts' | 'discount' | 'Type' | 'pricingType' | 'variants'
> &
  Partial<Pick<DemoProduct, 'discounts' | 'discount' | 'Type' | 'pricingType' | 'variants'>>;

const product = (input: DemoProductInput): DemoProduct => ({
  discounts: null,
  discount: null,
  Type: null,
  pricingType: 'Fixed',
  variants: [],
  ...input,
});

/** What can still be bought: the product's own stock, or the sum of its variants'. */
export const demoProductStock = (p: DemoProduct): number =>
  p.variants.length > 0 ? p.variants.reduce((sum, v) => sum + v.stock, 0) : (p.stock ?? 0);

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // Face Care
  product({
    key: 'baobab-face-oil',
    categoryKey: 'face-care',
    picture: 'bottle',
    name: 'Baobab Seed Face Oil',
    description:
      'Cold-pressed baobab seed oil from Kitui that softens dry skin and evens out dark spots. || Rich in vitamins A, D, E and F || Cold pressed and unrefined || 30 ml glass dropper bottle',
    nameSw: 'Mafuta ya Uso ya Mbegu za Mbuyu',
    descriptionSw:
      'Mafuta ya mbegu za mbuyu kutoka Kitui, yaliyokamuliwa bila joto, yanayolainisha ngozi kavu na kufifisha madoa meusi. || Yana vitamini A, D, E na F kwa wingi || Yamekamuliwa bila joto na hayajasafishwa || Chupa ya kioo ya ml 30 yenye kidondoshi',
    priceKsh: 1450,
    discounts: 10,
    discount: '10% off',
    stock: 40,
    Type: 'Oils',
    imageCount: 4,
    count: 212,
    ageDays: 120,
  }),
  product({
    key: 'moringa-day-cream',
    categoryKey: 'face-care',
    picture: 'jar',
    name: 'Moringa & Shea Day Cream',
    description:
      'A light daily moisturiser with moringa leaf extract and shea butter. || Non-greasy finish || Suits oily and combination skin || Fragrance free',
    nameSw: 'Krimu ya Mchana ya Mlonge na Shea',
    descriptionSw:
      'Krimu nyepesi ya kila siku yenye dondoo la majani ya mlonge na siagi ya shea. || Haiachi ngozi na mafuta || Inafaa ngozi yenye mafuta na ngozi mchanganyiko || Haina manukato',
    priceKsh: 1850,
    discounts: '15',
    discount: '15% off',
    Type: ' Creams ',
    pricingType: 'Variable',
    variants: [
      { name: '50 g jar', size: '50g', stock: 12 },
      { name: '100 g jar', size: '100g', stock: 0 },
    ],
    imageCount: 3,
    count: 156,
    ageDays: 60,
  }),
  product({
    key: 'rosehip-brightening-serum',
    categoryKey: 'face-care',
    picture: 'bottle',
    name: 'Rosehip & Aloe Brightening Serum',
    description: 'Brightening serum with rosehip oil and Kenyan aloe.',
    priceKsh: 2200,
    discounts: '20%',
    discount: '20% off',
    stock: 25,
    Type: 'Serums',
    imageCount: 2,
    count: 98,
    ageDays: 14,
  }),
  product({
    key: 'avocado-night-serum',
    categoryKey: 'face-care',
    picture: 'bottle',
    name: 'Avocado Night Repair Serum',
    description:
      'A rich overnight serum of Murang\u2019a avocado oil, squalane and vitamin E that repairs the skin barrier while you sleep and leaves a soft, dewy finish by morning.',
    priceKsh: 2499.5,
    stock: 0,
    Type: 'serum',
    imageCount: 1,
    count: 77,
    ageDays: 40,
  }),
  product({
    key: 'hibiscus-rose-toner',
    categoryKey: 'face-care',
    picture: 'bottle',
    name: 'Hibiscus Rose Toner',
    description:
      'An alcohol-free toner of hibiscus and rose water that tightens pores and balances the skin after cleansing.',
    nameSw: 'Tona ya Hibiscus na Waridi',
    descriptionSw:
      'Tona isiyo na pombe ya hibiscus na maji ya waridi, inayobana vinyweleo na kusawazisha ngozi baada ya kuisafisha.',
    priceKsh: 950,
    discounts: '0',
    stock: 30,
    Type: 'Toners',
    imageCount: 2,
    count: 64,
    ageDays: 8,
  }),
  product({
    key: 'neem-clay-mask',
    categoryKey: 'face-care',
    picture: 'jar',
    name: 'Neem & Kaolin Clay Mask',
    description:
      'A weekly purifying mask. || Neem leaf powder calms breakouts || Kaolin clay lifts excess oil || Mix with water or rose toner',
    priceKsh: 1200,
    discounts: 0,
    stock: 18,
    Type: 'Masks',
    imageCount: 0,
    count: 35,
    ageDays: 90,
  }),
  product({
    key: 'shea-honey-lip-balm',
    categoryKey: 'face-care',
    picture: 'jar',
    name: 'Shea & Honey Lip Balm',
    description: 'Shea butter lip balm with Baringo honey.',
    priceKsh: 350,
    discounts: 'abc',
    stock: 120,
    Type: 'Balm',
    imageCount: 1,
    count: 389,
    ageDays: 150,
  }),
  product({
    key: 'turmeric-coffee-face-scrub',
    categoryKey: 'face-care',
    picture: 'jar',
    name: 'Turmeric & Coffee Face Scrub',
    description:
      'A gentle scrub of fine Kenyan AA coffee grounds, turmeric and coconut oil that polishes away dull skin without stripping it.',
    nameSw: 'Skrabu ya Uso ya Manjano na Kahawa',
    descriptionSw:
      'Skrabu laini ya unga wa kahawa ya Kenya AA, manjano na mafuta ya nazi, inayoondoa ngozi iliyofifia bila kuikausha.',
    priceKsh: 1100,
    discounts: 25,
    discount: '25% off',
    stock: 22,
    Type: 'Scrubs',
    imageCount: 3,
    count: 51,
    ageDays: 3,
  }),
  product({
    key: 'aloe-cucumber-eye-gel',
    categoryKey: 'face-care',
    picture: 'bottle',
    name: 'Aloe & Cucumber Eye Gel',
    description: 'Cooling eye gel for puffy mornings.',
    priceKsh: 1350,
    discounts: '',
    stock: 9,
    Type: 'gel',
    imageCount: 2,
    count: 27,
    ageDays: 30,
  }),

  // Body Care
  product({
    key: 'raw-shea-butter',
    categoryKey: 'body-care',
    picture: 'jar',
    name: 'Raw Unrefined Shea Butter',
    description:
      'Grade A shea butter, hand-kneaded by a women\u2019s cooperative and left unrefined so it keeps its natural vitamins. || Rich in vitamins A and E || For skin, hair and stretch marks || Nutty natural scent',
    priceKsh: 1200,
    discounts: 10,
    discount: '10% off',
    Type: 'Butters',
    pricingType: 'Variable',
    variants: [
      { name: '250 g tub', size: '250g', stock: 30 },
      { name: '500 g tub', size: '500g', stock: 14 },
      { name: '1 kg tub', size: '1kg', stock: 0 },
    ],
    imageCount: 4,
    count: 402,
    ageDays: 170,
  }),
  product({
    key: 'whipped-mango-body-butter',
    categoryKey: 'body-care',
    picture: 'jar',
    name: 'Whipped Mango & Shea Body Butter',
    description:
      'Fluffy whipped butter of Makueni mango seed butter and shea that melts into the skin and keeps it soft all day.',
    priceKsh: 1650,
    discounts: '10%',
    discount: '10% off',
    stock: 35,
    Type: ' Creams ',
    imageCount: 3,
    count: 188,
    ageDays: 75,
  }),
  product({
    key: 'coconut-baobab-lotion',
    categoryKey: 'body-care',
    picture: 'bottle',
    name: 'Coconut & Baobab Body Lotion',
    description:
      'Everyday lotion for the whole family. || Coastal virgin coconut oil || Baobab oil for elasticity || Absorbs in seconds',
    priceKsh: 899.5,
    Type: 'Lotions',
    pricingType: 'Variable',
    variants: [
      { name: '250 ml bottle', size: '250ml', stock: 40 },
      { name: '500 ml pump', size: '500ml', stock: 16 },
    ],
    imageCount: 2,
    count: 143,
    ageDays: 110,
  }),
  product({
    key: 'macadamia-body-oil',
    categoryKey: 'body-care',
    picture: 'bottle',
    name: 'Macadamia Body Oil',
    description: 'Silky body oil pressed from Embu macadamia nuts.',
    priceKsh: 1300,
    discounts: '5',
    discount: '5% off',
    stock: 27,
    Type: 'oil',
    imageCount: 1,
    count: 66,
    ageDays: 21,
  }),
  product({
    key: 'kenyan-coffee-body-scrub',
    categoryKey: 'body-care',
    picture: 'jar',
    name: 'Kenyan Coffee Body Scrub',
    description:
      'Nyeri coffee grounds, brown sugar and shea oil in a scrub that wakes up tired skin and smells like a morning cup.',
    priceKsh: 1150,
    discounts: '100',
    discount: 'Clearance',
    stock: 0,
    Type: 'Scrubs',
    imageCount: 2,
    count: 120,
    ageDays: 55,
  }),
  product({
    key: 'marula-stretch-mark-oil',
    categoryKey: 'body-care',
    picture: 'bottle',
    name: 'Marula Stretch Mark Oil',
    description:
      'A blend for expecting mothers. || Marula and rosehip oils || Gentle calendula extract || 100 ml',
    priceKsh: 1750,
    stock: 14,
    Type: 'Oils',
    imageCount: 2,
    count: 59,
    ageDays: 95,
  }),
  product({
    key: 'shea-hand-cream',
    categoryKey: 'body-care',
    picture: 'jar',
    name: 'Shea & Lemongrass Hand Cream',
    description: 'A pocket-sized hand cream for dry, busy hands.',
    priceKsh: 650,
    discounts: 15,
    discount: '15% off',
    stock: 60,
    Type: 'Creams',
    imageCount: 1,
    count: 230,
    ageDays: 130,
  }),
  product({
    key: 'citronella-outdoor-balm',
    categoryKey: 'body-care',
    picture: 'jar',
    name: 'Citronella & Neem Outdoor Balm',
    description:
      'A DEET-free balm of citronella, neem and lemongrass oils in beeswax, for evenings on the veranda and nights at the coast.',
    priceKsh: 750,
    stock: 0,
    Type: 'Balms',
    imageCount: 0,
    count: 88,
    ageDays: 200,
  }),
  product({
    key: 'calendula-baby-wash',
    categoryKey: 'body-care',
    picture: 'bottle',
    name: 'Gentle Calendula Baby Wash',
    description:
      'Tear-free wash for babies and sensitive skin. || Calendula and chamomile || No sulphates or parabens || 250 ml',
    priceKsh: 980,
    discounts: null,
    stock: 33,
    Type: 'Washes',
    imageCount: 2,
    count: 47,
    ageDays: 5,
  }),

  // Hair Care
  product({
    key: 'chebe-hair-butter',
    categoryKey: 'hair-care',
    picture: 'jar',
    name: 'Chebe & Shea Hair Butter',
    description:
      'Length-retention butter for natural hair. || Chebe powder and shea butter || Seals in moisture for days || Ideal for twists and braids',
    priceKsh: 1400,
    discounts: '12',
    discount: '12% off',
    Type: 'Butters',
    pricingType: 'Variable',
    variants: [
      { name: '150 g jar', size: '150g', stock: 20 },
      { name: '300 g jar', size: '300g', stock: 8 },
    ],
    imageCount: 3,
    count: 175,
    ageDays: 85,
  }),
  product({
    key: 'black-castor-hair-oil',
    categoryKey: 'hair-care',
    picture: 'bottle',
    name: 'Black Castor Hair Oil',
    description: 'Thick roasted castor oil for edges and brows.',
    priceKsh: 850,
    stock: 45,
    Type: 'Oils',
    imageCount: 2,
    count: 260,
    ageDays: 140,
  }),
  product({
    key: 'rosemary-mint-growth-oil',
    categoryKey: 'hair-care',
    picture: 'bottle',
    name: 'Rosemary & Mint Growth Oil',
    description:
      'A scalp oil of rosemary, peppermint and pumpkin seed oils that stimulates circulation and soothes itchy scalps between wash days.',
    priceKsh: 1250,
    discounts: '30%',
    discount: '30% off (launch)',
    stock: 19,
    Type: 'oil',
    imageCount: 2,
    count: 142,
    ageDays: 2,
  }),
  product({
    key: 'aloe-leave-in-conditioner',
    categoryKey: 'hair-care',
    picture: 'bottle',
    name: 'Aloe Leave-In Conditioner',
    description:
      'Detangles and softens. || Aloe vera juice base || Marshmallow root || 250 ml spray',
    priceKsh: 1050,
    stock: 28,
    Type: 'Conditioners',
    imageCount: 1,
    count: 91,
    ageDays: 45,
  }),
  product({
    key: 'hibiscus-shampoo-bar',
    categoryKey: 'hair-care',
    picture: 'soap',
    name: 'Hibiscus Shampoo Bar',
    description:
      'A plastic-free shampoo bar with hibiscus and ambunu leaves that cleans gently and lasts as long as two bottles.',
    priceKsh: 700,
    discounts: 'abc',
    stock: 50,
    Type: 'Soap',
    imageCount: 2,
    count: 73,
    ageDays: 65,
  }),
  product({
    key: 'mvule-detangling-comb',
    categoryKey: 'hair-care',
    picture: 'comb',
    name: 'Mvule Wood Detangling Comb',
    description: 'Wide-tooth comb carved by hand.',
    priceKsh: 450,
    stock: 70,
    Type: null,
    imageCount: 1,
    count: 58,
    ageDays: 160,
  }),
  product({
    key: 'coconut-avocado-hair-mask',
    categoryKey: 'hair-care',
    picture: 'jar',
    name: 'Coconut & Avocado Hair Mask',
    description:
      'A deep-conditioning mask of coconut milk, avocado and shea that restores softness to dry, heat-damaged hair in twenty minutes.',
    priceKsh: 1499.5,
    discounts: 20,
    discount: '20% off',
    stock: 0,
    Type: 'Masks',
    imageCount: 2,
    count: 104,
    ageDays: 35,
  }),
  product({
    key: 'cedarwood-beard-oil',
    categoryKey: 'hair-care',
    picture: 'bottle',
    name: 'Cedarwood Beard Oil',
    description:
      'Softens beards and calms itch. || Jojoba and baobab oils || Cedarwood scent || 30 ml',
    priceKsh: 990,
    stock: 23,
    Type: 'Oils',
    imageCount: 0,
    count: 39,
    ageDays: 12,
  }),
  product({
    key: 'kitenge-satin-bonnet',
    categoryKey: 'hair-care',
    picture: 'cloth',
    name: 'Kitenge Satin-Lined Bonnet',
    description:
      'A reversible sleep bonnet in bright kitenge print lined with satin to protect curls and braids overnight.',
    priceKsh: 800,
    discounts: '10',
    discount: '10% off',
    Type: null,
    pricingType: 'Variable',
    variants: [
      { name: 'Standard', size: 'Standard', stock: 15 },
      { name: 'Large (for braids)', size: 'Large', stock: 6 },
    ],
    imageCount: 3,
    count: 67,
    ageDays: 18,
  }),

  // Wellness Teas
  product({
    key: 'moringa-leaf-tea',
    categoryKey: 'wellness-teas',
    picture: 'leaves',
    name: 'Moringa Leaf Tea',
    description:
      'Shade-dried moringa leaves from Kibwezi. || Naturally caffeine free || Rich in iron and antioxidants || Biodegradable tea bags',
    priceKsh: 550,
    discounts: 10,
    discount: '10% off',
    Type: 'Teas',
    pricingType: 'Variable',
    variants: [
      { name: '20 tea bags', size: '20 bags', stock: 48 },
      { name: '40 tea bags', size: '40 bags', stock: 25 },
    ],
    imageCount: 2,
    count: 320,
    ageDays: 180,
  }),
  product({
    key: 'hibiscus-sorrel-tea',
    categoryKey: 'wellness-teas',
    picture: 'leaves',
    name: 'Hibiscus (Sorrel) Tea',
    description: 'Tangy ruby-red tea, lovely iced.',
    priceKsh: 480,
    stock: 60,
    Type: 'Tea',
    imageCount: 1,
    count: 210,
    ageDays: 100,
  }),
  product({
    key: 'lemongrass-ginger-tea',
    categoryKey: 'wellness-teas',
    picture: 'leaves',
    name: 'Lemongrass & Ginger Tea',
    description:
      'Loose-leaf lemongrass with dried Kenyan ginger root, a warming cup for cold Nairobi evenings and for settling the stomach after a meal.',
    priceKsh: 520,
    discounts: '15%',
    discount: '15% off',
    stock: 38,
    Type: 'Teas',
    imageCount: 2,
    count: 134,
    ageDays: 50,
  }),
  product({
    key: 'nandi-purple-tea',
    categoryKey: 'wellness-teas',
    picture: 'leaves',
    name: 'Nandi Hills Purple Tea',
    description:
      'Rare purple tea grown high in the Nandi Hills. || High in anthocyanins || Low caffeine || 100 g loose leaf',
    priceKsh: 1200,
    stock: 17,
    Type: 'teas',
    imageCount: 3,
    count: 96,
    ageDays: 7,
  }),
  product({
    key: 'masala-chai-blend',
    categoryKey: 'wellness-teas',
    picture: 'leaves',
    name: 'Masala Chai Spice Blend',
    description: 'Cardamom, cinnamon, ginger and cloves for proper chai.',
    priceKsh: 399.5,
    discounts: '0',
    stock: 85,
    Type: 'Spices',
    imageCount: 1,
    count: 298,
    ageDays: 145,
  }),
  product({
    key: 'mint-tulsi-calm-tea',
    categoryKey: 'wellness-teas',
    picture: 'leaves',
    name: 'Mint & Tulsi Calm Tea',
    description:
      'An evening blend of spearmint, holy basil and chamomile to help you unwind and sleep soundly.',
    priceKsh: 600,
    stock: 0,
    Type: 'Tea',
    imageCount: 0,
    count: 45,
    ageDays: 25,
  }),
  product({
    key: 'baobab-fruit-powder',
    categoryKey: 'wellness-teas',
    picture: 'jar',
    name: 'Baobab Fruit Powder',
    description:
      'Stir into porridge, juice or smoothies. || Six times the vitamin C of an orange || Prebiotic fibre || 200 g pouch',
    priceKsh: 750,
    discounts: 25,
    discount: '25% off',
    stock: 44,
    Type: 'Powders',
    imageCount: 2,
    count: 187,
    ageDays: 70,
  }),
  product({
    key: 'moringa-leaf-powder',
    categoryKey: 'wellness-teas',
    picture: 'jar',
    name: 'Moringa Leaf Powder',
    description: 'Fine green powder for smoothies and soups.',
    priceKsh: 650,
    stock: 52,
    Type: 'powder',
    imageCount: 1,
    count: 152,
    ageDays: 115,
  }),
  product({
    key: 'baringo-acacia-honey',
    categoryKey: 'wellness-teas',
    picture: 'jar',
    name: 'Raw Baringo Acacia Honey',
    description:
      'Seasonal raw honey harvested from acacia woodland by beekeepers around Lake Baringo; the current harvest is sold out and the next one arrives after the rains.',
    priceKsh: 900,
    Type: 'Honey',
    pricingType: 'Variable',
    variants: [
      { name: '250 g jar', size: '250g', stock: 0 },
      { name: '500 g jar', size: '500g', stock: 0 },
      { name: '1 kg jar', size: '1kg', stock: 0 },
    ],
    imageCount: 2,
    count: 276,
    ageDays: 190,
  }),

  // Essential Oils
  product({
    key: 'eucalyptus-essential-oil',
    categoryKey: 'essential-oils',
    picture: 'bottle',
    name: 'Eucalyptus Essential Oil',
    description:
      'Steam-distilled in the Rift Valley. || Clears blocked noses || Add to a steam bowl or diffuser || 10 ml',
    priceKsh: 650,
    stock: 40,
    Type: 'Essential Oils',
    imageCount: 1,
    count: 165,
    ageDays: 125,
  }),
  product({
    key: 'lavender-essential-oil',
    categoryKey: 'essential-oils',
    picture: 'bottle',
    name: 'Lavender Essential Oil',
    description: 'Calming lavender oil grown in Timau.',
    priceKsh: 1100,
    discounts: '20%',
    discount: '20% off',
    Type: 'Essential Oil',
    pricingType: 'Variable',
    variants: [
      { name: '10 ml bottle', size: '10ml', stock: 26 },
      { name: '30 ml bottle', size: '30ml', stock: 0 },
    ],
    imageCount: 2,
    count: 199,
    ageDays: 80,
  }),
  product({
    key: 'lemongrass-essential-oil',
    categoryKey: 'essential-oils',
    picture: 'bottle',
    name: 'Lemongrass Essential Oil',
    description:
      'A bright, citrus-green oil that keeps mosquitoes away and freshens kitchens, laundry and cleaning water.',
    priceKsh: 550,
    stock: 33,
    Type: 'oil',
    imageCount: 0,
    count: 82,
    ageDays: 105,
  }),
  product({
    key: 'tea-tree-oil',
    categoryKey: 'essential-oils',
    picture: 'bottle',
    name: 'Tea Tree Oil',
    description: 'For spots, nails and scalp. || 100% pure || Always dilute || 15 ml',
    priceKsh: 850,
    discounts: '',
    stock: 29,
    Type: 'Oils',
    imageCount: 1,
    count: 118,
    ageDays: 60,
  }),
  product({
    key: 'peppermint-essential-oil',
    categoryKey: 'essential-oils',
    picture: 'bottle',
    name: 'Peppermint Essential Oil',
    description:
      'Cooling peppermint for tension headaches, tired feet and a fresher car, distilled from mint grown on the slopes of Mount Kenya.',
    priceKsh: 750,
    discounts: null,
    stock: 0,
    Type: 'Oils',
    imageCount: 1,
    count: 71,
    ageDays: 33,
  }),
  product({
    key: 'samburu-frankincense-oil',
    categoryKey: 'essential-oils',
    picture: 'bottle',
    name: 'Samburu Frankincense Oil',
    description:
      'Wild-harvested Boswellia resin from Samburu. || Grounding, woody aroma || Supports resin collectors\u2019 cooperatives || 10 ml',
    priceKsh: 2800,
    discounts: 5,
    discount: '5% off',
    stock: 11,
    Type: 'Essential Oils',
    imageCount: 3,
    count: 29,
    ageDays: 16,
  }),
  product({
    key: 'east-african-sandalwood-oil',
    categoryKey: 'essential-oils',
    picture: 'bottle',
    name: 'East African Sandalwood Oil',
    description: 'Rare and sustainably licensed. Price on request for bulk.',
    priceKsh: 8500,
    stock: 4,
    Type: 'Oils',
    pricingType: 'Negotiable',
    imageCount: 2,
    count: 6,
    ageDays: 9,
  }),
  product({
    key: 'sleep-well-diffuser-blend',
    categoryKey: 'essential-oils',
    picture: 'bottle',
    name: 'Sleep Well Diffuser Blend',
    description:
      'Lavender, cedarwood and sweet orange blended for the bedroom; five drops in a diffuser an hour before bed.',
    priceKsh: 950,
    discounts: '15',
    discount: '15% off',
    stock: 24,
    Type: 'Blends',
    imageCount: 2,
    count: 94,
    ageDays: 42,
  }),
  product({
    key: 'clay-aroma-diffuser',
    categoryKey: 'essential-oils',
    picture: 'pot',
    name: 'Clay Aroma Diffuser',
    description: 'Hand-thrown terracotta diffuser from Kajiado potters.',
    priceKsh: 1600,
    stock: 7,
    Type: null,
    imageCount: 4,
    count: 22,
    ageDays: 28,
  }),

  // Bath & Spa
  product({
    key: 'african-black-soap',
    categoryKey: 'bath-spa',
    picture: 'soap',
    name: 'African Black Soap',
    description:
      'Traditional black soap of plantain ash, cocoa pod and shea. || Deep cleans without drying || For face and body || 150 g bar',
    priceKsh: 450,
    discounts: 10,
    discount: '10% off',
    stock: 90,
    Type: 'Soap',
    imageCount: 2,
    count: 356,
    ageDays: 175,
  }),
  product({
    key: 'goat-milk-honey-soap',
    categoryKey: 'bath-spa',
    picture: 'soap',
    name: 'Goat Milk & Honey Soap',
    description: 'Creamy bar for sensitive skin.',
    priceKsh: 380,
    stock: 64,
    Type: 'Soaps',
    imageCount: 1,
    count: 241,
    ageDays: 135,
  }),
  product({
    key: 'activated-charcoal-soap',
    categoryKey: 'bath-spa',
    picture: 'soap',
    name: 'Activated Charcoal Soap',
    description:
      'Coconut-shell charcoal and tea tree oil in a cold-process bar that draws out impurities from oily and acne-prone skin.',
    priceKsh: 420,
    discounts: '20%',
    discount: '20% off',
    stock: 0,
    Type: 'soap',
    imageCount: 2,
    count: 133,
    ageDays: 88,
  }),
  product({
    key: 'lake-magadi-bath-salts',
    categoryKey: 'bath-spa',
    picture: 'jar',
    name: 'Lake Magadi Bath Salts',
    description:
      'Mineral soak for sore muscles. || Magadi soda and Epsom salt || Eucalyptus and rosemary oils || 500 g jar',
    priceKsh: 850,
    Type: 'Salts',
    pricingType: 'Variable',
    variants: [
      { name: '500 g jar', size: '500g', stock: 18 },
      { name: '1 kg refill pouch', size: '1kg', stock: 0 },
    ],
    imageCount: 2,
    count: 77,
    ageDays: 52,
  }),
  product({
    key: 'sisal-bath-mitt',
    categoryKey: 'bath-spa',
    picture: 'mitt',
    name: 'Sisal Exfoliating Bath Mitt',
    description: 'Woven sisal mitt for a natural body scrub.',
    priceKsh: 350,
    discounts: 0,
    stock: 55,
    Type: null,
    imageCount: 1,
    count: 147,
    ageDays: 160,
  }),
  product({
    key: 'hibiscus-bath-bombs',
    categoryKey: 'bath-spa',
    picture: 'bathbombs',
    name: 'Hibiscus Bath Bombs (set of 4)',
    description:
      'Four fizzing bath bombs coloured with hibiscus and beetroot, scented with rose geranium, and wrapped in recycled paper.',
    priceKsh: 1200,
    discounts: '100',
    stock: 20,
    Type: 'Bath Bombs',
    imageCount: 3,
    count: 63,
    ageDays: 4,
  }),
  product({
    key: 'spa-day-gift-box',
    categoryKey: 'bath-spa',
    picture: 'gift',
    name: 'Spa Day Gift Box',
    description:
      'A curated gift for someone special. || Black soap, body butter and bath salts || Sisal mitt and lavender oil || Gift card with your message',
    priceKsh: 4500,
    stock: 10,
    Type: 'Gift Sets',
    pricingType: 'Negotiable',
    imageCount: 4,
    count: 41,
    ageDays: 11,
  }),
  product({
    key: 'natural-pumice-stone',
    categoryKey: 'bath-spa',
    picture: 'stone',
    name: 'Natural Pumice Stone',
    description: 'Volcanic pumice from Naivasha for heels.',
    priceKsh: 250,
    stock: 100,
    Type: 'Stones',
    imageCount: 0,
    count: 205,
    ageDays: 210,
  }),
  product({
    key: 'herbal-bath-soak',
    categoryKey: 'bath-spa',
    picture: 'leaves',
    name: 'Herbal Bath Soak',
    description:
      'Muslin bags of oats, calendula, lemongrass and rose petals that turn any bath into a slow Sunday afternoon.',
    priceKsh: 700,
    discounts: 'abc',
    stock: 26,
    Type: 'Soaks',
    imageCount: 1,
    count: 38,
    ageDays: 20,
  }),

  // Kiondo Baskets
  product({
    key: 'classic-sisal-kiondo',
    categoryKey: 'kiondo-baskets',
    picture: 'basket',
    name: 'Classic Sisal Kiondo',
    description:
      'The original Kenyan kiondo, hand-woven from sisal by women in Machakos and Kitui. || Natural dyes || Leather-trimmed handles || Each pattern is one of a kind',
    nameSw: 'Kiondo cha Asili cha Mkonge',
    descriptionSw:
      'Kiondo halisi cha Kenya, kilichofumwa kwa mkono kwa mkonge na akina mama wa Machakos na Kitui. || Rangi za asili || Vishikio vilivyopambwa kwa ngozi || Kila muundo ni wa kipekee',
    priceKsh: 2500,
    discounts: 10,
    discount: '10% off',
    Type: 'Baskets',
    pricingType: 'Negotiable',
    variants: [
      { name: 'Small', size: 'S', stock: 9 },
      { name: 'Medium', size: 'M', stock: 0 },
      { name: 'Large', size: 'L', stock: 4 },
    ],
    imageCount: 4,
    count: 184,
    ageDays: 165,
  }),
  product({
    key: 'leather-strap-kiondo',
    categoryKey: 'kiondo-baskets',
    picture: 'basket',
    name: 'Kiondo with Leather Straps',
    description: 'Sisal kiondo with long shoulder straps.',
    priceKsh: 3200,
    stock: 12,
    Type: 'Basket',
    imageCount: 3,
    count: 97,
    ageDays: 70,
  }),
  product({
    key: 'kiondo-market-tote',
    categoryKey: 'kiondo-baskets',
    picture: 'basket',
    name: 'Kiondo Market Tote',
    description:
      'A roomy everyday tote that carries a week of shopping from Marikiti to the matatu and still looks good at the office.',
    priceKsh: 2800,
    discounts: '15%',
    discount: '15% off',
    stock: 0,
    Type: 'Baskets',
    imageCount: 2,
    count: 131,
    ageDays: 100,
  }),
  product({
    key: 'mini-kiondo-pouch',
    categoryKey: 'kiondo-baskets',
    picture: 'basket',
    name: 'Mini Kiondo Pouch',
    description: 'Tiny kiondo for keys, coins and lip balm.',
    priceKsh: 850,
    stock: 40,
    Type: 'basket',
    imageCount: 1,
    count: 222,
    ageDays: 40,
  }),
  product({
    key: 'woven-storage-basket-set',
    categoryKey: 'kiondo-baskets',
    picture: 'basket',
    name: 'Woven Storage Basket Set',
    description:
      'Three nesting sisal baskets for toys, towels and plants. || Small, medium and large || Colour-fast dyes || Fold flat for delivery',
    priceKsh: 4200,
    discounts: '',
    stock: 6,
    Type: 'Baskets',
    imageCount: 3,
    count: 48,
    ageDays: 26,
  }),
  product({
    key: 'lidded-laundry-basket',
    categoryKey: 'kiondo-baskets',
    picture: 'basket',
    name: 'Lidded Laundry Basket',
    description:
      'A tall lidded basket woven from doum palm and sisal, sturdy enough for a family\u2019s weekly laundry.',
    priceKsh: 5500,
    stock: 3,
    Type: 'Baskets',
    pricingType: 'Negotiable',
    imageCount: 0,
    count: 15,
    ageDays: 6,
  }),
  product({
    key: 'sisal-fruit-bowl',
    categoryKey: 'kiondo-baskets',
    picture: 'bowl',
    name: 'Sisal Fruit Bowl',
    description: 'Shallow woven bowl for fruit or bread.',
    priceKsh: 1250,
    discounts: '20',
    discount: '20% off',
    stock: 21,
    Type: 'Bowls',
    imageCount: 2,
    count: 86,
    ageDays: 58,
  }),
  product({
    key: 'lamu-palm-kikapu',
    categoryKey: 'kiondo-baskets',
    picture: 'basket',
    name: 'Lamu Palm Leaf Kikapu',
    description:
      'A soft palm-leaf kikapu from Lamu island. || Light and flexible || Perfect for the beach || Natural palm colour',
    priceKsh: 1499.5,
    Type: 'Bags',
    pricingType: 'Variable',
    variants: [
      { name: 'Medium', size: 'M', stock: 0 },
      { name: 'Large', size: 'L', stock: 11 },
    ],
    imageCount: 2,
    count: 109,
    ageDays: 13,
  }),

  // Kitchen & Home
  product({
    key: 'olive-wood-serving-spoons',
    categoryKey: 'kitchen-home',
    picture: 'woodware',
    name: 'Olive Wood Serving Spoons',
    description: 'A pair of hand-carved serving spoons.',
    priceKsh: 1100,
    stock: 30,
    Type: 'Utensils',
    imageCount: 2,
    count: 93,
    ageDays: 150,
  }),
  product({
    key: 'kisii-soapstone-bowl',
    categoryKey: 'kitchen-home',
    picture: 'bowl',
    name: 'Kisii Soapstone Bowl',
    description:
      'Carved and polished in Tabaka from pink Kisii soapstone. || Etched leaf pattern || For keys, jewellery or nuts || Not for hot food',
    priceKsh: 1800,
    discounts: 10,
    discount: '10% off',
    Type: 'Bowls',
    pricingType: 'Variable',
    variants: [
      { name: 'Small (12 cm)', size: '12cm', stock: 14 },
      { name: 'Large (20 cm)', size: '20cm', stock: 5 },
    ],
    imageCount: 3,
    count: 121,
    ageDays: 90,
  }),
  product({
    key: 'kisii-soapstone-coasters',
    categoryKey: 'kitchen-home',
    picture: 'coasters',
    name: 'Kisii Soapstone Coasters (set of 6)',
    description: 'Six carved coasters with cork backs.',
    priceKsh: 1500,
    discounts: '0',
    stock: 0,
    Type: 'Coasters',
    imageCount: 1,
    count: 57,
    ageDays: 75,
  }),
  product({
    key: 'banana-fibre-placemats',
    categoryKey: 'kitchen-home',
    picture: 'cloth',
    name: 'Banana Fibre Placemats (set of 6)',
    description:
      'Round placemats woven from dried banana fibre by a youth group in Kisii, wipe clean with a damp cloth.',
    priceKsh: 1350,
    discounts: '25%',
    discount: '25% off',
    stock: 16,
    Type: 'Placemats',
    imageCount: 2,
    count: 66,
    ageDays: 19,
  }),
  product({
    key: 'mvule-chopping-board',
    categoryKey: 'kitchen-home',
    picture: 'woodware',
    name: 'Mvule Wood Chopping Board',
    description:
      'A heavy hardwood board with a juice groove. || Oiled with food-safe coconut oil || 40 x 25 cm || Handle for hanging',
    priceKsh: 2300,
    stock: 9,
    Type: 'Boards',
    imageCount: 2,
    count: 44,
    ageDays: 37,
  }),
  product({
    key: 'hand-beaten-sufuria-set',
    categoryKey: 'kitchen-home',
    picture: 'pot',
    name: 'Hand-Beaten Sufuria Set',
    description: 'Three aluminium sufurias with lids, made in Kariakor.',
    priceKsh: 3400,
    discounts: 'abc',
    stock: 8,
    Type: 'Cookware',
    pricingType: 'Negotiable',
    imageCount: 1,
    count: 35,
    ageDays: 63,
  }),
  product({
    key: 'nyungu-clay-water-pot',
    categoryKey: 'kitchen-home',
    picture: 'pot',
    name: 'Nyungu Clay Water Pot',
    description:
      'A traditional clay pot that keeps drinking water naturally cool, fired by potters on the shores of Lake Victoria.',
    priceKsh: 2600,
    stock: 5,
    Type: 'Pots',
    imageCount: 0,
    count: 19,
    ageDays: 1,
  }),
  product({
    key: 'kitengela-glass-tumblers',
    categoryKey: 'kitchen-home',
    picture: 'glasses',
    name: 'Kitengela Recycled Glass Tumblers',
    description:
      'Mouth-blown from recycled bottles at Kitengela. || Set of 4 || Each one slightly different || Dishwasher safe',
    priceKsh: 2900,
    discounts: 15,
    discount: '15% off',
    Type: 'Glassware',
    pricingType: 'Variable',
    variants: [
      { name: 'Blue', size: 'Set of 4', stock: 7 },
      { name: 'Green', size: 'Set of 4', stock: 0 },
      { name: 'Amber', size: 'Set of 4', stock: 3 },
    ],
    imageCount: 4,
    count: 52,
    ageDays: 22,
  }),

  // Jewellery
  product({
    key: 'maasai-beaded-bracelet',
    categoryKey: 'jewellery',
    picture: 'beads',
    name: 'Maasai Beaded Bracelet',
    description: 'Bright bracelet beaded by Maasai women in Kajiado.',
    nameSw: 'Bangili ya Shanga ya Kimaasai',
    descriptionSw:
      'Bangili angavu iliyotengenezwa kwa shanga na akina mama wa Kimaasai wa Kajiado.',
    priceKsh: 400,
    discounts: '10%',
    discount: '10% off',
    stock: 150,
    Type: 'Bracelets',
    imageCount: 2,
    count: 412,
    ageDays: 185,
  }),
  product({
    key: 'maasai-beaded-collar',
    categoryKey: 'jewellery',
    picture: 'beads',
    name: 'Maasai Beaded Collar Necklace',
    description:
      'A flat, disc-shaped collar of traditional Maasai colours. || Red for bravery, blue for the sky || Adjustable leather tie || Takes a week to bead',
    priceKsh: 3800,
    stock: 6,
    Type: 'Necklaces',
    pricingType: 'Negotiable',
    imageCount: 3,
    count: 61,
    ageDays: 95,
  }),
  product({
    key: 'brass-spiral-earrings',
    categoryKey: 'jewellery',
    picture: 'earrings',
    name: 'Brass Spiral Earrings',
    description:
      'Lightweight hammered brass spirals made by Kibera artisans from recycled brass, polished to a warm gold.',
    priceKsh: 950,
    discounts: 25,
    discount: '25% off',
    stock: 34,
    Type: 'Earrings',
    imageCount: 1,
    count: 178,
    ageDays: 48,
  }),
  product({
    key: 'carved-bone-pendant',
    categoryKey: 'jewellery',
    picture: 'beads',
    name: 'Carved Bone Pendant',
    description: 'Hand-carved pendant on a waxed cord.',
    priceKsh: 700,
    stock: 0,
    Type: 'Necklace',
    imageCount: 0,
    count: 73,
    ageDays: 120,
  }),
  product({
    key: 'beaded-leather-sandals',
    categoryKey: 'jewellery',
    picture: 'sandals',
    name: 'Beaded Leather Sandals',
    description:
      'Maasai-beaded leather sandals. || Genuine leather sole || Hand-stitched beadwork || Runs true to size',
    priceKsh: 2200,
    discounts: '15',
    discount: '15% off',
    Type: 'Sandals',
    pricingType: 'Variable',
    variants: [
      { name: 'EU 37', size: '37', stock: 4 },
      { name: 'EU 38', size: '38', stock: 0 },
      { name: 'EU 39', size: '39', stock: 6 },
      { name: 'EU 40', size: '40', stock: 2 },
      { name: 'EU 41', size: '41', stock: 0 },
    ],
    imageCount: 4,
    count: 139,
    ageDays: 31,
  }),
  product({
    key: 'ceramic-bead-necklace',
    categoryKey: 'jewellery',
    picture: 'beads',
    name: 'Hand-Painted Ceramic Bead Necklace',
    description:
      'Glazed ceramic beads shaped and painted by hand in a workshop at the foot of the Ngong Hills, strung on a long cord.',
    priceKsh: 1650,
    discounts: '100',
    stock: 18,
    Type: 'Necklaces',
    imageCount: 2,
    count: 84,
    ageDays: 57,
  }),
  product({
    key: 'cowrie-shell-anklet',
    categoryKey: 'jewellery',
    picture: 'beads',
    name: 'Cowrie Shell Anklet',
    description: 'Cowries from Diani on a beaded band.',
    priceKsh: 300,
    stock: 75,
    Type: 'Anklets',
    imageCount: 1,
    count: 190,
    ageDays: 10,
  }),
  product({
    key: 'beaded-watch-strap',
    categoryKey: 'jewellery',
    picture: 'beads',
    name: 'Beaded Watch Strap',
    description: 'Beaded strap for 20 mm lugs. || Leather backing || Steel buckle',
    priceKsh: 1200,
    discounts: null,
    stock: 13,
    Type: null,
    imageCount: 1,
    count: 25,
    ageDays: 66,
  }),

  // Kikoy & Kanga
  product({
    key: 'kikoy-beach-towel',
    categoryKey: 'kikoy-kanga',
    picture: 'cloth',
    name: 'Cotton Kikoy Beach Towel',
    description:
      'A striped kikoy with a towelling back. || Quick dry || Hand-knotted fringes || 100 x 170 cm',
    priceKsh: 1900,
    discounts: '20%',
    discount: '20% off',
    Type: 'Kikoys',
    pricingType: 'Variable',
    variants: [
      { name: 'Ocean blue', size: 'Standard', stock: 12 },
      { name: 'Sunset orange', size: 'Standard', stock: 0 },
    ],
    imageCount: 3,
    count: 157,
    ageDays: 140,
  }),
  product({
    key: 'kanga-pair-proverb',
    categoryKey: 'kikoy-kanga',
    picture: 'cloth',
    name: 'Kanga Pair with Swahili Proverb',
    description:
      'A matching pair of printed kangas, each bearing the proverb "Haba na haba hujaza kibaba", little by little fills the measure.',
    priceKsh: 1100,
    stock: 26,
    Type: 'Kangas',
    imageCount: 2,
    count: 201,
    ageDays: 110,
  }),
  product({
    key: 'maasai-shuka-blanket',
    categoryKey: 'kikoy-kanga',
    picture: 'cloth',
    name: 'Maasai Shuka Blanket',
    description: 'Warm red-check shuka for picnics and cold nights.',
    priceKsh: 1450,
    discounts: 10,
    discount: '10% off',
    stock: 40,
    Type: 'Blankets',
    imageCount: 1,
    count: 265,
    ageDays: 155,
  }),
  product({
    key: 'kitenge-cushion-cover',
    categoryKey: 'kikoy-kanga',
    picture: 'cloth',
    name: 'Kitenge Cushion Cover',
    description: 'Bold kitenge print, hidden zip, 45 x 45 cm.',
    priceKsh: 850,
    discounts: '0',
    stock: 0,
    Type: 'Cushions',
    imageCount: 2,
    count: 98,
    ageDays: 44,
  }),
  product({
    key: 'kikoy-sarong',
    categoryKey: 'kikoy-kanga',
    picture: 'cloth',
    name: 'Kikoy Sarong',
    description:
      'A light cotton kikoy woven on the coast, worn as a sarong, a scarf or a throw for the back of a sofa.',
    priceKsh: 1000,
    stock: 31,
    Type: 'kikoy',
    imageCount: 1,
    count: 112,
    ageDays: 29,
  }),
  product({
    key: 'kitenge-kitchen-apron',
    categoryKey: 'kikoy-kanga',
    picture: 'cloth',
    name: 'Kitenge Kitchen Apron',
    description:
      'Full-length apron in kitenge cotton. || Adjustable neck strap || Two deep pockets || Machine washable',
    priceKsh: 1250,
    discounts: '',
    stock: 19,
    Type: 'Aprons',
    imageCount: 0,
    count: 54,
    ageDays: 15,
  }),
  product({
    key: 'kitenge-tote-bag',
    categoryKey: 'kikoy-kanga',
    picture: 'basket',
    name: 'Kitenge Tote Bag',
    description: 'Lined canvas tote with kitenge panels.',
    priceKsh: 1350,
    discounts: 'abc',
    stock: 22,
    Type: 'Bags',
    imageCount: 2,
    count: 143,
    ageDays: 52,
  }),
  product({
    key: 'shuka-sofa-throw',
    categoryKey: 'kikoy-kanga',
    picture: 'cloth',
    name: 'Shuka Sofa Throw',
    description:
      'An oversized double-layer shuka throw in blue and red check, soft enough for the sofa and tough enough for a camping trip to Naivasha.',
    priceKsh: 2750,
    discounts: 25,
    discount: '25% off',
    stock: 8,
    Type: 'Throws',
    pricingType: 'Negotiable',
    imageCount: 2,
    count: 37,
    ageDays: 0,
  }),
];

export const DEMO_DISCOUNT_CODES: readonly DemoDiscountCode[] = [
  {
    code: 'KARIBU10',
    kind: 'percent',
    value: 10,
    expiresInDays: null,
    usageLimit: null,
    usedCount: 0,
  },
  {
    code: 'WELCOME100',
    kind: 'fixed',
    valueKsh: 100,
    expiresInDays: null,
    usageLimit: null,
    usedCount: 0,
  },
  {
    code: 'EXPIRED5',
    kind: 'percent',
    value: 5,
    expiresInDays: -30,
    usageLimit: null,
    usedCount: 0,
  },
  { code: 'USEDUP50', kind: 'fixed', valueKsh: 50, expiresInDays: 60, usageLimit: 1, usedCount: 1 },
];

const shopperDelivery: DemoDelivery = {
  firstName: 'Faith',
  middleName: 'Wambui',
  lastName: 'Njeri',
  country: 'Kenya',
  county: 'Nairobi',
  city: 'Nairobi',
  address: 'Ngong Road, Adams Arcade, Apartment 4B',
  postalcode: '00100',
  phoneNumber: '+254722456789',
};

export const DEMO_PAST_ORDERS: readonly DemoPastOrder[] = [
  {
    key: 'shopper-order-1',
    userKey: 'shopper',
    lines: [
      { productKey: 'raw-shea-butter', variantIndex: 1, quantity: 1 },
      { productKey: 'baobab-face-oil', variantIndex: null, quantity: 2 },
      { productKey: 'moringa-leaf-tea', variantIndex: 0, quantity: 1 },
    ],
    shipping: 'standard',
    status: 'delivered',
    daysAgo: 45,
    delivery: shopperDelivery,
  },
  {
    key: 'shopper-order-2',
    userKey: 'shopper',
    lines: [
      { productKey: 'classic-sisal-kiondo', variantIndex: 0, quantity: 1 },
      { productKey: 'maasai-beaded-bracelet', variantIndex: null, quantity: 3 },
      { productKey: 'african-black-soap', variantIndex: null, quantity: 2 },
    ],
    shipping: 'express',
    status: 'delivered',
    daysAgo: 19,
    delivery: {
      ...shopperDelivery,
      county: 'Kiambu',
      city: 'Ruiru',
      address: 'Kamakis, Eastern Bypass, House 12',
      postalcode: '00232',
    },
  },
  {
    key: 'shopper-order-3',
    userKey: 'shopper',
    lines: [
      { productKey: 'rosehip-brightening-serum', variantIndex: null, quantity: 1 },
      { productKey: 'nandi-purple-tea', variantIndex: null, quantity: 1 },
    ],
    shipping: 'standard',
    status: 'confirmed',
    daysAgo: 2,
    delivery: shopperDelivery,
  },
];

export const DEMO_RATINGS: readonly DemoRating[] = [
  { productKey: 'baobab-face-oil', userKey: 'shopper', rating: 5 },
  { productKey: 'baobab-face-oil', userKey: 'kevin', rating: 4 },
  { productKey: 'baobab-face-oil', userKey: 'halima', rating: 5 },
  { productKey: 'raw-shea-butter', userKey: 'shopper', rating: 5 },
  { productKey: 'raw-shea-butter', userKey: 'kiprono', rating: 4 },
  { productKey: 'raw-shea-butter', userKey: 'halima', rating: 5 },
  { productKey: 'moringa-leaf-tea', userKey: 'shopper', rating: 4 },
  { productKey: 'moringa-leaf-tea', userKey: 'kevin', rating: 3 },
  { productKey: 'moringa-day-cream', userKey: 'halima', rating: 4 },
  { productKey: 'rosehip-brightening-serum', userKey: 'kevin', rating: 5 },
  { productKey: 'avocado-night-serum', userKey: 'kiprono', rating: 2 },
  { productKey: 'shea-honey-lip-balm', userKey: 'shopper', rating: 5 },
  { productKey: 'shea-honey-lip-balm', userKey: 'kiprono', rating: 4 },
  { productKey: 'kenyan-coffee-body-scrub', userKey: 'halima', rating: 3 },
  { productKey: 'black-castor-hair-oil', userKey: 'halima', rating: 5 },
  { productKey: 'rosemary-mint-growth-oil', userKey: 'kevin', rating: 4 },
  { productKey: 'chebe-hair-butter', userKey: 'shopper', rating: 5 },
  { productKey: 'hibiscus-sorrel-tea', userKey: 'kiprono', rating: 4 },
  { productKey: 'nandi-purple-tea', userKey: 'shopper', rating: 5 },
  { productKey: 'masala-chai-blend', userKey: 'kevin', rating: 5 },
  { productKey: 'masala-chai-blend', userKey: 'kiprono', rating: 5 },
  { productKey: 'baringo-acacia-honey', userKey: 'halima', rating: 5 },
  { productKey: 'lavender-essential-oil', userKey: 'shopper', rating: 4 },
  { productKey: 'eucalyptus-essential-oil', userKey: 'kevin', rating: 3 },
  { productKey: 'tea-tree-oil', userKey: 'halima', rating: 1 },
  { productKey: 'african-black-soap', userKey: 'shopper', rating: 4 },
  { productKey: 'african-black-soap', userKey: 'kevin', rating: 5 },
  { productKey: 'goat-milk-honey-soap', userKey: 'kiprono', rating: 4 },
  { productKey: 'classic-sisal-kiondo', userKey: 'shopper', rating: 5 },
  { productKey: 'classic-sisal-kiondo', userKey: 'halima', rating: 4 },
  { productKey: 'mini-kiondo-pouch', userKey: 'kevin', rating: 3 },
  { productKey: 'kisii-soapstone-bowl', userKey: 'kiprono', rating: 5 },
  { productKey: 'maasai-beaded-bracelet', userKey: 'shopper', rating: 5 },
  { productKey: 'maasai-beaded-bracelet', userKey: 'halima', rating: 4 },
  { productKey: 'beaded-leather-sandals', userKey: 'kevin', rating: 2 },
  { productKey: 'maasai-shuka-blanket', userKey: 'kiprono', rating: 5 },
  { productKey: 'kanga-pair-proverb', userKey: 'halima', rating: 4 },
  { productKey: 'kitenge-tote-bag', userKey: 'shopper', rating: 3 },
];

export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    key: 'shea-butter-guide',
    picture: 'jar',
    authorKey: 'admin',
    title: 'Raw shea butter: a short guide to the real thing',
    content: [
      'Good shea butter is ivory to pale yellow, smells faintly of nuts and smoke, and melts the moment it touches warm skin. Bright white, odourless butter has usually been refined, and refining strips out much of the vitamin A and E that makes shea worth buying.',
      'Our butter comes from a women\u2019s cooperative that collects the nuts after they fall, then roasts, grinds and kneads them by hand. We buy at a fixed price agreed before the season, so a poor harvest does not leave the collectors with nothing.',
      'Use it straight on dry elbows, heels and hands, warm a little between your palms to seal the ends of braids, or whip it with a few drops of baobab oil for a lighter body butter. Keep the jar out of direct sun and it will last a full year.',
    ].join('\n\n'),
    imageCount: 1,
    daysAgo: 40,
  },
  {
    key: 'kiondo-story',
    picture: 'basket',
    authorKey: 'admin',
    title: 'Meet the weavers behind the kiondo',
    content: [
      'A medium kiondo takes between one and three weeks to weave. The sisal is stripped, dried in the sun, twisted into twine on the thigh, dyed, and only then woven, often while the weaver walks to the market or waits for the matatu.',
      'The groups we work with in Machakos and Kitui set their own prices and keep the pattern names their grandmothers used. When you buy a kiondo from Kikapu Crafts & Home, the weaver\u2019s group receives its price in full before the basket leaves the village.',
      'To keep a kiondo looking new, brush off dust with a soft brush and wipe stains with a damp cloth. If it gets soaked in the rain, stuff it with newspaper and let it dry in the shade so it keeps its shape.',
    ].join('\n\n'),
    imageCount: 1,
    daysAgo: 21,
  },
  {
    key: 'moringa-morning',
    picture: 'leaves',
    authorKey: 'admin',
    title: 'Three ways to start the morning with moringa',
    content: [
      'Moringa grows fast in dry places like Kibwezi and Makueni, and its leaves are full of iron, calcium and vitamin C. The taste is green and grassy, a little like spinach, so it pairs best with something bright.',
      'First, a tea: one moringa tea bag with a slice of ginger and a squeeze of lemon, steeped for four minutes. Second, a smoothie: a teaspoon of moringa powder blended with mango, banana and a spoon of baobab powder. Third, uji: stir half a teaspoon into your porridge after cooking, so the heat does not dull the flavour.',
      'Start with small amounts for the first week. Moringa is a food, not a medicine, and if you are pregnant or take regular medication, ask your doctor before making it a daily habit.',
    ].join('\n\n'),
    imageCount: 0,
    daysAgo: 5,
  },
];

export const DEMO_NEWSLETTER: readonly string[] = ['mary.wairimu@soko.test', 'juma.said@soko.test'];
