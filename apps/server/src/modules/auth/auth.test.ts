import { createHmac } from 'node:crypto';
import { authResponseSchema, tokenPayloadSchema, userSchema } from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, AccessTableRow } from '../../platform/access';
import { rowsOf } from '../../platform/db';
import { shops } from '../../platform/schema';
import { issueToken } from '../../platform/tokens';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DEMO_PASSWORD, TEST_JWT_SECRET } from '../../../test/settings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      // Stand-ins for the admin and shop-owner routes later features add, guarded the same way.
      app.get('/api/test/admin-only', { config: { access: 'admin' } }, async () => ({ ok: true }));
      const ownerRule: Access = {
        shopOf: async (request) => (request.params as { shopId: string }).shopId,
      };
      app.get('/api/test/shops/:shopId', { config: { access: ownerRule } }, async () => ({
        ok: true,
      }));
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: object; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    payload: options.body,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });

async function signIn(email: string, password = DEMO_PASSWORD) {
  const res = await call('POST', '/api/user/signin', { body: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return authResponseSchema.parse(res.json());
}

const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());

function forge(header: object, payload: object, secret = TEST_JWT_SECRET, algorithm = 'sha256') {
  const h = Buffer.from(JSON.stringify(header)).toString('base64url');
  const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const s = createHmac(algorithm, secret).update(`${h}.${p}`).digest('base64url');
  return `${h}.${p}.${s}`;
}

describe('signing up', () => {
  it('makes a customer, signs them in and answers 201 with the token and user', async () => {
    const res = await call('POST', '/api/user/signup', {
      body: {
        firstName: 'Amina',
        lastName: 'Odhiambo',
        email: 'Amina@Example.co.ke',
        password: 'a-long-password',
      },
    });
    expect(res.statusCode).toBe(201);
    const { token, user } = authResponseSchema.parse(res.json());
    expect(user).toMatchObject({ firstName: 'Amina', role: 'customer', address: null, orders: [] });
    const payload = tokenPayloadSchema.parse(payloadOf(token));
    expect(payload.user).toEqual({ _id: user._id, role: 'customer' });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(payload.exp).toBeLessThan(Date.now() / 1000 + 400 * 24 * 3600);
    const profile = await call('GET', '/api/user/profile', { token });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a body that names a role, and never makes an admin', async () => {
    const res = await call('POST', '/api/user/signup', {
      body: {
        firstName: 'Eve',
        lastName: 'X',
        email: 'eve@example.com',
        password: 'a-long-password',
        role: 'admin',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.role).toBe('Unknown field.');
    const rows = rowsOf(
      await t.database.db.execute(sql`select 1 from users where email = 'eve@example.com'`),
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses a taken email in any case with 409, and bad input with 400', async () => {
    const taken = await call('POST', '/api/user/signup', {
      body: {
        firstName: 'S',
        lastName: 'H',
        email: 'SHOPPER@soko.test',
        password: 'a-long-password',
      },
    });
    expect(taken.statusCode).toBe(409);
    for (const body of [
      { firstName: '', lastName: 'H', email: 'x@y.co', password: 'a-long-password' },
      { firstName: 'A', lastName: 'H', email: 'not-an-email', password: 'a-long-password' },
      { firstName: 'A', lastName: 'H', email: 'x@y.co', password: 'short' },
    ]) {
      expect((await call('POST', '/api/user/signup', { body })).statusCode).toBe(400);
    }
  });
});

describe('signing in', () => {
  it('answers the token and the user with the role read from the account', async () => {
    const { token, user } = await signIn('ADMIN@soko.test');
    expect(user.role).toBe('admin');
    expect(payloadOf(token).user.role).toBe('admin');
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const unknown = await call('POST', '/api/user/signin', {
      body: { email: 'nobody@soko.test', password: 'whatever' },
    });
    const wrong = await call('POST', '/api/user/signin', {
      body: { email: 'shopper@soko.test', password: 'whatever' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('tokens', () => {
  let shopper: { token: string; user: { _id: string } };
  beforeAll(async () => {
    shopper = await signIn('shopper@soko.test');
  });

  it('lets a valid token read the profile, with the person’s orders', async () => {
    const res = await call('GET', '/api/user/profile', { token: shopper.token });
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json());
    expect(user.email).toBe('shopper@soko.test');
    expect(user.orders.length).toBeGreaterThan(0);
  });

  it('refuses no token, garbage, alg none, another algorithm, a changed payload and an expired token', async () => {
    const payload = payloadOf(shopper.token);
    const [header, , signature] = shopper.token.split('.');
    const changed = `${header}.${Buffer.from(JSON.stringify({ ...payload, user: { ...payload.user, role: 'admin' } })).toString('base64url')}.${signature}`;
    const tokens = {
      none: undefined,
      garbage: 'not.a.token',
      algNone: `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${shopper.token.split('.')[1]}.`,
      hs512: forge({ alg: 'HS512', typ: 'JWT' }, payload, TEST_JWT_SECRET, 'sha512'),
      otherSecret: forge(
        { alg: 'HS256', typ: 'JWT' },
        payload,
        'another-secret-another-secret-another',
      ),
      changed,
      expired: issueToken(
        TEST_JWT_SECRET,
        { user: payload.user, ver: payload.ver },
        60,
        Date.now() - 3_600_000,
      ),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const res = await call('GET', '/api/user/profile', token ? { token } : {});
      expect(res.statusCode, name).toBe(401);
      expect(res.json().error.code, name).toBe('unauthorized');
    }
  });
});

describe('the authorization layer', () => {
  it('admits admins only to admin routes: 401 signed out, 403 for others', async () => {
    const admin = await signIn('admin@soko.test');
    const owner = await signIn('owner@soko.test');
    expect((await call('GET', '/api/test/admin-only')).statusCode).toBe(401);
    expect((await call('GET', '/api/test/admin-only', { token: 'garbage' })).statusCode).toBe(401);
    expect((await call('GET', '/api/test/admin-only', { token: owner.token })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/test/admin-only', { token: admin.token })).statusCode).toBe(
      200,
    );
  });

  it('admits a shop’s owner and admins to its routes, never another owner', async () => {
    const owner = await signIn('owner@soko.test');
    const owner2 = await signIn('owner2@soko.test');
    const customer = await signIn('shopper@soko.test');
    const admin = await signIn('admin@soko.test');
    const [shop] = await t.database.db
      .select({ id: shops.id })
      .from(shops)
      .where(eq(shops.ownerId, owner.user._id));
    const url = `/api/test/shops/${shop?.id}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, { token: customer.token })).statusCode).toBe(403);
    expect((await call('GET', url, { token: owner2.token })).statusCode).toBe(403);
    expect((await call('GET', url, { token: owner.token })).statusCode).toBe(200);
    expect((await call('GET', url, { token: admin.token })).statusCode).toBe(200);
    expect(
      (
        await call('GET', '/api/test/shops/00000000-0000-4000-8000-000000000000', {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reads the role from the account, not the token: a promotion counts at once', async () => {
    const customer = await signIn('shopper@soko.test');
    await t.database.db.execute(
      sql`update users set role = 'admin' where id = ${customer.user._id}`,
    );
    t.app.forgetAccount(customer.user._id);
    expect((await call('GET', '/api/test/admin-only', { token: customer.token })).statusCode).toBe(
      200,
    );
    await t.database.db.execute(
      sql`update users set role = 'customer' where id = ${customer.user._id}`,
    );
    t.app.forgetAccount(customer.user._id);
    expect((await call('GET', '/api/test/admin-only', { token: customer.token })).statusCode).toBe(
      403,
    );
  });
});

describe('every protected route', () => {
  /** One id of each kind a route's path names, all in owner2's shop, so the owner rule decides. */
  async function idsOfOwner2Shop(owner2Id: string) {
    const [shop] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from shops where owner_id = ${owner2Id} limit 1`),
    );
    if (!shop) throw new Error('owner2@soko.test owns no shop in the demo data');
    const [category] = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`select id from categories where shop_id = ${shop.id} limit 1`,
      ),
    );
    const [product] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from products where shop_id = ${shop.id} limit 1`),
    );
    if (!category || !product) throw new Error('owner2’s shop has no category or product');
    return { shopId: shop.id, categoryId: category.id, productId: product.id };
  }

  it('is refused to no token, a garbage token and an expired token, and answers each role by its rule', async () => {
    const protectedRoutes = t.app.accessTable.filter(
      (row) => row.access !== 'public' && !row.url.startsWith('/api/test/'),
    );
    const shopRoutes = protectedRoutes.filter((row) => typeof row.access === 'object');
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(5);
    expect(shopRoutes.length).toBeGreaterThanOrEqual(10);
    const customer = await signIn('shopper@soko.test');
    // owner2 owns the shop every shop route below names; owner owns another one.
    const shopOwner = await signIn('owner2@soko.test');
    const otherOwner = await signIn('owner@soko.test');
    const admin = await signIn('admin@soko.test');
    const expired = issueToken(
      TEST_JWT_SECRET,
      { user: { _id: customer.user._id, role: 'customer' }, ver: 0 },
      60,
      Date.now() - 3_600_000,
    );
    const ids = await idsOfOwner2Shop(shopOwner.user._id);
    const none = '00000000-0000-4000-8000-000000000000';
    const url = (template: string) =>
      template
        .replace(/:(shopId|id)\b/g, ids.shopId)
        .replace(/:categoryId\b/g, ids.categoryId)
        .replace(/:productId\b/g, ids.productId)
        .replace(/:[A-Za-z]+/g, none) +
      (template === '/api/media/upload' ? `?kind=product&shopId=${ids.shopId}` : '');
    // The shop is named in the body by the routes that take it there (category create).
    const request = (row: AccessTableRow, token?: string) =>
      call(row.method as 'GET' | 'POST' | 'PUT' | 'DELETE', url(row.url), {
        ...(token ? { token } : {}),
        body: { shopId: ids.shopId },
      });

    for (const row of protectedRoutes) {
      for (const token of [undefined, 'garbage', expired]) {
        const res = await request(row, token);
        expect(
          res.statusCode,
          `${row.method} ${row.url} with ${token ? 'a bad token' : 'no token'}`,
        ).toBe(401);
      }
    }
    // Those the rule keeps out meet the wall itself (403), never the route's own 404 or 400:
    // every id named is real, so only the rule can refuse them.
    for (const row of protectedRoutes) {
      const refused =
        row.access === 'admin'
          ? [customer, shopOwner]
          : typeof row.access === 'object'
            ? [customer, otherOwner]
            : [];
      for (const caller of refused) {
        const res = await request(row, caller.token);
        expect(res.statusCode, `${row.method} ${row.url} as ${caller.user.email}`).toBe(403);
      }
    }
    // Those it lets in pass the wall: whatever the route then answers to a bare body, it is
    // neither the wall's 401 or 403 nor a failure. Last, as some of these calls write.
    for (const row of protectedRoutes) {
      const admitted =
        row.access === 'signed-in'
          ? [customer]
          : typeof row.access === 'object'
            ? [shopOwner, admin]
            : [admin];
      for (const caller of admitted) {
        const res = await request(row, caller.token);
        expect(
          [200, 201, 204, 400, 404, 409, 415],
          `${row.method} ${row.url} as ${caller.user.email}: ${res.body}`,
        ).toContain(res.statusCode);
      }
    }
  });
});

describe('the account', () => {
  it('edits names and the address, refusing unknown fields', async () => {
    const { token } = await signIn('shopper@soko.test');
    const names = await call('PUT', '/api/user/profile', { token, body: { firstName: 'Wanjiru' } });
    expect(names.json().firstName).toBe('Wanjiru');
    const address = { street: 'Moi Avenue 12', city: 'Nairobi', state: 'Nairobi', zip: '00100' };
    const saved = await call('PUT', '/api/user/address', { token, body: address });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().address).toEqual(address);
    expect(
      (await call('PUT', '/api/user/address', { token, body: { ...address, role: 'admin' } }))
        .statusCode,
    ).toBe(400);
    expect((await call('PUT', '/api/user/address', { body: address })).statusCode).toBe(401);
  });

  it('changes the password only with the current one, and older tokens stop working', async () => {
    const signup = authResponseSchema.parse(
      (
        await call('POST', '/api/user/signup', {
          body: {
            firstName: 'P',
            lastName: 'W',
            email: 'pw@example.com',
            password: 'first-password',
          },
        })
      ).json(),
    );
    const wrong = await call('POST', '/api/user/password', {
      token: signup.token,
      body: { currentPassword: 'nope-nope', newPassword: 'second-password' },
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await call('POST', '/api/user/password', {
      token: signup.token,
      body: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = authResponseSchema.parse(changed.json());
    expect((await call('GET', '/api/user/profile', { token: signup.token })).statusCode).toBe(401);
    expect((await call('GET', '/api/user/profile', { token: fresh.token })).statusCode).toBe(200);
    expect(
      (
        await call('POST', '/api/user/signin', {
          body: { email: 'pw@example.com', password: 'first-password' },
        })
      ).statusCode,
    ).toBe(401);
    await signIn('pw@example.com', 'second-password');
  });

  it('deletes an account with its password, keeping its orders without personal fields', async () => {
    const { token, user } = await signIn('shopper@soko.test');
    const ordersBefore =
      rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from orders where user_id = ${user._id}`,
        ),
      )[0]?.n ?? 0;
    expect(ordersBefore).toBeGreaterThan(0);
    expect(
      (await call('DELETE', '/api/user/profile', { token, body: { password: 'wrong-password' } }))
        .statusCode,
    ).toBe(400);
    const gone = await call('DELETE', '/api/user/profile', {
      token,
      body: { password: DEMO_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', '/api/user/profile', { token })).statusCode).toBe(401);
    const kept = rowsOf<{
      email: string | null;
      first_name: string | null;
      phone_number: string | null;
    }>(
      await t.database.db.execute(
        sql`select email, first_name, phone_number from orders where user_id is null and email is null`,
      ),
    );
    expect(kept.length).toBeGreaterThanOrEqual(ordersBefore);
    expect(kept.every((o) => o.first_name === null && o.phone_number === null)).toBe(true);
  });

  it('will not delete the account of a shop’s owner while the shop is theirs', async () => {
    const { token } = await signIn('owner2@soko.test');
    const res = await call('DELETE', '/api/user/profile', {
      token,
      body: { password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('owns_shop');
  });
});

describe('sign-in limits', () => {
  const ATTACKER = '203.0.113.66';
  const HOME = '198.51.100.5';
  const KNOWN_DEVICE = 'soko_known_device';

  /** An app of its own, so the counters start at zero; `close` it in a finally. */
  const limitedApp = (env: Record<string, string>) =>
    createTestApp({ env: { RATE_LIMIT_SIGNIN_PER_CLIENT: '1000', ...env } });

  const signInVia = (
    app: TestApp,
    from: string,
    body: { email: string; password: string },
    cookie?: string,
  ) =>
    app.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: body,
      remoteAddress: from,
      headers: cookie ? { cookie } : {},
    });

  const wrong = (email = 'shopper@soko.test') => ({ email, password: 'not-the-password' });
  const right = (email = 'shopper@soko.test') => ({ email, password: DEMO_PASSWORD });

  /** The known-device cookie a successful sign-in set, as a Cookie header. */
  function knownDeviceOf(res: Awaited<ReturnType<typeof signInVia>>): string {
    const set = res.cookies.find((c) => c.name === KNOWN_DEVICE);
    if (!set) throw new Error(`No ${KNOWN_DEVICE} cookie in ${JSON.stringify(res.cookies)}`);
    return `${set.name}=${set.value}`;
  }

  function expectTooMany(res: Awaited<ReturnType<typeof signInVia>>) {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(res.json().error.message).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ (seconds|minutes)\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('stops one address guessing an account without locking the owner out elsewhere', async () => {
    const limited = await limitedApp({ RATE_LIMIT_SIGNIN_PER_EMAIL: '5', TRUST_PROXY: 'true' });
    try {
      const via = (client: string, body: { email: string; password: string }) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user/signin',
          payload: body,
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 5; i++) expect((await via(ATTACKER, wrong())).statusCode).toBe(401);
      expectTooMany(await via(ATTACKER, wrong()));
      // Even the right password waits at that address: the limit is not an oracle.
      expectTooMany(await via(ATTACKER, right()));
      expect((await via(HOME, right())).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('stops guessing spread over many addresses, but lets in the browser that signed in before', async () => {
    const limited = await limitedApp({
      RATE_LIMIT_SIGNIN_PER_EMAIL: '5',
      RATE_LIMIT_SIGNIN_FAILURES: '10',
    });
    try {
      const earlier = await signInVia(limited, HOME, right());
      expect(earlier.statusCode).toBe(200);
      const phone = knownDeviceOf(earlier);
      const set = earlier.cookies.find((c) => c.name === KNOWN_DEVICE);
      expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/user/signin' });
      expect(set?.secure).toBeFalsy();

      for (let i = 0; i < 10; i++) {
        expect((await signInVia(limited, `10.9.0.${i}`, wrong())).statusCode).toBe(401);
      }
      const blocked = await signInVia(limited, '10.9.0.200', wrong());
      expectTooMany(blocked);
      // The account-wide window is the long one (15 minutes), not the per-minute one.
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);

      expectTooMany(await signInVia(limited, HOME, right()));
      expect((await signInVia(limited, HOME, right(), phone)).statusCode).toBe(200);
      // The phone is known wherever it connects from.
      expect((await signInVia(limited, '192.0.2.44', right(), phone)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('honours a known-device cookie only for its own account, and not once it is altered', async () => {
    const limited = await limitedApp({ RATE_LIMIT_SIGNIN_FAILURES: '2' });
    try {
      const phone = knownDeviceOf(await signInVia(limited, HOME, right()));
      for (const email of ['shopper@soko.test', 'owner@soko.test']) {
        for (let i = 0; i < 2; i++) {
          expect((await signInVia(limited, ATTACKER, wrong(email))).statusCode).toBe(401);
        }
      }
      expectTooMany(await signInVia(limited, HOME, right('owner@soko.test'), phone));
      const [name, value = ''] = phone.split('=');
      const altered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
      expectTooMany(await signInVia(limited, HOME, right(), altered));
      expect((await signInVia(limited, HOME, right('SHOPPER@soko.test'), phone)).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('does not count successful sign-ins toward the account’s failure limit', async () => {
    const limited = await limitedApp({
      RATE_LIMIT_SIGNIN_FAILURES: '3',
      PUBLIC_URL: 'https://shop.example.co.ke',
    });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await signInVia(limited, `10.8.0.${i}`, right());
        expect(res.statusCode).toBe(200);
        expect(res.cookies.find((c) => c.name === KNOWN_DEVICE)?.secure).toBe(true);
      }
      for (let i = 0; i < 3; i++) {
        expect((await signInVia(limited, `10.7.0.${i}`, wrong())).statusCode).toBe(401);
      }
      expectTooMany(await signInVia(limited, '10.7.0.9', wrong()));
    } finally {
      await limited.close();
    }
  });

  it('limits an unknown email exactly as a real one, with the same answers', async () => {
    const limited = await limitedApp({
      RATE_LIMIT_SIGNIN_PER_EMAIL: '2',
      RATE_LIMIT_SIGNIN_FAILURES: '3',
    });
    try {
      const answers = async (email: string) => {
        const seen: Array<{ status: number; body: unknown }> = [];
        for (const from of [ATTACKER, ATTACKER, ATTACKER, '10.6.0.1', '10.6.0.2']) {
          const res = await signInVia(limited, from, wrong(email));
          const body = res.json() as { error: { message: string } };
          // The seconds to wait differ by when each run started; the wording must not.
          seen.push({ status: res.statusCode, body: body.error.message.replace(/\d+/g, 'N') });
        }
        return seen;
      };
      const real = await answers('shopper@soko.test');
      expect(real.map((a) => a.status)).toEqual([401, 401, 429, 401, 429]);
      expect(await answers('nobody@soko.test')).toEqual(real);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For only behind a trusted proxy', async () => {
    const behindProxy = await createTestApp({
      env: { RATE_LIMIT_SIGNIN_PER_CLIENT: '2', TRUST_PROXY: 'true' },
    });
    try {
      const attempt = (client: string) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/user/signin',
          payload: { email: `${client}@soko.test`, password: 'guess' },
          headers: { 'x-forwarded-for': client === 'a' ? '198.51.100.1' : '198.51.100.2' },
        });
      expect((await attempt('a')).statusCode).toBe(401);
      expect((await attempt('a')).statusCode).toBe(401);
      expect((await attempt('a')).statusCode).toBe(429);
      // Another client behind the same proxy still has its own allowance.
      expect((await attempt('b')).statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });

  it('limits each client, and ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SIGNIN_PER_CLIENT: '3' } });
    try {
      const attempt = (i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user/signin',
          payload: { email: `user${i}@soko.test`, password: 'guess' },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
      const blocked = await attempt(7);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
