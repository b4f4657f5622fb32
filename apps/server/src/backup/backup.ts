// `npm run backup`: the database's rows and the local pictures into one file (decision 051).
// Rows are read in one REPEATABLE READ, read-only transaction, so every table is the same moment
// of the shop on PostgreSQL while it serves; the embedded database is read with the server
// stopped (its lock file says so), PGlite having one connection and no second process.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import {
  ArchiveWriter,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  MANIFEST_ENTRY,
  SEQUENCES_ENTRY,
  isSafeEntryName,
  type Manifest,
} from './archive';
import {
  migrationLevel,
  quote,
  readSequences,
  rowOrder,
  tablesInOrder,
  type SqlClient,
} from './database';

// Rows fetched from the cursor at a time: a few megabytes of JSON at most.
const FETCH_ROWS = 2_000;

export type BackupOptions = {
  client: SqlClient;
  source: 'pglite' | 'postgres';
  /** The local media folder; null when pictures live in S3 (backed up by the bucket's means). */
  mediaDir: string | null;
  file: string;
  now?: Date;
};

export async function writeBackup(options: BackupOptions): Promise<Manifest> {
  const { client, file } = options;
  const spool = await mkdtemp(path.join(os.tmpdir(), 'soko-backup-'));
  const partial = `${file}.partial`;
  try {
    // One moment of the shop: every table read in one snapshot (SET TRANSACTION must come first).
    const dumped = await client.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read, read only');
      return dumpTables(tx, spool);
    });

    const writer = new ArchiveWriter();
    // The fastest level: most of the bytes are pictures, WebP already compressed, and the rows'
    // JSON still shrinks several times over. The default level took most of a large backup's time.
    const writing = pipeline(writer.pack, createGzip({ level: 1 }), createWriteStream(partial));
    const adding = (async () => {
      for (const table of dumped.tables) {
        await writer.addFile(table.entry, path.join(spool, path.basename(table.entry)));
      }
      await writer.addBuffer(SEQUENCES_ENTRY, Buffer.from(JSON.stringify(dumped.sequences)));
      const media = options.mediaDir
        ? await addMedia(writer, options.mediaDir)
        : { files: 0, bytes: 0 };
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: (options.now ?? new Date()).toISOString(),
        source: options.source,
        migration: {
          tag: dumped.level.tag,
          createdAt: dumped.level.createdAt,
          hash: dumped.level.hash,
        },
        tables: dumped.tables,
        media: { storage: options.mediaDir ? 'folder' : 's3', ...media },
        entries: { ...writer.entries },
      };
      await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
      writer.pack.finalize();
      return manifest;
    })();
    // Either failing stops the other: a pack nobody reads, or a file that cannot be written.
    const [manifest] = await Promise.all([
      adding.catch((error: unknown) => {
        writer.pack.destroy(error as Error);
        throw error;
      }),
      writing,
    ]);
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
}

async function dumpTables(client: SqlClient, spool: string) {
  const level = await migrationLevel(client);
  if (!level) {
    throw new BackupError('This database holds no Soko tables yet: there is nothing to back up.');
  }
  const tables: Manifest['tables'] = [];
  const ordered = await tablesInOrder(client);
  for (const [index, table] of ordered.entries()) {
    const entry = `db/${String(index + 1).padStart(3, '0')}-${table.name}.jsonl`;
    const out = createWriteStream(path.join(spool, path.basename(entry)));
    let rows = 0;
    await pipeline(
      (async function* () {
        await client.query(
          `declare soko_backup no scroll cursor for
           select to_jsonb(t)::text as row from public.${quote(table.name)} t${rowOrder(table)}`,
        );
        for (;;) {
          const batch = await client.query<{ row: string }>(
            `fetch forward ${FETCH_ROWS} from soko_backup`,
          );
          if (batch.length === 0) break;
          rows += batch.length;
          yield batch.map((row) => `${row.row}\n`).join('');
        }
        await client.query('close soko_backup');
      })(),
      out,
    );
    tables.push({ name: table.name, entry, rows });
  }
  return { level, tables, sequences: await readSequences(client) };
}

/** Every picture of the local media folder, as `media/<key>/<file>`. */
async function addMedia(writer: ArchiveWriter, mediaDir: string) {
  let files = 0;
  let bytes = 0;
  const keys = await readdir(mediaDir, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const pictures: string[] = [];
  for (const key of keys.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!key.isDirectory()) continue;
    const names = (await readdir(path.join(mediaDir, key.name))).sort();
    for (const name of names) {
      const entry = `media/${key.name}/${name}`;
      // Half-written files (`.tmp`) and anything the server would not have written stay out.
      if (isSafeEntryName(entry)) pictures.push(entry);
    }
  }
  // A shop of 100,000 products has hundreds of thousands of small files: several are read at
  // once (the thread pool's reads overlap) while the archive takes them in order.
  for await (const [entry, content] of readAhead(pictures, (entry) =>
    readFile(path.join(mediaDir, entry.slice('media/'.length))),
  )) {
    await writer.addBuffer(entry, content);
    files += 1;
    bytes += content.length;
  }
  return { files, bytes };
}

// Reads in flight at once: enough to keep the thread pool's four threads and the disk busy.
const READ_AHEAD = 32;

/** `read` of each item, started up to READ_AHEAD ahead, answered in the items' order. */
async function* readAhead<T, R>(
  items: readonly T[],
  read: (item: T) => Promise<R>,
): AsyncGenerator<[T, R]> {
  const pending: Promise<R>[] = [];
  // A read that fails before its turn is reported at its turn, not as an unhandled rejection.
  const start = (index: number) => {
    const item = items[index];
    if (item === undefined) return;
    const reading = read(item);
    reading.catch(() => {});
    pending.push(reading);
  };
  for (let index = 0; index < Math.min(READ_AHEAD, items.length); index++) start(index);
  for (let index = 0; index < items.length; index++) {
    const content = await pending.shift();
    start(index + READ_AHEAD);
    yield [items[index] as T, content as R];
  }
}
