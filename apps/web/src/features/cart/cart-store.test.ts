import type { CartLine, Order } from '@soko/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  changeQuantity,
  clearCart,
  isLineUnavailable,
  limitCartLine,
  removeFromCart,
  repriceCart,
} from './cart-actions';
import {
  forgetRecovery,
  rebuildCartFrom,
  recoveredFrom,
  rememberRecovery,
  RECOVERY_TTL_MS,
} from './recovery';
import {
  CART_KEY,
  cartItemCount,
  getCartLines,
  parseCart,
  reloadCart,
  setCartLines,
  subscribeToCart,
} from './cart-store';

// The cart store's rules (spec sections 3 and 4) in node, with an in-memory storage and a
// window that can fire `storage` events as another tab would.

class MemoryStorage {
  private items = new Map<string, string>();
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

const aloe = {
  productId: '11111111-1111-1111-1111-111111111111',
  name: 'Aloe Gel',
  price: 450,
  image: '/media/aloe.webp',
  selectedVariant: '50ml',
  variantId: '22222222-2222-2222-2222-222222222222',
};
const aloeLarge = {
  ...aloe,
  selectedVariant: '100ml',
  variantId: '33333333-3333-3333-3333-333333333333',
  price: 800,
};
const soap = {
  productId: '44444444-4444-4444-4444-444444444444',
  name: 'Black Soap',
  price: 199.5,
  image: '/placeholder-product.svg',
  selectedVariant: null,
  variantId: null,
};

let storage: MemoryStorage;
let tab: EventTarget;

const saved = (): unknown => JSON.parse(storage.getItem(CART_KEY) ?? 'null');

beforeEach(() => {
  storage = new MemoryStorage();
  tab = new EventTarget();
  vi.stubGlobal('window', {
    localStorage: storage,
    addEventListener: tab.addEventListener.bind(tab),
    removeEventListener: tab.removeEventListener.bind(tab),
  });
  reloadCart();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loading the saved cart', () => {
  it('loads the lines saved under `cart`', () => {
    const line: CartLine = { ...aloe, quantity: 2, maxQuantity: 5 };
    storage.setItem(CART_KEY, JSON.stringify([line]));
    reloadCart();
    expect(getCartLines()).toEqual([line]);
  });

  it('treats unreadable JSON, a non-array or nothing saved as an empty cart', () => {
    expect(parseCart('{not json')).toEqual([]);
    expect(parseCart('{"productId":"x"}')).toEqual([]);
    expect(parseCart(null)).toEqual([]);
    storage.setItem(CART_KEY, '[{"productId":');
    reloadCart();
    expect(getCartLines()).toEqual([]);
  });

  it('drops lines of the wrong shape and keeps the good ones', () => {
    const good: CartLine = { ...soap, quantity: 1 };
    const inSwahili: CartLine = { ...good, productId: 'sabuni', nameSw: 'Sabuni' };
    const lines = parseCart(
      JSON.stringify([
        good,
        inSwahili,
        { ...good, nameSw: 7 },
        { ...good, quantity: 0 },
        { ...good, quantity: 1.5 },
        { ...good, price: '12' },
        { ...good, price: -1 },
        { ...good, productId: '' },
        { ...good, variantId: 7 },
        { ...good, maxQuantity: -1 },
        null,
        'Aloe Gel',
      ]),
    );
    expect(lines).toEqual([good, inSwahili]);
  });
});

describe('changing the cart', () => {
  it('adds a new line with quantity 1, and the same product and variant again raises it by 1', () => {
    addToCart(aloe, 5);
    addToCart(aloeLarge, 5);
    addToCart(aloe, 5);
    expect(getCartLines().map((line) => [line.selectedVariant, line.quantity])).toEqual([
      ['50ml', 2],
      ['100ml', 1],
    ]);
    expect(cartItemCount(getCartLines())).toBe(3);
  });

  it('keeps the tax type a fresher read gives a line already in the cart, and drops a stale one', () => {
    addToCart(soap, 3);
    addToCart({ ...soap, taxType: 'B' }, 3);
    expect(getCartLines()[0]).toMatchObject({ quantity: 2, taxType: 'B' });
    addToCart(soap, 3);
    expect(getCartLines()[0]).not.toHaveProperty('taxType');
  });

  it('saves every change under `cart`', () => {
    addToCart(soap, 3);
    expect(saved()).toEqual([{ ...soap, quantity: 1, maxQuantity: 3 }]);
    changeQuantity(soap.productId, null, 1);
    expect(saved()).toEqual([{ ...soap, quantity: 2, maxQuantity: 3 }]);
    removeFromCart(soap.productId, null);
    expect(saved()).toEqual([]);
  });

  it('never goes above the stock shown nor below 1', () => {
    addToCart(aloe, 2);
    addToCart(aloe, 2);
    addToCart(aloe, 2);
    expect(getCartLines()[0]?.quantity).toBe(2);
    changeQuantity(aloe.productId, aloe.variantId, 1);
    expect(getCartLines()[0]?.quantity).toBe(2);
    changeQuantity(aloe.productId, aloe.variantId, -1);
    changeQuantity(aloe.productId, aloe.variantId, -1);
    changeQuantity(aloe.productId, aloe.variantId, -5);
    expect(getCartLines()[0]?.quantity).toBe(1);
  });

  it('adds nothing when the stock shown is 0', () => {
    addToCart(aloe, 0);
    expect(getCartLines()).toEqual([]);
  });

  it('takes the fresher stock and price when an item in the cart is added again', () => {
    addToCart(aloe, 10);
    changeQuantity(aloe.productId, aloe.variantId, 5);
    addToCart({ ...aloe, price: 500 }, 3);
    expect(getCartLines()).toEqual([{ ...aloe, price: 500, quantity: 3, maxQuantity: 3 }]);
  });

  it('removes only the line of that product and variant', () => {
    addToCart(aloe, 5);
    addToCart(aloeLarge, 5);
    removeFromCart(aloe.productId, aloe.variantId);
    expect(getCartLines().map((line) => line.selectedVariant)).toEqual(['100ml']);
  });

  it('caps a line at what the server says is left, and marks it when nothing is', () => {
    addToCart(aloe, 10);
    changeQuantity(aloe.productId, aloe.variantId, 3);
    limitCartLine(aloe.productId, aloe.variantId, 1);
    expect(getCartLines()).toMatchObject([{ quantity: 1, maxQuantity: 1 }]);
    expect(getCartLines().map(isLineUnavailable)).toEqual([false]);
    limitCartLine(aloe.productId, aloe.variantId, 0);
    expect(getCartLines()).toMatchObject([{ quantity: 1, maxQuantity: 0 }]);
    expect(getCartLines().map(isLineUnavailable)).toEqual([true]);
  });

  it('takes the server’s prices for the lines it names', () => {
    addToCart(aloe, 5);
    addToCart(soap, 5);
    repriceCart([{ productId: soap.productId, variantId: null, price: 250 }]);
    expect(getCartLines().map((line) => line.price)).toEqual([450, 250]);
  });

  it('empties the cart', () => {
    addToCart(aloe, 5);
    clearCart();
    expect(getCartLines()).toEqual([]);
    expect(saved()).toEqual([]);
  });
});

describe('several tabs', () => {
  it('takes the lines another tab saved, and tells its readers', () => {
    const seen: number[] = [];
    const unsubscribe = subscribeToCart(() => seen.push(cartItemCount(getCartLines())));
    const line: CartLine = { ...soap, quantity: 4 };
    storage.setItem(CART_KEY, JSON.stringify([line]));
    const event = Object.assign(new Event('storage'), { key: CART_KEY });
    tab.dispatchEvent(event);
    expect(getCartLines()).toEqual([line]);
    expect(seen).toEqual([4]);

    // Another key changing is not the cart's business.
    tab.dispatchEvent(Object.assign(new Event('storage'), { key: 'token' }));
    expect(seen).toEqual([4]);

    unsubscribe();
    storage.setItem(CART_KEY, '[]');
    tab.dispatchEvent(event);
    expect(seen).toEqual([4]);
  });
});

// The reminder's link (decision 043): the unpaid order's lines go back in the cart, and the next
// order says which order it was recovered from, while the link is recent and only once.
const LAPSED = '99999999-9999-4999-8999-999999999999';
const soapLine: CartLine = {
  productId: '44444444-4444-4444-4444-444444444444',
  name: 'Black Soap',
  price: 200,
  image: '/media/soap.webp',
  selectedVariant: null,
  variantId: null,
  quantity: 3,
};
const order = {
  _id: LAPSED,
  status: 'expired',
  items: [
    {
      productId: '11111111-1111-1111-1111-111111111111',
      name: 'Aloe Gel',
      price: 450,
      quantity: 2,
      selectedVariant: '22222222-2222-2222-2222-222222222222',
      variantLabel: '50ml',
      image: null,
    },
    { ...soapLine, selectedVariant: null, variantLabel: null, quantity: 1 },
  ],
} as unknown as Order;

describe('a cart recovered from an unpaid order', () => {
  it('puts the order’s lines back, keeping what the cart held and at least the order’s quantities', () => {
    setCartLines([soapLine]);
    rebuildCartFrom(order);
    expect(getCartLines()).toEqual([
      soapLine,
      {
        productId: '11111111-1111-1111-1111-111111111111',
        variantId: '22222222-2222-2222-2222-222222222222',
        name: 'Aloe Gel',
        price: 450,
        image: '/placeholder-product.svg',
        selectedVariant: '50ml',
        quantity: 2,
      },
    ]);
  });

  it('marks the next order as recovered from it, while the link is recent, until forgotten', () => {
    expect(recoveredFrom()).toBeNull();
    const now = Date.now();
    rememberRecovery(LAPSED, now);
    expect(recoveredFrom(now + 1000)).toBe(LAPSED);
    expect(recoveredFrom(now + RECOVERY_TTL_MS)).toBeNull();
    forgetRecovery();
    expect(recoveredFrom(now)).toBeNull();
  });
});
