import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldUntilTime } from './held-until';

// The shop's times are Nairobi times (decision 049), whatever zone the phone's clock is set to:
// a shopper abroad, or a phone left on UTC, must read the time the shop holds the order until.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('the time a held order lapses', () => {
  it('is Nairobi time in both languages, on a phone set to another zone', () => {
    expect(heldUntilTime('2026-03-05T09:30:00Z', 'en')).toBe('12:30');
    expect(heldUntilTime('2026-03-05T09:30:00Z', 'sw')).toBe('12:30');
  });

  it('is nothing when the server sent no time', () => {
    expect(heldUntilTime('not a time', 'sw')).toBeNull();
  });
});
