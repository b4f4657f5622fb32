// An order's states and the one table of moves between them. The server's orders module makes
// every move through this table and nothing else; what a move does to stock, discount-code uses,
// units sold and the refund flag is written here, next to the move, so it is read in one place.
// No zod here: the storefront's first load may use these rules (orders.ts holds the schemas).

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'confirmed',
  'shipped',
  'delivered',
  'payment_failed',
  'reversed',
  'expired',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A state in words, as the shopper's order page and the admin's filter show it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  payment_failed: 'Payment failed',
  reversed: 'Payment reversed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** What a move does to the stock of the order's lines (and to its discount code's use). */
export type HoldEffect = 'take' | 'return' | 'none';

export type OrderMove = {
  from: OrderStatus;
  to: OrderStatus;
  /**
   * `take`: the lines' stock is taken again (the move fails with out_of_stock when it is not
   * there); `return`: given back to sale.
   */
  stock: HoldEffect;
  /**
   * The discount code's use: `return` gives it back; `take` takes it again while the code has a
   * use left (the shopper already paid the discounted price, so the order stands either way).
   */
  codeUse: HoldEffect;
  /** Units sold rank the popular choices: counted on confirmation, taken back when undone. */
  unitsSold: 'count' | 'uncount' | 'none';
  /**
   * `flag`: money the order received must go back to the shopper (only when it was paid);
   * `clear`: the provider has given it back.
   */
  refund: 'flag' | 'clear' | 'none';
  /** What makes the move, for people reading the table. */
  by: string;
};

const move = (
  from: OrderStatus,
  to: OrderStatus,
  by: string,
  effects: Partial<Pick<OrderMove, 'stock' | 'codeUse' | 'unitsSold' | 'refund'>> = {},
): OrderMove => ({
  from,
  to,
  by,
  stock: 'none',
  codeUse: 'none',
  unitsSold: 'none',
  refund: 'none',
  ...effects,
});

const giveBack = { stock: 'return', codeUse: 'return' } as const;

/**
 * Every move an order may make. A pair that is not here is refused. `pending_payment` holds the
 * lines' stock and the code's use from the moment the order is placed; so do `paid`,
 * `confirmed`, `shipped` and `delivered`. The other states hold nothing.
 */
export const ORDER_MOVES: readonly OrderMove[] = [
  // Paying online: the verified payment, then the delivery form that travelled with it.
  move('pending_payment', 'paid', 'a verified payment'),
  move('paid', 'confirmed', 'the final checkout, or the payment when the form came with it', {
    unitsSold: 'count',
  }),
  // Paying on delivery: the final checkout confirms at once.
  move('pending_payment', 'confirmed', 'the final checkout of a pay-on-delivery order', {
    unitsSold: 'count',
  }),
  move('pending_payment', 'payment_failed', 'a failed payment', giveBack),
  move('pending_payment', 'expired', 'the hold running out unpaid', giveBack),
  move('pending_payment', 'reversed', 'a payment reversed before it was seen completed', giveBack),
  move('pending_payment', 'cancelled', 'the shop or the shopper, before payment', giveBack),
  // A payment verified after the hold ran out: the stock is taken again when it is still
  // there; otherwise the order is cancelled and the money goes back.
  move('expired', 'paid', 'a payment verified after the hold ran out', {
    stock: 'take',
    codeUse: 'take',
  }),
  move('payment_failed', 'paid', 'a payment completed after an attempt failed', {
    stock: 'take',
    codeUse: 'take',
  }),
  move('expired', 'cancelled', 'a late payment for items sold meanwhile', { refund: 'flag' }),
  move('payment_failed', 'cancelled', 'a late payment for items sold meanwhile', {
    refund: 'flag',
  }),
  move('paid', 'reversed', 'the provider reversing the payment', giveBack),
  move('paid', 'cancelled', 'the shop, or an admin', { ...giveBack, refund: 'flag' }),
  // Fulfilment.
  move('confirmed', 'shipped', 'the shop sending the order'),
  move('shipped', 'delivered', 'the shop handing the order over'),
  move('confirmed', 'cancelled', 'the shop, or an admin, before sending', {
    ...giveBack,
    unitsSold: 'uncount',
    refund: 'flag',
  }),
  move('confirmed', 'reversed', 'the provider reversing the payment', {
    ...giveBack,
    unitsSold: 'uncount',
  }),
  // Sent goods are not back on the shelf: a reversal after sending returns no stock.
  move('shipped', 'reversed', 'the provider reversing the payment', {
    codeUse: 'return',
    unitsSold: 'uncount',
  }),
  move('delivered', 'reversed', 'the provider reversing the payment', {
    codeUse: 'return',
    unitsSold: 'uncount',
  }),
  // The last part still to send cancelled while the others were delivered (order parts).
  move('confirmed', 'delivered', 'the last open part cancelled, the others delivered'),
  // The money of a cancelled order given back by the provider, unasked...
  move('cancelled', 'reversed', 'the provider reversing the payment', { refund: 'clear' }),
  // ...or as the refund an admin asked for (set only when the provider confirms it).
  move('cancelled', 'refunded', 'the provider confirming the refund', { refund: 'clear' }),
];

export function findOrderMove(from: OrderStatus, to: OrderStatus): OrderMove | undefined {
  return ORDER_MOVES.find((m) => m.from === from && m.to === to);
}

/** States in which the order's lines keep their stock (and the code its use) off sale. */
export const HOLDING_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'pending_payment',
  'paid',
  'confirmed',
  'shipped',
  'delivered',
]);

/** States whose units count as sold. */
export const SOLD_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'confirmed',
  'shipped',
  'delivered',
]);

// ---------------------------------------------------------------------------------------------
// Order parts: an order holds one part per shop (that shop's lines), fulfilled on its own.

/**
 * A part waits (`pending_payment`) until its order is confirmed, then is sent and handed over,
 * or cancelled before it is sent. The order's own state follows its parts (orderStateOfParts).
 */
export const PART_STATUSES = [
  'pending_payment',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
] as const satisfies readonly OrderStatus[];
export type PartStatus = (typeof PART_STATUSES)[number];

/** What a shop's owner (or an admin) does to a part: the only moves a person makes on one. */
export const PART_ACTIONS = {
  ship: { from: 'confirmed', to: 'shipped' },
  deliver: { from: 'shipped', to: 'delivered' },
  cancel: { from: 'confirmed', to: 'cancelled' },
} as const satisfies Record<string, { from: PartStatus; to: PartStatus }>;
export type PartAction = keyof typeof PART_ACTIONS;

/**
 * The state an order in fulfilment takes from its parts: cancelled when every part is; else
 * delivered when every part still going is delivered, shipped when every one has at least left.
 */
export function orderStateOfParts(parts: readonly PartStatus[]): OrderStatus {
  const going = parts.filter((status) => status !== 'cancelled');
  if (going.length === 0) return 'cancelled';
  if (going.every((status) => status === 'delivered')) return 'delivered';
  if (going.every((status) => status === 'shipped' || status === 'delivered')) return 'shipped';
  return 'confirmed';
}

/** Orders nobody needs to act on: an abandoned checkout is not an order to fulfil. */
export const UNPLACED_STATUSES = ['pending_payment', 'expired', 'payment_failed'] as const;

// ---------------------------------------------------------------------------------------------
// Refunds

/** Why an order's money must go back to the shopper. */
export const REFUND_REASONS = [
  'paid_twice',
  'sold_out_after_payment',
  'amount_mismatch',
  'cancelled_after_payment',
  'paid_after_close',
  'part_cancelled',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** What the order page says about a refund the shop owes. */
export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  paid_twice:
    'This order was paid twice. The second payment will be refunded to you; nothing more is needed from you.',
  sold_out_after_payment:
    'Your payment arrived after the items sold out, so the order was cancelled. The shop will refund the payment.',
  amount_mismatch:
    'The payment received does not match the order total. The shop will refund it; please place the order again.',
  cancelled_after_payment: 'This order was cancelled after it was paid. The shop will refund it.',
  paid_after_close:
    'A payment arrived for an order that was already closed. The shop will refund it.',
  part_cancelled:
    'Part of this order was cancelled after it was paid. The shop will refund that part.',
};

/** Where a refund the admin asked the payment provider for stands. */
export const REFUND_STATUSES = ['requested', 'completed', 'refused'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * What happened to an order, one per move (DESIGN.md "One move, one event"): the order placed,
 * the order or one shop's part taking a state, and money given back. Messages follow these.
 */
export type OrderEventKind =
  'order.placed' | `order.${OrderStatus}` | `part.${PartStatus}` | 'refund.completed';

export const ORDER_EVENT_KINDS: readonly OrderEventKind[] = [
  'order.placed',
  ...ORDER_STATUSES.map((status) => `order.${status}` as const),
  ...PART_STATUSES.map((status) => `part.${status}` as const),
  'refund.completed',
];
