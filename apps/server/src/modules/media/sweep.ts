// Pictures are uploaded before the form that uses them is saved, and a form may be abandoned or
// a picture removed from a list later: files no record points at any more are deleted here,
// once they are older than the grace period (a form left open over lunch keeps its pictures).
import { parseMediaUrl } from '@soko/contract';
import { addressesMentioning, deleteMediaRows, lockOldMedia } from './queries';
import type { MediaDeps } from './service';

const BATCH = 200;

/**
 * Deletes unreferenced media older than `graceMinutes` (rows and files); answers how many.
 * Files are deleted while the rows are locked and the rows only after, in one transaction: if a
 * file cannot be deleted, its row stays and the next round tries again.
 */
export async function sweepUnusedMedia(
  deps: MediaDeps,
  graceMinutes: number,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - graceMinutes * 60_000);
  let swept = 0;
  let afterKey = '';
  for (;;) {
    const { deleted, keys } = await deps.db.transaction(async (tx) => {
      const keys = await lockOldMedia(tx, cutoff, afterKey, BATCH);
      const used = new Set(
        (await addressesMentioning(tx, keys)).map((url) => parseMediaUrl(url)?.key),
      );
      const unused = keys.filter((key) => !used.has(key));
      for (const key of unused) await deps.storage.deleteKey(key);
      await deleteMediaRows(tx, unused);
      return { deleted: unused.length, keys };
    });
    swept += deleted;
    const last = keys.at(-1);
    if (keys.length < BATCH || last === undefined) return swept;
    afterKey = last;
  }
}
