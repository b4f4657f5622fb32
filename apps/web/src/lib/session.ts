// The session store (spec sections 3 and 4; DESIGN "Details decided"): the token under
// local storage `token`, the signed-in user under `persist:root` (version 1), restored
// synchronously before the first render and then refreshed from the server. Zod-free on
// purpose: the header reads it on the first load of '/'.
import { useSyncExternalStore } from 'react';
import type { User } from '@soko/contract';
import { ApiError, apiGet } from './api-client';

export const TOKEN_KEY = 'token';
export const PERSIST_KEY = 'persist:root';
const PERSIST_VERSION = 1;

export interface SessionState {
  currentUser: User | null;
  loading: boolean;
  error: string | null;
  /** A token is stored (the user may still be loading). */
  signedIn: boolean;
}

// What the server renders (it knows no one), so a page it painted hydrates as it was drawn;
// the saved user shows on the render right after.
const SIGNED_OUT: SessionState = Object.freeze({
  currentUser: null,
  loading: false,
  error: null,
  signedIn: false,
});

let state: SessionState = SIGNED_OUT;
const listeners = new Set<() => void>();

/**
 * A signed-out state is always SIGNED_OUT itself, the object the server's snapshot returns:
 * when the browser's snapshot is another object, React re-renders every reader synchronously
 * right after hydration, one long task on a painted page (issue 16).
 */
function setState(change: Partial<SessionState>) {
  const next = { ...state, ...change };
  const signedOut = (Object.keys(SIGNED_OUT) as (keyof SessionState)[]).every(
    (key) => next[key] === SIGNED_OUT[key],
  );
  state = signedOut ? SIGNED_OUT : next;
  persist();
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be off (private mode, blocked cookies): the session lives in memory only.
    return null;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

function persist() {
  const store = storage();
  if (!store) return;
  try {
    if (state.currentUser) {
      store.setItem(
        PERSIST_KEY,
        JSON.stringify({ currentUser: state.currentUser, version: PERSIST_VERSION }),
      );
    } else {
      store.removeItem(PERSIST_KEY);
    }
  } catch {
    // A full or blocked storage only costs the instant restore on the next load.
  }
}

/** The token's payload `exp` (seconds), or null when the token is not a readable JWT. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const payload: unknown = JSON.parse(atob(padded));
    if (typeof payload === 'object' && payload !== null && 'exp' in payload) {
      const exp = (payload as { exp: unknown }).exp;
      return typeof exp === 'number' ? exp : null;
    }
    return null;
  } catch {
    return null;
  }
}

/** Same rule as the contract's isTokenExpired, kept here so no zod loads with the header. */
function isExpired(token: string, nowMs: number): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= nowMs;
}

function readPersistedUser(): User | null {
  const raw = storage()?.getItem(PERSIST_KEY);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as { currentUser?: User | null; version?: number };
    return saved.version === PERSIST_VERSION && saved.currentUser ? saved.currentUser : null;
  } catch {
    return null;
  }
}

/**
 * Start-up, synchronously before the first render: no token is signed out; a token whose
 * `exp` is past is removed; otherwise the saved user shows at once and `loading` stays true
 * until `refreshSession` answers.
 */
export function restoreSession(nowMs = Date.now()): void {
  const token = readToken();
  if (token && isExpired(token, nowMs)) storage()?.removeItem(TOKEN_KEY);
  if (!readToken()) {
    setState({ currentUser: null, loading: false, error: null, signedIn: false });
    return;
  }
  setState({ currentUser: readPersistedUser(), loading: true, error: null, signedIn: true });
}

/**
 * Fetches the profile. A 401 clears the token. Any other failure keeps the token; at start
 * (spec section 4, "Auth at start") the user then stays unset, so nothing is shown as signed in
 * that the server has not confirmed; later (a refresh after checkout) the user already
 * confirmed stays.
 */
export async function refreshSession({ atStart = false } = {}): Promise<void> {
  if (!readToken()) {
    setState({ loading: false });
    return;
  }
  setState({ loading: true });
  try {
    const user = await apiGet<User>('/api/user/profile');
    // Signed out while the call was under way: the answer is stale.
    if (!readToken()) return setState({ loading: false });
    setState({ currentUser: user, loading: false, error: null, signedIn: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      storage()?.removeItem(TOKEN_KEY);
      setState({ currentUser: null, loading: false, error: null, signedIn: false });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    setState({ loading: false, error: message, ...(atStart ? { currentUser: null } : {}) });
  }
}

export function signIn(token: string, user: User): void {
  try {
    storage()?.setItem(TOKEN_KEY, token);
  } catch {
    // Without storage the session lasts this tab only.
  }
  setState({ currentUser: user, loading: false, error: null, signedIn: true });
}

export function updateUser(user: User): void {
  setState({ currentUser: user, loading: false, error: null });
}

export function signOut(): void {
  storage()?.removeItem(TOKEN_KEY);
  setState({ currentUser: null, loading: false, error: null, signedIn: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): SessionState {
  return state;
}

/** The session now, outside React (tests, start-up). */
export const getSession = getSnapshot;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSnapshot, () => SIGNED_OUT);
}
