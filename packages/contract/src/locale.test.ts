import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatKsh, intlLocale, parseLocale, type Locale } from './index';

describe('money, numbers and dates per locale', () => {
  it.each<[number, Locale]>([
    [1500, 'en'],
    [1500, 'sw'],
    [1499.5, 'sw'],
    [1234567.25, 'en'],
    [1234567.25, 'sw'],
    [0.05, 'sw'],
  ])('writes Ksh %s as Intl does for %s in Kenya', (amount, locale) => {
    const intl = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency: 'KES',
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    })
      .format(amount)
      .replace(/\u00a0/g, ' ');
    expect(formatKsh(amount, locale)).toBe(intl);
  });

  it("names the month in the shopper's language, in Nairobi time", () => {
    const at = '2026-03-05T22:30:00Z'; // 6 March, 01:30 in Nairobi
    expect(formatDate(at, 'en')).toBe('6 March 2026');
    expect(formatDate(at, 'sw')).toBe('6 Machi 2026');
    expect(formatDate(at, 'sw', { timeStyle: 'short' })).toBe('01:30');
  });

  it('groups counts by thousands in both', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'sw')).toBe('12,345');
  });

  it('reads only the languages it has', () => {
    expect(parseLocale('sw')).toBe('sw');
    expect(parseLocale('en')).toBe('en');
    expect(parseLocale('fr')).toBeNull();
    expect(parseLocale(['sw'])).toBeNull();
  });
});
