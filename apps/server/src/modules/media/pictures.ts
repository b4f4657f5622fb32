// Which picture addresses a shop's records may hold (issue 28): only pictures uploaded for that
// shop, or already on one of its records; a blog post's likewise. Any other https address, or
// any path of our own site, would be fetched by every visitor's browser: a tracking pixel, or a
// GET to our API made with the visitor's cookies.
import { parseMediaUrl } from '@soko/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';

/** Where uploaded pictures are served from: this site (''), or the S3 store's public address. */
export const mediaBase = (config: Pick<Config, 's3'>): string => config.s3?.publicUrl ?? '';

const NOT_OURS = 'Use a picture uploaded to this shop.';

/** Which uploads a record may name, and which addresses its kind of record already holds. */
type PictureScope = { uploaded: SQL; used: SQL; message: string };

const shopScope = (shopId: string): PictureScope => ({
  uploaded: sql`shop_id = ${shopId}`,
  used: sql`select unnest(image_urls || promotional_images || logo_url) as url from shops where id = ${shopId}
            union all select unnest(image_urls) from categories where shop_id = ${shopId}
            union all select unnest(image_urls) from products where shop_id = ${shopId}`,
  message: NOT_OURS,
});

/**
 * Refuses (400, naming the field) an address in `fields` that is neither a picture uploaded for
 * `shopId` (with the size it was stored at) nor one already on a record of that shop. The
 * second keeps every existing record editable as it is: the demo's pictures were made before
 * their shops, and a picture may move between a shop's own products.
 */
export async function assertShopPictures(
  db: Db | Tx,
  base: string,
  shopId: string | null,
  fields: Record<string, readonly string[] | undefined>,
): Promise<void> {
  // A shop being opened has no uploads yet (an upload names its shop): no picture can be its.
  if (shopId === null) {
    return refuse(
      Object.keys(fields).filter((f) => fields[f]?.length),
      NOT_OURS,
    );
  }
  await assertPictures(db, base, fields, shopScope(shopId));
}

/** A blog post's pictures: uploaded for the blog (by an admin), or already on a post. */
export async function assertBlogPictures(
  db: Db | Tx,
  base: string,
  fields: Record<string, readonly string[] | undefined>,
): Promise<void> {
  await assertPictures(db, base, fields, {
    uploaded: sql`shop_id is null`,
    used: sql`select unnest(image_urls) as url from blog_posts`,
    message: 'Use a picture uploaded for the blog.',
  });
}

async function assertPictures(
  db: Db | Tx,
  base: string,
  fields: Record<string, readonly string[] | undefined>,
  scope: PictureScope,
): Promise<void> {
  const urls = [...new Set(Object.values(fields).flatMap((list) => list ?? []))];
  if (urls.length === 0) return;
  const allowed = await allowedOf(db, base, urls, scope);
  refuse(
    Object.entries(fields).flatMap(([field, list]) =>
      list?.some((url) => !allowed.has(url)) ? [field] : [],
    ),
    scope.message,
  );
}

/**
 * Of `urls`, those a record of `shopId` may not hold (assertShopPictures' rule), for a check
 * that reports them row by row (the catalogue import) rather than refusing the request.
 */
export async function foreignShopPictures(
  db: Db | Tx,
  base: string,
  shopId: string,
  urls: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(urls)];
  const foreign = new Set<string>();
  // Each address is a bound parameter: a big catalogue's are asked in parts.
  for (let at = 0; at < unique.length; at += 5000) {
    const part = unique.slice(at, at + 5000);
    const allowed = await allowedOf(db, base, part, shopScope(shopId));
    for (const url of part) if (!allowed.has(url)) foreign.add(url);
  }
  return foreign;
}

async function allowedOf(
  db: Db | Tx,
  base: string,
  urls: readonly string[],
  scope: PictureScope,
): Promise<Set<string>> {
  const refs = urls.flatMap((url) => {
    const ref = parseMediaUrl(url);
    // Our own renditions only, served from where this server stores them.
    return ref && url === `${base}/media/${ref.key}/${ref.width}x${ref.height}.webp`
      ? [{ url, ...ref }]
      : [];
  });
  const urlList = sql`array[${sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  )}]::text[]`;
  const keyList = sql`array[${sql.join(
    refs.map((ref) => sql`${ref.key}`),
    sql`, `,
  )}]::text[]`;
  // One after the other: inside a transaction both go through its one connection anyway.
  const uploaded =
    refs.length === 0
      ? []
      : rowsOf<{ key: string; width: number; height: number }>(
          await db.execute(
            sql`select key, width, height from media
                 where key = any(${keyList}) and ${scope.uploaded}`,
          ),
        );
  const used = rowsOf<{ url: string }>(
    await db.execute(sql`select url from (${scope.used}) as refs where url = any(${urlList})`),
  );
  const allowed = new Set(used.map((row) => row.url));
  for (const ref of refs) {
    const row = uploaded.find((m) => m.key === ref.key);
    if (row && row.width === ref.width && row.height === ref.height) allowed.add(ref.url);
  }
  return allowed;
}

function refuse(fields: string[], message: string): void {
  const [first] = fields;
  if (first === undefined) return;
  throw badRequest(
    `${first}: ${message} Other picture addresses are not accepted.`,
    Object.fromEntries(fields.map((field) => [field, message])),
  );
}
