import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { media } from '../../platform/schema';

export type NewMediaRow = {
  key: string;
  width: number;
  height: number;
  bytes: number;
  uploadedBy: string | null;
  shopId: string | null;
};

export async function insertMedia(db: Db | Tx, row: NewMediaRow): Promise<void> {
  await db.insert(media).values(row);
}

export async function deleteMediaRows(db: Db | Tx, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(media).where(inArray(media.key, keys));
}

/**
 * Up to `limit` media rows older than the cutoff with keys after `afterKey` (in key order, so a
 * sweep walks past rows that are in use), locked for this transaction. SKIP LOCKED lets two
 * processes sweep at once, each taking rows the other is not looking at.
 */
export async function lockOldMedia(
  tx: Tx,
  cutoff: Date,
  afterKey: string,
  limit: number,
): Promise<string[]> {
  const result = await tx.execute(sql`
    select key from media
    where created_at < ${cutoff.toISOString()}::timestamptz and key > ${afterKey}
    order by key
    limit ${limit}
    for update skip locked`);
  return rowsOf<{ key: string }>(result).map((row) => row.key);
}

/**
 * Every stored picture address that mentions one of these keys as `/media/{key}/`, wherever a
 * record keeps pictures. Hidden (deleted) products and categories keep theirs: their rows stay.
 * The caller confirms each address with the contract's parser; this only narrows the search.
 */
export async function addressesMentioning(db: Db | Tx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  // Keys are [A-Za-z0-9-] (made by the server), so they hold no LIKE wildcards.
  const patterns = sql.join(
    keys.map((key) => sql`${`%/media/${key}/%`}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select url from (
      select unnest(image_urls || promotional_images || logo_url) as url from shops
      union all select unnest(image_urls) from categories
      union all select unnest(image_urls) from products
      union all select unnest(image_urls) from blog_posts
      union all select image_url from order_lines
      union all select whatsapp->>'avatar' from tenants
    ) as refs
    where url like any (array[${patterns}]::text[])`);
  return rowsOf<{ url: string }>(result).map((row) => row.url);
}
