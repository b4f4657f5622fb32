import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse', 10);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'garbage')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
  });

  it('keeps old hashes verifiable after the cost changes', async () => {
    const old = await hashPassword('pw-123456', 11);
    expect(await verifyPassword('pw-123456', old)).toBe(true);
  });
});
