import { describe, it, expect } from 'vitest';
import {
  DEMO_BLOG_POSTS,
  DEMO_CATEGORIES,
  DEMO_DISCOUNT_CODES,
  DEMO_NEWSLETTER,
  DEMO_PAST_ORDERS,
  DEMO_PICTURES,
  DEMO_PRODUCTS,
  DEMO_RATINGS,
  DEMO_SHOPS,
  DEMO_TENANTS,
  DEMO_USERS,
  DEMO_WEEKDAYS,
  demoProductStock,
  type DemoPicture,
} from './catalog';
import { hasDemoComposer } from './images';

// The 47 counties of the 2010 constitution (First Schedule).
// prettier-ignore
const KENYA_COUNTIES = [
  'Mombasa', 'Kwale', 'Kilifi', 'Tana River', 'Lamu', 'Taita-Taveta', 'Garissa', 'Wajir',
  'Mandera', 'Marsabit', 'Isiolo', 'Meru', 'Tharaka-Nithi', 'Embu', 'Kitui', 'Machakos',
  'Makueni', 'Nyandarua', 'Nyeri', 'Kirinyaga', "Murang'a", 'Kiambu', 'Turkana', 'West Pokot',
  'Samburu', 'Trans Nzoia', 'Uasin Gishu', 'Elgeyo-Marakwet', 'Nandi', 'Baringo', 'Laikipia',
  'Nakuru', 'Narok', 'Kajiado', 'Kericho', 'Bomet', 'Kakamega', 'Vihiga', 'Bungoma', 'Busia',
  'Siaya', 'Kisumu', 'Homa Bay', 'Migori', 'Kisii', 'Nyamira', 'Nairobi',
];

// DESIGN.md "Details decided": a discount applies when parseFloat gives a number in (0, 100).
const discountApplies = (value: string | number | null): boolean => {
  const n = parseFloat(String(value));
  return Number.isFinite(n) && n > 0 && n < 100;
};

// The spec's Type filter label rule (section 9): trimmed, lower-cased, one trailing 's' removed.
const typeLabel = (type: string): string => {
  const t = type.trim().toLowerCase().replace(/s$/, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
};

const productByKey = new Map(DEMO_PRODUCTS.map((p) => [p.key, p]));
const userKeys = new Set(DEMO_USERS.map((u) => u.key));
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

const expectUnique = (values: readonly string[]) => {
  const duplicates = values.filter((v, i) => values.indexOf(v) !== i);
  expect(duplicates).toEqual([]);
};

describe('demo catalogue', () => {
  it('is large enough to page through', () => {
    expect(DEMO_CATEGORIES.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(80);
    for (const category of DEMO_CATEGORIES) {
      const inCategory = DEMO_PRODUCTS.filter((p) => p.categoryKey === category.key);
      expect(inCategory.length, category.key).toBeGreaterThanOrEqual(6);
    }
    for (const shop of DEMO_SHOPS) {
      expect(DEMO_CATEGORIES.some((c) => c.shopKey === shop.key)).toBe(true);
    }
  });

  it('has unique keys, emails, codes and hosts', () => {
    expectUnique(DEMO_USERS.map((u) => u.key));
    expectUnique(DEMO_USERS.map((u) => u.email.toLowerCase()));
    expectUnique(DEMO_SHOPS.map((s) => s.key));
    expectUnique(DEMO_TENANTS.map((t) => t.key));
    expectUnique(DEMO_TENANTS.flatMap((t) => t.hosts));
    expectUnique(DEMO_CATEGORIES.map((c) => c.key));
    expectUnique(DEMO_PRODUCTS.map((p) => p.key));
    expectUnique(DEMO_DISCOUNT_CODES.map((d) => d.code));
    expectUnique(DEMO_PAST_ORDERS.map((o) => o.key));
    expectUnique(DEMO_BLOG_POSTS.map((b) => b.key));
    expectUnique(DEMO_NEWSLETTER.map((e) => e.toLowerCase()));
    expectUnique(DEMO_RATINGS.map((r) => `${r.productKey}/${r.userKey}`));
    expectUnique(DEMO_SHOPS.map((s) => s.name));
    for (const shop of DEMO_SHOPS) {
      expectUnique(DEMO_CATEGORIES.filter((c) => c.shopKey === shop.key).map((c) => c.name));
    }
  });

  it('has the accounts the README promises', () => {
    const byEmail = new Map(DEMO_USERS.map((u) => [u.email, u]));
    expect(byEmail.get('admin@soko.test')?.role).toBe('admin');
    expect(byEmail.get('owner@soko.test')?.role).toBe('owner');
    expect(byEmail.get('owner2@soko.test')?.role).toBe('owner');
    expect(byEmail.get('shopper@soko.test')?.role).toBe('customer');
    expect(byEmail.get('shopper@soko.test')?.address?.city).toBe('Nairobi');
    expect(DEMO_USERS.filter((u) => u.role === 'customer').length).toBeGreaterThanOrEqual(3);
  });

  it('resolves every reference', () => {
    const shopKeys = new Set(DEMO_SHOPS.map((s) => s.key));
    const categoryKeys = new Set(DEMO_CATEGORIES.map((c) => c.key));
    const owners = new Map(DEMO_SHOPS.map((s) => [s.key, s.ownerUserKey]));
    expect(owners.get('main')).toBe('owner');
    expect(owners.get('second')).toBe('owner2');
    for (const shop of DEMO_SHOPS) {
      const owner = DEMO_USERS.find((u) => u.key === shop.ownerUserKey);
      expect(owner?.role).toBe('owner');
      expect(shop.owneremail).toBe(owner?.email);
    }
    for (const tenant of DEMO_TENANTS) expect(shopKeys.has(tenant.shopKey)).toBe(true);
    for (const category of DEMO_CATEGORIES) expect(shopKeys.has(category.shopKey)).toBe(true);
    for (const p of DEMO_PRODUCTS) expect(categoryKeys.has(p.categoryKey), p.key).toBe(true);
    for (const r of DEMO_RATINGS) {
      expect(productByKey.has(r.productKey), r.productKey).toBe(true);
      expect(userKeys.has(r.userKey), r.userKey).toBe(true);
    }
    for (const post of DEMO_BLOG_POSTS) {
      expect(DEMO_USERS.find((u) => u.key === post.authorKey)?.role).toBe('admin');
    }
    for (const order of DEMO_PAST_ORDERS) {
      expect(userKeys.has(order.userKey)).toBe(true);
      expect(order.lines.length).toBeGreaterThan(0);
      for (const line of order.lines) {
        const p = productByKey.get(line.productKey);
        expect(p, line.productKey).toBeDefined();
        if (!p) continue;
        if (p.variants.length > 0) {
          expect(line.variantIndex, line.productKey).not.toBeNull();
          expect(p.variants[line.variantIndex ?? -1], line.productKey).toBeDefined();
        } else {
          expect(line.variantIndex, line.productKey).toBeNull();
        }
        expect(Number.isInteger(line.quantity) && line.quantity > 0).toBe(true);
      }
    }
  });

  it('has one default tenant with WhatsApp data and a bare second host', () => {
    const defaults = DEMO_TENANTS.filter((t) => t.isDefault);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]?.hosts).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']));
    expect(defaults[0]?.shopKey).toBe('main');
    expect(defaults[0]?.seo?.url).toBe('http://localhost:3000');
    expect(defaults[0]?.whatsapp?.phoneNumber).toMatch(/^2547\d{8}$/);
    const second = DEMO_TENANTS.find((t) => t.hosts.includes('shop2.localhost'));
    expect(second?.shopKey).toBe('second');
    expect(second?.seo).toBeNull();
    expect(second?.whatsapp).toBeNull();
  });

  it('has discounts in every accepted and rejected form', () => {
    const values = DEMO_PRODUCTS.map((p) => p.discounts);
    const applying = values.filter(discountApplies);
    expect(applying.some((v) => typeof v === 'number')).toBe(true);
    expect(applying.some((v) => typeof v === 'string' && /^\d+$/.test(v))).toBe(true);
    expect(applying.some((v) => typeof v === 'string' && v.endsWith('%'))).toBe(true);
    for (const rejected of ['0', 0, '100', 'abc', '', null]) {
      expect(values, String(rejected)).toContain(rejected);
      expect(discountApplies(rejected)).toBe(false);
    }
  });

  it('has products and variants out of stock', () => {
    for (const p of DEMO_PRODUCTS) {
      // Stock is given either on the product or per variant, never both.
      expect(p.stock === undefined, p.key).toBe(p.variants.length > 0);
      for (const v of p.variants) expect(Number.isInteger(v.stock) && v.stock >= 0).toBe(true);
      expect(Number.isInteger(demoProductStock(p)) && demoProductStock(p) >= 0).toBe(true);
    }
    const simple = DEMO_PRODUCTS.filter((p) => p.variants.length === 0);
    const withVariants = DEMO_PRODUCTS.filter((p) => p.variants.length > 0);
    expect(simple.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(simple.filter((p) => (p.stock ?? 0) > 0).length).toBeGreaterThanOrEqual(40);
    const partlyOut = withVariants.filter(
      (p) => p.variants.some((v) => v.stock === 0) && demoProductStock(p) > 0,
    );
    expect(partlyOut.length).toBeGreaterThanOrEqual(3);
    expect(withVariants.some((p) => demoProductStock(p) === 0)).toBe(true);
    expect(withVariants.some((p) => p.variants.every((v) => v.stock > 0))).toBe(true);
  });

  it('has products with no image, one image and galleries', () => {
    const counts = DEMO_PRODUCTS.map((p) => p.imageCount);
    expect(counts).toContain(0);
    expect(counts).toContain(1);
    expect(counts.some((c) => c > 1)).toBe(true);
    for (const c of [...counts, ...DEMO_CATEGORIES.map((x) => x.imageCount)]) {
      expect(Number.isInteger(c) && c >= 0 && c <= 6).toBe(true);
    }
    for (const p of DEMO_PRODUCTS) expect(p.imageCount).toBeLessThanOrEqual(4);
  });

  it('has messy and plural types that share a label', () => {
    const types = DEMO_PRODUCTS.map((p) => p.Type);
    for (const t of ['Serums', 'serum', ' Creams ', 'Oils', 'oil', 'Soap', 'Soaps', null]) {
      expect(types, String(t)).toContain(t);
    }
    expect(typeLabel('Serums')).toBe(typeLabel('serum'));
    expect(typeLabel(' Creams ')).toBe('Cream');
  });

  it('has prices, pricing types, descriptions and dates the screens need', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.priceKsh, p.key).toBeGreaterThan(0);
      expect(Number.isInteger(Math.round(p.priceKsh * 100))).toBe(true);
      expect(Math.abs(p.priceKsh * 100 - Math.round(p.priceKsh * 100))).toBeLessThan(1e-6);
      expect(Number.isInteger(p.count) && p.count >= 0).toBe(true);
      expect(Number.isInteger(p.ageDays) && p.ageDays >= 0).toBe(true);
      expect(p.name.trim()).toBe(p.name);
      expect(p.name.length).toBeGreaterThan(0);
    }
    expect(DEMO_PRODUCTS.some((p) => !Number.isInteger(p.priceKsh))).toBe(true);
    const pricing = new Set(DEMO_PRODUCTS.map((p) => p.pricingType));
    expect([...pricing].sort()).toEqual(['Fixed', 'Negotiable', 'Variable']);
    const descriptions = DEMO_PRODUCTS.map((p) => p.description);
    expect(descriptions.filter((d) => d.includes('||')).length).toBeGreaterThanOrEqual(5);
    expect(descriptions.some((d) => wordCount(d) < 10)).toBe(true);
    expect(descriptions.some((d) => wordCount(d) > 10 && !d.includes('||'))).toBe(true);
    expectUnique(DEMO_PRODUCTS.map((p) => p.name));
  });

  it('names a handful of products in Swahili too, on the home page and in both shops (decision 050)', () => {
    const inSwahili = DEMO_PRODUCTS.filter((p) => p.nameSw !== undefined);
    expect(inSwahili.length).toBeGreaterThanOrEqual(6);
    const shopOf = new Map(DEMO_CATEGORIES.map((c) => [c.key, c.shopKey]));
    expect(new Set(inSwahili.map((p) => shopOf.get(p.categoryKey)))).toEqual(
      new Set(['main', 'second']),
    );
    // The home page offers the first shop's categories, Face Care first.
    expect(inSwahili.filter((p) => p.categoryKey === 'face-care').length).toBeGreaterThanOrEqual(3);
    for (const p of inSwahili) {
      expect(p.nameSw?.trim(), p.key).toBe(p.nameSw);
      expect(p.nameSw, p.key).not.toBe(p.name);
      expect(p.descriptionSw, p.key).toBeTruthy();
      // As many bullets as the English, so the product page lists the same points.
      expect(p.descriptionSw?.split('||').length, p.key).toBe(p.description.split('||').length);
    }
    expectUnique(inSwahili.map((p) => p.nameSw ?? ''));
  });

  it('opens both shops every weekday with links the footer filters', () => {
    for (const shop of DEMO_SHOPS) {
      expect(Object.keys(shop.operationperiods).sort()).toEqual([...DEMO_WEEKDAYS].sort());
      for (const day of DEMO_WEEKDAYS) {
        const { open, close } = shop.operationperiods[day];
        expect(open).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(close).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(open < close, `${shop.key} ${day}`).toBe(true);
      }
      const span = (d: (typeof DEMO_WEEKDAYS)[number]) =>
        Number(shop.operationperiods[d].close.replace(':', '')) -
        Number(shop.operationperiods[d].open.replace(':', ''));
      expect(span('sunday')).toBeLessThan(span('monday'));
      const hosts = shop.socialmedialinks.map((link) => new URL(link).hostname);
      expect(hosts.some((h) => h.endsWith('facebook.com'))).toBe(true);
      expect(hosts.some((h) => h.endsWith('instagram.com'))).toBe(true);
      expect(hosts.some((h) => h.endsWith('twitter.com') || h === 'x.com')).toBe(true);
      expect(
        hosts.some((h) => !/(^|\.)(facebook|twitter|instagram|x)\.com$/.test(h)),
        `${shop.key} has a link the footer ignores`,
      ).toBe(true);
      expect(shop.location.mapurl.length).toBeGreaterThanOrEqual(1);
      for (const url of shop.location.mapurl) expect(new URL(url).hostname).toMatch(/google\./);
      expect(shop.contact.phoneno).toMatch(/^\+2547\d{8}$/);
      expect(shop.imageUrlCount).toBeGreaterThanOrEqual(2);
      expect(shop.promotionalImageCount).toBeGreaterThanOrEqual(3);
      expect(shop.promotionalImageCount).toBeLessThanOrEqual(5);
    }
    const allHosts = DEMO_SHOPS.flatMap((s) => s.socialmedialinks.map((l) => new URL(l).hostname));
    expect(allHosts).toContain('twitter.com');
    expect(DEMO_SHOPS.find((s) => s.key === 'main')?.payonorder).toBe(true);
    expect(DEMO_SHOPS.find((s) => s.key === 'second')?.payonorder).toBe(false);
  });

  it('has the discount codes the tests rely on', () => {
    const byCode = new Map(DEMO_DISCOUNT_CODES.map((d) => [d.code, d]));
    expect(byCode.get('KARIBU10')).toMatchObject({
      kind: 'percent',
      value: 10,
      expiresInDays: null,
    });
    expect(byCode.get('WELCOME100')).toMatchObject({ kind: 'fixed', valueKsh: 100 });
    expect(byCode.get('EXPIRED5')?.expiresInDays).toBeLessThan(0);
    const usedUp = byCode.get('USEDUP50');
    expect(usedUp?.usageLimit).not.toBeNull();
    expect(usedUp?.usedCount).toBeGreaterThanOrEqual(usedUp?.usageLimit ?? Infinity);
  });

  it('gives the shopper past orders with a full delivery address', () => {
    const orders = DEMO_PAST_ORDERS.filter((o) => o.userKey === 'shopper');
    expect(orders.length).toBeGreaterThanOrEqual(2);
    for (const order of orders) {
      const d = order.delivery;
      expect(KENYA_COUNTIES).toContain(d.county);
      for (const field of [d.firstName, d.middleName, d.lastName, d.city, d.address]) {
        expect(field.trim().length).toBeGreaterThan(0);
      }
      expect(d.postalcode).toMatch(/^\d{5}$/);
      expect(d.phoneNumber).toMatch(/^\+2547\d{8}$/);
    }
    const shopsInOrders = new Set(
      orders.flatMap((o) =>
        o.lines.map((l) => {
          const categoryKey = productByKey.get(l.productKey)?.categoryKey;
          return DEMO_CATEGORIES.find((c) => c.key === categoryKey)?.shopKey;
        }),
      ),
    );
    expect(shopsInOrders.size).toBe(2);
  });

  it('has ratings, blog posts and newsletter emails', () => {
    expect(DEMO_RATINGS.length).toBeGreaterThanOrEqual(24);
    for (const r of DEMO_RATINGS) expect([1, 2, 3, 4, 5]).toContain(r.rating);
    expect(DEMO_BLOG_POSTS).toHaveLength(3);
    for (const post of DEMO_BLOG_POSTS) {
      expect(post.content.split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(post.content).not.toMatch(/[<>]/);
    }
    expect(DEMO_NEWSLETTER).toHaveLength(2);
    for (const email of DEMO_NEWSLETTER) expect(email).toMatch(/^\S+@\S+\.\S+$/);
  });
});

describe('demo picture kinds', () => {
  it('gives everything with pictures a kind that images.ts can draw', () => {
    const users = [...DEMO_SHOPS, ...DEMO_CATEGORIES, ...DEMO_PRODUCTS, ...DEMO_BLOG_POSTS];
    for (const user of users) {
      expect(DEMO_PICTURES, user.key).toContain(user.picture);
      expect(hasDemoComposer(user.picture), user.key).toBe(true);
    }
  });

  it('shows each product as a thing of its kind', () => {
    const kindOf = (key: string) => productByKey.get(key)?.picture;
    expect(kindOf('shuka-sofa-throw')).toBe('cloth');
    expect(kindOf('kikoy-sarong')).toBe('cloth');
    expect(kindOf('kanga-pair-proverb')).toBe('cloth');
    expect(kindOf('maasai-beaded-bracelet')).toBe('beads');
    expect(kindOf('raw-shea-butter')).toBe('jar');
    expect(kindOf('african-black-soap')).toBe('soap');
    // A rule of thumb over the names, so a product added or edited later gets a fitting kind.
    const rules: Array<[RegExp, DemoPicture]> = [
      // Before the jar's: a honey soap is a bar.
      [/\b(soap|shampoo bar)\b/i, 'soap'],
      [/\b(oil|serum|toner|gel|lotion|wash|conditioner)\b/i, 'bottle'],
      [/\b(cream|butter|balm|scrub|mask|honey|salts|powder)\b/i, 'jar'],
      [/\btea\b/i, 'leaves'],
      [/\b(kikoy|kanga|sarong|throw|shuka|blanket)\b/i, 'cloth'],
      [/\b(bracelet|necklace|anklet)\b/i, 'beads'],
      [/\b(kiondo|basket|kikapu)\b/i, 'basket'],
    ];
    for (const p of DEMO_PRODUCTS) {
      const rule = rules.find(([pattern]) => pattern.test(p.name));
      if (rule) expect([p.name, p.picture]).toEqual([p.name, rule[1]]);
    }
    // Every kind but the banner shows up somewhere, or it should not be drawn at all.
    expect(new Set(DEMO_PRODUCTS.map((p) => p.picture))).toEqual(new Set(DEMO_PICTURES));
  });
});
