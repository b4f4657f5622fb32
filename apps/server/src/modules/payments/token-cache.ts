// The OAuth token a provider's calls share (Pesapal's and Daraja's work alike): kept until
// shortly before it lapses, fetched by one request at a time, and renewed once when the provider
// refuses it mid-life (a restart on their side, a clock that disagrees).

/** Raised by an exchange the provider refused for its token, so the call can renew it once. */
export class TokenRefused extends Error {}

export type IssuedToken = { value: string; usableUntil: number };

export function createTokenCache(options: {
  now: () => number;
  /** Asks the provider for a new token, and says until when to use it. */
  request: () => Promise<IssuedToken>;
}) {
  let token: IssuedToken | undefined;
  let pending: Promise<string> | undefined;

  function get(): Promise<string> {
    if (token && options.now() < token.usableUntil) return Promise.resolve(token.value);
    // Everyone who needs a token while one is being fetched waits for that one.
    pending ??= options
      .request()
      .then((issued) => {
        token = issued;
        return issued.value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  /**
   * Runs `call` with the token; when it is refused, says so (`onRefused`), renews the token and
   * runs it once more. Refused again, it fails with `refusedAgain`'s error.
   */
  async function withToken<T>(
    call: (token: string) => Promise<T>,
    on: { onRefused: () => void; refusedAgain: () => Error },
  ): Promise<T> {
    const first = await get();
    try {
      return await call(first);
    } catch (error) {
      if (!(error instanceof TokenRefused)) throw error;
    }
    // Another call may already have replaced it; only drop the token that was refused.
    if (token?.value === first) token = undefined;
    on.onRefused();
    const second = await get();
    try {
      return await call(second);
    } catch (error) {
      if (!(error instanceof TokenRefused)) throw error;
      throw on.refusedAgain();
    }
  }

  return { get, withToken };
}
