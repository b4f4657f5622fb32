import { describe, expect, it } from 'vitest';
import { emailSchema, isValidEmail } from './email';

describe('isValidEmail (the newsletter rule)', () => {
  it.each(['a@b.co', 'wanjiku.k@mail.co.ke', 'A+tag@Example.COM', 'x@y.z'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a@b.', 'a b@c.de', 'a@b c.de', 'a@b.c d'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('emailSchema', () => {
  it('trims but keeps the case as typed', () => {
    expect(emailSchema.parse('  Wanjiku@Mail.co.ke ')).toBe('Wanjiku@Mail.co.ke');
  });

  it('rejects with the spec message', () => {
    const result = emailSchema.safeParse('not-an-email');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });

  it('rejects blanks, non-strings and addresses over 254 characters', () => {
    expect(emailSchema.safeParse('   ').success).toBe(false);
    expect(emailSchema.safeParse(42).success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@b.co`).success).toBe(false);
  });
});
