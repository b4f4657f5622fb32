// Builds one migrated, seeded template database per test run; each test file then starts from
// a copy of it (a PGlite tarball, or a PostgreSQL `CREATE DATABASE ... TEMPLATE`), which takes a
// fraction of the time of migrating and seeding again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../src/platform/db';
import { generateDemoImages } from '../src/demo/content/images';
import { seedDemo } from '../src/demo/seed';
import { applyDefaultCommission } from '../src/modules/ledger';
import { loadConfig } from '../src/platform/config';
import { TEST_HASH_COST, databaseUrlWithName } from './settings';

declare module 'vitest' {
  export interface ProvidedContext {
    mediaDir: string;
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

async function migrateAndSeed(database: Database, mediaDir: string) {
  await database.migrate();
  // As main.ts does at start, before seeding: the tests' servers keep the default setting.
  await applyDefaultCommission(database.db, loadConfig({}).defaultCommissionBps);
  const images = await generateDemoImages({ count: 8, outDir: mediaDir });
  await database.db.transaction((tx) => seedDemo(tx, images, TEST_HASH_COST));
}

export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'soko-test-'));
  const mediaDir = path.join(workDir, 'media');
  project.provide('mediaDir', mediaDir);
  const cleanups: Array<() => Promise<unknown>> = [
    () => rm(workDir, { recursive: true, force: true }),
  ];

  if (project.name.endsWith('postgres')) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const templateName = `soko_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${templateName}"`);
    const database = await openPostgres(databaseUrlWithName(adminUrl, templateName), 2);
    await migrateAndSeed(database, mediaDir);
    await database.close();
    project.provide('postgresTemplate', templateName);
    cleanups.push(async () => {
      await admin.query(`drop database if exists "${templateName}" with (force)`);
      await admin.end();
    });
  } else {
    const database = await openPglite({});
    await migrateAndSeed(database, mediaDir);
    const tarball = path.join(workDir, 'template.tar');
    const dump = database.dump;
    if (!dump) throw new Error('PGlite database cannot be dumped');
    await writeFile(tarball, Buffer.from(await (await dump()).arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', tarball);
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
