// The fake Africa's Talking (apps/server/test) for the run: the e2e server sends its SMS to it
// (SMS_PROVIDER=africastalking, AT_BASE_URL), and each SMS it accepts is kept as a file, so
// journeys in any worker can read it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  FAKE_AT_CREDENTIALS,
  startFakeAfricasTalking,
  type FakeSms,
} from '../../server/test/fake-africastalking';

export async function startSmsInbox(
  dir: string,
): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const fake = await startFakeAfricasTalking({
    onSms: (sms) =>
      writeFileSync(
        path.join(dir, `${String(++count).padStart(5, '0')}.json`),
        JSON.stringify(sms),
      ),
  });
  return {
    env: {
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: FAKE_AT_CREDENTIALS.username,
      AT_API_KEY: FAKE_AT_CREDENTIALS.apiKey,
      AT_BASE_URL: fake.url,
    },
    close: () => fake.close(),
  };
}

/** Every SMS the run's fake accepted for `phone` (+254…), oldest first. */
export function smsTo(phone: string): FakeSms[] {
  const dir = process.env.SOKO_E2E_SMS_DIR;
  if (!dir) throw new Error('SOKO_E2E_SMS_DIR is unset: global-setup.ts starts the SMS inbox');
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as FakeSms)
    .filter((sms) => sms.to === phone);
}

/** Waits for the `nth` SMS (1-based) to `phone` and answers its text. */
export async function nthSmsTo(phone: string, nth = 1, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sms = smsTo(phone)[nth - 1];
    if (sms) return sms.message;
    if (Date.now() > deadline) throw new Error(`No SMS ${nth} reached ${phone} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
