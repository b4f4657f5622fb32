import { describe, expect, it } from 'vitest';
import { promotionSmsAllowedAt } from './messages';

describe('promotional SMS hours', () => {
  // Nairobi is UTC+3 all year: 07:00 there is 04:00 UTC, 19:00 is 16:00 UTC.
  const utc = (time: string) => new Date(`2026-11-27T${time}Z`);

  it('allows 07:00 up to the last minute before 19:00 in Kenya', () => {
    for (const time of ['04:00:00', '09:30:00', '15:59:59']) {
      expect(promotionSmsAllowedAt(utc(time)), time).toBe(true);
    }
  });

  it('refuses the evening and the night, across midnight in Kenya', () => {
    for (const time of ['16:00:00', '20:59:59', '21:00:00', '00:00:00', '03:59:59']) {
      expect(promotionSmsAllowedAt(utc(time)), time).toBe(false);
    }
  });
});
