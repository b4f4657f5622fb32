// Importing a shop's catalogue from CSV (decision 039): rows are checked against the contract's
// row schema, grouped into products by Product SKU, matched to the shop's live products and
// variants by SKU, and compared with them. A dry run stops there and reports; a real import does
// the same inside one transaction and, only when no row has an error, writes what differs in a
// few multi-row statements (one per kind of write and 1,000 rows), so 10,000 products are a
// handful of round trips rather than 10,000.
import {
  CATALOGUE_STOCK_SUM_MESSAGE,
  MAX_LISTED_ROW_ERRORS,
  MAX_STOCK,
  catalogueCsvHeaderOf,
  catalogueCsvRowSchema,
  toCents,
  type CatalogueCsvKey,
  type CatalogueCsvRow,
  type CatalogueImportResult,
  type CatalogueRowError,
  type PricingType,
} from '@soko/contract';
import { sql } from 'drizzle-orm';
import { hasPgErrorCode, rowsOf, type Db, type Tx } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import { foreignShopPictures } from '../media';
import type { CsvRow } from './read-csv';

/** Rows written per statement: each statement carries them as one JSON parameter. */
const WRITE_BATCH = 1000;

type ProductValues = {
  name: string;
  description: string;
  priceCents: number;
  discounts: string | null;
  discount: string | null;
  type: string | null;
  pricingType: PricingType;
  imageUrls: string[];
};
type LiveProduct = ProductValues & {
  id: string;
  sku: string;
  categoryId: string;
  stock: number;
  variants: LiveVariant[];
};
type LiveVariant = {
  id: string;
  productId: string;
  sku: string;
  name: string;
  size: string;
  stock: number;
  position: number;
};
type ShopCatalogue = {
  categories: Map<string, string>;
  products: Map<string, LiveProduct>;
  variantsBySku: Map<string, LiveVariant>;
};

type VariantPlan = {
  sku: string;
  name: string;
  size: string;
  stock: number;
  position: number;
  existing?: LiveVariant;
};
type ProductPlan = ProductValues & {
  sku: string;
  categoryName: string;
  existing?: LiveProduct;
  /** Stock of a product without variants; with variants it is theirs summed. */
  stock: number;
  variants: VariantPlan[];
};

type Plan = {
  products: ProductPlan[];
  newCategories: string[];
  errors: CatalogueRowError[];
  rows: number;
  /** The shop's categories by lower-cased name, as the plan read them. */
  categories: Map<string, string>;
};

async function loadCatalogue(db: Db | Tx, shopId: string): Promise<ShopCatalogue> {
  const categoryRows = rowsOf<{ id: string; name: string }>(
    await db.execute(
      sql`select id, name from categories where shop_id = ${shopId} and deleted_at is null`,
    ),
  );
  const productRows = rowsOf<{
    id: string;
    sku: string;
    category_id: string;
    name: string;
    description: string;
    price_cents: number;
    discounts: string | null;
    discount: string | null;
    type: string | null;
    pricing_type: PricingType;
    image_urls: string[];
    stock: number;
  }>(
    await db.execute(
      sql`select id, sku, category_id, name, description, price_cents, discounts, discount, type,
                 pricing_type, image_urls, stock
            from products where shop_id = ${shopId} and deleted_at is null`,
    ),
  );
  const variantRows = rowsOf<{
    id: string;
    product_id: string;
    sku: string;
    name: string;
    size: string;
    stock: number;
    position: number;
  }>(
    await db.execute(
      sql`select v.id, v.product_id, v.sku, v.name, v.size, v.stock, v.position
            from product_variants v join products p on p.id = v.product_id
           where p.shop_id = ${shopId} and p.deleted_at is null and v.deleted_at is null
           order by v.position, v.id`,
    ),
  );
  const products = new Map<string, LiveProduct>();
  const byId = new Map<string, LiveProduct>();
  for (const row of productRows) {
    const product: LiveProduct = {
      id: row.id,
      sku: row.sku,
      categoryId: row.category_id,
      name: row.name,
      description: row.description,
      priceCents: row.price_cents,
      discounts: row.discounts,
      discount: row.discount,
      type: row.type,
      pricingType: row.pricing_type,
      imageUrls: row.image_urls,
      stock: row.stock,
      variants: [],
    };
    products.set(row.sku, product);
    byId.set(row.id, product);
  }
  const variantsBySku = new Map<string, LiveVariant>();
  for (const row of variantRows) {
    const variant: LiveVariant = {
      id: row.id,
      productId: row.product_id,
      sku: row.sku,
      name: row.name,
      size: row.size,
      stock: row.stock,
      position: row.position,
    };
    byId.get(row.product_id)?.variants.push(variant);
    variantsBySku.set(row.sku, variant);
  }
  return {
    categories: new Map(categoryRows.map((c) => [c.name.toLowerCase(), c.id])),
    products,
    variantsBySku,
  };
}

const PRODUCT_KEYS = [
  'name',
  'category',
  'description',
  'price',
  'discounts',
  'discount',
  'type',
  'pricingType',
  'pictures',
] as const satisfies readonly CatalogueCsvKey[];

const sameCell = (a: CatalogueCsvRow, b: CatalogueCsvRow, key: (typeof PRODUCT_KEYS)[number]) =>
  key === 'pictures'
    ? a.pictures.join('\n') === b.pictures.join('\n')
    : key === 'category'
      ? a.category.toLowerCase() === b.category.toLowerCase()
      : a[key] === b[key];

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** Checks every row and works out what an import would write; writes nothing. */
async function planImport(
  db: Db | Tx,
  shopId: string,
  pictureBase: string,
  rows: CsvRow[],
): Promise<Plan> {
  const errors: CatalogueRowError[] = [];
  const fail = (row: number, key: CatalogueCsvKey, message: string) =>
    errors.push({ row, column: catalogueCsvHeaderOf[key], message });

  const valid: Array<{ row: number; data: CatalogueCsvRow }> = [];
  for (const { row, cells } of rows) {
    const parsed = catalogueCsvRowSchema.safeParse(cells);
    if (parsed.success) {
      valid.push({ row, data: parsed.data });
      continue;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const key = (issue.path[0] ?? 'sku') as CatalogueCsvKey;
      if (seen.has(key)) continue;
      seen.add(key);
      fail(row, key, issue.message);
    }
  }

  // Rows of one product share its Product SKU (empty: the row's own SKU, a product without
  // variants); the first row gives the product's values, and the others must agree with it.
  const groups = new Map<string, Array<{ row: number; data: CatalogueCsvRow }>>();
  for (const item of valid) {
    const key = item.data.productSku || item.data.sku;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }

  const catalogue = await loadCatalogue(db, shopId);
  const claimed = new Map<string, number>();
  const claim = (sku: string, row: number, key: CatalogueCsvKey) => {
    const first = claimed.get(sku);
    if (first === undefined) {
      claimed.set(sku, row);
      return true;
    }
    fail(row, key, `The SKU “${sku}” is also on row ${first}: a SKU names one product or option.`);
    return false;
  };

  const products: ProductPlan[] = [];
  const newCategories = new Map<string, string>();
  for (const [productSku, group] of groups) {
    const [head, ...rest] = group;
    if (!head) continue;
    const first = head.data;
    let ok = true;
    for (const { row, data } of rest) {
      for (const key of PRODUCT_KEYS) {
        if (!sameCell(first, data, key)) {
          fail(row, key, `Differs from row ${head.row}: a product’s rows must agree on it.`);
          ok = false;
        }
      }
    }
    const withOptions = group.some(({ data }) => data.variantSize !== '');
    if (withOptions) {
      for (const { row, data } of group) {
        if (data.variantSize === '') {
          fail(row, 'variantSize', 'This product’s other rows are options: give this one a size.');
          ok = false;
        } else if (data.sku === productSku) {
          fail(row, 'sku', 'An option’s SKU must differ from its product’s (Product SKU).');
          ok = false;
        }
      }
    } else {
      for (const { row, data } of rest) {
        if (data.sku === productSku) {
          fail(
            row,
            'sku',
            `The SKU “${productSku}” is also on row ${head.row}: a SKU names one product or option.`,
          );
        } else {
          fail(
            row,
            'variantSize',
            'A product without options has one row: give each option a size.',
          );
        }
        ok = false;
      }
    }
    if (!claim(productSku, head.row, withOptions ? 'productSku' : 'sku')) ok = false;

    const existing = catalogue.products.get(productSku);
    const ownerOfSku = catalogue.variantsBySku.get(productSku);
    if (ownerOfSku) {
      fail(
        head.row,
        withOptions ? 'productSku' : 'sku',
        `“${productSku}” is an option’s SKU in this shop, not a product’s.`,
      );
      ok = false;
    }
    if (existing && !withOptions && existing.variants.length > 0) {
      fail(
        head.row,
        'variantSize',
        'This product has options: give a row for each, with its size.',
      );
      ok = false;
    }

    const variants: VariantPlan[] = [];
    if (withOptions) {
      let nextPosition = Math.max(-1, ...(existing?.variants ?? []).map((v) => v.position)) + 1;
      for (const { row, data } of group) {
        if (data.variantSize === '' || data.sku === productSku) continue;
        if (!claim(data.sku, row, 'sku')) {
          ok = false;
          continue;
        }
        const variant = catalogue.variantsBySku.get(data.sku);
        const taken =
          catalogue.products.get(data.sku) ?? (variant && variant.productId !== existing?.id);
        if (taken) {
          fail(
            row,
            'sku',
            `“${data.sku}” is already the SKU of another product or option in this shop.`,
          );
          ok = false;
          continue;
        }
        variants.push({
          sku: data.sku,
          name: data.variantName,
          size: data.variantSize,
          stock: data.stock,
          position: variant ? variant.position : nextPosition++,
          ...(variant ? { existing: variant } : {}),
        });
      }
      const kept = (existing?.variants ?? []).filter(
        (v) => !variants.some((p) => p.existing === v),
      );
      const total = [...kept, ...variants].reduce((sum, v) => sum + v.stock, 0);
      if (total > MAX_STOCK) {
        fail(head.row, 'stock', CATALOGUE_STOCK_SUM_MESSAGE);
        ok = false;
      }
    }

    const categoryKey = first.category.toLowerCase();
    if (!catalogue.categories.has(categoryKey) && !newCategories.has(categoryKey)) {
      newCategories.set(categoryKey, first.category);
    }
    if (!ok) continue;
    products.push({
      sku: productSku,
      categoryName: first.category,
      name: first.name,
      description: first.description,
      priceCents: toCents(first.price),
      discounts: first.discounts,
      discount: first.discount,
      type: first.type,
      pricingType: first.pricingType,
      imageUrls: first.pictures,
      stock: withOptions ? 0 : first.stock,
      variants,
      ...(existing ? { existing } : {}),
    });
  }

  // Pictures: the product form's rule (issue 28), reported on each row that names a stranger.
  const foreign = await foreignShopPictures(
    db,
    pictureBase,
    shopId,
    valid.flatMap(({ data }) => data.pictures),
  );
  if (foreign.size > 0) {
    const badSkus = new Set<string>();
    for (const { row, data } of valid) {
      const url = data.pictures.find((u) => foreign.has(u));
      if (!url) continue;
      fail(
        row,
        'pictures',
        `${url} is not a picture of this shop. Use a picture uploaded to this shop.`,
      );
      badSkus.add(data.productSku || data.sku);
    }
    products.splice(0, products.length, ...products.filter((p) => !badSkus.has(p.sku)));
  }

  errors.sort((a, b) => a.row - b.row);
  return {
    products,
    newCategories: [...newCategories.values()],
    errors,
    rows: rows.length,
    categories: catalogue.categories,
  };
}

// A stored value is the imported one when it reads the same as import would read it: trimmed,
// and empty as null (older records, the demo's among them, hold ' Creams ' and '').
const asRead = (text: string) => text.trim();
const asReadOrNull = (text: string | null) => (text ?? '').trim() || null;

function productChanged(plan: ProductPlan, live: LiveProduct, categoryId: string | undefined) {
  return (
    categoryId !== live.categoryId ||
    plan.name !== asRead(live.name) ||
    plan.description !== asRead(live.description) ||
    plan.priceCents !== live.priceCents ||
    plan.discounts !== asReadOrNull(live.discounts) ||
    plan.discount !== asReadOrNull(live.discount) ||
    plan.type !== asReadOrNull(live.type) ||
    plan.pricingType !== live.pricingType ||
    !sameList(plan.imageUrls, live.imageUrls) ||
    (plan.variants.length === 0 && plan.stock !== live.stock)
  );
}

const variantChanged = (plan: VariantPlan, live: LiveVariant) =>
  plan.name !== asRead(live.name) || plan.size !== asRead(live.size) || plan.stock !== live.stock;

function counts(plan: Plan) {
  const { categories } = plan;
  const products = { created: 0, updated: 0, unchanged: 0 };
  const variants = { created: 0, updated: 0, unchanged: 0 };
  for (const product of plan.products) {
    const categoryId = categories.get(product.categoryName.toLowerCase());
    if (!product.existing) products.created += 1;
    else if (productChanged(product, product.existing, categoryId)) products.updated += 1;
    else products.unchanged += 1;
    for (const variant of product.variants) {
      if (!variant.existing) variants.created += 1;
      else if (variantChanged(variant, variant.existing)) variants.updated += 1;
      else variants.unchanged += 1;
    }
  }
  return { products, variants };
}

const chunks = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += WRITE_BATCH)
    out.push(items.slice(at, at + WRITE_BATCH));
  return out;
};
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const productRecord = (p: ProductPlan, categoryId: string) => ({
  category_id: categoryId,
  name: p.name,
  description: p.description,
  price_cents: p.priceCents,
  discounts: p.discounts,
  discount: p.discount,
  type: p.type,
  pricing_type: p.pricingType,
  image_urls: p.imageUrls,
  stock: p.stock,
});
const PRODUCT_RECORD = sql`category_id uuid, name text, description text, price_cents integer,
  discounts text, discount text, type text, pricing_type text, image_urls text[], stock integer`;

/** Writes what differs. Runs inside the import's transaction, after the plan found no error. */
async function writePlan(tx: Tx, shopId: string, plan: Plan): Promise<string[]> {
  const categories = new Map(plan.categories);
  if (plan.newCategories.length > 0) {
    const made = rowsOf<{ id: string; name: string }>(
      await tx.execute(
        sql`insert into categories (shop_id, name)
            select ${shopId}, value from jsonb_array_elements_text(${json(plan.newCategories)})
            returning id, name`,
      ),
    );
    for (const c of made) categories.set(c.name.toLowerCase(), c.id);
  }
  const categoryOf = (p: ProductPlan) => {
    const id = categories.get(p.categoryName.toLowerCase());
    if (!id) throw new Error(`category ${p.categoryName} was not made`);
    return id;
  };

  // Rows an order may be taking stock from are locked first, in the order orders take them
  // (variants by id, then products by id: decision 005), so an import never deadlocks a sale.
  const touched = plan.products.flatMap((p) => (p.existing ? [p.existing.id] : []));
  if (touched.length > 0) {
    await tx.execute(
      sql`select id from product_variants
           where product_id in (select value::uuid from jsonb_array_elements_text(${json(touched)}))
             and deleted_at is null order by id for no key update`,
    );
    await tx.execute(
      sql`select id from products
           where id in (select value::uuid from jsonb_array_elements_text(${json(touched)}))
           order by id for no key update`,
    );
  }

  const created = plan.products.filter((p) => !p.existing);
  const productIds = new Map<string, string>();
  for (const part of chunks(created)) {
    const made = rowsOf<{ id: string; sku: string }>(
      await tx.execute(
        sql`insert into products (shop_id, sku, category_id, name, description, price_cents,
                                  discounts, discount, type, pricing_type, image_urls, stock)
            select ${shopId}, r.sku, r.category_id, r.name, r.description, r.price_cents,
                   r.discounts, r.discount, r.type, r.pricing_type::pricing_type, r.image_urls,
                   r.stock
              from jsonb_to_recordset(${json(part.map((p) => ({ sku: p.sku, ...productRecord(p, categoryOf(p)) })))})
                as r(sku text, ${PRODUCT_RECORD})
            returning id, sku`,
      ),
    );
    for (const row of made) productIds.set(row.sku, row.id);
  }

  const changed = plan.products.filter(
    (p) =>
      p.existing && productChanged(p, p.existing, categories.get(p.categoryName.toLowerCase())),
  );
  for (const part of chunks(changed)) {
    await tx.execute(
      sql`update products p
             set category_id = r.category_id, name = r.name, description = r.description,
                 price_cents = r.price_cents, discounts = r.discounts, discount = r.discount,
                 type = r.type, pricing_type = r.pricing_type::pricing_type,
                 image_urls = r.image_urls,
                 stock = case when r.has_variants then p.stock else r.stock end,
                 updated_at = now()
            from jsonb_to_recordset(${json(
              part.map((p) => ({
                id: p.existing?.id,
                has_variants: p.variants.length > 0 || (p.existing?.variants.length ?? 0) > 0,
                ...productRecord(p, categoryOf(p)),
              })),
            )}) as r(id uuid, has_variants boolean, ${PRODUCT_RECORD})
           where p.id = r.id`,
    );
  }

  const newVariants = plan.products.flatMap((p) =>
    p.variants
      .filter((v) => !v.existing)
      .map((v) => ({
        product_id: p.existing?.id ?? productIds.get(p.sku),
        sku: v.sku,
        name: v.name,
        size: v.size,
        stock: v.stock,
        position: v.position,
      })),
  );
  for (const part of chunks(newVariants)) {
    await tx.execute(
      sql`insert into product_variants (product_id, sku, name, size, stock, position)
          select r.product_id, r.sku, r.name, r.size, r.stock, r.position
            from jsonb_to_recordset(${json(part)})
              as r(product_id uuid, sku text, name text, size text, stock integer, position integer)`,
    );
  }
  const changedVariants = plan.products.flatMap((p) =>
    p.variants.flatMap((v) =>
      v.existing && variantChanged(v, v.existing)
        ? [{ id: v.existing.id, name: v.name, size: v.size, stock: v.stock }]
        : [],
    ),
  );
  for (const part of chunks(changedVariants)) {
    await tx.execute(
      sql`update product_variants v set name = r.name, size = r.size, stock = r.stock
            from jsonb_to_recordset(${json(part)})
              as r(id uuid, name text, size text, stock integer)
           where v.id = r.id`,
    );
  }

  // A product with variants holds their stock summed (DESIGN.md), recounted from the rows.
  const recount = plan.products.flatMap((p) => {
    const id = p.existing?.id ?? productIds.get(p.sku);
    const moved = p.variants.some((v) => !v.existing || variantChanged(v, v.existing));
    return id && moved ? [id] : [];
  });
  for (const part of chunks(recount)) {
    await tx.execute(
      sql`update products p
             set stock = coalesce((select sum(v.stock) from product_variants v
                                    where v.product_id = p.id and v.deleted_at is null), 0),
                 updated_at = now()
           where p.id in (select value::uuid from jsonb_array_elements_text(${json(part)}))`,
    );
  }
  return [...changed.flatMap((p) => (p.existing ? [p.existing.id] : [])), ...recount];
}

const listed = (errors: CatalogueRowError[]) => ({
  errorCount: errors.length,
  errors: errors.slice(0, MAX_LISTED_ROW_ERRORS),
});

export type ImportOutcome = { result: CatalogueImportResult; changedProductIds: string[] };

/**
 * A dry run reports each row's errors and what would change. A real import plans again inside
 * one transaction (imports of one shop take turns on a lock, so two cannot both create a SKU)
 * and writes nothing at all when any row has an error (400 invalid_rows, the rows listed).
 */
export async function importCatalogue(
  db: Db,
  shopId: string,
  pictureBase: string,
  rows: CsvRow[],
  dryRun: boolean,
): Promise<ImportOutcome> {
  if (dryRun) {
    const plan = await planImport(db, shopId, pictureBase, rows);
    return {
      result: {
        dryRun,
        rows: plan.rows,
        ...counts(plan),
        newCategories: plan.newCategories,
        ...listed(plan.errors),
      },
      changedProductIds: [],
    };
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue-import:${shopId}`}))`);
    const plan = await planImport(tx, shopId, pictureBase, rows);
    if (plan.errors.length > 0) {
      const n = plan.errors.length;
      throw new AppError(
        400,
        'invalid_rows',
        `${n} ${n === 1 ? 'error' : 'errors'} in the file: nothing was imported. Fix ${n === 1 ? 'it' : 'them'} and import again.`,
        { details: listed(plan.errors) },
      );
    }
    const tally = counts(plan);
    const changedProductIds = await writePlan(tx, shopId, plan).catch((error: unknown) => {
      // The plan saw every SKU under the shop's import lock; only a product form saving at
      // the same moment could take one since (the SKUs' unique key refuses it): try again.
      if (hasPgErrorCode(error, '23505')) {
        throw conflict('catalogue_changed', 'The catalogue changed while importing. Try again.');
      }
      throw error;
    });
    return {
      result: {
        dryRun,
        rows: plan.rows,
        ...tally,
        newCategories: plan.newCategories,
        ...listed([]),
      },
      changedProductIds,
    };
  });
}
