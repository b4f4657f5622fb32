// Each test file gets its own copy of the seeded template database and the real application
// on top of it, driven through HTTP with app.inject().
import { randomUUID } from 'node:crypto';
import { readFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type LogStream } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config';
import type { App } from '../src/platform/context';
import { openPglite, openPostgres, type Database } from '../src/platform/db';
import { TEST_HASH_COST, TEST_JWT_SECRET, databaseUrlWithName } from './settings';

export type TestApp = { app: App; database: Database; config: Config; close: () => Promise<void> };

export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.SOKO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function copyTemplate(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const tarball = await readFile(inject('pgliteTemplate'));
    const database = await openPglite({ loadDataDir: new Blob([tarball]) });
    return { database, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `soko_t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(databaseUrlWithName(adminUrl, name), 60);
  return {
    database,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export type TestAppOptions = {
  env?: Record<string, string>;
  /** Extra routes a test needs (registered before the app is sealed). */
  extend?: (app: App) => void;
  /** A built web app to serve (most API tests need none). */
  webDistDir?: string;
  /** Where the app's log lines go (at LOG_LEVEL, which defaults to silent here); none if unset. */
  logStream?: LogStream;
};

export async function createTestApp({
  env = {},
  extend,
  webDistDir,
  logStream,
}: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await copyTemplate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'soko-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: String(TEST_HASH_COST),
    RATE_LIMIT_PUBLIC_WRITES: '10000',
    RATE_LIMIT_SIGNIN_PER_CLIENT: '10000',
    RATE_LIMIT_SIGNIN_PER_EMAIL: '10000',
    RATE_LIMIT_SIGNIN_FAILURES: '10000',
    RATE_LIMIT_ORDERS: '10000',
    RATE_LIMIT_UPLOADS: '10000',
    MAX_OPEN_ORDERS_PER_CLIENT: '10000',
    // The fair limits (decision 029) are tested where they are set lower.
    RATE_LIMIT_ORDERS_PER_ADDRESS: '100000',
    MAX_OPEN_ORDERS_PER_ADDRESS: '100000',
    MAX_HELD_UNITS_PER_SHOP: '1000000',
    HELD_ORDERS_WORTH_PER_PRODUCT: '1000',
    ADDRESS_HOLD_FACTOR: '1000',
    MPESA_PROMPTS_PER_PHONE: '10000',
    MPESA_PROMPTS_PER_ORDER: '10000',
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  });
  config.mediaDir = inject('mediaDir');
  config.webDistDir = webDistDir;
  const app = await buildApp({
    config,
    database,
    logger: logStream ? { stream: logStream } : false,
  });
  extend?.(app);
  try {
    await app.ready();
  } catch (error) {
    // A start that fails on purpose (fail-closed tests) must not leave its database behind.
    await app.close().catch(() => {});
    await database.close();
    await drop();
    throw error;
  }
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
