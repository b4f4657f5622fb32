import { describe, expect, it } from 'vitest';
import {
  HOLDING_STATUSES,
  ORDER_MOVES,
  ORDER_STATUSES,
  SOLD_STATUSES,
  findOrderMove,
  type OrderStatus,
} from './order-state-rules';

const holds = (status: OrderStatus) => (HOLDING_STATUSES.has(status) ? 1 : 0);
const sold = (status: OrderStatus) => (SOLD_STATUSES.has(status) ? 1 : 0);
const effect = (change: number) => (change > 0 ? 'take' : change < 0 ? 'return' : 'none');

describe('ORDER_MOVES', () => {
  it('lists each pair once and never a move to the same state', () => {
    const pairs = ORDER_MOVES.map((m) => `${m.from}->${m.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(ORDER_MOVES.filter((m) => m.from === m.to)).toEqual([]);
  });

  it('takes and gives back stock and code uses exactly as the states hold them', () => {
    for (const move of ORDER_MOVES) {
      const change = holds(move.to) - holds(move.from);
      expect(move.codeUse, `${move.from} -> ${move.to}`).toBe(effect(change));
      // Sent goods are not back on the shelf: leaving shipped or delivered returns no stock.
      const sent = move.from === 'shipped' || move.from === 'delivered';
      expect(move.stock, `${move.from} -> ${move.to}`).toBe(sent ? 'none' : effect(change));
    }
  });

  it('counts units sold exactly while an order is confirmed, shipped or delivered', () => {
    for (const move of ORDER_MOVES) {
      const change = sold(move.to) - sold(move.from);
      const expected = change > 0 ? 'count' : change < 0 ? 'uncount' : 'none';
      expect(move.unitsSold, `${move.from} -> ${move.to}`).toBe(expected);
    }
  });

  it('flags a refund only when a held order is cancelled, or paid for after it closed', () => {
    const flagged = ORDER_MOVES.filter((m) => m.refund === 'flag').map((m) => `${m.from}->${m.to}`);
    expect(flagged.sort()).toEqual(
      [
        'confirmed->cancelled',
        'expired->cancelled',
        'paid->cancelled',
        'payment_failed->cancelled',
      ].sort(),
    );
    expect(findOrderMove('cancelled', 'reversed')?.refund).toBe('clear');
  });

  it('reaches every state from a placed order, and never leaves delivered but by reversal', () => {
    const reached = new Set<OrderStatus>(['pending_payment']);
    for (let grew = true; grew;) {
      grew = false;
      for (const move of ORDER_MOVES) {
        if (reached.has(move.from) && !reached.has(move.to)) {
          reached.add(move.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_MOVES.filter((m) => m.from === 'delivered').map((m) => m.to)).toEqual([
      'reversed',
    ]);
    expect(ORDER_MOVES.filter((m) => m.from === 'reversed')).toEqual([]);
  });
});
