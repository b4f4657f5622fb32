// `npm run restore FILE` (decision 051). The file is read twice: first checked whole (gzip,
// tar, every entry's size and SHA-256 against the manifest, every table's row count), with
// nothing written; then loaded. The load itself writes nothing visible until it has all
// succeeded: on PostgreSQL it is one transaction; on the embedded database it goes into a
// folder beside the data folder's, renamed into place at the end. Pictures likewise.
import { createInterface } from 'node:readline';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { PGlite } from '@electric-sql/pglite';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  Digest,
  MANIFEST_ENTRY,
  SEQUENCES_ENTRY,
  isSafeEntryName,
  manifestSchema,
  readArchive,
  type Manifest,
} from './archive';
import {
  checkLevel,
  existingTables,
  migrateTo,
  pgliteClient,
  quote,
  tablesInOrder,
  writeSequences,
  type SequenceValue,
  type SqlClient,
} from './database';

const damaged = (file: string, why: string) =>
  new BackupError(`${file} is damaged or cut short: ${why}. Nothing was restored.`);

/** Reads the whole file, checking it against its manifest; writes nothing. */
export async function verifyBackup(file: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string; lines: number }>();
  let manifestText: string | undefined;
  await readArchive(file, async (name, bytes) => {
    if (!isSafeEntryName(name)) throw damaged(file, `it holds an unexpected entry (${name})`);
    if (name === MANIFEST_ENTRY) {
      manifestText = await text(bytes);
      return;
    }
    const digest = new Digest();
    for await (const chunk of bytes) digest.update(chunk as Buffer);
    seen.set(name, { size: digest.size, sha256: digest.hex(), lines: digest.lines });
  });
  if (manifestText === undefined) throw damaged(file, 'it has no manifest.json');
  let manifest: Manifest;
  try {
    const parsed = JSON.parse(manifestText) as { format?: unknown; version?: unknown };
    if (parsed.format !== BACKUP_FORMAT) {
      throw new BackupError(`${file} is not a Soko backup. Nothing was restored.`);
    }
    if (typeof parsed.version === 'number' && parsed.version > BACKUP_VERSION) {
      throw new BackupError(
        `${file} was written in backup format ${parsed.version}; this Soko reads up to ` +
          `${BACKUP_VERSION}. Update Soko, then restore. Nothing was restored.`,
      );
    }
    manifest = manifestSchema.parse(parsed);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged(file, 'its manifest.json does not read');
  }
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const found = seen.get(name);
    if (!found) throw damaged(file, `${name} is missing`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256) {
      throw damaged(file, `${name} does not match its checksum in the manifest`);
    }
  }
  for (const name of seen.keys()) {
    if (!(name in manifest.entries)) throw damaged(file, `${name} is not in the manifest`);
  }
  for (const table of manifest.tables) {
    if (seen.get(table.entry)?.lines !== table.rows) {
      throw damaged(
        file,
        `${table.entry} does not hold the ${table.rows} rows the manifest counts`,
      );
    }
  }
  return manifest;
}

export type RestoreTarget =
  | {
      kind: 'pglite';
      /** The embedded database's folder (DATA_DIR/pg): absent or empty. */
      pgDir: string;
      open: (dataDir: string) => Promise<PGlite>;
    }
  | { kind: 'postgres'; client: SqlClient; describe: string };

export type RestoreOptions = {
  file: string;
  target: RestoreTarget;
  /** The local media folder (DATA_DIR/media): absent or empty. */
  mediaDir: string;
};

export async function restoreBackup({ file, target, mediaDir }: RestoreOptions): Promise<Manifest> {
  const manifest = await verifyBackup(file);
  checkLevel(manifest.migration);
  if (!(await isEmptyFolder(mediaDir))) {
    throw new BackupError(
      `The media folder ${path.resolve(mediaDir)} is not empty: restore only fills an empty one. ` +
        'Nothing was restored.',
    );
  }
  if (target.kind === 'pglite' && !(await isEmptyFolder(target.pgDir))) {
    throw new BackupError(
      `The data folder ${path.resolve(path.dirname(target.pgDir))} already holds a database: ` +
        'restore only fills an empty one (start from a new DATA_DIR). Nothing was restored.',
    );
  }
  if (target.kind === 'postgres') {
    const tables = await existingTables(target.client);
    if (tables.length > 0) {
      throw new BackupError(
        `The database ${target.describe} is not empty (it has ${tables.length} tables, such as ` +
          `${tables[0]}): restore only fills an empty database (createdb a new one and point ` +
          'DATABASE_URL at it). Nothing was restored.',
      );
    }
  }

  const made = await makeParents(mediaDir, target.kind === 'pglite' ? target.pgDir : undefined);
  const mediaTemp = `${mediaDir}.restoring-${process.pid}`;
  const pgTemp = target.kind === 'pglite' ? `${target.pgDir}.restoring-${process.pid}` : '';
  let pglite: PGlite | undefined;
  try {
    await mkdir(mediaTemp, { recursive: true });
    let client: SqlClient;
    if (target.kind === 'pglite') {
      pglite = await target.open(pgTemp);
      client = pgliteClient(pglite);
    } else {
      client = target.client;
    }
    await client.transaction((tx) => load(file, manifest, tx, mediaTemp));
    if (pglite && target.kind === 'pglite') {
      await pglite.close();
      pglite = undefined;
      // An empty folder in its place (checked above) makes way.
      await rmdir(target.pgDir).catch(() => {});
      await rename(pgTemp, target.pgDir);
    }
    await rmdir(mediaDir).catch(() => {});
    await rename(mediaTemp, mediaDir);
    return manifest;
  } catch (error) {
    if (pglite) await pglite.close().catch(() => {});
    if (pgTemp) await rm(pgTemp, { recursive: true, force: true });
    await rm(mediaTemp, { recursive: true, force: true });
    for (const dir of made.reverse()) await rmdir(dir).catch(() => {});
    throw error;
  }
}

async function load(file: string, manifest: Manifest, client: SqlClient, mediaTemp: string) {
  await migrateTo(client, manifest.migration.createdAt);
  const tables = new Map((await tablesInOrder(client)).map((table) => [table.name, table]));
  const byEntry = new Map(manifest.tables.map((table) => [table.entry, table]));
  for (const { name } of manifest.tables) {
    if (!tables.has(name)) throw damaged(file, `its table ${name} is not in Soko's schema`);
  }
  // Triggers keep derived rows (ledger, daily sales, SKUs, search text) as rows change; the
  // backup holds those rows already, so they are loaded as they were, not made again. Foreign
  // keys and checks are not triggers of this kind and still hold every row.
  for (const name of tables.keys()) {
    await client.query(`alter table public.${quote(name)} disable trigger user`);
  }
  // Migrations write rows of their own (settings, defaults); the backup holds those rows as the
  // shop had them, so they give way.
  await client.query(
    `truncate ${[...tables.keys()].map((name) => `public.${quote(name)}`).join(', ')}`,
  );
  let sequences: SequenceValue[] = [];
  const pictures = new PictureWriter(mediaTemp);
  const reading = readArchive(file, async (name, bytes) => {
    const expected = manifest.entries[name];
    if (name === MANIFEST_ENTRY) return;
    if (!expected) throw damaged(file, `${name} is not in the manifest`);
    const digest = new Digest();
    const counted = bytes.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          digest.update(chunk);
          done(null, chunk);
        },
      }),
    );
    const table = byEntry.get(name);
    if (table) {
      const info = tables.get(table.name);
      if (!info) throw damaged(file, `its table ${table.name} is not in Soko's schema`);
      await insertRows(client, info.name, info.columns, counted);
    } else if (name === SEQUENCES_ENTRY) {
      sequences = JSON.parse(await text(counted)) as SequenceValue[];
    } else {
      const [, key, picture] = name.split('/') as [string, string, string];
      const chunks: Buffer[] = [];
      for await (const chunk of counted) chunks.push(chunk as Buffer);
      await pictures.write(key, picture, Buffer.concat(chunks));
    }
    // The file was checked before, but it may have changed since: the load checks it again.
    if (digest.size !== expected.size || digest.hex() !== expected.sha256) {
      throw damaged(file, `${name} does not match its checksum in the manifest`);
    }
  });
  // On a failure the writes under way end before the caller removes their folder.
  await reading.catch(async (error: unknown) => {
    await pictures.settle();
    throw error;
  });
  await pictures.done();
  await writeSequences(client, sequences);
  for (const name of tables.keys()) {
    await client.query(`alter table public.${quote(name)} enable trigger user`);
  }
  for (const table of manifest.tables) {
    const [counted] = await client.query<{ n: string | number }>(
      `select count(*) as n from public.${quote(table.name)}`,
    );
    if (Number(counted?.n) !== table.rows) {
      throw damaged(file, `${table.name} loaded ${counted?.n} rows of ${table.rows}`);
    }
  }
}

// Pictures written at once: a large shop has hundreds of thousands of small files, and one at a
// time leaves the thread pool and the disk mostly idle.
const WRITES_IN_FLIGHT = 32;

/** Writes pictures several at a time, each key's folder made once; `done` waits for them all. */
class PictureWriter {
  private readonly folders = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private failed: unknown = null;

  constructor(private readonly dir: string) {}

  async write(key: string, name: string, bytes: Buffer): Promise<void> {
    this.check();
    if (!this.folders.has(key)) {
      await mkdir(path.join(this.dir, key), { recursive: true });
      this.folders.add(key);
    }
    const writing = writeFile(path.join(this.dir, key, name), bytes).then(
      () => void this.inFlight.delete(writing),
      (error: unknown) => {
        this.inFlight.delete(writing);
        this.failed ??= error;
      },
    );
    this.inFlight.add(writing);
    if (this.inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  async done(): Promise<void> {
    await Promise.all(this.inFlight);
    this.check();
  }

  /** Waits for the writes under way, whatever they come to. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.inFlight);
  }

  private check(): void {
    if (this.failed) throw this.failed;
  }
}

// Rows go in batches of about a megabyte of JSON, each one statement.
const BATCH_BYTES = 1_000_000;

async function insertRows(client: SqlClient, table: string, columns: string[], rows: Readable) {
  const list = columns.map(quote).join(', ');
  const statement =
    // Identity columns (generated always) take the backup's values as they were.
    `insert into public.${quote(table)} (${list}) overriding system value select ${list} ` +
    `from jsonb_populate_recordset(null::public.${quote(table)}, $1::jsonb)`;
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(statement, [`[${batch.join(',')}]`]);
    batch = [];
    size = 0;
  };
  for await (const line of createInterface({ input: rows, crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    size += line.length;
    if (size >= BATCH_BYTES) await flush();
  }
  await flush();
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Makes the folders the targets sit in; answers those it made, to remove on failure. */
async function makeParents(...targets: Array<string | undefined>): Promise<string[]> {
  const made: string[] = [];
  for (const target of targets) {
    if (!target) continue;
    const missing: string[] = [];
    for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
      const exists = await stat(dir).then(
        () => true,
        () => false,
      );
      if (exists || dir === path.dirname(dir)) break;
      missing.unshift(dir);
    }
    for (const dir of missing) {
      await mkdir(dir);
      made.push(dir);
    }
  }
  return made;
}
