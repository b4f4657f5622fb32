import { describe, expect, it } from 'vitest';
import { newsletterBodySchema, newsletterResponseSchema } from './newsletter';

describe('newsletterBodySchema', () => {
  it('takes an email as typed, trimmed', () => {
    expect(newsletterBodySchema.parse({ email: ' Amina@Mail.com ' })).toEqual({
      email: 'Amina@Mail.com',
    });
  });

  it('rejects a bad email with the spec message, and unknown keys', () => {
    const result = newsletterBodySchema.safeParse({ email: 'amina@mail' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
    expect(newsletterBodySchema.safeParse({ email: 'a@b.co', name: 'A' }).success).toBe(false);
  });

  it('reads the answer', () => {
    expect(newsletterResponseSchema.safeParse({ email: 'a@b.co', subscribed: true }).success).toBe(
      true,
    );
    expect(newsletterResponseSchema.safeParse({ email: 'a@b.co', subscribed: false }).success).toBe(
      false,
    );
  });
});
