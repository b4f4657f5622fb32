import type { User } from '@soko/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PERSIST_KEY,
  getSession,
  TOKEN_KEY,
  refreshSession,
  restoreSession,
  signIn,
  signOut,
  tokenExpiry,
} from '../../lib/session';

// The session store's start-up rules (spec section 4) in node, with an in-memory storage.

const user: User = {
  _id: '5d0c1c1e-8f3a-4d1e-9c55-0a2b3c4d5e6f',
  firstName: 'Akinyi',
  lastName: 'Otieno',
  email: 'akinyi@example.com',
  role: 'customer',
  address: null,
  phone: null,
  phoneVerified: false,
  orders: [],
};

function jwt(payload: object): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part(payload)}.sig`;
}

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
const now = Date.UTC(2026, 0, 1);
const future = jwt({ exp: now / 1000 + 3600, user: { _id: user._id, role: 'customer' } });
const past = jwt({ exp: now / 1000 - 1, user: { _id: user._id, role: 'customer' } });

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('tokenExpiry', () => {
  it('reads exp from a base64url payload and refuses what is not a token', () => {
    expect(tokenExpiry(future)).toBe(now / 1000 + 3600);
    expect(tokenExpiry('nonsense')).toBeNull();
    expect(tokenExpiry('a.@@@.c')).toBeNull();
  });
});

describe('restoreSession and refreshSession', () => {
  it('removes an expired token and the saved user', () => {
    storage.setItem(TOKEN_KEY, past);
    storage.setItem(PERSIST_KEY, JSON.stringify({ currentUser: user, version: 1 }));
    restoreSession(now);
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(PERSIST_KEY)).toBeNull();
  });

  it('restores the saved user at once, and a 401 from the profile clears the token', async () => {
    storage.setItem(TOKEN_KEY, future);
    storage.setItem(PERSIST_KEY, JSON.stringify({ currentUser: user, version: 1 }));
    restoreSession(now);
    expect(JSON.parse(storage.getItem(PERSIST_KEY) ?? '{}')).toEqual({
      currentUser: user,
      version: 1,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401 }),
      ),
    );
    await refreshSession();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(PERSIST_KEY)).toBeNull();
  });

  it.each([
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a 500',
      async () => Response.json({ error: { code: 'internal', message: 'Down.' } }, { status: 500 }),
    ],
  ])('at start, after %s the user stays unset and the token is kept', async (_, answer) => {
    storage.setItem(TOKEN_KEY, future);
    storage.setItem(PERSIST_KEY, JSON.stringify({ currentUser: user, version: 1 }));
    restoreSession(now);
    vi.stubGlobal('fetch', vi.fn(answer));
    await refreshSession({ atStart: true });
    expect(storage.getItem(TOKEN_KEY)).toBe(future);
    expect(getSession()).toMatchObject({ currentUser: null, loading: false, signedIn: true });
    expect(getSession().error).toBeTruthy();
    expect(storage.getItem(PERSIST_KEY)).toBeNull();
  });

  it('later, a failed refresh keeps the signed-in user', async () => {
    storage.setItem(TOKEN_KEY, future);
    signIn(future, user);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await refreshSession();
    expect(storage.getItem(TOKEN_KEY)).toBe(future);
    expect(getSession().currentUser).toEqual(user);
  });

  it('signIn saves token and user; signOut clears both', () => {
    signIn(future, user);
    expect(storage.getItem(TOKEN_KEY)).toBe(future);
    expect(JSON.parse(storage.getItem(PERSIST_KEY) ?? '{}')).toMatchObject({ version: 1 });
    signOut();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(PERSIST_KEY)).toBeNull();
  });

  // useSyncExternalStore compares snapshots by identity: a signed-out state that is another
  // object than the server's makes React re-render the header synchronously after hydration.
  it('a signed-out session is one object however it was reached', async () => {
    restoreSession(now);
    const signedOut = getSession();
    await refreshSession({ atStart: true });
    expect(getSession()).toBe(signedOut);
    signIn(future, user);
    signOut();
    expect(getSession()).toBe(signedOut);
  });
});
