// Processes sharing a PostgreSQL database start one after the other (Database.whileAlone): the
// second waits while the first migrates and seeds. Two connections to the same database stand
// for the two processes. PGlite has one process by its lock file.
import { afterEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/harness';
import { openPostgres, type Database } from './db';

const opened: Database[] = [];

describe.runIf(testDbKind() === 'postgres')('starting beside another process (PostgreSQL)', () => {
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });

  it('runs one start at a time, and the next once the first has finished or failed', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const [first, second] = await Promise.all([openPostgres(url, 2), openPostgres(url, 2)]);
    if (!first || !second) throw new Error('two databases');
    opened.push(first, second);
    const events: string[] = [];
    const start = (database: Database, name: string, fail = false) =>
      database.whileAlone(async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push(`${name} out`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      });

    const firstStart = start(first, 'a', true);
    // The second asks once the first holds the lock.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const results = await Promise.allSettled([firstStart, start(second, 'b')]);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
  });
});
