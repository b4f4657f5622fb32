// PostgreSQL only (vitest.config.ts keeps it out of the PGlite run): an embedded database has no
// logins to refuse. database-down.test.ts checks the same codes' mapping on every run.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import pg from 'pg';
import { createScratchDatabase } from '../../test/processes';
import { TEST_JWT_SECRET } from '../../test/settings';
import { loadConfig } from './config';
import { openPostgres } from './db';

function urlWithUnknownRole(): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(adminUrl);
  // This machine's PostgreSQL trusts every local login, so an unknown role is the refusal a
  // test can cause (28000); a wrong password (28P01) takes the same path.
  url.username = 'soko_no_such_role';
  url.password = '';
  return url.toString();
}

const UNAVAILABLE = {
  code: 'service_unavailable',
  message: 'The shop is briefly unavailable. Please try again in a moment.',
};

describe('when the database refuses the login', () => {
  it('answers quickly with 503 and a plain message, like a database that is down', async () => {
    const database = await openPostgres(urlWithUnknownRole(), 2);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/soko-refused',
      JWT_SECRET: TEST_JWT_SECRET,
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      for (const url of [
        '/api/health',
        '/api/listing/getlisting',
        '/api/listing/products?categoryName=Skincare',
      ]) {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url });
        expect(Date.now() - started, url).toBeLessThan(6_000);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().error).toEqual({
          code: 'service_unavailable',
          message: 'The shop is briefly unavailable. Please try again in a moment.',
        });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('when the database does not accept connections', () => {
  it('answers 503, not 500, to its FATAL 55000 refusal', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const scratch = await createScratchDatabase(adminUrl, 'soko_closed');
    const name = new URL(scratch.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // "database … is not currently accepting connections" (55000), as while it is restored.
    await admin.query(`alter database "${name}" allow_connections false`);
    await admin.end();
    const database = await openPostgres(scratch.url, 2);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/soko-closed',
      JWT_SECRET: TEST_JWT_SECRET,
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error).toEqual(UNAVAILABLE);
    } finally {
      await app.close();
      await database.close();
      await scratch.drop();
    }
  });
});
