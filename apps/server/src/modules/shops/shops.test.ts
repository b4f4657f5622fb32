// The owner side through HTTP: every /api/property call with every kind of caller, what an
// owner's writes do to the storefront, and the races an owner's edits can meet.
import {
  authResponseSchema,
  categorySchema,
  orderSchema,
  productSchema,
  shopSchema,
  type AuthResponse,
  type OwnerProductInput,
  type ShopInput,
  WHATSAPP_NUMBER_MESSAGE,
} from '@soko/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db';
import { products, users } from '../../platform/schema';
import { uploadedPicture as uploadedTestPicture } from '../../../test/pictures';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { updateProduct, deleteProduct } from './service';

let t: TestApp;
let owner: AuthResponse;
let owner2: AuthResponse;
let admin: AuthResponse;
let customer: AuthResponse;
let ownerShopId: string;
let owner2ShopId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const signIn = async (email: string): Promise<AuthResponse> => {
  const res = await call('POST', '/api/user/signin', undefined, {
    email,
    password: 'soko-demo-pass',
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return authResponseSchema.parse(res.json());
};

let accounts = 0;
async function signUp(): Promise<AuthResponse> {
  accounts += 1;
  const res = await call('POST', '/api/user/signup', undefined, {
    firstName: 'Amina',
    lastName: 'Otieno',
    email: `amina-${accounts}-${Date.now()}@example.com`,
    password: 'a-long-enough-password',
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return authResponseSchema.parse(res.json());
}

const shopBody = (overrides: Partial<ShopInput> = {}): ShopInput => ({
  name: 'Amina Naturals',
  owner: 'Amina Otieno',
  owneremail: 'amina@example.com',
  contact: { email: 'hello@amina.example', phoneno: '0712 345 678' },
  location: { address: 'Kimathi Street, Nairobi', mapurl: [] },
  ...overrides,
});

async function shopOf(token: string): Promise<string> {
  const res = await call('GET', '/api/property/shop/getall', token);
  const id = (res.json() as { _id: string }[])[0]?._id;
  if (!id) throw new Error(`no shop: ${res.body}`);
  return id;
}

async function newCategory(token: string, shopId: string, name: string) {
  const res = await call('POST', '/api/property/category/create', token, {
    shopId,
    categoryData: { name },
  });
  if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
  return categorySchema.parse(res.json());
}

const productBody = (categoryId: string, overrides: Partial<OwnerProductInput> = {}) => ({
  name: 'Baobab Seed Oil',
  description: 'Cold pressed||From Kitui',
  price: 1200,
  discounts: '10',
  stock: 5,
  Type: 'Oils',
  pricingType: 'Fixed' as const,
  imageUrls: ['/media/demo-01/1200x1200.webp'],
  categoryId,
  ...overrides,
});

const uploadedPicture = (shopId: string | null, width?: number, height?: number) =>
  uploadedTestPicture(t.database.db, shopId, width, height);

async function newProduct(
  token: string,
  shopId: string,
  categoryId: string,
  overrides: Partial<OwnerProductInput> = {},
) {
  const res = await call(
    'POST',
    `/api/property/products/${shopId}`,
    token,
    productBody(categoryId, overrides),
  );
  if (res.statusCode !== 201) throw new Error(`product: ${res.statusCode} ${res.body}`);
  return productSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, owner2, admin, customer] = await Promise.all([
    signIn('owner@soko.test'),
    signIn('owner2@soko.test'),
    signIn('admin@soko.test'),
    signUp(),
  ]);
  ownerShopId = await shopOf(owner.token);
  owner2ShopId = await shopOf(owner2.token);
});
afterAll(async () => {
  await t?.close();
});

describe('who may call what', () => {
  it('answers 401 without a token, 403 to a customer and to another shop’s owner, and serves the owner and an admin', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Matrix ${Date.now()}`);
    const product = await newProduct(owner.token, ownerShopId, category._id);
    // Bodies are made per call: two creates of one category name would be a conflict.
    const calls: Array<[Method, string, (() => unknown)?]> = [
      [
        'PUT',
        `/api/property/shop/update/${ownerShopId}`,
        () => shopBody({ name: 'Soko Organics' }),
      ],
      ['GET', `/api/property/shop/${ownerShopId}/categories`],
      ['GET', `/api/property/categories/${category._id}/products`],
      [
        'POST',
        '/api/property/category/create',
        () => ({ shopId: ownerShopId, categoryData: { name: `Another ${Math.random()}` } }),
      ],
      [
        'PUT',
        `/api/property/categories/${category._id}`,
        () => ({ shopId: ownerShopId, categoryData: { name: category.name } }),
      ],
      ['POST', `/api/property/products/${ownerShopId}`, () => productBody(category._id)],
      [
        'PUT',
        `/api/property/products/${product._id}/${ownerShopId}`,
        () => productBody(category._id, { name: 'Baobab Seed Oil' }),
      ],
      ['GET', `/api/property/shop/${ownerShopId}/orders`],
    ];
    for (const [method, url, body = () => undefined] of calls) {
      const name = `${method} ${url}`;
      expect((await call(method, url, undefined, body())).statusCode, name).toBe(401);
      expect((await call(method, url, customer.token, body())).statusCode, name).toBe(403);
      expect((await call(method, url, owner2.token, body())).statusCode, name).toBe(403);
      const mine = await call(method, url, owner.token, body());
      expect(mine.statusCode, `${method} ${url} ${mine.body}`).toBeLessThan(300);
      const admins = await call(method, url, admin.token, body());
      expect(admins.statusCode, `${method} ${url} ${admins.body}`).toBeLessThan(300);
    }
    for (const url of [
      `/api/property/products/${product._id}`,
      `/api/property/categories/${category._id}`,
    ]) {
      expect((await call('DELETE', url)).statusCode).toBe(401);
      expect((await call('DELETE', url, customer.token)).statusCode).toBe(403);
      expect((await call('DELETE', url, owner2.token)).statusCode).toBe(403);
      expect((await call('DELETE', url, owner.token)).statusCode).toBe(200);
      // Gone now, for everyone.
      expect((await call('DELETE', url, admin.token)).statusCode).toBe(404);
    }
  });

  it('answers 404 for ids that are not shops, categories or products', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Ids ${Date.now()}`);
    const bodyFor = (url: string) =>
      url.includes('/shop/update/')
        ? shopBody()
        : url.includes('/categories/')
          ? { shopId: ownerShopId, categoryData: { name: 'X' } }
          : productBody(category._id);
    const unknown = '99999999-9999-4999-8999-999999999999';
    for (const [method, url] of [
      ['GET', `/api/property/shop/${unknown}/categories`],
      ['GET', '/api/property/shop/not-an-id/categories'],
      ['GET', `/api/property/categories/${unknown}/products`],
      ['DELETE', `/api/property/products/${unknown}`],
      ['DELETE', '/api/property/categories/x'],
      ['PUT', '/api/property/categories/x'],
      ['PUT', '/api/property/shop/update/x'],
      ['POST', '/api/property/products/x'],
      ['PUT', `/api/property/products/x/${ownerShopId}`],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : bodyFor(url);
      expect((await call(method, url, owner.token, body)).statusCode, url).toBe(404);
      expect((await call(method, url, admin.token, body)).statusCode, url).toBe(404);
    }
  });

  it('keeps ownership in the query itself: the service finds nothing of another owner’s shop', async () => {
    const category = await newCategory(owner2.token, owner2ShopId, `Owned ${Date.now()}`);
    const product = await newProduct(owner2.token, owner2ShopId, category._id);
    const intruder = { id: owner.user._id, role: 'owner' as const };
    await expect(
      updateProduct(
        t.database.db,
        intruder,
        product._id,
        owner2ShopId,
        {
          ...productBody(category._id),
          name: 'Hijacked',
        },
        '',
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(deleteProduct(t.database.db, intruder, product._id)).rejects.toMatchObject({
      statusCode: 404,
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product._id));
    expect(row).toMatchObject({ name: 'Baobab Seed Oil', deletedAt: null });
  });

  it('lists an owner’s own shops, every shop for an admin, and none for a customer', async () => {
    const mine = (await call('GET', '/api/property/shop/getall', owner.token)).json();
    expect(mine.map((s: { _id: string }) => s._id)).toEqual([ownerShopId]);
    const all = (await call('GET', '/api/property/shop/getall', admin.token)).json();
    expect(all.map((s: { _id: string }) => s._id)).toEqual(
      expect.arrayContaining([ownerShopId, owner2ShopId]),
    );
    const none = await call('GET', '/api/property/shop/getall', customer.token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers['cache-control']).toBe('private, no-store');
    expect((await call('GET', '/api/property/shop/getall')).statusCode).toBe(401);
  });
});

describe('opening a shop', () => {
  it('makes a customer the owner of a new shop at once, and only once', async () => {
    const amina = await signUp();
    const created = await call(
      'POST',
      '/api/property/shop/create',
      amina.token,
      shopBody({
        location: {
          address: 'Kimathi Street, Nairobi',
          mapurl: ['https://maps.google.com/?q=kimathi'],
        },
        operationperiods: { monday: { open: '08:00', close: '18:00' } },
        socialmedialinks: ['https://instagram.com/amina'],
        payonorder: false,
        maxPerOrder: 3,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const shop = shopSchema.parse(created.json());
    expect(shop).toMatchObject({
      name: 'Amina Naturals',
      userId: amina.user._id,
      payonorder: false,
      maxPerOrder: 3,
      location: { mapurl: ['https://maps.google.com/?q=kimathi'] },
      operationperiods: { monday: { open: '08:00', close: '18:00' } },
    });
    const profile = await call('GET', '/api/user/profile', amina.token);
    expect(profile.json().role).toBe('owner');
    // The same token runs the new shop at once.
    await newCategory(amina.token, shop._id, 'Oils');
    const again = await call('POST', '/api/property/shop/create', amina.token, shopBody());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('shop_exists');
    // Its shop is in the marketplace's metadata at once.
    const metadata = (await call('GET', '/api/metadata')).json();
    expect(metadata.map((s: { _id: string }) => s._id)).toContain(shop._id);
  });

  it('opens one shop when the same person sends two creates at once', async () => {
    const person = await signUp();
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/property/shop/create', person.token, shopBody())),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from shops where owner_id = ${person.user._id}`,
      ),
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses bad shop bodies with field messages and takes the owner from the session', async () => {
    const person = await signUp();
    const bad = await call('POST', '/api/property/shop/create', person.token, {
      ...shopBody(),
      name: ' ',
      contact: { email: 'not-an-email', phoneno: '0712345678' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      name: 'Shop name is required.',
      'contact.email': expect.any(String),
    });
    const smuggled = await call('POST', '/api/property/shop/create', person.token, {
      ...shopBody(),
      userId: admin.user._id,
    });
    expect(smuggled.statusCode).toBe(400);
    const links = await call('POST', '/api/property/shop/create', person.token, {
      ...shopBody(),
      socialmedialinks: ['javascript:alert(1)'],
    });
    expect(links.statusCode).toBe(400);
    const [account] = await t.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, person.user._id));
    expect(account?.role).toBe('customer');
  });
});

describe('an admin opening a shop for an owner', () => {
  it('gives the shop to the named account, who runs it at once with the token they have', async () => {
    const wanjiru = await signUp();
    const created = await call('POST', '/api/property/shop/create', admin.token, {
      ...shopBody({ name: 'Wanjiru Weaves' }),
      ownerAccountEmail: ` ${wanjiru.user.email.toUpperCase()} `,
    });
    expect(created.statusCode, created.body).toBe(201);
    const shop = shopSchema.parse(created.json());
    expect(shop.userId).toBe(wanjiru.user._id);
    expect((await call('GET', '/api/user/profile', wanjiru.token)).json().role).toBe('owner');
    expect(await shopOf(wanjiru.token)).toBe(shop._id);
    await newCategory(wanjiru.token, shop._id, 'Kiondo baskets');
    // The admin sees it among every shop, and the admin's own role is untouched.
    const all = (await call('GET', '/api/property/shop/getall', admin.token)).json();
    expect(all.map((s: { _id: string }) => s._id)).toContain(shop._id);
    expect((await call('GET', '/api/user/profile', admin.token)).json().role).toBe('admin');
    // One shop per owner holds for shops an admin opens too.
    const second = await call('POST', '/api/property/shop/create', admin.token, {
      ...shopBody(),
      ownerAccountEmail: wanjiru.user.email,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.fields.ownerAccountEmail).toBe('This owner already has a shop.');
  });

  it('names an unknown email on its field, and lets no one else open a shop for someone', async () => {
    const unknown = await call('POST', '/api/property/shop/create', admin.token, {
      ...shopBody(),
      ownerAccountEmail: 'nobody-here@example.com',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.ownerAccountEmail).toBe(
      'No account uses this email. Ask the owner to sign up first.',
    );
    const person = await signUp();
    const victim = await signUp();
    for (const token of [person.token, owner.token]) {
      const res = await call('POST', '/api/property/shop/create', token, {
        ...shopBody(),
        ownerAccountEmail: victim.user.email,
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await call('GET', '/api/user/profile', victim.token)).json().role).toBe('customer');
    expect((await call('GET', '/api/property/shop/getall', victim.token)).json()).toEqual([]);
  });
});

describe('editing a shop', () => {
  it('replaces every field, and the storefront and its products follow at once', async () => {
    const person = await signUp();
    const shop = shopSchema.parse(
      (await call('POST', '/api/property/shop/create', person.token, shopBody())).json(),
    );
    const category = await newCategory(person.token, shop._id, 'Soaps');
    const product = await newProduct(person.token, shop._id, category._id, {
      imageUrls: [await uploadedPicture(shop._id)],
    });
    const logo = await uploadedPicture(shop._id);
    const banner = await uploadedPicture(shop._id, 1600, 600);
    expect(
      productSchema.parse((await call('GET', `/api/listing/products/${product._id}`)).json()),
    ).toMatchObject({ maxPerOrder: 10, shopName: 'Amina Naturals' });

    const updated = await call(
      'PUT',
      `/api/property/shop/update/${shop._id}`,
      person.token,
      shopBody({
        name: 'Amina Soaps',
        companypolicy: 'Returns within 7 days.',
        maxPerOrder: 2,
        imageUrls: [logo],
        promotionalimages: [banner],
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Amina Soaps',
      companypolicy: 'Returns within 7 days.',
      maxPerOrder: 2,
      imageUrls: [logo],
      promotionalimages: [banner],
    });
    const shown = productSchema.parse(
      (await call('GET', `/api/listing/products/${product._id}`)).json(),
    );
    expect(shown).toMatchObject({ maxPerOrder: 2, shopName: 'Amina Soaps' });

    const tooMany = await call(
      'PUT',
      `/api/property/shop/update/${shop._id}`,
      person.token,
      shopBody({ imageUrls: Array.from({ length: 26 }, (_, i) => `/media/k${i}/10x10.webp`) }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.imageUrls).toBe(
      'You can only have up to 25 images in total.',
    );
  });
});

describe('a seller’s own face (decision 040)', () => {
  const publicShop = async (shopId: string) => {
    const res = await call('GET', '/api/metadata');
    expect(res.statusCode).toBe(200);
    return shopSchema
      .array()
      .parse(res.json())
      .find((shop) => shop._id === shopId);
  };

  it('lets the owner set a logo, description, county and WhatsApp, normalised, and shows them to everyone', async () => {
    const person = await signUp();
    const opened = await call('POST', '/api/property/shop/create', person.token, shopBody());
    expect(opened.statusCode, opened.body).toBe(201);
    const shop = shopSchema.parse(opened.json());
    expect(shop).toMatchObject({ logoUrl: null, description: '', county: null, whatsapp: null });

    const logo = await uploadedPicture(shop._id, 400, 400);
    const face = {
      logoUrl: logo,
      description: '  Soaps cut by hand in Nyeri.  ',
      county: 'Nyeri' as const,
      whatsapp: '0722 456 789',
    };
    const updated = await call(
      'PUT',
      `/api/property/shop/update/${shop._id}`,
      person.token,
      shopBody(face),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const expected = {
      logoUrl: logo,
      description: 'Soaps cut by hand in Nyeri.',
      county: 'Nyeri',
      whatsapp: '+254722456789',
    };
    expect(updated.json()).toMatchObject(expected);
    // What shoppers read (no token): the storefront's shops.
    expect(await publicShop(shop._id)).toMatchObject(expected);

    // Another country's number keeps its own code; an admin may set it too.
    const abroad = await call(
      'PUT',
      `/api/property/shop/update/${shop._id}`,
      admin.token,
      shopBody({ ...face, whatsapp: '+255 (754) 123-456' }),
    );
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect(abroad.json()).toMatchObject({ whatsapp: '+255754123456' });

    // An update replaces the whole shop: left out, they are cleared.
    const cleared = await call(
      'PUT',
      `/api/property/shop/update/${shop._id}`,
      person.token,
      shopBody(),
    );
    expect(cleared.json()).toMatchObject({
      logoUrl: null,
      description: '',
      county: null,
      whatsapp: null,
    });
    expect(await publicShop(shop._id)).toMatchObject({ logoUrl: null, whatsapp: null });
  });

  it('refuses a bad WhatsApp number, county, description or logo on its field, and changes nothing', async () => {
    const before = await publicShop(owner2ShopId);
    const cases: Array<[Partial<ShopInput>, string, string]> = [
      [{ whatsapp: '12345' }, 'whatsapp', WHATSAPP_NUMBER_MESSAGE],
      // A landline without its country code: wa.me could not reach it.
      [{ whatsapp: '020 123 4567' }, 'whatsapp', WHATSAPP_NUMBER_MESSAGE],
      [{ whatsapp: '+254 712 345 678 ext 9' }, 'whatsapp', WHATSAPP_NUMBER_MESSAGE],
      [{ county: 'Atlantis' as never }, 'county', 'Choose a county.'],
      [{ description: 'x'.repeat(301) }, 'description', 'At most 300 characters.'],
      [
        { logoUrl: '/media/not-ours/400x400.webp' },
        'logoUrl',
        'Use a picture uploaded to this shop.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(
        'PUT',
        `/api/property/shop/update/${owner2ShopId}`,
        owner2.token,
        shopBody(overrides),
      );
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(overrides)).toBe(message);
    }
    // A logo uploaded to another shop is not this shop's either.
    const theirs = await uploadedPicture(ownerShopId, 400, 400);
    const foreign = await call(
      'PUT',
      `/api/property/shop/update/${owner2ShopId}`,
      owner2.token,
      shopBody({ logoUrl: theirs }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({
      logoUrl: 'Use a picture uploaded to this shop.',
    });
    expect(await publicShop(owner2ShopId)).toEqual(before);
  });

  it('refuses another shop’s owner and a customer, and leaves the seller’s face as it was', async () => {
    const before = await publicShop(ownerShopId);
    const body = shopBody({ description: 'Taken over', whatsapp: '0711 000 000' });
    for (const token of [owner2.token, customer.token]) {
      const res = await call('PUT', `/api/property/shop/update/${ownerShopId}`, token, body);
      expect(res.statusCode).toBe(403);
    }
    expect(await publicShop(ownerShopId)).toEqual(before);
  });
});

describe('categories', () => {
  it('adds, renames and refuses a second category of the same name in one shop', async () => {
    const name = `Teas ${Date.now()}`;
    const category = await newCategory(owner.token, ownerShopId, name);
    expect(category).toMatchObject({ name, shopId: ownerShopId, products: [] });
    const twin = await call('POST', '/api/property/category/create', owner.token, {
      shopId: ownerShopId,
      categoryData: { name: name.toUpperCase() },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.fields['categoryData.name']).toBe(
      'A category with that name already exists.',
    );
    // Another shop may use the name.
    await newCategory(owner2.token, owner2ShopId, name);

    const renamed = await call('PUT', `/api/property/categories/${category._id}`, owner.token, {
      shopId: ownerShopId,
      categoryData: { name: `${name} and Herbs` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe(`${name} and Herbs`);
    const empty = await call('POST', '/api/property/category/create', owner.token, {
      shopId: ownerShopId,
      categoryData: { name: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields['categoryData.name']).toBe('Category name is required');
    // A category is renamed only within its own shop.
    const moved = await call('PUT', `/api/property/categories/${category._id}`, admin.token, {
      shopId: owner2ShopId,
      categoryData: { name: 'Moved' },
    });
    expect(moved.statusCode).toBe(404);
  });

  it('deleting a category hides it and its products from the storefront, and frees its name', async () => {
    const name = `Gone ${Date.now()}`;
    const category = await newCategory(owner.token, ownerShopId, name);
    const product = await newProduct(owner.token, ownerShopId, category._id, { name: 'Gone Oil' });
    expect((await call('GET', `/api/listing/products/${product._id}`)).statusCode).toBe(200);
    const deleted = await call('DELETE', `/api/property/categories/${category._id}`, owner.token);
    expect(deleted.json()).toEqual({ _id: category._id, deleted: true });
    expect((await call('GET', `/api/listing/products/${product._id}`)).statusCode).toBe(404);
    const categories = (
      await call('GET', `/api/property/shop/${ownerShopId}/categories`, owner.token)
    ).json() as { _id: string }[];
    expect(categories.map((c) => c._id)).not.toContain(category._id);
    const listing = (await call('GET', '/api/listing/getlisting')).json();
    expect(JSON.stringify(listing)).not.toContain(product._id);
    expect((await call('GET', '/api/listing/gellisting')).body).not.toContain(product._id);
    await newCategory(owner.token, ownerShopId, name);
  });
});

describe('pictures', () => {
  /** Addresses no shop may save: others' pictures, anyone's server, our own API. */
  const foreignAddresses = async () => {
    const theirs = await uploadedPicture(owner2ShopId);
    const mine = await uploadedPicture(ownerShopId);
    return {
      'a tracking pixel': 'https://tracker.example/pixel.gif?u=1',
      'a path of our API': '/api/user/profile',
      'another shop’s upload': theirs,
      'an upload’s name on another host': `https://evil.example${mine}`,
      'an upload at a size it was not stored at': mine.replace('1200x1200', '1x1'),
      'an admin’s blog picture': await uploadedPicture(null),
    };
  };

  it('refuse a product picture that is not an upload of its shop, naming the field', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Pictures ${Date.now()}`);
    for (const [what, address] of Object.entries(await foreignAddresses())) {
      const res = await call(
        'POST',
        `/api/property/products/${ownerShopId}`,
        owner.token,
        productBody(category._id, { imageUrls: [await uploadedPicture(ownerShopId), address] }),
      );
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error, what).toMatchObject({
        message: expect.stringContaining('imageUrls'),
        fields: { imageUrls: 'Use a picture uploaded to this shop.' },
      });
    }
    // Its own upload is taken, from its owner and from an admin editing it.
    const own = await uploadedPicture(ownerShopId);
    const product = await newProduct(owner.token, ownerShopId, category._id, { imageUrls: [own] });
    expect(product.imageUrls).toEqual([own]);
    const another = await uploadedPicture(ownerShopId);
    const edited = await call(
      'PUT',
      `/api/property/products/${product._id}/${ownerShopId}`,
      admin.token,
      productBody(category._id, { imageUrls: [own, another] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(productSchema.parse(edited.json()).imageUrls).toEqual([own, another]);
    const hijack = await call(
      'PUT',
      `/api/property/products/${product._id}/${ownerShopId}`,
      admin.token,
      productBody(category._id, { imageUrls: [own, 'https://tracker.example/p.gif'] }),
    );
    expect(hijack.statusCode).toBe(400);
  });

  it('refuse shop and category pictures that are not uploads of the shop', async () => {
    const addresses = Object.values(await foreignAddresses());
    for (const address of addresses) {
      const res = await call(
        'PUT',
        `/api/property/shop/update/${ownerShopId}`,
        owner.token,
        // Refused as a whole: the demo shop's other fields are not replaced.
        shopBody({ promotionalimages: [address] }),
      );
      expect(res.statusCode, address).toBe(400);
      expect(res.json().error.fields).toEqual({
        promotionalimages: 'Use a picture uploaded to this shop.',
      });
      const category = await call('POST', '/api/property/category/create', owner.token, {
        shopId: ownerShopId,
        categoryData: { name: `Pictured ${randomUUID()}`, imageUrls: [address] },
      });
      expect(category.statusCode, address).toBe(400);
      expect(category.json().error.fields).toEqual({
        'categoryData.imageUrls': 'Use a picture uploaded to this shop.',
      });
    }
    // Nothing is a new shop's upload yet: a shop opens without pictures.
    const person = await signUp();
    const opened = await call('POST', '/api/property/shop/create', person.token, {
      ...shopBody(),
      imageUrls: [await uploadedPicture(ownerShopId)],
    });
    expect(opened.statusCode).toBe(400);
    expect(opened.json().error.fields).toEqual({
      imageUrls: 'Use a picture uploaded to this shop.',
    });
  });
});

describe('products', () => {
  it('adds a product with variants that shows in the storefront at once, stock summed', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Butters ${Date.now()}`);
    // Warm the caches a shopper would have filled.
    await call('GET', '/api/listing/gellisting');
    await call('GET', '/api/listing/getlisting');
    const product = await newProduct(owner.token, ownerShopId, category._id, {
      name: 'Shea Butter Whipped',
      stock: 999,
      variants: [
        { size: '100ml', stock: 3 },
        { size: '250ml', stock: 4 },
      ],
      pricingType: 'Variable',
    });
    expect(product).toMatchObject({
      name: 'Shea Butter Whipped',
      price: 1200,
      discounts: '10',
      stock: 7,
      Type: 'Oils',
      pricingType: 'Variable',
      category: category.name,
      shopId: ownerShopId,
      userId: owner.user._id,
      count: 0,
    });
    expect(product.variants.map((v) => [v.size, v.stock])).toEqual([
      ['100ml', 3],
      ['250ml', 4],
    ]);
    expect((await call('GET', '/api/listing/gellisting')).body).toContain(product._id);
    expect((await call('GET', '/api/listing/getlisting')).body).toContain(product._id);
    const inCategory = await call(
      'GET',
      `/api/property/categories/${category._id}/products`,
      owner.token,
    );
    expect(inCategory.json().map((p: { _id: string }) => p._id)).toEqual([product._id]);
    const byName = await call(
      'GET',
      `/api/listing/products?categoryName=${encodeURIComponent(category.name)}`,
    );
    expect(byName.json().map((p: { _id: string }) => p._id)).toEqual([product._id]);
    const shopPage = await call('GET', `/api/listing/shop/${ownerShopId}`);
    expect(shopPage.statusCode).toBe(200);
    expect(shopPage.body).toContain(product._id);
  });

  it('pages a category’s products and answers the category list with a few of each (issue 16)', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Paged ${Date.now()}`);
    const made: string[] = [];
    for (let i = 0; i < 11; i++) {
      made.push(
        (await newProduct(owner.token, ownerShopId, category._id, { name: `Jar ${i}` }))._id,
      );
    }
    const newestFirst = [...made].reverse();
    const pageOf = (query: string) =>
      call('GET', `/api/property/categories/${category._id}/products?${query}`, owner.token);

    // 20 a page unless asked; the total travels in X-Total-Count, the body stays a list.
    const all = await pageOf('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('11');
    expect(all.json().map((p: { _id: string }) => p._id)).toEqual(newestFirst);
    const second = await pageOf('page=2&pageSize=4');
    expect(second.headers['x-total-count']).toBe('11');
    expect(second.json().map((p: { _id: string }) => p._id)).toEqual(newestFirst.slice(4, 8));
    expect((await pageOf('page=9&pageSize=4')).json()).toEqual([]);
    for (const bad of ['pageSize=101', 'pageSize=0', 'page=0', 'page=two', 'sort=newest']) {
      const res = await pageOf(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await pageOf('pageSize=101')).json().error.fields.pageSize).toBeDefined();

    // The category list: each category's newest 8 and how many it has in all.
    const listed = categorySchema
      .array()
      .parse(
        (await call('GET', `/api/property/shop/${ownerShopId}/categories`, owner.token)).json(),
      )
      .find((c) => c._id === category._id);
    expect(listed?.products.map((p) => p._id)).toEqual(newestFirst.slice(0, 8));
    expect(listed?.productCount).toBe(11);
    // A rename answers the category as the list shows it.
    const renamed = await call('PUT', `/api/property/categories/${category._id}`, owner.token, {
      shopId: ownerShopId,
      categoryData: { name: `${category.name} renamed` },
    });
    const answered = categorySchema.parse(renamed.json());
    expect(answered.name).toBe(`${category.name} renamed`);
    expect(answered.products.map((p) => p._id)).toEqual(newestFirst.slice(0, 8));
    expect(answered.products[0]?.category).toBe(`${category.name} renamed`);
    expect(answered.productCount).toBe(11);
    const fewer = await call(
      'GET',
      `/api/property/shop/${ownerShopId}/categories?perCategory=2`,
      owner.token,
    );
    expect(fewer.json().find((c: { _id: string }) => c._id === category._id).products).toHaveLength(
      2,
    );
    expect(
      (await call('GET', `/api/property/shop/${ownerShopId}/categories?perCategory=9`, owner.token))
        .statusCode,
    ).toBe(400);

    // A deleted product leaves the count and the pages.
    await call('DELETE', `/api/property/products/${made[10]}`, owner.token);
    expect((await pageOf('')).headers['x-total-count']).toBe('10');
  });

  it('edits a product: keeps, changes, removes and adds variants, and takes stock as sent', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Edits ${Date.now()}`);
    const product = await newProduct(owner.token, ownerShopId, category._id, {
      variants: [
        { size: 'S', stock: 1 },
        { size: 'M', stock: 2 },
      ],
    });
    const [small, medium] = product.variants;
    await call('GET', `/api/listing/products/${product._id}`);
    const edited = await call(
      'PUT',
      `/api/property/products/${product._id}/${ownerShopId}`,
      owner.token,
      productBody(category._id, {
        name: 'Baobab Oil Deluxe',
        price: 1500.5,
        discounts: null,
        Type: '',
        imageUrls: ['/media/demo-03/1200x900.webp', '/media/demo-01/1200x1200.webp'],
        variants: [
          { _id: medium?._id, size: 'M', stock: 9 },
          { size: 'L', stock: 1 },
        ],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const shown = productSchema.parse(
      (await call('GET', `/api/listing/products/${product._id}`)).json(),
    );
    expect(shown).toMatchObject({
      name: 'Baobab Oil Deluxe',
      price: 1500.5,
      discounts: null,
      Type: null,
      stock: 10,
      imageUrls: ['/media/demo-03/1200x900.webp', '/media/demo-01/1200x1200.webp'],
    });
    expect(shown.variants.map((v) => [v._id === medium?._id, v.size, v.stock])).toEqual([
      [true, 'M', 9],
      [false, 'L', 1],
    ]);
    expect(shown.variants.some((v) => v._id === small?._id)).toBe(false);

    const foreign = await call(
      'PUT',
      `/api/property/products/${product._id}/${ownerShopId}`,
      owner.token,
      productBody(category._id, {
        variants: [{ _id: '99999999-9999-4999-8999-999999999999', size: 'X', stock: 1 }],
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields['variants.0._id']).toBeDefined();
    const otherShopsCategory = await newCategory(
      owner2.token,
      owner2ShopId,
      `Foreign ${Date.now()}`,
    );
    const moved = await call(
      'PUT',
      `/api/property/products/${product._id}/${ownerShopId}`,
      owner.token,
      productBody(otherShopsCategory._id),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields.categoryId).toBe('Choose one of this shop’s categories.');
    // The product named with another shop in the path is not found there.
    const wrongShop = await call(
      'PUT',
      `/api/property/products/${product._id}/${owner2ShopId}`,
      admin.token,
      productBody(category._id),
    );
    expect(wrongShop.statusCode).toBe(404);
  });

  it('keeps units sold while the owner’s form was open sold: the edit applies the change it made', async () => {
    const category = await newCategory(owner2.token, owner2ShopId, `Seen ${Date.now()}`);
    const plain = await newProduct(owner2.token, owner2ShopId, category._id, {
      price: 100,
      discounts: null,
      stock: 5,
    });
    const sized = await newProduct(owner2.token, owner2ShopId, category._id, {
      price: 100,
      discounts: null,
      variants: [{ size: 'S', stock: 4 }],
    });
    const variantId = sized.variants[0]?._id as string;
    // Shoppers buy 2 of each while the owner has the forms open (owner2's shop pays on delivery).
    const bought = await call('POST', '/api/order/create', undefined, {
      items: [
        { name: plain.name, productId: plain._id, quantity: 2, price: 100, selectedVariant: null },
        {
          name: sized.name,
          productId: sized._id,
          quantity: 2,
          price: 100,
          selectedVariant: variantId,
        },
      ],
      totalPrice: 410,
      shipping: 'standard',
      discount: 0,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const save = (id: string, body: object) =>
      call('PUT', `/api/property/products/${id}/${owner2ShopId}`, owner2.token, {
        ...productBody(category._id, { price: 100, discounts: null }),
        ...body,
      });
    // The owner adds 3 to what they saw (5 -> 8): 3 are left, so 6 now.
    expect((await save(plain._id, { stock: 8, stockSeen: 5 })).json().stock).toBe(6);
    expect(
      (
        await save(sized._id, {
          variants: [{ _id: variantId, size: 'S', stock: 1, stockSeen: 4 }],
        })
      ).json().variants[0].stock,
    ).toBe(0);
    // Without what was seen, the figure sent is the stock.
    expect((await save(plain._id, { stock: 8 })).json().stock).toBe(8);
  });

  it('refuses bad product bodies with field messages', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Bad ${Date.now()}`);
    const post = (body: unknown) =>
      call('POST', `/api/property/products/${ownerShopId}`, owner.token, body);
    const cases: Array<[unknown, string, string]> = [
      [{ ...productBody(category._id), name: '' }, 'name', 'Product name is required.'],
      [{ ...productBody(category._id), price: -1 }, 'price', 'A price cannot be negative.'],
      [{ ...productBody(category._id), stock: -2 }, 'stock', 'Stock cannot be negative.'],
      [
        {
          ...productBody(category._id),
          imageUrls: Array.from({ length: 7 }, () => '/media/demo-01/1200x1200.webp'),
        },
        'imageUrls',
        'You can only have a maximum of 6 images',
      ],
      [
        { ...productBody(category._id), pricingType: 'Free' },
        'pricingType',
        'Invalid option: expected one of "Fixed"|"Variable"|"Negotiable"',
      ],
      [{ ...productBody(category._id), count: 100 }, 'count', 'Unknown field.'],
      [
        { ...productBody(category._id), imageUrls: ['javascript:alert(1)'] },
        'imageUrls.0',
        'Must be a site path or an http(s) link.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, field).toBe(400);
      const fields = res.json().error.fields as Record<string, string>;
      expect(fields[field], JSON.stringify(fields)).toBeDefined();
      expect(fields[field], field).toBe(message);
    }
  });

  it('refuses a stock past 1,000,000, or variants summing past it, naming the field (issue 28)', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Huge ${Date.now()}`);
    const plain = await newProduct(owner.token, ownerShopId, category._id, { stock: 10 });
    const sized = await newProduct(owner.token, ownerShopId, category._id, {
      variants: [{ size: 'S', stock: 1 }],
    });
    const create = (body: object) =>
      call('POST', `/api/property/products/${ownerShopId}`, owner.token, {
        ...productBody(category._id),
        ...body,
      });
    const update = (id: string, body: object) =>
      call('PUT', `/api/property/products/${id}/${ownerShopId}`, owner.token, {
        ...productBody(category._id),
        ...body,
      });
    const tooMuch = 'At most 1,000,000 in stock.';
    const summedTooMuch = 'The variants’ stock adds up to more than 1,000,000.';
    const cases: Array<[string, () => ReturnType<typeof call>, string, string]> = [
      ['create, 2^31', () => create({ stock: 2 ** 31 }), 'stock', tooMuch],
      [
        'create, a variant of 2^31',
        () => create({ variants: [{ size: 'S', stock: 2 ** 31 }] }),
        'variants.0.stock',
        tooMuch,
      ],
      [
        'create, variants summing past 2^31',
        () =>
          create({
            variants: [
              { size: 'S', stock: 2 ** 30 },
              { size: 'M', stock: 2 ** 30 },
            ],
          }),
        'variants.0.stock',
        tooMuch,
      ],
      [
        'create, variants summing past the bound',
        () =>
          create({
            variants: [
              { size: 'S', stock: 600_000 },
              { size: 'M', stock: 600_000 },
            ],
          }),
        'variants',
        summedTooMuch,
      ],
      ['update, 2^31', () => update(plain._id, { stock: 2 ** 31 }), 'stock', tooMuch],
      [
        'update, a variant of 2^31',
        () =>
          update(sized._id, {
            variants: [{ _id: sized.variants[0]?._id, size: 'S', stock: 2 ** 31 }],
          }),
        'variants.0.stock',
        tooMuch,
      ],
      // Units that came back while the form was open (10 now, 0 seen) push the sent figure over.
      [
        'update, the change applied past the bound',
        () => update(plain._id, { stock: 1_000_000, stockSeen: 0 }),
        'stock',
        tooMuch,
      ],
    ];
    for (const [what, send, field, message] of cases) {
      const res = await send();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toMatchObject({
        error: { code: 'validation_failed', fields: { [field]: message } },
      });
    }
    // Nothing was written: the products keep their stock.
    const shown = await call('GET', `/api/listing/products/${plain._id}`);
    expect(shown.json().stock).toBe(10);
    // The bound itself is taken.
    expect((await update(plain._id, { stock: 1_000_000 })).statusCode).toBe(200);
  });

  it('an admin’s product edit takes no stock: 2^31 is an unknown field (400)', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Admin ${Date.now()}`);
    const product = await newProduct(owner.token, ownerShopId, category._id);
    const res = await call('PUT', `/api/products/${product._id}`, admin.token, { stock: 2 ** 31 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ stock: 'Unknown field.' });
  });

  it('a deleted product leaves the shop but its orders still show its name, price and picture', async () => {
    const category = await newCategory(owner.token, ownerShopId, `Ordered ${Date.now()}`);
    const product = await newProduct(owner.token, ownerShopId, category._id, {
      name: 'Moringa Tea',
      price: 450,
      discounts: null,
      imageUrls: ['/media/demo-04/1200x1200.webp'],
    });
    const created = await call('POST', '/api/order/create', undefined, {
      items: [
        {
          name: product.name,
          productId: product._id,
          quantity: 2,
          price: 450,
          selectedVariant: null,
        },
      ],
      totalPrice: 910,
      shipping: 'standard',
      discount: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json()._id as string;
    const deleted = await call('DELETE', `/api/property/products/${product._id}`, owner.token);
    expect(deleted.json()).toEqual({ _id: product._id, deleted: true });
    expect((await call('GET', `/api/listing/products/${product._id}`)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/property/categories/${category._id}/products`, owner.token)).json(),
    ).toEqual([]);
    const order = orderSchema.parse((await call('GET', `/api/orders/${orderId}`)).json());
    expect(order.items).toEqual([
      expect.objectContaining({
        name: 'Moringa Tea',
        price: 450,
        quantity: 2,
        productId: product._id,
        image: '/media/demo-04/1200x1200.webp',
      }),
    ]);
    // No longer sold.
    const again = await call('POST', '/api/order/create', undefined, {
      items: [
        {
          name: product.name,
          productId: product._id,
          quantity: 1,
          price: 450,
          selectedVariant: null,
        },
      ],
      totalPrice: 460,
      shipping: 'standard',
      discount: 0,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe.runIf(testDbKind() === 'postgres')('an owner’s edit racing orders (PostgreSQL)', () => {
  it('never lets stock go negative nor deadlocks when edits and orders meet on the last units', async () => {
    const category = await newCategory(owner2.token, owner2ShopId, `Race ${Date.now()}`);
    const product = await newProduct(owner2.token, owner2ShopId, category._id, {
      price: 100,
      discounts: null,
      variants: [
        { size: 'A', stock: 1 },
        { size: 'B', stock: 1 },
      ],
    });
    const [a, b] = product.variants;
    const order = (variant: string) =>
      call('POST', '/api/order/create', undefined, {
        items: [
          {
            name: product.name,
            productId: product._id,
            quantity: 1,
            price: 100,
            selectedVariant: a?._id,
          },
          {
            name: product.name,
            productId: product._id,
            quantity: 1,
            price: 100,
            selectedVariant: variant,
          },
        ].slice(variant === a?._id ? 1 : 0),
        totalPrice: variant === a?._id ? 110 : 210,
        shipping: 'standard',
        discount: 0,
      });
    const edit = (stock: number) =>
      call(
        'PUT',
        `/api/property/products/${product._id}/${owner2ShopId}`,
        owner2.token,
        productBody(category._id, {
          price: 100,
          discounts: null,
          variants: [
            { _id: b?._id, size: 'B', stock },
            { _id: a?._id, size: 'A', stock },
          ],
        }),
      );
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        order(i % 2 === 0 ? (a?._id as string) : (b?._id as string)),
      ),
      ...[1, 0, 1, 1].map(edit),
    ]);
    // A deadlock or a broken CHECK would surface as a 500.
    const failed = answers.filter((r) => ![200, 201, 409].includes(r.statusCode));
    expect(failed.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    const rows = rowsOf<{ stock: number; sum: number }>(
      await t.database.db.execute(
        sql`select p.stock, (select sum(v.stock)::int from product_variants v where v.product_id = p.id) as sum
            from products p where p.id = ${product._id}`,
      ),
    );
    expect(rows[0]?.stock).toBeGreaterThanOrEqual(0);
    expect(rows[0]?.stock).toBe(rows[0]?.sum);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('an owner’s save across processes (Redis)', () => {
  it('is seen at once by another process that had cached the storefront', async () => {
    const one = await createTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL as string } });
    // Two app instances on one database stand for two processes behind a load balancer.
    const two = await import('../../app').then(({ buildApp }) =>
      buildApp({ config: one.config, database: one.database, logger: false }),
    );
    try {
      await two.ready();
      const signedIn = await one.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: 'owner@soko.test', password: 'soko-demo-pass' },
      });
      const auth = { authorization: `Bearer ${signedIn.json().token as string}` };
      const shopId = (
        await one.app.inject({ method: 'GET', url: '/api/property/shop/getall', headers: auth })
      ).json()[0]._id as string;
      const category = (
        await one.app.inject({
          method: 'GET',
          url: `/api/property/shop/${shopId}/categories`,
          headers: auth,
        })
      ).json()[0] as { _id: string; products: { _id: string }[] };
      const listed = async () =>
        (await two.inject({ method: 'GET', url: '/api/listing/gellisting' })).body;
      const before = await listed();
      const created = await one.app.inject({
        method: 'POST',
        url: `/api/property/products/${shopId}`,
        headers: auth,
        payload: { name: 'Two Process Tea', price: 250, stock: 3, categoryId: category._id },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json()._id as string;
      expect(before).not.toContain(id);
      const deadline = Date.now() + 2_000;
      let after = await listed();
      while (!after.includes(id) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        after = await listed();
      }
      expect(after).toContain(id);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
