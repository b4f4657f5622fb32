// A picture as an upload leaves it, for tests of the records that name pictures: its media row
// (the file itself is not needed to save an address).
import { randomUUID } from 'node:crypto';
import { media } from '../src/platform/schema';
import type { Db } from '../src/platform/db';

/** The address of a picture uploaded for `shopId` (null: for the blog); throws when not written. */
export async function uploadedPicture(
  db: Db,
  shopId: string | null,
  width = 1200,
  height = 1200,
): Promise<string> {
  const key = `test-${randomUUID()}`;
  const [row] = await db
    .insert(media)
    .values({ key, width, height, bytes: 1000, uploadedBy: null, shopId })
    .returning({ key: media.key });
  if (!row) throw new Error('the picture’s media row was not written');
  return `/media/${row.key}/${width}x${height}.webp`;
}
