// The limits on signing in beyond the route's per-client one, decided in
// docs/decisions/007-sign-in-limits.md. Unknown emails are counted like real ones, so a 429
// never tells which accounts exist.
import { networkKey } from '../../platform/client-key';
import type { Config } from '../../platform/config';
import type { AttemptCounter } from '../../platform/rate-limit';
import { knownDeviceId } from './known-device';

const MINUTE_MS = 60_000;
const FAILURE_WINDOW_MS = 15 * MINUTE_MS;

/** Let through, with what to do once the password was checked; or the seconds to wait. */
export type SignInGate =
  | { waitSeconds: number }
  | { settle(outcome: 'wrong-password' | 'signed-in' | 'error'): Promise<void> };

export function signInLimits(attempts: AttemptCounter, config: Config, secret: string) {
  const limits = config.rateLimits;
  return {
    async admit(
      email: string,
      ip: string,
      knownDeviceMark: string | undefined,
    ): Promise<SignInGate> {
      // Every attempt at this account from this network address: one address cannot go on
      // guessing, and filling this limit locks nobody out anywhere else.
      const client = networkKey(secret, ip);
      const clientWait = await attempts.hit(
        `signin:${client}:${email}`,
        limits.signinPerEmail,
        MINUTE_MS,
      );
      if (clientWait > 0) return { waitSeconds: clientWait };

      // This account's failures from everywhere, against guessing spread over many addresses.
      // Counted before the password is checked, so attempts sent all at once see one another,
      // and given back unless the password was wrong. A browser that signed in to this account
      // before counts on its own mark instead: others' failures cannot keep the owner out.
      const device = knownDeviceId(secret, email, knownDeviceMark);
      const failures = device ? `signin-failures:device:${device}` : `signin-failures:${email}`;
      const failureWait = await attempts.hit(
        failures,
        limits.signinFailuresPerEmail,
        FAILURE_WINDOW_MS,
      );
      if (failureWait > 0) {
        await attempts.release(failures);
        return { waitSeconds: failureWait };
      }
      return {
        async settle(outcome) {
          if (outcome !== 'wrong-password') await attempts.release(failures);
        },
      };
    },
  };
}
