/** Cheap hashes in tests: the cost is a setting, and 2^10 keeps sign-in tests fast. */
export const TEST_HASH_COST = 10;

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
export const DEMO_PASSWORD = 'soko-demo-pass';
