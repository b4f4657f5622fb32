// Tenants through HTTP: who may edit them, what a save checks, and that the storefront (its
// served HTML, sitemap, chat contact and shop order) follows an edit at once, in every process.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  adminTenantListSchema,
  adminTenantSchema,
  authResponseSchema,
  metadataResponseSchema,
  type AdminTenant,
  type AuthResponse,
  type TenantInput,
} from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { readSitemap } from '../../../test/sitemap';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--soko-head--><title>Soko</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let dist: string;
let admin: AuthResponse;
let owner: AuthResponse;
let customer: AuthResponse;

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const call = (
  method: Method,
  url: string,
  { token, body, host = 'localhost' }: { token?: string; body?: unknown; host?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

const signIn = async (email: string): Promise<AuthResponse> => {
  const res = await call('POST', '/api/user/signin', {
    body: { email, password: 'soko-demo-pass' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return authResponseSchema.parse(res.json());
};

const tenantList = async () =>
  adminTenantListSchema.parse((await call('GET', '/api/tenants', { token: admin.token })).json());

const asInput = (tenant: AdminTenant): TenantInput => ({
  hosts: tenant.hosts,
  shopId: tenant.shopId,
  seo: tenant.seo,
  whatsapp: tenant.whatsapp,
});

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

let defaultTenant: AdminTenant;
let secondTenant: AdminTenant;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'soko-tenants-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ webDistDir: dist });
  [admin, owner, customer] = await Promise.all([
    signIn('admin@soko.test'),
    signIn('owner@soko.test'),
    signIn('shopper@soko.test'),
  ]);
  const tenants = await tenantList();
  const found = tenants.find((tenant) => tenant.isDefault);
  const second = tenants.find((tenant) => tenant.hosts.includes('shop2.localhost'));
  if (!found || !second)
    throw new Error(`the seed's tenants are missing: ${JSON.stringify(tenants)}`);
  defaultTenant = found;
  secondTenant = second;
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('who may call the tenant calls', () => {
  it('answers 401 without a token, 403 to a customer and to an owner, and serves an admin', async () => {
    const body = asInput(secondTenant);
    const created = {
      hosts: ['callers.example'],
      shopId: secondTenant.shopId,
      seo: null,
      whatsapp: null,
    };
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/api/tenants'],
      ['PUT', `/api/tenants/${secondTenant._id}`, body],
      ['POST', '/api/tenants', created],
    ];
    for (const [method, url, sent] of calls) {
      expect((await call(method, url, { body: sent })).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, { token: customer.token, body: sent })).statusCode).toBe(403);
      expect((await call(method, url, { token: owner.token, body: sent })).statusCode).toBe(403);
      expect((await call(method, url, { token: admin.token, body: sent })).statusCode).toBe(
        method === 'POST' ? 201 : 200,
      );
    }
    const made = (await tenantList()).find((tenant) => tenant.hosts.includes('callers.example'));
    expect(made).toBeDefined();
    const url = `/api/tenants/${made?._id ?? ''}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, { token: customer.token })).statusCode).toBe(403);
    expect((await call('DELETE', url, { token: owner.token })).statusCode).toBe(403);
    expect((await call('DELETE', url, { token: admin.token })).statusCode).toBe(200);
    expect((await tenantList()).map((tenant) => tenant._id)).not.toContain(made?._id);
  });

  it('lists every tenant with its shop’s name', async () => {
    const tenants = await tenantList();
    expect(tenants.length).toBeGreaterThanOrEqual(2);
    expect(defaultTenant.shopName).toBeTruthy();
    expect(defaultTenant.hosts).toContain('localhost');
    expect(defaultTenant.whatsapp?.phoneNumber).toMatch(/^\d+$/);
    expect(secondTenant.seo).toBeNull();
  });
});

describe('what a save checks', () => {
  it('refuses a host another tenant has, naming it, and a host listed twice', async () => {
    const clash = await call('POST', '/api/tenants', {
      token: admin.token,
      body: { ...asInput(secondTenant), hosts: ['fresh.example', 'SHOP2.localhost'] },
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().error.fields.hosts).toBe(
      'shop2.localhost is already used by another tenant.',
    );
    const twice = await call('PUT', `/api/tenants/${secondTenant._id}`, {
      token: admin.token,
      body: { ...asInput(secondTenant), hosts: ['shop2.localhost', 'Shop2.Localhost'] },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.hosts).toBe('List each host name once.');
  });

  it('refuses hosts written as links, an empty host list, an unknown shop and bad chat data', async () => {
    const bodies: Array<[unknown, string]> = [
      [{ ...asInput(secondTenant), hosts: ['https://shop.example/'] }, 'hosts.0'],
      [{ ...asInput(secondTenant), hosts: ['shop.example:8080'] }, 'hosts.0'],
      [{ ...asInput(secondTenant), hosts: [] }, 'hosts'],
      [{ ...asInput(secondTenant), shopId: 'not-an-id' }, 'shopId'],
      [{ ...asInput(secondTenant), shopId: '00000000-0000-4000-8000-000000000000' }, 'shopId'],
      [
        {
          ...asInput(secondTenant),
          whatsapp: { ...defaultTenant.whatsapp, phoneNumber: 'call me' },
        },
        'whatsapp.phoneNumber',
      ],
      [
        {
          ...asInput(secondTenant),
          seo: { title: 'T', description: '', keywords: '', url: 'javascript:alert(1)' },
        },
        'seo.url',
      ],
      [{ ...asInput(secondTenant), owner: 'extra key' }, ''],
    ];
    for (const [body, field] of bodies) {
      const res = await call('PUT', `/api/tenants/${secondTenant._id}`, {
        token: admin.token,
        body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(res.json().error.fields ?? {}), res.body).toContain(field);
    }
    // Nothing above was saved.
    expect((await tenantList()).find((tenant) => tenant._id === secondTenant._id)).toEqual(
      secondTenant,
    );
  });

  it('answers 404 for unknown and malformed tenant ids, and keeps the default tenant', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const body = asInput(secondTenant);
      expect(
        (await call('PUT', `/api/tenants/${id}`, { token: admin.token, body })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/tenants/${id}`, { token: admin.token })).statusCode).toBe(
        404,
      );
    }
    const kept = await call('DELETE', `/api/tenants/${defaultTenant._id}`, { token: admin.token });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error.message).toBe('The default tenant cannot be deleted.');
  });

  it('keeps WhatsApp numbers as digits and blank SEO as none', async () => {
    const res = await call('POST', '/api/tenants', {
      token: admin.token,
      body: {
        hosts: ['Digits.Example'],
        shopId: secondTenant.shopId,
        seo: { title: ' ', description: '', keywords: '', url: '' },
        whatsapp: {
          phoneNumber: '+254 712-345 678',
          accountName: 'Duka',
          chatMessage: '',
          avatar: '',
          statusMessage: '',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = adminTenantSchema.parse(res.json());
    expect(saved.hosts).toEqual(['digits.example']);
    expect(saved.seo).toBeNull();
    expect(saved.whatsapp?.phoneNumber).toBe('254712345678');
    const tenant = await call('GET', '/api/tenant', { host: 'digits.example' });
    expect(tenant.json().seo.title).toBe('Default Title');
    expect(tenant.json().whatsapp.accountName).toBe('Duka');
  });
});

describe('the storefront follows an edit at once', () => {
  it('serves a changed title in the page, the tenant call and the sitemap, though they were cached', async () => {
    const page = async () => (await call('GET', '/about', { host: 'localhost' })).body;
    const sitemap = async () =>
      (await readSitemap((path) => call('GET', path, { host: 'localhost' }))).body;
    const before = titleOf(await page());
    expect(before).toBeTruthy();
    await sitemap();
    const title = 'Soko Mpya: the new title';
    const res = await call('PUT', `/api/tenants/${defaultTenant._id}`, {
      token: admin.token,
      body: {
        ...asInput(defaultTenant),
        seo: { ...defaultTenant.seo, title, url: 'https://mpya.example' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(titleOf(await page())).toContain(title);
    expect((await call('GET', '/api/tenant')).json().seo.title).toBe(title);
    expect(await sitemap()).toContain('<loc>https://mpya.example/');
    // Put back what the other tests expect.
    const back = await call('PUT', `/api/tenants/${defaultTenant._id}`, {
      token: admin.token,
      body: asInput(defaultTenant),
    });
    expect(back.statusCode).toBe(200);
    expect(titleOf(await page())).toBe(before);
  });

  it('answers a new host at once with its shop first, and drops a removed host to the default', async () => {
    const host = 'second.example.co.ke';
    const firstShop = async () =>
      metadataResponseSchema.parse((await call('GET', '/api/metadata', { host })).json())[0]?._id;
    // Unknown so far: the default tenant's shop comes first.
    expect(await firstShop()).toBe(defaultTenant.shopId);
    const added = await call('PUT', `/api/tenants/${secondTenant._id}`, {
      token: admin.token,
      body: { ...asInput(secondTenant), hosts: [...secondTenant.hosts, host] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await firstShop()).toBe(secondTenant.shopId);
    const removed = await call('PUT', `/api/tenants/${secondTenant._id}`, {
      token: admin.token,
      body: asInput(secondTenant),
    });
    expect(removed.statusCode).toBe(200);
    expect(await firstShop()).toBe(defaultTenant.shopId);
  });

  it('switches the shop a tenant shows', async () => {
    const host = 'shop2.localhost';
    const firstShop = async () =>
      metadataResponseSchema.parse((await call('GET', '/api/metadata', { host })).json())[0]?._id;
    expect(await firstShop()).toBe(secondTenant.shopId);
    const moved = await call('PUT', `/api/tenants/${secondTenant._id}`, {
      token: admin.token,
      body: { ...asInput(secondTenant), shopId: defaultTenant.shopId },
    });
    expect(moved.statusCode).toBe(200);
    expect(await firstShop()).toBe(defaultTenant.shopId);
    await call('PUT', `/api/tenants/${secondTenant._id}`, {
      token: admin.token,
      body: asInput(secondTenant),
    });
    expect(await firstShop()).toBe(secondTenant.shopId);
  });
});

describe.runIf(testDbKind() === 'postgres')('two saves claiming one host (PostgreSQL)', () => {
  it('lets one win and refuses the other', async () => {
    const body = (n: number) => ({
      hosts: [`race-${n}.example`, 'contested.example'],
      shopId: secondTenant.shopId,
      seo: null,
      whatsapp: null,
    });
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => call('POST', '/api/tenants', { token: admin.token, body: body(n) })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const holders = (await tenantList()).filter((tenant) =>
      tenant.hosts.includes('contested.example'),
    );
    expect(holders).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('an edit across processes (Redis)', () => {
  it('is answered at once by another process that had the tenant loaded', async () => {
    const one = await createTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL as string } });
    // Two app instances on one database stand for two processes behind a load balancer.
    const two = await buildApp({ config: one.config, database: one.database, logger: false });
    try {
      await two.ready();
      const signedIn = await one.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: 'admin@soko.test', password: 'soko-demo-pass' },
      });
      const headers = { authorization: `Bearer ${signedIn.json().token as string}` };
      const list = adminTenantListSchema.parse(
        (await one.app.inject({ method: 'GET', url: '/api/tenants', headers })).json(),
      );
      const tenant = list.find((row) => row.isDefault);
      if (!tenant) throw new Error('no default tenant');
      const titleOnTwo = async () =>
        (
          await two.inject({ method: 'GET', url: '/api/tenant', headers: { host: 'localhost' } })
        ).json().seo.title as string;
      const metadataOnTwo = async () =>
        (
          await two.inject({ method: 'GET', url: '/api/metadata', headers: { host: 'localhost' } })
        ).json()[0]._id as string;
      expect(await titleOnTwo()).toBe(tenant.seo?.title);
      expect(await metadataOnTwo()).toBe(tenant.shopId);
      const other = list.find((row) => row.shopId !== tenant.shopId);
      if (!other) throw new Error('no second shop');
      const saved = await one.app.inject({
        method: 'PUT',
        url: `/api/tenants/${tenant._id}`,
        headers,
        payload: {
          ...asInput(tenant),
          shopId: other.shopId,
          seo: { ...tenant.seo, title: 'Seen by the other process' },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const deadline = Date.now() + 2_000;
      while ((await titleOnTwo()) !== 'Seen by the other process' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await titleOnTwo()).toBe('Seen by the other process');
      expect(await metadataOnTwo()).toBe(other.shopId);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
