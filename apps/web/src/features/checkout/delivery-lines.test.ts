import type { DeliveryQuote } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { deliveryCentsOf, deliveryLines, isPickupOnly, pickupChoicesOf } from './delivery-lines';

const SHOP_A = '00000000-0000-4000-8000-00000000000a';
const SHOP_B = '00000000-0000-4000-8000-00000000000b';
const SHOP_C = '00000000-0000-4000-8000-00000000000c';
const COUNTER = {
  id: '00000000-0000-4000-8000-0000000000cc',
  name: 'Moi Avenue counter',
  address: 'Moi Avenue 12, Nairobi',
  hours: '8-18',
  fee: 50,
};

const quote = (shopId: string, changes: Partial<DeliveryQuote> = {}): DeliveryQuote => ({
  shopId,
  shopName: `Shop ${shopId.slice(-1)}`,
  isDefault: true,
  county: 'Kisumu',
  zone: 'Rest of Kenya',
  standard: { fee: 10, days: '' },
  express: { fee: 20, days: '' },
  freeFrom: null,
  pickupCounters: [],
  agentPoints: false,
  ...changes,
});
const SHOP_A_QUOTE = quote(SHOP_A, {
  isDefault: false,
  standard: { fee: 400, days: '2-3 days' },
  express: { fee: 700, days: '1 day' },
  freeFrom: 5000,
  pickupCounters: [COUNTER],
});
const line = (productId: string, price: number, quantity = 1) => ({ productId, price, quantity });

describe('deliveryLines', () => {
  const quotes = new Map([
    ['a1', SHOP_A_QUOTE],
    ['b1', quote(SHOP_B)],
    ['c1', quote(SHOP_C)],
  ]);

  it('prices each shop’s part from its quote, in the order of its first line', () => {
    const parts = deliveryLines(
      [line('b1', 100), line('a1', 1000), line('c1', 100)],
      quotes,
      'standard',
      {},
    );
    expect(parts?.map((part) => [part.shopId, part.deliveryCents, part.days])).toEqual([
      [SHOP_B, 1000, ''],
      [SHOP_A, 40000, '2-3 days'],
      // The spec's one fee an order: the second shop that set nothing charges 0 (decision 035).
      [SHOP_C, 0, ''],
    ]);
    expect(deliveryCentsOf(parts ?? [])).toBe(41000);
  });

  it('charges the counter’s fee for a pickup, and nothing from the shop’s threshold', () => {
    const pickup = { [SHOP_A]: { kind: 'counter', id: COUNTER.id } } as const;
    const parts = deliveryLines([line('a1', 1000)], quotes, 'express', pickup) ?? [];
    expect(parts[0]).toMatchObject({ deliveryCents: 5000, doorCents: 70000, counter: COUNTER });
    expect(pickupChoicesOf(parts)).toEqual([{ shopId: SHOP_A, counterId: COUNTER.id }]);
    expect(isPickupOnly(parts)).toBe(true);
    const free = deliveryLines([line('a1', 2500, 2)], quotes, 'express', {}) ?? [];
    expect(free[0]).toMatchObject({ deliveryCents: 0, free: true });
  });

  it('is null while a line’s quote is missing, and a stale counter choice is a door delivery', () => {
    expect(deliveryLines([line('zz', 100)], quotes, 'standard', {})).toBeNull();
    const parts = deliveryLines([line('a1', 100)], quotes, 'standard', {
      [SHOP_A]: { kind: 'counter', id: 'gone' },
    });
    expect(parts?.[0]?.counter).toBeNull();
    expect(isPickupOnly(parts)).toBe(false);
  });

  const AGENT = {
    id: '517',
    name: 'Kisumu Mega Agent',
    area: 'Milimani',
    county: 'Kisumu',
    address: 'Oginga Odinga St',
  };
  const withAgents = new Map([
    ['a1', { ...SHOP_A_QUOTE, agentPoints: true }],
    ['c1', quote(SHOP_C)],
  ]);

  it('charges the carrier’s quote for an agent point, and sends the agent’s id', () => {
    const pickup = { [SHOP_A]: { kind: 'agent', id: AGENT.id } } as const;
    const fees = new Map([[SHOP_A, { shopId: SHOP_A, agent: AGENT, fee: 180 }]]);
    const parts = deliveryLines([line('a1', 1000)], withAgents, 'standard', pickup, fees) ?? [];
    expect(parts[0]).toMatchObject({ deliveryCents: 18000, agent: AGENT, agentPending: false });
    expect(pickupChoicesOf(parts)).toEqual([{ shopId: SHOP_A, agentId: AGENT.id }]);
    expect(isPickupOnly(parts)).toBe(true);
    // From the shop's threshold the agent point is free too, as on the server.
    const free = deliveryLines([line('a1', 5000)], withAgents, 'standard', pickup, fees) ?? [];
    expect(free[0]).toMatchObject({ deliveryCents: 0, free: true });
  });

  it('waits for the fee of the agent point chosen, and never charges another agent’s', () => {
    const pickup = { [SHOP_A]: { kind: 'agent', id: AGENT.id } } as const;
    const pending = deliveryLines([line('a1', 1000)], withAgents, 'standard', pickup) ?? [];
    expect(pending[0]).toMatchObject({ agentId: AGENT.id, agent: null, agentPending: true });
    // Sent all the same: the server prices it, and a 409 brings its fee.
    expect(pickupChoicesOf(pending)).toEqual([{ shopId: SHOP_A, agentId: AGENT.id }]);
    const other = { ...AGENT, id: '362' };
    const stale = new Map([[SHOP_A, { shopId: SHOP_A, agent: other, fee: 90 }]]);
    const parts = deliveryLines([line('a1', 1000)], withAgents, 'standard', pickup, stale) ?? [];
    expect(parts[0]).toMatchObject({ agent: null, agentPending: true });
  });

  it('delivers to the door a part whose shop does not offer agent points', () => {
    const pickup = { [SHOP_C]: { kind: 'agent', id: AGENT.id } } as const;
    const fees = new Map([[SHOP_C, { shopId: SHOP_C, agent: AGENT, fee: 180 }]]);
    const parts = deliveryLines([line('c1', 100)], withAgents, 'standard', pickup, fees) ?? [];
    expect(parts[0]).toMatchObject({ deliveryCents: 1000, agentId: null, agentPending: false });
  });
});
