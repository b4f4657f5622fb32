// Backups restore (decision 051): the demo shop backed up and restored into a fresh data folder
// (and, on PostgreSQL, into a fresh database, and from the embedded database into PostgreSQL)
// answers the same catalogue, orders and pictures through HTTP; a damaged, cut, altered or too
// new backup, or a target that is not empty, is refused with nothing written.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import type { App } from '../platform/context';
import { openPglite, openPostgres, type Database } from '../platform/db';
import { createTestApp, testDbKind, type TestApp } from '../../test/harness';
import { TEST_HASH_COST, TEST_JWT_SECRET, databaseUrlWithName } from '../../test/settings';
import { BackupError } from './archive';
import { writeBackup } from './backup';
import { pgliteClient, postgresClient, type SqlClient } from './database';
import { restoreBackup } from './restore';

const kind = testDbKind();
const openEmbedded = (dataDir: string) =>
  PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });

/** The raw connection under a test app's database, for as long as `work` runs. */
async function withSql<T>(database: Database, work: (client: SqlClient) => Promise<T>) {
  const raw = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (raw instanceof pg.Pool) {
    const client = await raw.connect();
    try {
      return await work(postgresClient(client));
    } finally {
      client.release();
    }
  }
  return work(pgliteClient(raw));
}

async function serve(database: Database, mediaDir: string): Promise<App> {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.dirname(mediaDir),
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: String(TEST_HASH_COST),
    JWT_SECRET: TEST_JWT_SECRET,
  });
  config.mediaDir = mediaDir;
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** What a shopper and an admin see of the shop: the catalogue, every order, every picture. */
async function shopSeenThrough(app: App, mediaDir: string) {
  const get = async (url: string, token?: string) => {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, url).toBe(200);
    return res;
  };
  const seen: Record<string, unknown> = {};
  for (const url of ['/api/metadata', '/api/listing/getlisting', '/api/search/get?query=oil']) {
    seen[url] = (await get(url)).json();
  }
  const first = await get('/api/listing/gellisting');
  const total = Number(first.headers['x-total-count']);
  const products: { _id: string }[] = [];
  for (let page = 1; products.length < total; page++) {
    const url = `/api/listing/gellisting?page=${page}`;
    const listed = (await get(url)).json() as { _id: string }[];
    expect(listed.length, url).toBeGreaterThan(0);
    seen[url] = listed;
    products.push(...listed);
  }
  for (const { _id } of products) {
    seen[`product ${_id}`] = (await get(`/api/listing/products/${_id}`)).json();
  }
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/user/signin',
    payload: { email: 'admin@soko.test', password: 'soko-demo-pass' },
  });
  expect(signIn.statusCode).toBe(200);
  const { token } = signIn.json() as { token: string };
  const orders = (await get('/api/order/getall', token)).json() as { _id: string }[];
  seen.orders = orders;
  for (const { _id } of orders) {
    seen[`order ${_id}`] = (await get(`/api/order/getorder/${_id}`, token)).json();
  }
  const pictures: Record<string, string> = {};
  for (const key of await readdir(mediaDir)) {
    for (const file of await readdir(path.join(mediaDir, key))) {
      const res = await get(`/media/${key}/${file}`);
      pictures[`${key}/${file}`] = res.rawPayload.toString('base64');
    }
  }
  return { seen, products: products.length, orders: orders.length, pictures };
}

let source: TestApp;
let work: string;
let file: string;
let expected: Awaited<ReturnType<typeof shopSeenThrough>>;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  source = await createTestApp();
  work = await mkdtemp(path.join(os.tmpdir(), 'soko-backup-test-'));
  file = path.join(work, 'shop.tar.gz');
  await withSql(source.database, (client) =>
    writeBackup({ client, source: kind, mediaDir: source.config.mediaDir, file }),
  );
  expected = await shopSeenThrough(source.app, source.config.mediaDir);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await source?.close();
  await rm(work, { recursive: true, force: true });
});

const adminUrl = process.env.TEST_DATABASE_URL as string;

/** A new, empty PostgreSQL database, dropped after the file's tests. */
async function emptyPostgres(): Promise<string> {
  const name = `soko_restore_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  return databaseUrlWithName(adminUrl, name);
}

async function withPostgres<T>(url: string, work: (client: SqlClient) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(postgresClient(client));
  } finally {
    await client.end();
  }
}

/** Restores `backup` into a fresh data folder; answers the folder. */
async function restoreIntoFolder(backup: string): Promise<string> {
  const dataDir = path.join(work, `folder-${randomUUID()}`);
  await restoreBackup({
    file: backup,
    mediaDir: path.join(dataDir, 'media'),
    target: { kind: 'pglite', pgDir: path.join(dataDir, 'pg'), open: openEmbedded },
  });
  return dataDir;
}

async function restoreIntoPostgres(backup: string): Promise<{ url: string; mediaDir: string }> {
  const url = await emptyPostgres();
  const mediaDir = path.join(work, `media-${randomUUID()}`);
  await withPostgres(url, (client) =>
    restoreBackup({
      file: backup,
      mediaDir,
      target: { kind: 'postgres', client, describe: 'the test database' },
    }),
  );
  return { url, mediaDir };
}

async function answersOf(database: Database, mediaDir: string) {
  const app = await serve(database, mediaDir);
  try {
    return await shopSeenThrough(app, mediaDir);
  } finally {
    await app.close();
    await database.close();
  }
}

const fromFolder = async (dataDir: string) =>
  answersOf(await openPglite({ dataDir: path.join(dataDir, 'pg') }), path.join(dataDir, 'media'));

// Where each run restores: the embedded database always; PostgreSQL where there is one, both
// from a backup of PostgreSQL and from a backup of the embedded database (moving up).
const targets: Array<[string, () => Promise<Awaited<ReturnType<typeof shopSeenThrough>>>]> = [
  ['a fresh data folder', async () => fromFolder(await restoreIntoFolder(file))],
  ...(kind === 'postgres'
    ? ([
        [
          'a fresh PostgreSQL database',
          async () => {
            const { url, mediaDir } = await restoreIntoPostgres(file);
            return answersOf(await openPostgres(url, 2), mediaDir);
          },
        ],
        [
          'PostgreSQL, from a backup of the embedded database',
          async () => {
            const dataDir = await restoreIntoFolder(file);
            const db = await openEmbedded(path.join(dataDir, 'pg'));
            const embeddedBackup = path.join(work, 'embedded.tar.gz');
            await writeBackup({
              client: pgliteClient(db),
              source: 'pglite',
              mediaDir: path.join(dataDir, 'media'),
              file: embeddedBackup,
            });
            await db.close();
            const { url, mediaDir } = await restoreIntoPostgres(embeddedBackup);
            return answersOf(await openPostgres(url, 2), mediaDir);
          },
        ],
      ] satisfies typeof targets)
    : []),
];

describe(`a backup of the demo shop on ${kind}`, () => {
  it('holds a catalogue, orders and pictures to compare', () => {
    expect(expected.products).toBeGreaterThan(10);
    expect(expected.orders).toBeGreaterThan(0);
    expect(Object.keys(expected.pictures).length).toBeGreaterThan(0);
  });

  it.each(targets)(
    'restored into %s answers the same catalogue, orders and pictures',
    async (_target, restoreAndRead) => {
      const restored = await restoreAndRead();
      expect(restored.seen).toEqual(expected.seen);
      expect(restored.pictures).toEqual(expected.pictures);
    },
    120_000,
  );
});

/** A copy of the backup with `change` applied to its entries (re-packed, gzip intact). */
async function rewritten(change: (name: string, bytes: Buffer) => Buffer): Promise<string> {
  const out = path.join(work, `rewritten-${randomUUID()}.tar.gz`);
  const extract = tar.extract();
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const packed = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  const reading = (async () => {
    for await (const entry of extract) {
      const parts: Buffer[] = [];
      for await (const part of entry) parts.push(part as Buffer);
      const bytes = change(entry.header.name, Buffer.concat(parts));
      pack.entry({ name: entry.header.name, size: bytes.length }, bytes);
    }
    pack.finalize();
  })();
  await Promise.all([pipeline(createReadStream(file), createGunzip(), extract), reading]);
  await packed;
  await writeFile(out, gzipSync(Buffer.concat(chunks)));
  return out;
}

async function expectRefusedIntoFolder(backup: string, message: RegExp) {
  const dataDir = path.join(work, `refused-${randomUUID()}`);
  await expect(
    restoreBackup({
      file: backup,
      mediaDir: path.join(dataDir, 'media'),
      target: { kind: 'pglite', pgDir: path.join(dataDir, 'pg'), open: openEmbedded },
    }),
  ).rejects.toThrow(message);
  await expect(readdir(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
}

describe('a backup that cannot be trusted is refused, nothing written', () => {
  it('refuses a file damaged in the middle', async () => {
    const bytes = await readFile(file);
    const middle = Math.floor(bytes.length / 2);
    bytes.fill(0x55, middle, middle + 64);
    const damaged = path.join(work, 'damaged.tar.gz');
    await writeFile(damaged, bytes);
    await expectRefusedIntoFolder(damaged, /damaged or cut short.*Nothing was restored/);
  });

  it('refuses a file cut short', async () => {
    const bytes = await readFile(file);
    const cut = path.join(work, 'cut.tar.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await expectRefusedIntoFolder(cut, /damaged or cut short.*Nothing was restored/);
  });

  it('refuses rows changed after the backup was written (checksum)', async () => {
    const altered = await rewritten((name, bytes) =>
      name.endsWith('-products.jsonl')
        ? Buffer.from(bytes.toString().replace(/"price_cents": \d+/, '"price_cents": 1'))
        : bytes,
    );
    await expectRefusedIntoFolder(altered, /products\.jsonl does not match its checksum/);
  });

  it('refuses a backup from a newer migration than this code knows', async () => {
    const newer = await rewritten((name, bytes) => {
      if (name !== 'manifest.json') return bytes;
      const manifest = JSON.parse(bytes.toString()) as {
        migration: { tag: string; createdAt: number };
      };
      manifest.migration = { ...manifest.migration, tag: '9999_future', createdAt: 9e15 };
      return Buffer.from(JSON.stringify(manifest));
    });
    await expectRefusedIntoFolder(newer, /newer Soko.*9999_future/);
  });

  it('refuses a file that is not a gzip at all', async () => {
    const plain = path.join(work, 'plain.tar.gz');
    await writeFile(plain, 'not a backup');
    await expectRefusedIntoFolder(plain, /damaged or cut short/);
  });
});

describe('restore refuses a target that is not empty', () => {
  it('refuses a data folder that already holds a database, touching nothing', async () => {
    const dataDir = path.join(work, 'in-use');
    await mkdir(path.join(dataDir, 'pg'), { recursive: true });
    await writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '17');
    await expect(
      restoreBackup({
        file,
        mediaDir: path.join(dataDir, 'media'),
        target: { kind: 'pglite', pgDir: path.join(dataDir, 'pg'), open: openEmbedded },
      }),
    ).rejects.toThrow(/already holds a database.*Nothing was restored/);
    expect(await readdir(dataDir)).toEqual(['pg']);
    expect(await readdir(path.join(dataDir, 'pg'))).toEqual(['PG_VERSION']);
  });

  it('refuses a media folder that already holds pictures', async () => {
    const dataDir = path.join(work, 'pictures-there');
    await mkdir(path.join(dataDir, 'media', 'a-key'), { recursive: true });
    await expect(
      restoreBackup({
        file,
        mediaDir: path.join(dataDir, 'media'),
        target: { kind: 'pglite', pgDir: path.join(dataDir, 'pg'), open: openEmbedded },
      }),
    ).rejects.toThrow(BackupError);
    expect(await readdir(dataDir)).toEqual(['media']);
  });

  it.each(kind === 'postgres' ? ['postgres'] : [])(
    'refuses a %s database that already holds tables, writing nothing',
    async () => {
      const mediaDir = path.join(work, `media-${randomUUID()}`);
      await withSql(source.database, async (client) => {
        const before = await client.query('select count(*)::int as n from products');
        await expect(
          restoreBackup({
            file,
            mediaDir,
            target: { kind: 'postgres', client, describe: 'the shop’s database' },
          }),
        ).rejects.toThrow(/is not empty.*Nothing was restored/);
        expect(await client.query('select count(*)::int as n from products')).toEqual(before);
      });
      await expect(readdir(mediaDir)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );
});
