/** Cheap hashes in tests: the cost is a setting, and 2^10 keeps sign-in tests fast. */
export const TEST_HASH_COST = 10;

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
