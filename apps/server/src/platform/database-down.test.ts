import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from './config';
import { openPostgres } from './db';

describe('when the database is down', () => {
  it('answers quickly with 503 and a plain message, never a success', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const database = await openPostgres('postgres://soko@127.0.0.1:1/soko', 2);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/soko-down',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
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
});
