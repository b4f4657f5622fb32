import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from './config';
import { openPostgres } from './db';

const settings = () =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/soko-down',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  });

describe('when the database is down', () => {
  it('answers quickly with 503 and a plain message, never a success', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const database = await openPostgres('postgres://soko@127.0.0.1:1/soko', 2);
    const config = settings();
    const app = await buildApp({ config, database, logger: false });
    try {
      for (const url of ['/api/health', '/api/metadata', '/api/listing/getlisting']) {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url });
        expect(Date.now() - started).toBeLessThan(6_000);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().error).toEqual({
          code: 'service_unavailable',
          message: 'The shop is briefly unavailable. Please try again in a moment.',
        });
      }
      const write = await app.inject({
        method: 'POST',
        url: '/api/newsletter/create',
        payload: { email: 'a@b.co' },
      });
      expect(write.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it.each([
    // What node-postgres throws from a client whose connection broke mid-transaction.
    [undefined, 'Client has encountered a connection error and is not queryable'],
    ['28P01', 'password authentication failed for user "soko"'],
    ['28000', 'role "soko" does not exist'],
    ['3D000', 'database "soko" does not exist'],
    ['53300', 'sorry, too many clients already'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['55000', 'database "soko" is not currently accepting connections'],
  ])('answers 503 when PostgreSQL refuses the connection with %s: %s', async (code, message) => {
    // The driver's error as Drizzle hands it on: the code sits on the cause.
    const refusal = Object.assign(new Error(message), { code, severity: 'FATAL' });
    const database = await openPostgres('postgres://soko@127.0.0.1:1/soko', 1);
    const config = settings();
    const app = await buildApp({ config, database, logger: false });
    app.get('/api/test/refused', { config: { access: 'public' } }, async () => {
      throw new DrizzleQueryError('select 1', [], refusal);
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test/refused' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe('service_unavailable');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 500 to a statement refused with 55000: a bug of ours, not the database away', async () => {
    const refusal = Object.assign(
      new Error('currval of sequence "orders_seq" is not yet defined in this session'),
      { code: '55000', severity: 'ERROR' },
    );
    const database = await openPostgres('postgres://soko@127.0.0.1:1/soko', 1);
    const app = await buildApp({ config: settings(), database, logger: false });
    app.get('/api/test/bug', { config: { access: 'public' } }, async () => {
      throw new DrizzleQueryError('select currval($1)', [], refusal);
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test/bug' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
