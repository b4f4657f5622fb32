// What the HTTP tests of a test app share: a call with an optional bearer token, signing in a
// demo account (failing loudly when it cannot, so no test runs on an account that is not
// there), and the first shop of an owner.
import { authResponseSchema, type AuthResponse } from '@soko/contract';
import type { TestApp } from './harness';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function httpClient(app: () => TestApp) {
  const call = (method: Method, url: string, token?: string, body?: unknown) =>
    app().app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  const signIn = async (email: string): Promise<AuthResponse> => {
    const res = await call('POST', '/api/user/signin', undefined, {
      email,
      password: 'soko-demo-pass',
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
    return authResponseSchema.parse(res.json());
  };

  const shopOf = async (token: string): Promise<string> => {
    const res = await call('GET', '/api/property/shop/getall', token);
    const id = (res.json() as { _id: string }[])[0]?._id;
    if (!id) throw new Error(`no shop: ${res.body}`);
    return id;
  };

  return { call, signIn, shopOf };
}
