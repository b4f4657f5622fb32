// The backup file (decision 051): one gzip-compressed tar, written and read as a stream with
// tar-stream, so a shop's rows and pictures never sit in memory whole.
//
//   db/NNN-<table>.jsonl   the table's rows, one JSON object (to_jsonb) a line, tables in the
//                          order their foreign keys need
//   db/sequences.json      the sequences' last values
//   media/<key>/<file>     the pictures of the local media folder
//   manifest.json          last: what the file holds, with each entry's size and SHA-256
//
// The manifest comes last because its counts and checksums are known only once everything
// before it is written; restoring therefore reads the file twice: once to check it whole
// (nothing written), once to load it.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';

export const BACKUP_FORMAT = 'soko-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const SEQUENCES_ENTRY = 'db/sequences.json';

/** A backup that cannot be used: its message is for the person who ran the command. */
export class BackupError extends Error {}

const entryDigestSchema = z.object({ size: z.number().int().nonnegative(), sha256: z.string() });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  migration: z.object({ tag: z.string(), createdAt: z.number(), hash: z.string() }),
  tables: z.array(
    z.object({ name: z.string(), entry: z.string(), rows: z.number().int().nonnegative() }),
  ),
  media: z.object({
    storage: z.enum(['folder', 's3']),
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
  entries: z.record(z.string(), entryDigestSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

// Names a backup may hold: nothing can leave the folder it is restored into.
const SAFE_TABLE_ENTRY = /^db\/\d{3}-[a-z_][a-z0-9_]*\.jsonl$/;
const SAFE_MEDIA_ENTRY = /^media\/[A-Za-z0-9-]{1,100}\/[A-Za-z0-9-]{1,40}\.webp$/;

export function isSafeEntryName(name: string): boolean {
  return (
    name === MANIFEST_ENTRY ||
    name === SEQUENCES_ENTRY ||
    SAFE_TABLE_ENTRY.test(name) ||
    SAFE_MEDIA_ENTRY.test(name)
  );
}

/** What a stream's bytes came to: their count, SHA-256 and number of lines. */
export class Digest {
  private hash = createHash('sha256');
  size = 0;
  lines = 0;
  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.lines++;
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}

/** A writer of the archive's entries, each entry's digest kept for the manifest. */
export class ArchiveWriter {
  readonly pack = tar.pack();
  readonly entries: Record<string, { size: number; sha256: string }> = {};

  /** An entry whose bytes are all in hand (small ones: sequences, a picture). */
  async addBuffer(name: string, bytes: Buffer): Promise<void> {
    const digest = new Digest();
    digest.update(bytes);
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name, size: bytes.length, mtime: new Date(0) }, bytes, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    this.entries[name] = { size: digest.size, sha256: digest.hex() };
  }

  /** An entry copied from a file (a table's rows, spooled there first: a tar header needs the size). */
  async addFile(name: string, file: string): Promise<void> {
    const { size } = await stat(file);
    const digest = new Digest();
    const entry = this.pack.entry({ name, size, mtime: new Date(0) });
    await pipeline(
      createReadStream(file),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          digest.update(chunk);
          yield chunk;
        }
      },
      entry,
    );
    this.entries[name] = { size: digest.size, sha256: digest.hex() };
  }
}

/** Calls `onEntry` for each entry of a gzip-compressed tar, in order, with its bytes. */
export async function readArchive(
  file: string,
  onEntry: (name: string, bytes: Readable) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      await onEntry(entry.header.name, entry as unknown as Readable);
      // Whatever onEntry left unread is skipped, so the next entry can come.
      entry.resume();
    }
  })();
  try {
    await Promise.all([pipeline(createReadStream(file), createGunzip(), extract), reading]);
  } catch (error) {
    throw asBackupError(file, error);
  }
}

function asBackupError(file: string, error: unknown): Error {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupError(`No backup file at ${file}.`);
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new BackupError(
      `${file} is damaged or cut short: its compressed data does not read back (${(error as Error).message}). Nothing was restored.`,
    );
  }
  const message = (error as Error).message ?? String(error);
  if (/unexpected end|invalid tar|header/i.test(message)) {
    return new BackupError(
      `${file} is damaged or cut short: it is not a whole tar archive (${message}). Nothing was restored.`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Drains a stream into nothing (what an entry nobody needs gets). */
export function sink(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}
