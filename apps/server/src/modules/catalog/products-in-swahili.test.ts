// Decision 050, "Products in Swahili": an owner (or an admin) gives a product a Swahili name and
// description; every read carries both languages' texts, and a page painted in Kiswahili shows
// the Swahili ones where they are given, English where not. The pages are painted by the web
// app's real renderer (apps/web/dist-server, built by `npm run build`), as in production.
import {
  apiErrorSchema,
  categorySchema,
  productPath,
  productSchema,
  suggestionsSchema,
  type AuthResponse,
  type OwnerProductInput,
  type Product,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { httpClient } from '../../../test/http';
import { realWebBuild } from '../../../test/web-build';
import { products } from '../../platform/schema';

const NAME = 'Baobab Seed Face Oil';
const NAME_SW = 'Mafuta ya Uso ya Mbegu za Mbuyu';
const DESCRIPTION = 'Cold-pressed baobab seed oil from Kitui.';
const DESCRIPTION_SW = 'Mafuta ya mbegu za mbuyu kutoka Kitui, yaliyokamuliwa bila joto.';

let t: TestApp;
let owner: AuthResponse;
let owner2: AuthResponse;
let admin: AuthResponse;
let shopper: AuthResponse;
let shopId: string;
let categoryId: string;

const { call, signIn, shopOf } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp({ webDistDir: await realWebBuild() });
  [owner, owner2, admin, shopper] = await Promise.all([
    signIn('owner@soko.test'),
    signIn('owner2@soko.test'),
    signIn('admin@soko.test'),
    signIn('shopper@soko.test'),
  ]);
  shopId = await shopOf(owner.token);
  const res = await call('POST', '/api/property/category/create', owner.token, {
    shopId,
    categoryData: { name: `Swahili ${Date.now()}` },
  });
  if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
  categoryId = categorySchema.parse(res.json())._id;
});
afterAll(async () => {
  await t?.close();
});

const body = (overrides: Partial<OwnerProductInput> = {}): OwnerProductInput => ({
  name: NAME,
  description: DESCRIPTION,
  price: 1450,
  stock: 40,
  categoryId,
  ...overrides,
});

async function newProduct(overrides: Partial<OwnerProductInput> = {}): Promise<Product> {
  const res = await call('POST', `/api/property/products/${shopId}`, owner.token, body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

const edit = (product: Product, token: string, overrides: Partial<OwnerProductInput> = {}) =>
  call('PUT', `/api/property/products/${product._id}/${shopId}`, token, body(overrides));

/** The public read, as every shopper screen gets it. */
async function read(product: Product): Promise<Product> {
  const res = await call('GET', `/api/listing/products/${product._id}`);
  expect(res.statusCode, res.body).toBe(200);
  return productSchema.parse(res.json());
}

async function stored(product: Product) {
  const [row] = await t.database.db
    .select({ nameSw: products.nameSw, descriptionSw: products.descriptionSw })
    .from(products)
    .where(eq(products.id, product._id));
  return row;
}

const fieldsOf = (text: string) => apiErrorSchema.parse(JSON.parse(text)).error.fields ?? {};

describe('an owner’s Swahili name and description', () => {
  it('are saved trimmed and carried by every read, beside the English', async () => {
    const product = await newProduct({ nameSw: `  ${NAME_SW} `, descriptionSw: DESCRIPTION_SW });
    expect(product).toMatchObject({ name: NAME, nameSw: NAME_SW, descriptionSw: DESCRIPTION_SW });
    expect(await read(product)).toMatchObject({
      name: NAME,
      description: DESCRIPTION,
      nameSw: NAME_SW,
      descriptionSw: DESCRIPTION_SW,
    });
    // The category's listing too: one answer for either language.
    const listed = await call('GET', `/api/listing/products?category=${categoryId}&pageSize=${48}`);
    const inList = productSchema
      .array()
      .parse(listed.json())
      .find((p) => p._id === product._id);
    expect(inList).toMatchObject({ nameSw: NAME_SW, descriptionSw: DESCRIPTION_SW });
  });

  it('are none (null) when left out, and cleared by blanks or by an edit that leaves them out', async () => {
    const plain = await newProduct();
    expect(await read(plain)).toMatchObject({ nameSw: null, descriptionSw: null });

    const product = await newProduct({ nameSw: NAME_SW, descriptionSw: DESCRIPTION_SW });
    const blanked = await edit(product, owner.token, { nameSw: '  ', descriptionSw: '' });
    expect(blanked.statusCode, blanked.body).toBe(200);
    expect(await read(product)).toMatchObject({ nameSw: null, descriptionSw: null });
    expect(await stored(product)).toEqual({ nameSw: null, descriptionSw: null });

    expect((await edit(product, owner.token, { nameSw: NAME_SW })).statusCode).toBe(200);
    expect(await read(product)).toMatchObject({ nameSw: NAME_SW, descriptionSw: null });
    // The edit writes the whole product, as the form sends it: left out is none.
    expect((await edit(product, owner.token)).statusCode).toBe(200);
    expect(await stored(product)).toEqual({ nameSw: null, descriptionSw: null });
  });

  it('are refused to another shop’s owner and to a shopper, and stay as they were', async () => {
    const product = await newProduct({ nameSw: NAME_SW, descriptionSw: DESCRIPTION_SW });
    for (const caller of [owner2, shopper]) {
      const res = await edit(product, caller.token, { nameSw: 'Jina jingine' });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(
      (await call('PUT', `/api/products/${product._id}`, owner2.token, { nameSw: 'X' })).statusCode,
    ).toBe(403);
    expect(await stored(product)).toEqual({ nameSw: NAME_SW, descriptionSw: DESCRIPTION_SW });
  });

  it('are refused past the English fields’ lengths, naming the field, and change nothing', async () => {
    const product = await newProduct({ nameSw: NAME_SW });
    const tooLongName = await edit(product, owner.token, { nameSw: 'n'.repeat(201) });
    expect(tooLongName.statusCode).toBe(400);
    expect(fieldsOf(tooLongName.body)).toEqual({ nameSw: 'At most 200 characters.' });
    const tooLongDescription = await call(
      'POST',
      `/api/property/products/${shopId}`,
      owner.token,
      body({ descriptionSw: 'd'.repeat(20_001) }),
    );
    expect(tooLongDescription.statusCode).toBe(400);
    expect(fieldsOf(tooLongDescription.body)).toEqual({
      descriptionSw: 'At most 20000 characters.',
    });
    expect(await stored(product)).toEqual({ nameSw: NAME_SW, descriptionSw: null });
  });

  it('are set by an admin’s edit too, kept when it leaves them out, cleared by a blank', async () => {
    const product = await newProduct();
    const put = (update: Record<string, unknown>) =>
      call('PUT', `/api/products/${product._id}`, admin.token, update);
    const set = await put({ nameSw: NAME_SW, descriptionSw: DESCRIPTION_SW });
    expect(set.statusCode, set.body).toBe(200);
    expect(productSchema.parse(set.json())).toMatchObject({ nameSw: NAME_SW });
    // The admin's edit changes only what it sends.
    expect((await put({ price: 1500 })).statusCode).toBe(200);
    expect(await stored(product)).toEqual({ nameSw: NAME_SW, descriptionSw: DESCRIPTION_SW });
    expect((await put({ nameSw: '' })).statusCode).toBe(200);
    expect(await stored(product)).toEqual({ nameSw: null, descriptionSw: DESCRIPTION_SW });
  });
});

describe('a product page painted in Kiswahili', () => {
  const page = (product: Product, query = '') =>
    t.app.inject({ method: 'GET', url: `${productPath(product)}${query}` });
  const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
  const metaDescription = (html: string) =>
    html.match(/<meta name="description" content="([^"]*)">/)?.[1];
  const jsonLdName = (html: string) => {
    const json = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
    return json ? (JSON.parse(json) as { name: string }).name : undefined;
  };
  const root = (html: string) => html.slice(html.indexOf('<div id="root">'));

  it('shows the Swahili name and description, in the head and the page; English without ?lang=sw', async () => {
    const product = await newProduct({ nameSw: NAME_SW, descriptionSw: DESCRIPTION_SW });

    const sw = await page(product, '?lang=sw');
    expect(sw.statusCode).toBe(200);
    expect(sw.body).toContain('<html lang="sw">');
    expect(title(sw.body)).toMatch(new RegExp(`^${NAME_SW} \\| `));
    expect(metaDescription(sw.body)).toBe(DESCRIPTION_SW);
    expect(jsonLdName(sw.body)).toBe(NAME_SW);
    expect(root(sw.body)).toContain(`>${NAME_SW}</h1>`);
    expect(root(sw.body)).toContain(DESCRIPTION_SW);
    expect(root(sw.body)).not.toContain(`>${NAME}</h1>`);
    // The address stays the English one, the product's single canonical address.
    expect(sw.body).toContain(`${productPath(product)}?lang=sw"`);

    const en = await page(product);
    expect(en.body).toContain('<html lang="en">');
    expect(title(en.body)).toMatch(new RegExp(`^${NAME} \\| `));
    expect(metaDescription(en.body)).toBe(DESCRIPTION);
    expect(jsonLdName(en.body)).toBe(NAME);
    expect(root(en.body)).toContain(`>${NAME}</h1>`);
    expect(root(en.body)).not.toContain(NAME_SW);
  });

  it('falls back to the English text not given in Swahili', async () => {
    const product = await newProduct({ nameSw: NAME_SW });
    const sw = await page(product, '?lang=sw');
    expect(root(sw.body)).toContain(`>${NAME_SW}</h1>`);
    expect(metaDescription(sw.body)).toBe(DESCRIPTION);
    expect(root(sw.body)).toContain(DESCRIPTION);

    const plain = await newProduct();
    const painted = await page(plain, '?lang=sw');
    expect(painted.body).toContain('<html lang="sw">');
    expect(title(painted.body)).toMatch(new RegExp(`^${NAME} \\| `));
    expect(root(painted.body)).toContain(`>${NAME}</h1>`);
  });

  it('shows an owner’s new Swahili name at once: the kept page is dropped with the product', async () => {
    const product = await newProduct({ nameSw: NAME_SW });
    expect(root((await page(product, '?lang=sw')).body)).toContain(`>${NAME_SW}</h1>`);
    expect((await edit(product, owner.token, { nameSw: 'Mafuta Mapya' })).statusCode).toBe(200);
    expect(root((await page(product, '?lang=sw')).body)).toContain('>Mafuta Mapya</h1>');
  });
});

describe('search in Swahili', () => {
  // Words no demo product and no other test here uses, so a match can only be this product.
  const SEARCH_NAME_SW = 'Mafuta ya Zumaridi';
  const SEARCH_DESCRIPTION_SW = 'Yamekamuliwa kwa mkono huko Kiwanjani.';

  async function found(query: string): Promise<string[]> {
    const res = await call('GET', `/api/search/get?${new URLSearchParams({ query })}`);
    expect(res.statusCode, res.body).toBe(200);
    return productSchema
      .array()
      .parse(res.json())
      .map((product) => product._id);
  }

  it('finds a product by a word of its Swahili name or of its Swahili description', async () => {
    const product = await newProduct({
      nameSw: SEARCH_NAME_SW,
      descriptionSw: SEARCH_DESCRIPTION_SW,
    });
    expect(await found('zumaridi')).toEqual([product._id]);
    expect(await found('Kiwanjani')).toEqual([product._id]);
    // Its English name is found as before.
    expect(await found(NAME)).toContain(product._id);
  });

  it('puts the product named exactly as the query in Swahili first', async () => {
    const product = await newProduct({ nameSw: 'Mafuta ya Mbegu' });
    // 'mafuta' and 'mbegu' are in other products' Swahili texts too (the one above, the demo's).
    const ids = await found('Mafuta ya Mbegu');
    expect(ids[0]).toBe(product._id);
  });

  it('follows an edit: the new Swahili name is found at once, the old one no more', async () => {
    const product = await newProduct({ nameSw: 'Sabuni ya Yakuti' });
    expect(await found('yakuti')).toEqual([product._id]);
    expect((await edit(product, owner.token, { nameSw: 'Sabuni ya Almasi' })).statusCode).toBe(200);
    expect(await found('yakuti')).toEqual([]);
    expect(await found('almasi')).toEqual([product._id]);
  });

  it('offers the product in the suggestions for its Swahili name', async () => {
    const product = await newProduct({ nameSw: 'Krimu ya Feruzi' });
    const res = await call('GET', `/api/search/suggest?query=${encodeURIComponent('feruzi')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(suggestionsSchema.parse(res.json()).products).toEqual([
      expect.objectContaining({ _id: product._id, nameSw: 'Krimu ya Feruzi' }),
    ]);
  });
});
