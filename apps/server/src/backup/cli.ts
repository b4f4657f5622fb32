// `npm run backup [FILE]` and `npm run restore FILE` (decision 051), on the database and media
// folder the server's own settings name (DATA_DIR, DATABASE_URL, S3_*): bundled beside the
// server as dist/backup.js, so a production image runs it without the source.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from '../platform/config';
import { acquireDataDirLock, DataDirLockedError } from '../platform/lock-file';
import { BackupError } from './archive';
import { writeBackup } from './backup';
import { pgliteClient, postgresClient } from './database';
import { restoreBackup } from './restore';

// The server's extensions (platform/db.ts): migrations and product writes need them.
const openEmbedded = (dataDir: string) =>
  PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });

/** Where a path typed by the person goes: npm runs scripts from the repository's root. */
const typed = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const defaultName = (now: Date) =>
  `soko-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

function lockDataDir(config: Config, doing: string): () => void {
  try {
    return acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `${error.message}\nThe embedded database is ${doing} only while the server is stopped ` +
          '(it has one connection, and a copy taken while it writes would not be one moment of ' +
          'the shop). Stop it, run this again, then start it.',
      );
    }
    throw error;
  }
}

async function backup(config: Config, file: string) {
  const mediaDir = config.s3 ? null : config.mediaDir;
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      return await writeBackup({
        client: postgresClient(client),
        source: 'postgres',
        mediaDir,
        file,
      });
    } finally {
      await client.end();
    }
  }
  const release = lockDataDir(config, 'backed up');
  try {
    const pgDir = path.join(config.dataDir, 'pg');
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
      throw new BackupError(
        `There is no embedded database in ${path.resolve(config.dataDir)} (DATA_DIR) to back up.`,
      );
    }
    const db = await openEmbedded(pgDir);
    try {
      return await writeBackup({ client: pgliteClient(db), source: 'pglite', mediaDir, file });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

async function restore(config: Config, file: string) {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const url = new URL(config.databaseUrl);
      return await restoreBackup({
        file,
        mediaDir: config.mediaDir,
        target: {
          kind: 'postgres',
          client: postgresClient(client),
          describe: `${url.hostname}${url.pathname}`,
        },
      });
    } finally {
      await client.end();
    }
  }
  const release = lockDataDir(config, 'restored');
  try {
    return await restoreBackup({
      file,
      mediaDir: config.mediaDir,
      target: { kind: 'pglite', pgDir: path.join(config.dataDir, 'pg'), open: openEmbedded },
    });
  } finally {
    release();
  }
}

async function main(argv: string[]) {
  const [command, given] = argv;
  const config = loadConfig();
  if (command === 'backup') {
    const now = new Date();
    const file = typed(given ?? defaultName(now));
    const started = Date.now();
    const manifest = await backup(config, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Backed up ${rows} rows of ${manifest.tables.length} tables (migration ${manifest.migration.tag}) ` +
        `and ${manifest.media.files} pictures to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
        (config.s3 ? 'Pictures are in the S3 bucket: back it up by its own means (README).\n' : ''),
    );
    return;
  }
  if (command === 'restore' && given) {
    const file = typed(given);
    const started = Date.now();
    const manifest = await restore(config, file);
    process.stdout.write(
      `Restored ${file} (made ${manifest.createdAt} from ${manifest.source}, migration ` +
        `${manifest.migration.tag}) into ${config.databaseUrl ? 'PostgreSQL' : path.resolve(config.dataDir)} ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server: it applies any newer migrations.\n` +
        (config.s3 && manifest.media.files > 0
          ? `Its ${manifest.media.files} pictures are in ${path.resolve(config.mediaDir)}: copy them to the bucket (README).\n`
          : ''),
    );
    return;
  }
  throw new BackupError('Usage: npm run backup [FILE]  |  npm run restore FILE');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  process.stderr.write(
    `\n${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`,
  );
  process.exit(1);
});
