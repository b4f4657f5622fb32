// The order limits every journey server starts with (global-setup.ts, payment-server.ts). The
// limits themselves are tested over HTTP (decision 029); here checkout journeys run in parallel
// from one address (127.0.0.1) with one phone number, place many orders and leave many unpaid
// on purpose, unlike real shoppers.
export const JOURNEY_ORDER_LIMITS = {
  RATE_LIMIT_ORDERS: '1000',
  MAX_OPEN_ORDERS_PER_CLIENT: '1000',
  RATE_LIMIT_ORDERS_PER_ADDRESS: '100000',
  MAX_OPEN_ORDERS_PER_ADDRESS: '100000',
  MAX_HELD_UNITS_PER_SHOP: '1000000',
  HELD_ORDERS_WORTH_PER_PRODUCT: '1000',
  ADDRESS_HOLD_FACTOR: '1000',
  MPESA_PROMPTS_PER_PHONE: '10000',
  MPESA_PROMPTS_PER_ORDER: '10000',
} as const;
