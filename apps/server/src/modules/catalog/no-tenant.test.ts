// A marketplace with no tenant yet (a new install started with SEED=none, before an admin adds
// one) still answers its listings: the shops come oldest first, none put ahead.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { tenants } from '../../platform/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.delete(tenants);
});
afterAll(async () => {
  await t?.close();
});

it('lists the shops oldest first when no tenant names one to show first', async () => {
  const listing = await t.app.inject({ method: 'GET', url: '/api/listing/getlisting' });
  expect(listing.statusCode, listing.body).toBe(200);
  const metadata = await t.app.inject({ method: 'GET', url: '/api/metadata' });
  expect(metadata.statusCode, metadata.body).toBe(200);
  // A page holds one shop unless told: the oldest, as the metadata lists them.
  const [oldest] = metadata.json() as { name: string }[];
  expect((listing.json() as { name: string }[]).map((shop) => shop.name)).toEqual([oldest?.name]);
});
