import { describe, expect, it } from 'vitest';
import { fromCents } from './money';
import {
  effectiveTaxType,
  ETIMS_NEEDS_DEVICE,
  ETIMS_NEEDS_PIN,
  KRA_PIN_MESSAGE,
  normalizeKraPin,
  splitVat,
  taxProfileInputSchema,
  taxTypeSchema,
  TAX_TYPES,
  VAT_NEEDS_PIN,
  vatInInclusiveCents,
  cartVatCents,
  inclVatText,
  type TaxLine,
} from './tax';

describe('vatInInclusiveCents', () => {
  it('finds the VAT held in an inclusive price (reference: Ksh 1,160 holds Ksh 160)', () => {
    expect(vatInInclusiveCents(116000, 16)).toBe(16000);
    expect(vatInInclusiveCents(108000, 8)).toBe(8000);
    expect(vatInInclusiveCents(150000, 16)).toBe(20690); // 20689.655…
  });

  it('rounds half up, and otherwise to the nearest cent', () => {
    // 29 × 16 / 116 = 4 exactly; 58 × 8 / 108 = 4.296…; 100 × 16 / 116 = 13.793…
    expect(vatInInclusiveCents(29, 16)).toBe(4);
    expect(vatInInclusiveCents(58, 8)).toBe(4);
    expect(vatInInclusiveCents(100, 16)).toBe(14);
    // Exact quotients stay exact: 87 × 16 / 116 = 12, 81 × 8 / 108 = 6.
    expect(vatInInclusiveCents(87, 16)).toBe(12);
    expect(vatInInclusiveCents(81, 8)).toBe(6);
  });

  it('rounds an exact half up (checked at a rate where halves occur: 100 % holds half)', () => {
    expect(vatInInclusiveCents(1, 100)).toBe(1); // 0.5 -> 1
    expect(vatInInclusiveCents(3, 100)).toBe(2); // 1.5 -> 2
    expect(vatInInclusiveCents(-3, 100)).toBe(-2); // a credit note mirrors its receipt
  });

  it('holds nothing at 0 % or in nothing, and mirrors negative amounts', () => {
    expect(vatInInclusiveCents(116000, 0)).toBe(0);
    expect(vatInInclusiveCents(0, 16)).toBe(0);
    expect(vatInInclusiveCents(-116000, 16)).toBe(-16000);
    expect(vatInInclusiveCents(-100, 16)).toBe(-14);
  });

  it('stays exact on the largest amounts an order may carry', () => {
    // 21,474,836.47 Ksh: 2147483647 × 16 / 116 = 296204641.0…
    expect(vatInInclusiveCents(2_147_483_647, 16)).toBe(296_204_641);
  });

  it('refuses fractions of a cent and fractional or negative rates', () => {
    expect(() => vatInInclusiveCents(10.5, 16)).toThrow(RangeError);
    expect(() => vatInInclusiveCents(100, 7.5)).toThrow(RangeError);
    expect(() => vatInInclusiveCents(100, -16)).toThrow(RangeError);
  });
});

describe('splitVat', () => {
  const reconciles = (lines: TaxLine[]) => {
    const split = splitVat(lines);
    const types = TAX_TYPES.map((type) => split.byType[type]);
    expect(types.reduce((sum, t) => sum + t.vatCents, 0)).toBe(split.vatCents);
    expect(types.reduce((sum, t) => sum + t.taxableCents, 0)).toBe(split.taxableCents);
    expect(split.taxableCents + split.vatCents).toBe(split.totalCents);
    expect(split.totalCents).toBe(lines.reduce((sum, line) => sum + line.amountCents, 0));
    expect(split.lineVatCents.reduce((sum, cents) => sum + cents, 0)).toBe(split.vatCents);
    for (const type of TAX_TYPES) {
      const ofType = split.lineVatCents.filter((_, index) => lines[index]?.taxType === type);
      expect(ofType.reduce((sum, cents) => sum + cents, 0)).toBe(split.byType[type].vatCents);
    }
    return split;
  };

  it('splits a mixed cart per rate, to the cent', () => {
    const split = reconciles([
      { taxType: 'B', amountCents: 116000 }, // Ksh 1,160 at 16 %
      { taxType: 'B', amountCents: 34999 }, // Ksh 349.99
      { taxType: 'E', amountCents: 54000 }, // Ksh 540 at 8 %
      { taxType: 'A', amountCents: 25000 },
      { taxType: 'C', amountCents: 12000 },
      { taxType: 'D', amountCents: 5050 },
    ]);
    // B: 150999 × 16 / 116 = 20827.44… -> 20827; E: 54000 × 8 / 108 = 4000.
    expect(split.byType.B).toEqual({
      ratePercent: 16,
      totalCents: 150999,
      taxableCents: 130172,
      vatCents: 20827,
    });
    expect(split.byType.E).toEqual({
      ratePercent: 8,
      totalCents: 54000,
      taxableCents: 50000,
      vatCents: 4000,
    });
    for (const type of ['A', 'C', 'D'] as const) {
      expect(split.byType[type].vatCents).toBe(0);
      expect(split.byType[type].taxableCents).toBe(split.byType[type].totalCents);
    }
    expect(split.vatCents).toBe(24827);
    expect(split.totalCents).toBe(247049);
    expect(split.taxableCents).toBe(222222);
    expect(split.lineVatCents).toEqual([16000, 4827, 4000, 0, 0, 0]);
  });

  it('takes VAT once over a rate’s sum, not per line (per-line rounding would drift)', () => {
    // Three lines of Ksh 1 at 16 %: each holds 13.79 cents, 14 each would be 42; the sum of
    // 300 cents holds 41.38 -> 41, which is what the receipt's VAT for B must say.
    const split = reconciles([
      { taxType: 'B', amountCents: 100 },
      { taxType: 'B', amountCents: 100 },
      { taxType: 'B', amountCents: 100 },
    ]);
    expect(split.byType.B.vatCents).toBe(41);
    expect(split.lineVatCents).toEqual([14, 14, 13]);
    expect(split.taxableCents).toBe(259);
  });

  it('reconciles every cart of awkward amounts', () => {
    // A fixed pseudo-random walk: no flaky seeds, many shapes of cart.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let cart = 0; cart < 300; cart += 1) {
      const lines = Array.from({ length: 1 + next(8) }, () => ({
        taxType: TAX_TYPES[next(TAX_TYPES.length)] ?? 'B',
        amountCents: 1 + next(2_000_000),
      }));
      reconciles(lines);
    }
  });

  it('gives an empty cart all zeroes', () => {
    const split = reconciles([]);
    expect(split.vatCents).toBe(0);
    expect(split.totalCents).toBe(0);
    expect(split.lineVatCents).toEqual([]);
  });

  it('splits a credit note’s negative lines as the mirror of the receipt’s', () => {
    const lines: TaxLine[] = [
      { taxType: 'B', amountCents: 100 },
      { taxType: 'E', amountCents: 34999 },
    ];
    const receipt = splitVat(lines);
    const credit = reconciles(lines.map((line) => ({ ...line, amountCents: -line.amountCents })));
    expect(credit.vatCents).toBe(-receipt.vatCents);
    expect(credit.lineVatCents).toEqual(receipt.lineVatCents.map((cents) => -cents));
  });
});

describe('effectiveTaxType', () => {
  it('defaults to B in a VAT-registered shop and keeps a product’s own type there', () => {
    expect(effectiveTaxType(null, true)).toBe('B');
    expect(effectiveTaxType('E', true)).toBe('E');
    expect(effectiveTaxType('A', true)).toBe('A');
  });

  it('is D for everything a shop without VAT registration sells', () => {
    expect(effectiveTaxType(null, false)).toBe('D');
    expect(effectiveTaxType('B', false)).toBe('D');
    expect(effectiveTaxType('E', false)).toBe('D');
  });
});

describe('taxTypeSchema', () => {
  it('takes A to E only', () => {
    expect(taxTypeSchema.safeParse('E').success).toBe(true);
    expect(taxTypeSchema.safeParse('F').success).toBe(false);
    expect(taxTypeSchema.safeParse('b').success).toBe(false);
  });
});

describe('taxProfileInputSchema', () => {
  const issues = (input: unknown) =>
    taxProfileInputSchema
      .safeParse(input)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('takes a PIN typed in lower case with spaces, kept in upper case', () => {
    const parsed = taxProfileInputSchema.parse({ kraPin: ' p051234567x ', vatRegistered: true });
    expect(parsed).toEqual({
      kraPin: 'p051234567x',
      vatRegistered: true,
      etims: { enabled: false, bhfId: '00', dvcSrlNo: '' },
    });
    expect(normalizeKraPin(parsed.kraPin)).toBe('P051234567X');
  });

  it('keeps an empty PIN as none', () => {
    expect(normalizeKraPin(taxProfileInputSchema.parse({ kraPin: '  ' }).kraPin)).toBeNull();
    expect(taxProfileInputSchema.parse({}).kraPin).toBeNull();
    expect(issues({ kraPin: ' ', vatRegistered: true })).toEqual([['kraPin', VAT_NEEDS_PIN]]);
  });

  it.each([
    'X051234567X',
    'P05123456X',
    'P0512345678X',
    'P051234567',
    'P05123456 7X',
    'A1234567891',
  ])('refuses the PIN %s at the field', (kraPin) => {
    expect(issues({ kraPin })).toEqual([['kraPin', KRA_PIN_MESSAGE]]);
  });

  it('refuses VAT registration and eTIMS without a PIN, and eTIMS without a device', () => {
    expect(issues({ vatRegistered: true })).toEqual([['kraPin', VAT_NEEDS_PIN]]);
    expect(issues({ etims: { enabled: true } })).toEqual([
      ['kraPin', ETIMS_NEEDS_PIN],
      ['etims.dvcSrlNo', ETIMS_NEEDS_DEVICE],
    ]);
    expect(
      taxProfileInputSchema.parse({
        kraPin: 'A123456789Z',
        etims: { enabled: true, bhfId: '01', dvcSrlNo: 'KRACU0100000001' },
      }).etims,
    ).toEqual({ enabled: true, bhfId: '01', dvcSrlNo: 'KRACU0100000001' });
  });

  it('refuses unknown fields and a bad branch id', () => {
    expect(issues({ role: 'admin' })?.[0]?.[0]).toBe('');
    expect(issues({ etims: { bhfId: '1' } })?.[0]?.[0]).toBe('etims.bhfId');
  });
});

describe('cartVatCents', () => {
  const lines = [
    { price: 1160, quantity: 2, shopId: 's1', taxType: 'B' as const },
    { price: 540, quantity: 1, shopId: 's1', taxType: 'E' as const },
    { price: 999.99, quantity: 3, shopId: 's2' },
  ];

  it('sums the VAT of the lines that carry it, per rate', () => {
    // B: 232000 holds 32000; E: 54000 holds 4000; the third line carries none.
    expect(cartVatCents(lines)).toBe(36000);
    expect(inclVatText(fromCents(cartVatCents(lines)))).toBe('incl. VAT Ksh 360');
  });

  it('takes a shop’s code off that shop’s lines before their VAT', () => {
    // Ksh 286 off s1's 286000 cents: B pays 232000 - 23200, E 54000 - 5400.
    // B: 208800 × 16 / 116 = 28800; E: 48600 × 8 / 108 = 3600.
    expect(cartVatCents(lines, { amountCents: 28600, shopId: 's1' })).toBe(32400);
    // Another shop's code leaves s1's VAT whole.
    expect(cartVatCents(lines, { amountCents: 28600, shopId: 's2' })).toBe(36000);
  });

  it('shares a marketplace code over every line', () => {
    // 10 % of 586000 shared by amount: B 23200, E 5400, the rest 29999 (no VAT there).
    expect(cartVatCents(lines, { amountCents: 58599, shopId: null })).toBe(32400);
  });
});
