import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseDiscountPercent } from '@soko/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openPglite, rowsOf, type Database } from '../platform/db';
import { createTestApp, type TestApp } from '../../test/harness';
import { verifyPassword } from '../platform/passwords';
import { TEST_HASH_COST } from '../../test/settings';
import { DEMO_PASSWORD, DEMO_PRODUCTS, DEMO_SHOPS } from './content/catalog';
import { describeDemoImages, type GeneratedImage } from './content/images';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import { folderStorage } from '../modules/media';
import { demoImagePicker, demoPicturePlan, isEmpty, seedDemo, storeDemoPictures } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(statement));
}

describe('the demo data', () => {
  it('has the demo accounts with their roles, all with the demo password', async () => {
    const users = await query<{ email: string; role: string; password_hash: string }>(
      sql`select email, role, password_hash from users order by email`,
    );
    const roles = Object.fromEntries(users.map((u) => [u.email, u.role]));
    expect(roles).toMatchObject({
      'admin@soko.test': 'admin',
      'owner@soko.test': 'owner',
      'owner2@soko.test': 'owner',
      'shopper@soko.test': 'customer',
    });
    const shopper = users.find((u) => u.email === 'shopper@soko.test');
    expect(await verifyPassword(DEMO_PASSWORD, shopper?.password_hash ?? '')).toBe(true);
  });

  it('gives the default tenant owner@soko.test’s shop and shop2.localhost the second owner’s', async () => {
    const tenants = await query<{
      hosts: string[];
      is_default: boolean;
      email: string;
      seo: unknown;
      whatsapp: unknown;
    }>(sql`
      select t.hosts, t.is_default, u.email, t.seo, t.whatsapp
      from tenants t join shops s on s.id = t.shop_id join users u on u.id = s.owner_id`);
    const main = tenants.find((t) => t.is_default);
    expect(main?.email).toBe('owner@soko.test');
    expect(main?.hosts).toContain('localhost');
    expect(main?.whatsapp).not.toBeNull();
    const second = tenants.find((t) => t.hosts.includes('shop2.localhost'));
    expect(second?.email).toBe('owner2@soko.test');
    expect(second?.seo).toBeNull();
  });

  it('has at least 8 categories and 80 products, with stock, images and discounts of every kind', async () => {
    const [counts] = await query<{ categories: number; products: number }>(sql`
      select (select count(*)::int from categories) as categories, (select count(*)::int from products) as products`);
    expect(counts?.categories).toBeGreaterThanOrEqual(8);
    expect(counts?.products).toBeGreaterThanOrEqual(80);

    const products = await query<{
      stock: number;
      images: number;
      discounts: string | null;
      description: string;
      type: string | null;
    }>(sql`
      select stock, cardinality(image_urls) as images, discounts, description, type from products`);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.some((p) => p.images === 0)).toBe(true);
    expect(products.some((p) => p.images === 1)).toBe(true);
    expect(products.some((p) => p.images > 1)).toBe(true);
    expect(products.some((p) => p.description.includes('||'))).toBe(true);
    expect(products.some((p) => p.type && /s\s*$/i.test(p.type))).toBe(true);
    expect(products.some((p) => parseDiscountPercent(p.discounts) !== null)).toBe(true);
    expect(
      products.some((p) => p.discounts !== null && parseDiscountPercent(p.discounts) === null),
    ).toBe(true);

    const [variants] = await query<{ out: number }>(
      sql`select count(*)::int as out from product_variants where stock = 0`,
    );
    expect(variants?.out).toBeGreaterThan(0);
  });

  it('stores the Swahili names and descriptions the demo gives, and none for the rest', async () => {
    const rows = await query<{
      name: string;
      name_sw: string | null;
      description_sw: string | null;
    }>(sql`select name, name_sw, description_sw from products`);
    const given = DEMO_PRODUCTS.filter((p) => p.nameSw !== undefined);
    expect(
      rows
        .filter((row) => row.name_sw !== null)
        .map((row) => [row.name, row.name_sw, row.description_sw]),
    ).toEqual(
      expect.arrayContaining(given.map((p) => [p.name, p.nameSw, p.descriptionSw ?? null])),
    );
    expect(rows.filter((row) => row.name_sw !== null)).toHaveLength(given.length);
  });

  it('keeps every product’s stock equal to its variants’ sum', async () => {
    const mismatched = await query<{ id: string }>(sql`
      select p.id from products p join product_variants v on v.product_id = p.id
      group by p.id, p.stock having p.stock <> sum(v.stock)`);
    expect(mismatched).toEqual([]);
  });

  it('has opening hours for every weekday, a policy, contacts, a map link and an extra social link', async () => {
    const shops = await query<{
      operation_periods: Record<string, unknown>;
      social_links: string[];
      map_urls: string[];
      company_policy: string;
    }>(sql`select operation_periods, social_links, map_urls, company_policy from shops`);
    for (const shop of shops) {
      expect(Object.keys(shop.operation_periods).sort()).toEqual([
        'friday',
        'monday',
        'saturday',
        'sunday',
        'thursday',
        'tuesday',
        'wednesday',
      ]);
      expect(shop.map_urls.length).toBeGreaterThan(0);
      expect(shop.company_policy.length).toBeGreaterThan(0);
    }
    const links = shops.flatMap((s) => s.social_links);
    expect(links.some((l) => !/facebook|twitter|x\.com|instagram/.test(l))).toBe(true);
  });

  it('seeds the discount codes KARIBU10 (10%) and WELCOME100 (Ksh 100)', async () => {
    const codes = await query<{ code: string; kind: string; value: number }>(
      sql`select code, kind, value from discount_codes`,
    );
    expect(codes).toEqual(
      expect.arrayContaining([
        { code: 'KARIBU10', kind: 'percent', value: 10 },
        { code: 'WELCOME100', kind: 'fixed', value: 10_000 },
      ]),
    );
  });

  it('gives the shopper past orders whose totals add up', async () => {
    const orders = await query<{
      order_number: string;
      total_cents: number;
      subtotal_cents: number;
      shipping_cents: number;
      lines_total: number;
    }>(sql`
      select o.order_number, o.total_cents, o.subtotal_cents, o.shipping_cents,
        (select sum(l.unit_price_cents * l.quantity)::int from order_lines l where l.order_id = o.id) as lines_total
      from orders o join users u on u.id = o.user_id where u.email = 'shopper@soko.test'`);
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      expect(order.order_number).toMatch(/^SK-\d{2}-\d{6}$/);
      expect(order.subtotal_cents).toBe(order.lines_total);
      expect(order.total_cents).toBe(order.subtotal_cents + order.shipping_cents);
    }
  });

  it('gives every shop a description and a logo, and one of them its own WhatsApp', async () => {
    const shops = await query<{
      description: string;
      logo_url: string | null;
      whatsapp: string | null;
    }>(sql`select description, logo_url, whatsapp from shops`);
    for (const shop of shops) {
      expect(shop.description.length).toBeGreaterThan(0);
      expect(shop.logo_url).not.toBeNull();
    }
    expect(shops.filter((shop) => shop.whatsapp !== null).map((s) => s.whatsapp)).toEqual([
      '+254722456789',
    ]);
  });

  it('refers only to images that were made', async () => {
    const urls = await query<{ url: string }>(sql`
      select unnest(image_urls) as url from products
      union select unnest(image_urls) from shops union select unnest(promotional_images) from shops
      union select logo_url from shops where logo_url is not null`);
    expect(urls.length).toBeGreaterThan(0);
    for (const { url } of urls) {
      expect(existsSync(path.join(inject('mediaDir'), url.replace(/^\/media\//, ''))), url).toBe(
        true,
      );
    }
  });

  it('is not seeded twice', async () => {
    expect(await isEmpty(t.database.db)).toBe(false);
  });
});

describe('the demo pictures', () => {
  // Descriptions only: seeding needs the keys and sizes, not the files, so this stays quick.
  const planned = describeDemoImages({ pictures: demoPicturePlan() });
  const byUrl = new Map(planned.map((image) => [image.url, image]));

  it('renders about as many pictures as before, every product kind and the banners among them', () => {
    // The old seed rendered 36; a pool per kind sized by its largest gallery stays close.
    expect(planned.length).toBeLessThanOrEqual(60);
    const kinds = new Set(planned.map((image) => image.picture));
    for (const p of DEMO_PRODUCTS) if (p.imageCount > 0) expect(kinds, p.key).toContain(p.picture);
    const banners = planned.filter((image) => image.kind === 'banner').length;
    expect(banners).toBe(Math.max(...DEMO_SHOPS.map((s) => s.promotionalImageCount)));
  });

  it('picks pictures of the product’s own kind, no picture twice in a gallery', () => {
    const pick = demoImagePicker(planned);
    const firsts = new Map<string, string[]>();
    for (const p of DEMO_PRODUCTS) {
      const urls = pick(p.picture, p.imageCount);
      expect(urls, p.key).toHaveLength(p.imageCount);
      expect(new Set(urls).size, p.key).toBe(urls.length);
      for (const url of urls) expect(byUrl.get(url)?.picture, `${p.key} ${url}`).toBe(p.picture);
      if (urls[0]) firsts.set(p.picture, [...(firsts.get(p.picture) ?? []), urls[0]]);
    }
    // Products of a kind open on different pictures in turn, not all on the first one.
    const jars = firsts.get('jar') ?? [];
    expect(new Set(jars.slice(0, 4)).size).toBe(4);
  });

  it('falls back to any picture when none of the kind was made', () => {
    const pick = demoImagePicker(describeDemoImages({ count: 8 }));
    expect(pick('cloth', 2)).toHaveLength(2);
    expect(pick('jar', 1)[0]).toBe('/media/demo-02/1200x1200.webp');
  });

  describe('in a seeded database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openPglite({});
      await database.migrate();
      await database.db.transaction((tx) => seedDemo(tx, planned, TEST_HASH_COST));
    });
    afterAll(async () => {
      await database?.close();
    });

    it('gives the sofa throw and the sarong cloth, a bracelet beads and a soap a bar', async () => {
      const rows = rowsOf<{ name: string; image_urls: string[] }>(
        await database.db.execute(sql`select name, image_urls from products`),
      );
      const pictures = (name: string) =>
        rows.find((r) => r.name === name)?.image_urls.map((url) => byUrl.get(url)?.picture);
      expect(pictures('Shuka Sofa Throw')).toEqual(['cloth', 'cloth']);
      expect(pictures('Kikoy Sarong')).toEqual(['cloth']);
      expect(pictures('Maasai Beaded Bracelet')).toEqual(['beads', 'beads']);
      expect(pictures('African Black Soap')).toEqual(['soap', 'soap']);
      for (const p of DEMO_PRODUCTS) {
        const found: Array<GeneratedImage['picture'] | undefined> = pictures(p.name) ?? [];
        expect(found, p.key).toEqual(Array.from({ length: p.imageCount }, () => p.picture));
      }
      const shops = rowsOf<{ name: string; image_urls: string[]; promotional_images: string[] }>(
        await database.db.execute(sql`select name, image_urls, promotional_images from shops`),
      );
      for (const shop of shops) {
        for (const url of shop.promotional_images) expect(byUrl.get(url)?.kind).toBe('banner');
        for (const url of shop.image_urls) expect(byUrl.get(url)?.kind).toBe('square');
      }
    });
  });

  it('go through the upload pipeline: recorded with their size, WebP at every width', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'soko-demo-media-'));
    try {
      const plan = [
        { kind: 'cloth' as const, index: 7 },
        { kind: 'banner' as const, index: 7 },
      ];
      const stored = await storeDemoPictures(
        { db: t.database.db, storage: folderStorage(dir) },
        plan,
      );
      expect(stored.map((image) => image.url)).toEqual([
        '/media/demo-cloth-08/1200x1200.webp',
        '/media/demo-banner-08/1600x600.webp',
      ]);
      expect((await readdir(path.join(dir, 'demo-cloth-08'))).sort()).toEqual([
        '1200x1200.webp',
        'w320.webp',
        'w640.webp',
        'w960.webp',
      ]);
      const small = await sharp(path.join(dir, 'demo-cloth-08', 'w320.webp')).metadata();
      expect(small).toMatchObject({ format: 'webp', width: 320, height: 320 });
      const rows = await query<{ key: string; width: number; bytes: number }>(
        sql`select key, width, bytes from media where key in ('demo-cloth-08', 'demo-banner-08')
            order by key`,
      );
      expect(rows.map((row) => [row.key, row.width])).toEqual([
        ['demo-banner-08', 1600],
        ['demo-cloth-08', 1200],
      ]);
      expect(rows.every((row) => row.bytes > 0)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
