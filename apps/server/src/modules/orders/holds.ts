// Holds: an unpaid order holds its stock, so one client (and one network address) may hold only
// so much at once (decision 029). Here are those bounds' settings, the figures the order's
// statement checks them with, and what the shopper is told when one is passed.
import { problemText } from '@soko/contract';
import { AppError } from '../../platform/errors';
import { lineLabel } from './stock';
import type { PricedLine } from './pricing';

export type OrderSettings = {
  orderHoldMinutes: number;
  /** Unpaid orders one client may hold open at once (MAX_OPEN_ORDERS_PER_CLIENT). */
  maxOpenOrders: number;
  /** Unpaid orders one network address may hold open at once (MAX_OPEN_ORDERS_PER_ADDRESS). */
  maxOpenOrdersPerAddress: number;
  /** Units of one shop one client may hold in unpaid orders at once (MAX_HELD_UNITS_PER_SHOP). */
  maxHeldUnitsPerShop: number;
  /** Of one product: this many times the shop's per-order maximum (HELD_ORDERS_WORTH_PER_PRODUCT). */
  heldOrdersWorthPerProduct: number;
  /**
   * How many times a client's bounds on held units one network address may hold
   * (ADDRESS_HOLD_FACTOR, 5): a carrier's address is many shoppers, but an unpaid hold lasts
   * minutes, and five clients' worth of one shop at once (150 units by default) is more than
   * real shoppers behind one address hold together, while one address can no longer take most
   * of a shop (decision 029).
   */
  addressHoldFactor: number;
};

/**
 * One client may hold only so many unpaid orders open at once: each holds stock, and without a
 * bound one script could take a whole shop's stock off sale. The order's statement counts them
 * under the client's lock (soko_lock_client_orders, migration 0011), after every order committed
 * by whoever held it before, so two orders at once cannot both pass, and shoppers sharing an
 * address wait on each other only for the length of that statement.
 */
export function tooManyOpenOrders(settings: OrderSettings, firstLapse: Date, now: Date): AppError {
  const waitSeconds = Math.max(1, Math.ceil((firstLapse.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(waitSeconds / 60);
  return new AppError(
    429,
    'too_many_open_orders',
    problemText('tooManyOpenOrders', {
      count: settings.maxOpenOrders,
      wait: `${minutes} minute${minutes === 1 ? '' : 's'}`,
    }),
    { details: { retryAfterSeconds: waitSeconds } },
  );
}

/** Minutes until `lapse`, at least one, and the seconds for Retry-After. */
function waitUntil(lapse: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((lapse.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return { seconds, minutes: `${minutes} minute${minutes === 1 ? '' : 's'}` };
}

/**
 * The address's bound on open orders (MAX_OPEN_ORDERS_PER_ADDRESS): a last resort against one
 * machine posing as many devices, said as what it is, not as the shopper's own five.
 */
export function tooManyOpenOrdersFromAddress(settings: OrderSettings, lapse: Date, now: Date) {
  const wait = waitUntil(lapse, now);
  return new AppError(
    429,
    'too_many_open_orders_address',
    problemText('tooManyOpenOrdersFromNetwork', {
      max: settings.maxOpenOrdersPerAddress,
      wait: wait.minutes,
    }),
    { details: { retryAfterSeconds: wait.seconds } },
  );
}

/**
 * A bound on units held in unpaid orders (decision 029), passed by this order: of one product or
 * one shop, by this client or by everyone at this address. DETAIL is 'id:held:max:lapse'.
 */
export function tooManyHeld(
  kind: string,
  detail: string,
  lines: readonly PricedLine[],
  now: Date,
): AppError {
  const [id = '', heldText = '0', maxText = '0', lapseText = '0'] = detail.split(':');
  const held = Number(heldText);
  const max = Number(maxText);
  const wait = waitUntil(new Date(Number(lapseText) * 1000), now);
  const line = lines.find((l) => (kind.endsWith('shop') ? l.shopId : l.productId) === id);
  const values = {
    held,
    max,
    item: line ? lineLabel(line.name, null) : 'this item',
    shop: line?.shopName ?? 'this shop',
    more: max > held ? `at most ${max - held} more` : 'no more',
    wait: wait.minutes,
  };
  const network = kind.startsWith('network_');
  const message = kind.endsWith('shop')
    ? problemText(network ? 'networkHeldFromShop' : 'heldFromShop', values)
    : problemText(network ? 'networkHeldOfProduct' : 'heldOfProduct', values);
  return new AppError(429, 'too_many_held', message, {
    details: {
      retryAfterSeconds: wait.seconds,
      [kind.endsWith('shop') ? 'shopId' : 'productId']: id,
      held,
      max,
    },
  });
}

/** PostgreSQL's integer (int4) holds no more. */
const INT4_MAX = 2_147_483_647;

/**
 * The order's units per product and per shop, each with a client's bound on what it may hold in
 * unpaid orders at once: of one product, the shop's own per-order maximum (one order's worth,
 * times HELD_ORDERS_WORTH_PER_PRODUCT);
 * of one shop, MAX_HELD_UNITS_PER_SHOP, or that maximum when the shop allows more in one order.
 */
export function heldUnits(lines: readonly PricedLine[], settings: OrderSettings) {
  // The statement multiplies each bound by the address factor in a PostgreSQL integer: a bound
  // set beyond that is no bound at all, and is held at the largest that fits.
  const largest = Math.floor(INT4_MAX / settings.addressHoldFactor);
  const bound = (max: number) => Math.min(max, largest);
  const productUnits = new Map<string, { units: number; max: number }>();
  const shopUnits = new Map<string, { units: number; max: number }>();
  for (const line of lines) {
    const product = productUnits.get(line.productId) ?? {
      units: 0,
      max: bound(line.maxPerOrder * settings.heldOrdersWorthPerProduct),
    };
    product.units += line.quantity;
    productUnits.set(line.productId, product);
    const shopMax = bound(Math.max(settings.maxHeldUnitsPerShop, line.maxPerOrder));
    const shop = shopUnits.get(line.shopId) ?? { units: 0, max: shopMax };
    shop.units += line.quantity;
    shopUnits.set(line.shopId, shop);
  }
  return {
    heldProducts: [...productUnits.keys()],
    heldProductUnits: [...productUnits.values()].map((v) => v.units),
    heldProductMax: [...productUnits.values()].map((v) => v.max),
    heldShops: [...shopUnits.keys()],
    heldShopUnits: [...shopUnits.values()].map((v) => v.units),
    heldShopMax: [...shopUnits.values()].map((v) => v.max),
  };
}
