// What an order's people hear, and when (issue 30, DESIGN.md "Messages", decision 034). The
// messages follow the order's events (orders/events.ts): one event, read with the order as it
// stands, makes the messages below, written in the transaction that marks the event followed.
// The words are here, in one place; who gets which message is messagesForEvent.
import {
  formatKsh,
  fromCents,
  normalizeKenyanPhone,
  partDestinationText,
  SHIPPING_OPTIONS,
  SOLD_STATUSES,
  type Order,
  type OrderPart,
} from '@soko/contract';
import type { OrderEvent, OrderForMessages, ShopOwner } from '../orders';
import type { NewMessage } from './outbox';

/** Where the messages come from: the storefront the order was placed at. */
export type MessageOrigin = { senderName: string; site: string };

const orderLink = (origin: MessageOrigin, order: Order) => `${origin.site}/orders/${order._id}`;

const hello = (order: Order) => (order.firstName ? `Hello ${order.firstName},` : 'Hello,');

function linesText(order: Order): string[] {
  return order.items.map((item) => {
    const name = item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name;
    return `- ${item.quantity} x ${name}: ${formatKsh(item.price * item.quantity)}`;
  });
}

function deliveryText(order: Order): string {
  const where = [order.address, order.city, order.county].filter(Boolean).join(', ');
  const how = SHIPPING_OPTIONS[order.shippingOption].label;
  return where ? `${how} delivery to ${where}` : `${how} delivery`;
}

/**
 * Where one shop's part goes (decision 035): its pickup counter as the order page says it, or
 * the order's door with its whole address.
 */
const partWhere = (order: Order, part: OrderPart): string =>
  part.pickupCounter ? partDestinationText(part) : deliveryText(order);

/**
 * The shopper's lines on delivery: one when the whole order goes one way, else one a shop with
 * its fee (each shop sends its own parcel at its own price).
 */
function deliveryLines(order: Order): string[] {
  const [only] = order.parts;
  if (order.parts.length <= 1 && !only?.pickupCounter) return [`Delivery: ${deliveryText(order)}`];
  return [
    'Delivery, by shop:',
    ...order.parts.map(
      (part) => `- ${part.shopName}: ${partWhere(order, part)}, ${formatKsh(part.delivery)}`,
    ),
  ];
}

const paymentText = (order: Order) =>
  order.payOnOrder ? 'Paid online' : 'Pay on delivery, when your order arrives';

const signOff = (origin: MessageOrigin) => ['', `${origin.senderName}`, origin.site];

type Draft = Omit<NewMessage, 'senderName' | 'orderId'>;
type ShopperKind = Extract<
  NewMessage['kind'],
  | 'order_received'
  | 'payment_failed'
  | 'part_shipped'
  | 'part_delivered'
  | 'part_cancelled'
  | 'order_cancelled'
  | 'order_refunded'
>;

/** Who the shopper is, to each builder below. */
type Shopper = { order: Order; origin: MessageOrigin; userId: string | null };

/**
 * The shopper's mail, when the order has an email: a greeting, `lines`, then where to see the
 * order (`linkLabel`) and the shop's name.
 */
function shopperEmail(
  { order, origin, userId }: Shopper,
  kind: ShopperKind,
  subject: string,
  lines: readonly string[],
  linkLabel = 'See your order',
): Draft[] {
  if (!order.email) return [];
  const body = [hello(order), '', ...lines, '', `${linkLabel}: ${orderLink(origin, order)}`];
  return [
    {
      channel: 'email',
      kind,
      userId,
      recipient: order.email,
      subject,
      body: [...body, ...signOff(origin)].join('\n'),
    },
  ];
}

/** The shopper's SMS, to the order's own phone when it is a Kenyan mobile: `text` and the link. */
function shopperSms({ order, origin, userId }: Shopper, kind: ShopperKind, text: string): Draft[] {
  // The checkout stored it as +254… (normalizeKenyanPhone), the form an SMS goes to.
  const recipient = normalizeKenyanPhone(order.phoneNumber);
  if (!recipient) return [];
  const body = `${origin.senderName}: ${text} ${orderLink(origin, order)}`;
  return [{ channel: 'sms', kind, userId, recipient, subject: '', body }];
}

function orderReceived(shopper: Shopper): Draft[] {
  const { order, origin } = shopper;
  return [
    ...shopperEmail(
      shopper,
      'order_received',
      `Your ${origin.senderName} order ${order.orderId}`,
      [
        `Thank you for your order ${order.orderId}. This is your copy of it.`,
        '',
        ...linesText(order),
        '',
        `Subtotal: ${formatKsh(order.subtotal)}`,
        ...(order.discount > 0 ? [`Discount: -${formatKsh(order.discount)}`] : []),
        `Delivery: ${formatKsh(order.shipping)}`,
        `Total: ${formatKsh(order.totalPrice)}`,
        '',
        ...deliveryLines(order),
        `Payment: ${paymentText(order)}`,
      ],
      'See your order and follow it',
    ),
    ...shopperSms(
      shopper,
      'order_received',
      `order ${order.orderId} received, ${formatKsh(order.totalPrice)}.`,
    ),
  ];
}

function paymentFailed(shopper: Shopper): Draft[] {
  const { order } = shopper;
  return [
    ...shopperEmail(
      shopper,
      'payment_failed',
      `Your payment for order ${order.orderId} did not go through`,
      [
        order.status === 'expired'
          ? `We did not receive the payment for your order ${order.orderId} in time, so it was not placed.`
          : `The payment for your order ${order.orderId} did not go through, so it was not placed.`,
        '',
        ...linesText(order),
        `Total: ${formatKsh(order.totalPrice)}`,
      ],
      'Pay again',
    ),
    ...shopperSms(
      shopper,
      'payment_failed',
      `payment for order ${order.orderId} did not go through. Pay again:`,
    ),
  ];
}

/** The order's items that one shop's part holds. */
const itemsOf = (facts: Facts, part: OrderPart) =>
  facts.order.items.filter((_, i) => facts.itemShops[i] === part.shopId);

type Facts = Pick<OrderForMessages, 'order' | 'itemShops' | 'owners'>;

const PART_WORDS = {
  part_shipped: { subject: 'is on its way', did: 'has sent' },
  part_delivered: { subject: 'was delivered', did: 'has delivered' },
  part_cancelled: { subject: 'was cancelled', did: 'has cancelled' },
} as const;

function partMessage(
  kind: keyof typeof PART_WORDS,
  facts: Facts,
  part: OrderPart,
  shopper: Shopper,
): Draft[] {
  const { order } = facts;
  const whole = order.parts.length === 1;
  const words = PART_WORDS[kind];
  const after = [
    ...(kind === 'part_shipped' && part.trackingNote ? [`Tracking: ${part.trackingNote}`] : []),
    ...(kind === 'part_shipped' && part.pickupCounter
      ? [`Collect it at: ${partWhere(order, part).replace(/^Pickup at /, '')}.`]
      : []),
    ...(kind === 'part_cancelled' && part.refund > 0
      ? [`${formatKsh(part.refund)} of your payment will be refunded.`]
      : []),
  ];
  const tracking = part.trackingNote ? ` Tracking: ${part.trackingNote}.` : '';
  return [
    ...shopperEmail(
      shopper,
      kind,
      `${whole ? 'Your order' : 'Part of your order'} ${order.orderId} ${words.subject}`,
      [
        `${part.shopName} ${words.did} ${whole ? 'your order' : 'these items'}:`,
        ...itemsOf(facts, part).map((item) => `- ${item.quantity} x ${item.name}`),
        ...(after.length > 0 ? ['', ...after] : []),
      ],
    ),
    // Only the parcel on its way is worth a text: the shopper may need to be there for it.
    ...(kind === 'part_shipped'
      ? shopperSms(
          shopper,
          kind,
          `${whole ? 'your order' : 'part of order'} ${order.orderId} is on its way.${tracking}`,
        )
      : []),
  ];
}

function orderCancelled(shopper: Shopper): Draft[] {
  const { order } = shopper;
  return shopperEmail(shopper, 'order_cancelled', `Your order ${order.orderId} was cancelled`, [
    `Your order ${order.orderId} was cancelled.`,
    ...(order.refundReason
      ? ['', 'The money you paid for it will be refunded: we tell you when it is.']
      : []),
  ]);
}

function orderRefunded(shopper: Shopper, cents: number): Draft[] {
  const { order } = shopper;
  const amount = formatKsh(fromCents(cents));
  return shopperEmail(shopper, 'order_refunded', `${amount} refunded for order ${order.orderId}`, [
    `${amount} of your payment for order ${order.orderId} has been refunded to the account you paid from.`,
  ]);
}

/** The owner's copy: what to send and where, to their account's email. */
function ownerNewPart(
  facts: Facts,
  part: OrderPart,
  owner: ShopOwner,
  origin: MessageOrigin,
): Draft {
  const { order } = facts;
  const items = itemsOf(facts, part);
  return {
    channel: 'email',
    kind: 'owner_new_part',
    userId: owner.userId,
    recipient: owner.email,
    subject: `New order ${order.orderId} for ${part.shopName}`,
    body: [
      `A new order for ${part.shopName} is ready to send.`,
      '',
      `Order ${order.orderId} (${order.payOnOrder ? 'paid online' : 'pay on delivery'}):`,
      ...items.map((item) => {
        const name = item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name;
        return `- ${item.quantity} x ${name}: ${formatKsh(item.price * item.quantity)}`;
      }),
      `Your part: ${formatKsh(part.subtotal)}`,
      `Delivery fee: ${formatKsh(part.delivery)}`,
      '',
      partWhere(order, part),
      `For ${[order.firstName, order.lastName].filter(Boolean).join(' ')}, ${order.phoneNumber}`,
      '',
      `Open your orders: ${origin.site}/shops/${part.shopId ?? ''}/orders`,
      ...signOff(origin),
    ].join('\n'),
  };
}

function ownerPartCancelled(
  order: Order,
  part: OrderPart,
  owner: ShopOwner,
  origin: MessageOrigin,
  why: 'admin' | 'reversed',
): Draft {
  const what =
    why === 'admin'
      ? `An administrator cancelled ${part.shopName}'s part of order ${order.orderId}.`
      : `The payment for order ${order.orderId} was reversed, so ${part.shopName}'s part is cancelled.`;
  return {
    channel: 'email',
    kind: 'owner_part_cancelled',
    userId: owner.userId,
    recipient: owner.email,
    subject: `Order ${order.orderId} was cancelled: do not send it`,
    body: [
      `${what} Do not send it; its items are back in stock.`,
      '',
      `Open your orders: ${origin.site}/shops/${part.shopId ?? ''}/orders`,
      ...signOff(origin),
    ].join('\n'),
  };
}

// States in which an order's shops had it to send (and may have started packing).
const PLACED_FROM: ReadonlySet<string> = new Set([...SOLD_STATUSES, 'paid']);

/** The messages one event makes, for the order as it stands now. */
export function messagesForEvent(
  event: OrderEvent,
  facts: Pick<OrderForMessages, 'order' | 'itemShops' | 'owners' | 'userId'>,
  origin: MessageOrigin,
): NewMessage[] {
  const { order, owners, userId } = facts;
  const shopper: Shopper = { order, origin, userId };
  const partOf = (shopId: string | null) => order.parts.find((part) => part.shopId === shopId);
  const ownerOf = (part: OrderPart) => (part.shopId ? owners.get(part.shopId) : undefined);
  const from = typeof event.data.from === 'string' ? event.data.from : null;
  const drafts: Draft[] = [];
  switch (event.kind) {
    case 'order.confirmed': {
      drafts.push(...orderReceived(shopper));
      for (const part of order.parts) {
        const owner = ownerOf(part);
        if (!owner) continue;
        drafts.push(ownerNewPart(facts, part, owner, origin));
        if (owner.verifiedPhone) {
          drafts.push({
            channel: 'sms',
            kind: 'owner_new_part',
            userId: owner.userId,
            recipient: owner.verifiedPhone,
            subject: '',
            body: `${origin.senderName}: new order ${order.orderId} for ${part.shopName}, ${formatKsh(part.subtotal)} to send. ${origin.site}/shops/${part.shopId ?? ''}/orders`,
          });
        }
      }
      break;
    }
    case 'order.payment_failed':
    case 'order.expired':
      drafts.push(...paymentFailed(shopper));
      break;
    case 'part.shipped':
    case 'part.delivered':
    case 'part.cancelled': {
      const part = partOf(event.shopId);
      if (!part) break;
      const kind = PART_MESSAGE[event.kind];
      drafts.push(...partMessage(kind, facts, part, shopper));
      const owner = ownerOf(part);
      if (event.kind === 'part.cancelled' && event.actor === 'admin' && owner) {
        drafts.push(ownerPartCancelled(order, part, owner, origin, 'admin'));
      }
      break;
    }
    case 'order.cancelled':
    case 'order.reversed': {
      // An order that follows its parts there was told of part by part.
      if (event.data.note === 'follows its parts') break;
      if (event.kind === 'order.cancelled' && event.actor !== 'shopper') {
        drafts.push(...orderCancelled(shopper));
      }
      // Its shops had it to send: they must not.
      if (from && PLACED_FROM.has(from)) {
        const why = event.kind === 'order.reversed' ? 'reversed' : 'admin';
        for (const part of order.parts) {
          const owner = ownerOf(part);
          if (owner && part.status === 'cancelled')
            drafts.push(ownerPartCancelled(order, part, owner, origin, why));
        }
      }
      break;
    }
    case 'refund.completed': {
      const cents = typeof event.data.cents === 'number' ? event.data.cents : 0;
      if (cents > 0) drafts.push(...orderRefunded(shopper, cents));
      break;
    }
    default:
      break;
  }
  return drafts.map((draft) => ({ ...draft, senderName: origin.senderName, orderId: order._id }));
}

const PART_MESSAGE = {
  'part.shipped': 'part_shipped',
  'part.delivered': 'part_delivered',
  'part.cancelled': 'part_cancelled',
} as const;
