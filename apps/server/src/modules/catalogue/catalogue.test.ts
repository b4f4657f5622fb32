// A shop's catalogue as CSV through HTTP (issue 32, decision 039): export, dry run, import by
// SKU all or nothing, the round trip that changes nothing, bad files, and who may call.
import {
  CATALOGUE_CSV_HEADERS,
  MAX_CATALOGUE_CSV_BYTES,
  apiErrorSchema,
  catalogueImportRefusalSchema,
  catalogueImportResultSchema,
  type AuthResponse,
} from '@soko/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { rowsOf } from '../../platform/db';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;

const { call } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, false));
});
afterAll(async () => {
  await t?.close();
});

const url = (shopId: string, dryRun = false) =>
  `/api/property/shop/${shopId}/catalogue.csv${dryRun ? '?dryRun=true' : ''}`;

const exportCsv = (shopId: string, token: string) => call('GET', url(shopId), token);

const importCsv = (
  shopId: string,
  token: string | undefined,
  body: string | Buffer,
  dryRun = false,
) =>
  t.app.inject({
    method: 'POST',
    url: url(shopId, dryRun),
    payload: body,
    headers: {
      'content-type': 'text/csv',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

type Row = Partial<Record<(typeof CATALOGUE_CSV_HEADERS)[number], string>>;

/** A CSV in the export's columns; cells left out are empty. */
const csvOf = (rows: Row[], headers: readonly string[] = CATALOGUE_CSV_HEADERS) =>
  stringify([headers, ...rows.map((row) => headers.map((h) => row[h as keyof Row] ?? ''))]);

const plain = (sku: string, extra: Row = {}): Row => ({
  SKU: sku,
  Name: `Kikoi ${sku}`,
  Category: 'Imported wear',
  'Price (Ksh)': '1200',
  Stock: '5',
  ...extra,
});

/** Every live product and variant of a shop as stored, to compare before and after. */
async function snapshot(shopId: string) {
  const products = rowsOf<Record<string, unknown>>(
    await t.database.db.execute(
      sql`select p.*, (select json_agg(v order by v.id) from product_variants v
                        where v.product_id = p.id) as variants
            from products p where p.shop_id = ${shopId} order by p.id`,
    ),
  );
  const categories = rowsOf<Record<string, unknown>>(
    await t.database.db.execute(
      sql`select * from categories where shop_id = ${shopId} order by id`,
    ),
  );
  return JSON.stringify({ products, categories });
}

/** A row a test needs: a fixture that cannot find its data throws. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a row');
  return value;
}

const bodyOf = (csv: string) => parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Row[];
const errorOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error;

describe('export', () => {
  it('writes a row per variant (or per product), in the import’s columns, with a BOM', async () => {
    const res = await exportCsv(shopA, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = bodyOf(res.body);
    const [live] = rowsOf<{ products: number; variants: number; with_variants: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as products,
                   (select count(*)::int from product_variants v join products p on p.id = v.product_id
                     where p.shop_id = ${shopA} and p.deleted_at is null and v.deleted_at is null) as variants,
                   count(*) filter (where exists (select 1 from product_variants v
                     where v.product_id = products.id and v.deleted_at is null))::int as with_variants
              from products where shop_id = ${shopA} and deleted_at is null`,
      ),
    );
    const { products, with_variants, variants } = must(live);
    expect(rows).toHaveLength(products - with_variants + variants);
    expect(Object.keys(rows[0] ?? {})).toEqual([...CATALOGUE_CSV_HEADERS]);
    expect(rows.every((row) => row.SKU)).toBe(true);
  });

  it('neutralises formulas in text cells, and imports them back as they were', async () => {
    const created = await importCsv(
      shopA,
      owner.token,
      csvOf([
        plain('FORMULA-1', { Name: '=HYPERLINK("http://evil.example","x")', Description: '-2+3' }),
      ]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const exported = await exportCsv(shopA, owner.token);
    const row = bodyOf(exported.body).find((r) => r.SKU === 'FORMULA-1');
    expect(row?.Name).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row?.Description).toBe(`'-2+3`);
    expect(row?.['Price (Ksh)']).toBe('1200.00');
    const [stored] = rowsOf<{ name: string }>(
      await t.database.db.execute(
        sql`select name from products where shop_id = ${shopA} and sku = 'FORMULA-1'`,
      ),
    );
    expect(stored?.name).toBe('=HYPERLINK("http://evil.example","x")');
  });
});

describe('import', () => {
  it('changes nothing when an export is imported again', async () => {
    const before = await snapshot(shopA);
    const exported = await exportCsv(shopA, owner.token);
    const res = await importCsv(shopA, owner.token, exported.body);
    expect(res.statusCode, res.body).toBe(200);
    const result = catalogueImportResultSchema.parse(res.json());
    expect(result.products.created + result.products.updated).toBe(0);
    expect(result.variants.created + result.variants.updated).toBe(0);
    expect(result.products.unchanged).toBeGreaterThan(0);
    expect(result.variants.unchanged).toBeGreaterThan(0);
    expect(await snapshot(shopA)).toBe(before);
    expect((await exportCsv(shopA, owner.token)).body).toBe(exported.body);
  });

  it('creates and updates by SKU, options and new categories included', async () => {
    const csv = csvOf([
      plain('NEW-1', { Category: 'Baskets', 'Price (Ksh)': '1,500.50', Type: 'Sisal' }),
      {
        ...plain('TEE-S', { 'Product SKU': 'TEE', Name: 'Tee', 'Option name': 'Size' }),
        'Option size': 'S',
        Stock: '3',
      },
      {
        ...plain('TEE-M', { 'Product SKU': 'TEE', Name: 'Tee', 'Option name': 'Size' }),
        'Option size': 'M',
        Stock: '4',
      },
    ]);
    const res = await importCsv(shopA, owner.token, csv);
    expect(res.statusCode, res.body).toBe(200);
    const result = catalogueImportResultSchema.parse(res.json());
    expect(result.products).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(result.variants).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(result.newCategories).toEqual(['Baskets']);
    const [tee] = rowsOf<{ stock: number; variants: number }>(
      await t.database.db.execute(
        sql`select stock, (select count(*)::int from product_variants v where v.product_id = p.id) as variants
              from products p where shop_id = ${shopA} and sku = 'TEE'`,
      ),
    );
    expect(tee).toEqual({ stock: 7, variants: 2 });

    const again = await importCsv(
      shopA,
      owner.token,
      csvOf([
        plain('NEW-1', { Category: 'baskets', 'Price (Ksh)': '1600', Type: 'Sisal' }),
        {
          ...plain('TEE-M', { 'Product SKU': 'TEE', Name: 'Tee', 'Option name': 'Size' }),
          'Option size': 'M',
          Stock: '10',
        },
      ]),
    );
    expect(again.statusCode, again.body).toBe(200);
    const second = catalogueImportResultSchema.parse(again.json());
    expect(second.products).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(second.variants).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(second.newCategories).toEqual([]);
    const stored = rowsOf<{ sku: string; price_cents: number; stock: number }>(
      await t.database.db.execute(
        sql`select sku, price_cents, stock from products
             where shop_id = ${shopA} and sku in ('NEW-1', 'TEE') order by sku`,
      ),
    );
    expect(stored).toEqual([
      { sku: 'NEW-1', price_cents: 160000, stock: 5 },
      { sku: 'TEE', price_cents: 120000, stock: 13 },
    ]);
  });

  it('writes nothing in a dry run, and says what it would do', async () => {
    const before = await snapshot(shopA);
    const res = await importCsv(shopA, owner.token, csvOf([plain('DRY-1'), plain('DRY-2')]), true);
    expect(res.statusCode, res.body).toBe(200);
    const result = catalogueImportResultSchema.parse(res.json());
    expect(result).toMatchObject({ dryRun: true, rows: 2, errorCount: 0 });
    expect(result.products.created).toBe(2);
    expect(await snapshot(shopA)).toBe(before);
  });

  it('lists each bad row in a dry run, and writes nothing at all when one row is bad', async () => {
    const csv = csvOf([
      plain('GOOD-1'),
      plain('BAD-1', { 'Price (Ksh)': '-5' }),
      plain('GOOD-2'),
      plain('BAD-2', { Stock: 'lots', Name: '' }),
      plain('GOOD-1'),
    ]);
    const dry = await importCsv(shopA, owner.token, csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const result = catalogueImportResultSchema.parse(dry.json());
    expect(result.errors).toEqual([
      { row: 3, column: 'Price (Ksh)', message: 'A price cannot be negative.' },
      { row: 5, column: 'Name', message: 'Give the product a name.' },
      { row: 5, column: 'Stock', message: 'Enter the stock as a whole number.' },
      {
        row: 6,
        column: 'SKU',
        message: 'The SKU “GOOD-1” is also on row 2: a SKU names one product or option.',
      },
    ]);

    const before = await snapshot(shopA);
    const res = await importCsv(shopA, owner.token, csv);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('invalid_rows');
    expect(catalogueImportRefusalSchema.parse(error.details).errorCount).toBe(4);
    expect(await snapshot(shopA)).toBe(before);
  });

  it('reports a negative price as that row’s error', async () => {
    const res = await importCsv(
      shopA,
      owner.token,
      csvOf([plain('NEG-1', { 'Price (Ksh)': '-1200' })]),
    );
    expect(res.statusCode).toBe(400);
    const { errors } = catalogueImportRefusalSchema.parse(errorOf(res.body).details);
    expect(errors).toEqual([
      { row: 2, column: 'Price (Ksh)', message: 'A price cannot be negative.' },
    ]);
  });

  it('reads UTF-8 with or without Excel’s byte order mark', async () => {
    const rows = [plain('BOM-1', { Name: 'Kiondo cha Wanjikũ' })];
    const withBom = await importCsv(shopA, owner.token, Buffer.from(`\uFEFF${csvOf(rows)}`), true);
    const without = await importCsv(shopA, owner.token, Buffer.from(csvOf(rows)), true);
    for (const res of [withBom, without]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(catalogueImportResultSchema.parse(res.json()).errorCount).toBe(0);
    }
    const written = await importCsv(shopA, owner.token, Buffer.from(`\uFEFF${csvOf(rows)}`));
    expect(written.statusCode, written.body).toBe(200);
    const [stored] = rowsOf<{ name: string }>(
      await t.database.db.execute(
        sql`select name from products where shop_id = ${shopA} and sku = 'BOM-1'`,
      ),
    );
    expect(stored?.name).toBe('Kiondo cha Wanjikũ');
  });

  it('refuses a file whose columns are not the export’s, naming them', async () => {
    const headers = [...CATALOGUE_CSV_HEADERS.filter((h) => h !== 'Stock'), 'Colour'];
    const res = await importCsv(shopA, owner.token, csvOf([plain('COL-1')], headers), true);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('wrong_columns');
    expect(error.message).toContain('Unknown columns: “Colour”.');
    expect(error.message).toContain('Missing columns: “Stock”.');
  });

  it('refuses a file with a broken quote, naming its line', async () => {
    const broken = `${csvOf([plain('Q-1')])}"Q-2,"Kikoi,Imported wear\r\n`;
    const res = await importCsv(shopA, owner.token, broken, true);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('invalid_csv');
    expect(error.message).toMatch(/line 3/);
  });

  it('refuses a file over 10 MB and writes nothing', async () => {
    const before = await snapshot(shopA);
    const header = csvOf([]);
    const row = stringify([
      ['', 'BIG', 'x'.repeat(1000), 'Imported wear', '', '10', '', '', '', '', '', '', '1', ''],
    ]);
    const big = header + row.repeat(Math.ceil(MAX_CATALOGUE_CSV_BYTES / row.length) + 1);
    const res = await importCsv(shopA, owner.token, big);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body).message).toContain('larger than 10 MB');
    expect(await snapshot(shopA)).toBe(before);
  });

  it('refuses a picture that is not the shop’s, as that row’s error', async () => {
    const res = await importCsv(
      shopA,
      owner.token,
      csvOf([plain('PIC-1', { Pictures: 'https://tracker.example/pixel.gif' })]),
      true,
    );
    expect(catalogueImportResultSchema.parse(res.json()).errors).toEqual([
      {
        row: 2,
        column: 'Pictures',
        message:
          'https://tracker.example/pixel.gif is not a picture of this shop. Use a picture uploaded to this shop.',
      },
    ]);
  });

  it('refuses a SKU that names another product’s option', async () => {
    await importCsv(
      shopA,
      owner.token,
      csvOf([{ ...plain('OPT-A1', { 'Product SKU': 'OPT-A' }), 'Option size': 'S' }]),
    );
    const res = await importCsv(shopA, owner.token, csvOf([plain('OPT-A1')]), true);
    expect(catalogueImportResultSchema.parse(res.json()).errors).toEqual([
      {
        row: 2,
        column: 'SKU',
        message: '“OPT-A1” is an option’s SKU in this shop, not a product’s.',
      },
    ]);
  });
});

describe('SKUs', () => {
  it('are created once when the same file is imported twice at the same time', async () => {
    const csv = csvOf([plain('RACE-1'), plain('RACE-2'), plain('RACE-3')]);
    const answers = await Promise.all([
      importCsv(shopA, owner.token, csv),
      importCsv(shopA, owner.token, csv),
    ]);
    const results = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return catalogueImportResultSchema.parse(res.json()).products;
    });
    expect(results.map((r) => r.created).sort()).toEqual([0, 3]);
    expect(results.map((r) => r.unchanged).sort()).toEqual([0, 3]);
    const [count] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from products
             where shop_id = ${shopA} and sku like 'RACE-%' and deleted_at is null`,
      ),
    );
    expect(count?.n).toBe(3);
  });

  it('are unique within a shop in the database, products’ and variants’ alike', async () => {
    const [variant] = rowsOf<{ product_id: string; sku: string }>(
      await t.database.db.execute(
        sql`select v.product_id, v.sku from product_variants v join products p on p.id = v.product_id
             where p.shop_id = ${shopA} and v.deleted_at is null and p.deleted_at is null limit 1`,
      ),
    );
    const { sku } = must(variant);
    await expect(
      t.database.db.execute(
        sql`update products set sku = ${sku}
             where shop_id = ${shopA} and sku = 'NEW-1'`,
      ),
    ).rejects.toThrow();
    // Another shop may use the same SKU.
    const res = await importCsv(shopB, owner2.token, csvOf([plain('NEW-1')]));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('are freed when their product is deleted', async () => {
    await importCsv(shopA, owner.token, csvOf([plain('GONE-1')]));
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`select id from products where shop_id = ${shopA} and sku = 'GONE-1'`,
      ),
    );
    const deleted = await call('DELETE', `/api/property/products/${must(row).id}`, owner.token);
    expect(deleted.statusCode).toBe(200);
    const res = await importCsv(shopA, owner.token, csvOf([plain('GONE-1')]));
    expect(catalogueImportResultSchema.parse(res.json()).products.created).toBe(1);
  });
});

describe('who may call', () => {
  it('refuses another shop’s owner, a shopper and the signed out; lets the owner and an admin in', async () => {
    const csv = csvOf([plain('WHO-1')]);
    expect((await exportCsv(shopA, owner2.token)).statusCode).toBe(403);
    expect((await importCsv(shopA, owner2.token, csv)).statusCode).toBe(403);
    expect((await importCsv(shopA, owner2.token, csv, true)).statusCode).toBe(403);
    expect((await exportCsv(shopA, shopper.token)).statusCode).toBe(403);
    expect((await importCsv(shopA, shopper.token, csv)).statusCode).toBe(403);
    expect((await call('GET', url(shopA))).statusCode).toBe(401);
    expect((await importCsv(shopA, undefined, csv)).statusCode).toBe(401);

    expect((await exportCsv(shopA, admin.token)).statusCode).toBe(200);
    const byAdmin = await importCsv(shopA, admin.token, csv);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(catalogueImportResultSchema.parse(byAdmin.json()).products.created).toBe(1);
    expect((await exportCsv('00000000-0000-4000-8000-000000000000', admin.token)).statusCode).toBe(
      404,
    );
  });
});
