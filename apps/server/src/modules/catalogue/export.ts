// A shop's catalogue as CSV, written while it is read: a keyset batch of products (and their
// variants) at a time, so 100,000 products never sit in memory at once.
import { Readable } from 'node:stream';
import { CATALOGUE_CSV_HEADERS, PICTURE_SEPARATOR, centsAsDecimal } from '@soko/contract';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db';

/** Products read per query while exporting. */
const EXPORT_BATCH = 1000;

type ProductRow = {
  id: string;
  sku: string;
  name: string;
  category: string;
  description: string;
  price_cents: number;
  discounts: string | null;
  discount: string | null;
  type: string | null;
  pricing_type: string;
  stock: number;
  image_urls: string[];
};
type VariantRow = { product_id: string; sku: string; name: string; size: string; stock: number };

async function* records(db: Db, shopId: string) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const products = rowsOf<ProductRow>(
      await db.execute(
        sql`select p.id, p.sku, p.name, c.name as category, p.description, p.price_cents,
                   p.discounts, p.discount, p.type, p.pricing_type, p.stock, p.image_urls
              from products p join categories c on c.id = p.category_id
             where p.shop_id = ${shopId} and p.deleted_at is null and p.id > ${after}
             order by p.id limit ${EXPORT_BATCH}`,
      ),
    );
    const last = products.at(-1);
    if (!last) return;
    after = last.id;
    const variants = rowsOf<VariantRow>(
      await db.execute(
        sql`select product_id, sku, name, size, stock from product_variants
             where product_id in (select value::uuid
                                    from jsonb_array_elements_text(${JSON.stringify(products.map((p) => p.id))}::jsonb))
               and deleted_at is null
             order by product_id, position, id`,
      ),
    );
    const byProduct = new Map<string, VariantRow[]>();
    for (const v of variants) {
      const list = byProduct.get(v.product_id);
      if (list) list.push(v);
      else byProduct.set(v.product_id, [v]);
    }
    for (const p of products) {
      const product = [
        p.name,
        p.category,
        p.description,
        centsAsDecimal(p.price_cents),
        p.discounts ?? '',
        p.discount ?? '',
        p.type ?? '',
        p.pricing_type,
      ];
      const pictures = p.image_urls.join(PICTURE_SEPARATOR);
      const options = byProduct.get(p.id);
      if (!options) {
        yield ['', p.sku, ...product, '', '', String(p.stock), pictures];
        continue;
      }
      for (const v of options) {
        yield [p.sku, v.sku, ...product, v.name, v.size, String(v.stock), pictures];
      }
    }
  }
}

/**
 * The CSV as a stream, in the columns import reads (CATALOGUE_CSV_HEADERS): a UTF-8 byte order
 * mark (Excel otherwise reads Swahili and accented names as Latin-1), then a row per variant,
 * or one for a product without variants. A cell that starts with = + - @, a tab or a carriage
 * return gets a leading apostrophe so a spreadsheet shows it rather than running it (OWASP
 * "CSV Injection"); import takes it off. Prices and stock are never negative (CHECKs), so their
 * digits never need it.
 */
export function catalogueCsv(db: Db, shopId: string): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: CATALOGUE_CSV_HEADERS,
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  const source = Readable.from(records(db, shopId));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
