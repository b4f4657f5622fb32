import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_SETTINGS,
  deliveryQuoteQuerySchema,
  deliverySettingsInputSchema,
  deliverySettingsSchema,
  partDeliveryCents,
  partDestinationText,
  pickupChoiceSchema,
  ratesFor,
  type DeliverySettings,
} from './delivery';
import { fieldErrors } from './errors';
import { KENYA_COUNTIES } from './counties';

const SETTINGS: DeliverySettings = deliverySettingsSchema.parse({
  zones: [
    {
      name: 'Nairobi',
      counties: ['Nairobi', 'Kiambu'],
      standard: { fee: 150, days: 'Same day' },
      express: { fee: 300 },
    },
  ],
  restOfKenya: { standard: { fee: 400, days: '2-3 days' }, express: { fee: 700 } },
  freeFrom: 5000,
  pickupCounters: [
    { id: '11111111-1111-1111-1111-111111111111', name: 'Counter', address: 'Moi Ave', fee: 50 },
  ],
});

describe('Kenya’s counties', () => {
  it('are the 47 of the First Schedule, each once', () => {
    expect(KENYA_COUNTIES).toHaveLength(47);
    expect(new Set(KENYA_COUNTIES).size).toBe(47);
  });
});

describe('a part’s delivery fee', () => {
  it('is its county group’s rate, else the rest of Kenya’s', () => {
    expect(ratesFor(SETTINGS, 'Kiambu').zone).toBe('Nairobi');
    expect(partDeliveryCents(SETTINGS, { kind: 'door', county: 'Kiambu' }, 'express', 0)).toBe(
      30_000,
    );
    expect(partDeliveryCents(SETTINGS, { kind: 'door', county: 'Kisumu' }, 'standard', 0)).toBe(
      40_000,
    );
    expect(partDeliveryCents(SETTINGS, { kind: 'door', county: null }, 'standard', 0)).toBe(40_000);
  });

  it('is the counter’s fee for a pickup, and nothing from the free threshold', () => {
    const [counter] = SETTINGS.pickupCounters;
    if (!counter) throw new Error('no counter');
    expect(partDeliveryCents(SETTINGS, { kind: 'pickup', counter }, 'express', 0)).toBe(5_000);
    expect(
      partDeliveryCents(SETTINGS, { kind: 'door', county: 'Kisumu' }, 'standard', 500_000),
    ).toBe(0);
  });

  it('is the spec’s Ksh 10 / 20 for a shop that set nothing', () => {
    const door = { kind: 'door', county: 'Turkana' } as const;
    expect(partDeliveryCents(DEFAULT_DELIVERY_SETTINGS, door, 'standard', 0)).toBe(1_000);
    expect(partDeliveryCents(DEFAULT_DELIVERY_SETTINGS, door, 'express', 0)).toBe(2_000);
  });
});

describe('delivery settings', () => {
  const base = { restOfKenya: { standard: { fee: 10 }, express: { fee: 20 } } };
  const errorsOf = (input: unknown) => {
    const parsed = deliverySettingsInputSchema.safeParse(input);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it('refuse negative fees, non-numbers, unknown counties and a county in two groups', () => {
    expect(
      errorsOf({ restOfKenya: { standard: { fee: -1 }, express: { fee: 20 } } }),
    ).toHaveProperty(['restOfKenya.standard.fee']);
    expect(errorsOf({ ...base, freeFrom: 'lots' })).toHaveProperty(['freeFrom']);
    const zone = (counties: string[]) => ({
      name: 'Z',
      counties,
      standard: { fee: 1 },
      express: { fee: 2 },
    });
    expect(errorsOf({ ...base, zones: [zone(['Atlantis'])] })).toHaveProperty([
      'zones.0.counties.0',
    ]);
    expect(errorsOf({ ...base, zones: [zone(['Nairobi']), zone(['Kisumu', 'Nairobi'])] })).toEqual({
      'zones.1.counties.1': 'Nairobi is already in group 1.',
    });
    expect(errorsOf({ ...base, zones: [zone(['Nairobi', 'Nairobi'])] })).toEqual({
      'zones.0.counties.1': 'Nairobi is listed twice.',
    });
    expect(errorsOf({ ...base, restOfKenya: { ...base.restOfKenya, extra: 1 } })).not.toEqual({});
    expect(errorsOf(base)).toEqual({});
  });

  it('quote a county for a product or a shop, not both', () => {
    const id = '11111111-1111-1111-1111-111111111111';
    expect(deliveryQuoteQuerySchema.safeParse({ county: 'Nairobi', productId: id }).success).toBe(
      true,
    );
    expect(deliveryQuoteQuerySchema.safeParse({ county: 'Nairobi' }).success).toBe(false);
    expect(
      deliveryQuoteQuerySchema.safeParse({ county: 'Nairobi', productId: id, shopId: id }).success,
    ).toBe(false);
    expect(deliveryQuoteQuerySchema.safeParse({ county: 'Gotham', shopId: id }).success).toBe(
      false,
    );
  });
});

describe('partDestinationText', () => {
  it('names the counter and its address for a pickup, else the county', () => {
    const counter = {
      name: 'Moi Avenue counter',
      address: 'Moi Avenue 12, Nairobi',
      hours: '8-18',
    };
    expect(partDestinationText({ deliveryCounty: 'Kisumu', pickupCounter: counter })).toBe(
      'Pickup at Moi Avenue counter, Moi Avenue 12, Nairobi (open 8-18)',
    );
    expect(partDestinationText({ deliveryCounty: 'Kisumu', pickupCounter: null })).toBe(
      'Delivery to Kisumu',
    );
    expect(partDestinationText({ deliveryCounty: null, pickupCounter: null })).toBe('Delivery');
    const agent = {
      id: '517',
      name: 'Kisumu Mega Agent',
      address: 'Oginga Odinga St, Milimani',
      hours: '',
      carrier: 'pickup-mtaani' as const,
    };
    expect(partDestinationText({ deliveryCounty: 'Kisumu', pickupCounter: agent })).toBe(
      'Pickup at Kisumu Mega Agent (Pick Up Mtaani agent), Oginga Odinga St, Milimani',
    );
  });
});

describe('agent points (decision 036)', () => {
  const SHOP = '00000000-0000-4000-8000-000000000001';
  const COUNTER = '00000000-0000-4000-8000-000000000002';

  it('are off in settings saved before them, and need a drop-off agent to be on', () => {
    const old = deliverySettingsSchema.parse({
      restOfKenya: { standard: { fee: 10 }, express: { fee: 20 } },
    });
    expect(old.agents).toEqual({ enabled: false, dropOffAgentId: null });
    const on = deliverySettingsInputSchema.safeParse({
      restOfKenya: { standard: { fee: 10 }, express: { fee: 20 } },
      agents: { enabled: true },
    });
    // No `if` around it: a schema that took the settings fails here, not silently.
    expect(on.error && fieldErrors(on.error)).toHaveProperty(['agents.dropOffAgentId']);
  });

  it('price a part at the carrier’s quote, and nothing from the free threshold', () => {
    const agent = { id: '517', name: 'Kisumu', area: '', county: 'Kisumu', address: '' };
    expect(partDeliveryCents(SETTINGS, { kind: 'agent', agent, fee: 250 }, 'standard', 100)).toBe(
      25_000,
    );
    expect(
      partDeliveryCents(SETTINGS, { kind: 'agent', agent, fee: 250 }, 'standard', 500_000),
    ).toBe(0);
  });

  it('are chosen instead of a counter, never with one', () => {
    expect(pickupChoiceSchema.safeParse({ shopId: SHOP, counterId: COUNTER }).success).toBe(true);
    expect(pickupChoiceSchema.safeParse({ shopId: SHOP, agentId: '517' }).success).toBe(true);
    expect(
      pickupChoiceSchema.safeParse({ shopId: SHOP, agentId: '517', counterId: COUNTER }).success,
    ).toBe(false);
    expect(pickupChoiceSchema.safeParse({ shopId: SHOP }).success).toBe(false);
    expect(pickupChoiceSchema.safeParse({ shopId: SHOP, agentId: '../x' }).success).toBe(false);
  });
});
