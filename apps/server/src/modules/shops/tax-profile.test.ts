// A shop's tax profile and its products' tax types through HTTP (issue 33, decision 044): who may
// read and replace the profile, the PIN's and the rules' field errors with nothing written, a
// product's tax type saved and read, and the VAT its read tells the product page.
import {
  apiErrorSchema,
  categoryListResponseSchema,
  ETIMS_NEEDS_DEVICE,
  KRA_PIN_MESSAGE,
  productPath,
  productSchema,
  taxProfileResponseSchema,
  VAT_NEEDS_PIN,
  type AuthResponse,
  type OwnerProductInput,
  type TaxProfileInput,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOscu, type FakeOscu } from '../../../test/fake-oscu';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { realWebBuild } from '../../../test/web-build';
import { shops } from '../../platform/schema';

let t: TestApp;
// eTIMS on initialises the device with KRA first (decision 046): a fake of KRA's OSCU API.
let oscu: FakeOscu;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let categoryA: string;

const { call } = httpClient(() => t);

beforeAll(async () => {
  // The real web build: the product page is painted by the server, VAT note included.
  oscu = await startFakeOscu();
  oscu.device({ tin: 'P051234567X', bhfId: '01', dvcSrlNo: 'KRACU0100000123' });
  t = await createTestApp({
    webDistDir: await realWebBuild(),
    env: { ETIMS_BASE_URL: oscu.url },
  });
  ({ admin, owner, owner2, shopper, shopA } = await demoMarket(t, false));
  const listed = await call('GET', `/api/property/shop/${shopA}/categories`, owner.token);
  const first = categoryListResponseSchema.parse(listed.json())[0];
  if (!first) throw new Error(`shop A has no category: ${listed.body}`);
  categoryA = first._id;
});
afterAll(async () => {
  await t?.close();
  await oscu?.close();
});

const profileUrl = (shopId: string) => `/api/property/shop/${shopId}/tax-profile`;
const fieldsOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error.fields ?? {};

const REGISTERED: TaxProfileInput = { kraPin: ' p051234567x ', vatRegistered: true };
const NOT_REGISTERED: TaxProfileInput = { kraPin: null, vatRegistered: false };

const storedProfile = async () => {
  const [row] = await t.database.db
    .select({ kraPin: shops.kraPin, vatRegistered: shops.vatRegistered })
    .from(shops)
    .where(eq(shops.id, shopA));
  return row;
};

async function setProfile(profile: TaxProfileInput) {
  const res = await call('PUT', profileUrl(shopA), owner.token, profile);
  expect(res.statusCode, res.body).toBe(200);
  return taxProfileResponseSchema.parse(res.json());
}

/** A product of shop A at `priceKsh`, with `taxType` (left out: the shop's default). */
async function addProduct(
  priceKsh: number,
  taxType?: OwnerProductInput['taxType'],
  extra: Partial<OwnerProductInput> = {},
) {
  const res = await call('POST', `/api/property/products/${shopA}`, owner.token, {
    name: `Taxed ${Math.random().toString(36).slice(2, 8)}`,
    price: priceKsh,
    stock: 5,
    categoryId: categoryA,
    ...(taxType === undefined ? {} : { taxType }),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

const shopperRead = async (productId: string) => {
  const res = await call('GET', `/api/listing/products/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return productSchema.parse(res.json());
};

describe('the tax profile', () => {
  it('starts empty: no PIN, not VAT-registered, eTIMS off on the head office branch', async () => {
    const res = await call('GET', profileUrl(shopA), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(taxProfileResponseSchema.parse(res.json())).toEqual({
      shopId: shopA,
      kraPin: null,
      vatRegistered: false,
      etims: { enabled: false, bhfId: '00', dvcSrlNo: '' },
    });
  });

  it('is set by its owner, the PIN kept in upper case, and read back', async () => {
    const saved = await setProfile({
      ...REGISTERED,
      etims: { enabled: true, bhfId: '01', dvcSrlNo: 'KRACU0100000123' },
    });
    expect(saved).toEqual({
      shopId: shopA,
      kraPin: 'P051234567X',
      vatRegistered: true,
      etims: { enabled: true, bhfId: '01', dvcSrlNo: 'KRACU0100000123' },
    });
    const read = await call('GET', profileUrl(shopA), owner.token);
    expect(taxProfileResponseSchema.parse(read.json())).toEqual(saved);
    await setProfile(NOT_REGISTERED);
  });

  it('is set by an admin', async () => {
    const res = await call('PUT', profileUrl(shopA), admin.token, { kraPin: 'A123456789Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedProfile()).toEqual({ kraPin: 'A123456789Z', vatRegistered: false });
    expect((await call('GET', profileUrl(shopA), admin.token)).statusCode).toBe(200);
    await setProfile(NOT_REGISTERED);
  });

  it('refuses another shop’s owner (403), a shopper (403) and the signed-out (401)', async () => {
    for (const token of [owner2.token, shopper.token]) {
      expect((await call('GET', profileUrl(shopA), token)).statusCode).toBe(403);
      expect((await call('PUT', profileUrl(shopA), token, REGISTERED)).statusCode).toBe(403);
    }
    expect((await call('GET', profileUrl(shopA), undefined)).statusCode).toBe(401);
    expect((await call('PUT', profileUrl(shopA), undefined, REGISTERED)).statusCode).toBe(401);
    expect(await storedProfile()).toEqual({ kraPin: null, vatRegistered: false });
  });

  it('answers 404 for a shop that does not exist', async () => {
    const res = await call('GET', profileUrl('00000000-0000-4000-8000-000000000000'), admin.token);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a bad PIN at its field and writes nothing', async () => {
    const res = await call('PUT', profileUrl(shopA), owner.token, {
      kraPin: 'P05123456X',
      vatRegistered: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res.body)).toEqual({ kraPin: KRA_PIN_MESSAGE });
    expect(await storedProfile()).toEqual({ kraPin: null, vatRegistered: false });
  });

  it('refuses VAT registration without a PIN, and eTIMS without its device', async () => {
    const vat = await call('PUT', profileUrl(shopA), owner.token, { vatRegistered: true });
    expect(vat.statusCode, vat.body).toBe(400);
    expect(fieldsOf(vat.body)).toEqual({ kraPin: VAT_NEEDS_PIN });
    const etims = await call('PUT', profileUrl(shopA), owner.token, {
      kraPin: 'P051234567X',
      etims: { enabled: true },
    });
    expect(etims.statusCode, etims.body).toBe(400);
    expect(fieldsOf(etims.body)).toEqual({ 'etims.dvcSrlNo': ETIMS_NEEDS_DEVICE });
    expect(await storedProfile()).toEqual({ kraPin: null, vatRegistered: false });
  });

  it('refuses fields it does not know', async () => {
    const res = await call('PUT', profileUrl(shopA), owner.token, { ...REGISTERED, role: 'x' });
    expect(res.statusCode, res.body).toBe(400);
    expect(await storedProfile()).toEqual({ kraPin: null, vatRegistered: false });
  });
});

describe('a product’s tax type and the VAT its page shows', () => {
  it('saves a product’s type, reads it back, and sets it back to the shop’s when left out', async () => {
    const product = await addProduct(540, 'E');
    expect(product.taxType).toBe('E');
    expect((await shopperRead(product._id)).taxType).toBe('E');
    const edited = await call(
      'PUT',
      `/api/property/products/${product._id}/${shopA}`,
      owner.token,
      { name: product.name, price: 540, stock: 5, categoryId: categoryA },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(productSchema.parse(edited.json()).taxType).toBeNull();
  });

  it('refuses a tax type KRA does not have (400 at the field)', async () => {
    const res = await call('POST', `/api/property/products/${shopA}`, owner.token, {
      name: 'Wrong type',
      price: 100,
      stock: 1,
      categoryId: categoryA,
      taxType: 'F',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(fieldsOf(res.body))).toEqual(['taxType']);
  });

  it('shows no VAT for any type while the shop is not VAT-registered', async () => {
    await setProfile(NOT_REGISTERED);
    for (const type of [null, 'A', 'B', 'C', 'D', 'E'] as const) {
      const product = await addProduct(1160, type);
      expect((await shopperRead(product._id)).vat).toBeNull();
    }
  });

  it('shows the VAT of B (and of the shop’s default), E, and none for A, C and D once registered', async () => {
    const byType = {
      default: await addProduct(1160),
      B: await addProduct(1160, 'B'),
      E: await addProduct(540, 'E'),
      A: await addProduct(1160, 'A'),
      C: await addProduct(1160, 'C'),
      D: await addProduct(1160, 'D'),
      // Ksh 1,000 less 10 %: the VAT of the Ksh 900 paid, 124.14 (12413.79… cents).
      discounted: await addProduct(1000, 'B', { discounts: '10' }),
    };
    await setProfile(REGISTERED);
    // The storefront's cached reads were dropped with the profile's save.
    expect((await shopperRead(byType.default._id)).vat).toEqual({
      taxType: 'B',
      ratePercent: 16,
      amount: 160,
    });
    expect((await shopperRead(byType.B._id)).vat).toEqual({
      taxType: 'B',
      ratePercent: 16,
      amount: 160,
    });
    expect((await shopperRead(byType.E._id)).vat).toEqual({
      taxType: 'E',
      ratePercent: 8,
      amount: 40,
    });
    expect((await shopperRead(byType.discounted._id)).vat?.amount).toBe(124.14);
    for (const product of [byType.A, byType.C, byType.D]) {
      expect((await shopperRead(product._id)).vat).toBeNull();
    }
    await setProfile(NOT_REGISTERED);
    expect((await shopperRead(byType.B._id)).vat).toBeNull();
  });

  it('paints the VAT into the server-rendered product page', async () => {
    await setProfile(REGISTERED);
    const product = await addProduct(1160, 'B');
    const page = await t.app.inject({
      method: 'GET',
      url: productPath(product),
      headers: { host: 'localhost' },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('incl. VAT Ksh 160');
    await setProfile(NOT_REGISTERED);
  });
});
