import type { CartLine } from '@soko/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CART_ORDERS_KEY,
  CART_ORDER_TTL_MS,
  MAX_CART_ORDERS,
  forgetCartOrder,
  readCartOrders,
  rememberCartOrder,
  settleCartOrder,
} from './cart-orders';
import { getCartLines, reloadCart, setCartLines } from './cart-store';

// Orders made from the cart leave it once this browser learns they went through (spec section
// 4), with an in-memory storage standing in for the browser's.

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const line = (productId: string, quantity: number, variantId: string | null = null): CartLine => ({
  productId,
  name: `Product ${productId}`,
  price: 100,
  image: '/placeholder-product.svg',
  selectedVariant: variantId ? '50ml' : null,
  variantId,
  quantity,
});

const ORDER = '55555555-5555-5555-5555-555555555555';
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', {
    localStorage: storage,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  reloadCart();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settling an order made from the cart', () => {
  it('takes a confirmed order’s lines out of the cart and leaves the others', () => {
    setCartLines([line('a', 2), line('b', 1), line('c', 1, 'v1')]);
    rememberCartOrder(ORDER, [line('a', 2), line('c', 1, 'v1')]);
    settleCartOrder(ORDER, 'confirmed');
    expect(getCartLines()).toEqual([line('b', 1)]);
    expect(readCartOrders()).toEqual([]);
  });

  it('lowers a line the shopper has raised since, by what the order took', () => {
    setCartLines([line('a', 5)]);
    rememberCartOrder(ORDER, [line('a', 2)]);
    settleCartOrder(ORDER, 'paid');
    expect(getCartLines()).toEqual([line('a', 3)]);
  });

  it('changes nothing the second time', () => {
    setCartLines([line('a', 5)]);
    rememberCartOrder(ORDER, [line('a', 2)]);
    settleCartOrder(ORDER, 'confirmed');
    settleCartOrder(ORDER, 'confirmed');
    expect(getCartLines()).toEqual([line('a', 3)]);
  });

  it('keeps the record while the payment is awaited', () => {
    setCartLines([line('a', 1)]);
    rememberCartOrder(ORDER, [line('a', 1)]);
    settleCartOrder(ORDER, 'pending_payment');
    expect(getCartLines()).toEqual([line('a', 1)]);
    expect(readCartOrders()).toHaveLength(1);
  });

  it.each(['payment_failed', 'expired', 'reversed', 'cancelled', 'missing'] as const)(
    'an order that ended %s leaves the cart as it is and is forgotten',
    (status) => {
      setCartLines([line('a', 1)]);
      rememberCartOrder(ORDER, [line('a', 1)]);
      settleCartOrder(ORDER, status);
      expect(getCartLines()).toEqual([line('a', 1)]);
      expect(readCartOrders()).toEqual([]);
    },
  );

  it('an order the checkout saw through is forgotten: a later settle takes nothing', () => {
    rememberCartOrder(ORDER, [line('a', 1)]);
    forgetCartOrder(ORDER);
    setCartLines([line('a', 1)]);
    settleCartOrder(ORDER, 'confirmed');
    expect(getCartLines()).toEqual([line('a', 1)]);
  });
});

describe('the records', () => {
  it('keeps at most the newest MAX_CART_ORDERS, and none older than the time to live', () => {
    const now = Date.now();
    for (let i = 0; i < MAX_CART_ORDERS + 5; i += 1) rememberCartOrder(`order-${i}`, [], now);
    const kept = readCartOrders(now);
    expect(kept).toHaveLength(MAX_CART_ORDERS);
    expect(kept[0]?.orderId).toBe('order-5');
    expect(readCartOrders(now + CART_ORDER_TTL_MS)).toEqual([]);
  });

  it('reads unreadable or hand-edited storage as no records', () => {
    storage.setItem(CART_ORDERS_KEY, '{not json');
    expect(readCartOrders()).toEqual([]);
    storage.setItem(CART_ORDERS_KEY, JSON.stringify([{ orderId: 1 }, 'x', null]));
    expect(readCartOrders()).toEqual([]);
  });

  it('works on without storage', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('blocked');
      },
    });
    expect(() => rememberCartOrder(ORDER, [line('a', 1)])).not.toThrow();
    expect(readCartOrders()).toEqual([]);
  });
});
