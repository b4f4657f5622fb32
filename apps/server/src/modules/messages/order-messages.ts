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
  type Locale,
  type Order,
  type OrderPart,
} from '@soko/contract';
import type { OrderEvent, OrderForMessages, ShopOwner } from '../orders';
import type { ReceiptLink } from '../receipts';
import type { NewMessage } from './outbox';
import { linkIn, MESSAGE_TEXTS, type MessageTexts } from './texts';

/** Where the messages come from: the storefront the order was placed at. */
export type MessageOrigin = { senderName: string; site: string };

/** The order's lines as its mails list them: `- 2 x Kikoi (L): Ksh 2,000`. */
export function linesText(order: Order, locale: Locale = 'en'): string[] {
  return order.items.map((item) => {
    const name = item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name;
    return `- ${item.quantity} x ${name}: ${formatKsh(item.price * item.quantity, locale)}`;
  });
}

/** The door the order goes to, in the owner's words (their messages stay English). */
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

/** Who the shopper is, to each builder below, and the language they read. */
type Shopper = {
  order: Order;
  origin: MessageOrigin;
  userId: string | null;
  locale: Locale;
  texts: MessageTexts;
};

const ksh = (shopper: Shopper, amount: number) => formatKsh(amount, shopper.locale);

/** A page of the site, linked in the shopper's language. */
const siteLink = (shopper: Shopper, path: string) =>
  linkIn(shopper.locale, `${shopper.origin.site}${path}`);

const orderLink = (shopper: Shopper) => siteLink(shopper, `/orders/${shopper.order._id}`);

/** The order's door, in the shopper's language. */
function doorText({ order, texts }: Shopper): string {
  const where = [order.address, order.city, order.county].filter(Boolean).join(', ');
  return texts.doorDelivery(order.shippingOption, where);
}

/** Where a part goes, in the shopper's language: its counter, or the order's door. */
const shopperPartWhere = (shopper: Shopper, part: OrderPart): string =>
  part.pickupCounter ? shopper.texts.pickupPlace(part.pickupCounter) : doorText(shopper);

/**
 * The shopper's lines on delivery: one when the whole order goes one way, else one a shop with
 * its fee (each shop sends its own parcel at its own price).
 */
function deliveryLines(shopper: Shopper): string[] {
  const { order, texts } = shopper;
  const [only] = order.parts;
  if (order.parts.length <= 1 && !only?.pickupCounter) {
    return [texts.deliveryLine(doorText(shopper))];
  }
  return [
    texts.deliveryByShop,
    ...order.parts.map(
      (part) =>
        `- ${part.shopName}: ${shopperPartWhere(shopper, part)}, ${ksh(shopper, part.delivery)}`,
    ),
  ];
}

const signOff = (origin: MessageOrigin) => ['', `${origin.senderName}`, origin.site];

/**
 * The links to the receipts an event issued (decision 045): `Your receipt: …`, or one line a
 * shop when the order's parts each got one.
 */
function receiptLines(shopper: Shopper, receipts: readonly ReceiptLink[]) {
  const { order, texts } = shopper;
  const link = (receipt: ReceiptLink) =>
    siteLink(shopper, `/orders/${order._id}/receipts/${receipt.id}`);
  if (receipts.length === 1 && receipts[0]) return [texts.yourReceipt(link(receipts[0]))];
  return receipts.map((receipt) => {
    const shop = order.parts.find((part) => part.shopId === receipt.shopId)?.shopName;
    return texts.yourReceiptFrom(shop ?? receipt.numberText, link(receipt));
  });
}

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

/**
 * The shopper's mail, when the order has an email: a greeting, `lines`, then where to see the
 * order (`linkLabel`) and the shop's name.
 */
function shopperEmail(
  shopper: Shopper,
  kind: ShopperKind,
  subject: string,
  lines: readonly string[],
  linkLabel = shopper.texts.seeOrder,
): Draft[] {
  const { order, origin, userId, texts } = shopper;
  if (!order.email) return [];
  const body = [
    texts.hello(order.firstName),
    '',
    ...lines,
    '',
    `${linkLabel}: ${orderLink(shopper)}`,
  ];
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
function shopperSms(shopper: Shopper, kind: ShopperKind, text: string): Draft[] {
  const { order, origin, userId } = shopper;
  // The checkout stored it as +254… (normalizeKenyanPhone), the form an SMS goes to.
  const recipient = normalizeKenyanPhone(order.phoneNumber);
  if (!recipient) return [];
  const body = `${origin.senderName}: ${text} ${orderLink(shopper)}`;
  return [{ channel: 'sms', kind, userId, recipient, subject: '', body }];
}

function orderReceived(shopper: Shopper, receipts: readonly ReceiptLink[]): Draft[] {
  const { order, origin, texts } = shopper;
  const words = texts.received;
  const links = receiptLines(shopper, receipts);
  return [
    ...shopperEmail(
      shopper,
      'order_received',
      words.subject(origin.senderName, order.orderId),
      [
        words.thanks(order.orderId),
        '',
        ...linesText(order, shopper.locale),
        '',
        words.subtotal(ksh(shopper, order.subtotal)),
        ...(order.discount > 0 ? [words.discount(ksh(shopper, order.discount))] : []),
        words.deliveryFee(ksh(shopper, order.shipping)),
        texts.total(ksh(shopper, order.totalPrice)),
        '',
        ...deliveryLines(shopper),
        words.payment(order.payOnOrder ? texts.paidOnline : texts.payOnDelivery),
        ...(links.length > 0 ? ['', ...links] : []),
      ],
      texts.seeOrderAndFollow,
    ),
    ...shopperSms(
      shopper,
      'order_received',
      words.sms(order.orderId, ksh(shopper, order.totalPrice)),
    ),
  ];
}

function paymentFailed(shopper: Shopper): Draft[] {
  const { order, texts } = shopper;
  const words = texts.paymentFailed;
  return [
    ...shopperEmail(
      shopper,
      'payment_failed',
      words.subject(order.orderId),
      [
        order.status === 'expired' ? words.expired(order.orderId) : words.failed(order.orderId),
        '',
        ...linesText(order, shopper.locale),
        texts.total(ksh(shopper, order.totalPrice)),
      ],
      texts.payAgain,
    ),
    ...shopperSms(shopper, 'payment_failed', words.sms(order.orderId)),
  ];
}

/** The order's items that one shop's part holds. */
const itemsOf = (facts: Facts, part: OrderPart) =>
  facts.order.items.filter((_, i) => facts.itemShops[i] === part.shopId);

type Facts = Pick<OrderForMessages, 'order' | 'itemShops' | 'owners'>;

function partMessage(
  kind: 'part_shipped' | 'part_delivered' | 'part_cancelled',
  facts: Facts,
  part: OrderPart,
  shopper: Shopper,
  receipts: readonly ReceiptLink[],
): Draft[] {
  const { order } = facts;
  const words = shopper.texts.part;
  const whole = order.parts.length === 1;
  const after = [
    ...(kind === 'part_shipped' && part.trackingNote ? [words.tracking(part.trackingNote)] : []),
    ...(kind === 'part_shipped' && part.pickupCounter
      ? [words.collectAt(shopper.texts.pickupPlaceBare(part.pickupCounter))]
      : []),
    ...(kind === 'part_cancelled' && part.refund > 0
      ? [words.refund(ksh(shopper, part.refund))]
      : []),
    // Paid on delivery, the part's receipt comes with its delivery.
    ...receiptLines(shopper, receipts),
  ];
  return [
    ...shopperEmail(shopper, kind, words.subject(kind, whole, order.orderId), [
      words.done(kind, whole, part.shopName),
      ...itemsOf(facts, part).map((item) => `- ${item.quantity} x ${item.name}`),
      ...(after.length > 0 ? ['', ...after] : []),
    ]),
    // Only the parcel on its way is worth a text: the shopper may need to be there for it.
    ...(kind === 'part_shipped'
      ? shopperSms(
          shopper,
          kind,
          words.smsOnItsWay(whole, order.orderId, part.trackingNote || null),
        )
      : []),
  ];
}

function orderCancelled(shopper: Shopper): Draft[] {
  const { order, texts } = shopper;
  const words = texts.cancelled;
  return shopperEmail(shopper, 'order_cancelled', words.subject(order.orderId), [
    words.body(order.orderId),
    ...(order.refundReason ? ['', words.refundFollows] : []),
  ]);
}

function orderRefunded(shopper: Shopper, cents: number): Draft[] {
  const { order, texts } = shopper;
  const amount = ksh(shopper, fromCents(cents));
  return shopperEmail(shopper, 'order_refunded', texts.refunded.subject(amount, order.orderId), [
    texts.refunded.body(amount, order.orderId),
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

/**
 * The messages one event makes, for the order as it stands now; `receipts` are those the event
 * issued (the order confirmed after its payment, or a part delivered that is paid on delivery).
 */
export function messagesForEvent(
  event: OrderEvent,
  facts: Pick<OrderForMessages, 'order' | 'itemShops' | 'owners' | 'userId' | 'locale'>,
  origin: MessageOrigin,
  receipts: readonly ReceiptLink[] = [],
): NewMessage[] {
  const { order, owners, userId, locale } = facts;
  // The shopper reads the order's language; its owners and admins read English.
  const shopper: Shopper = { order, origin, userId, locale, texts: MESSAGE_TEXTS[locale] };
  const partOf = (shopId: string | null) => order.parts.find((part) => part.shopId === shopId);
  const ownerOf = (part: OrderPart) => (part.shopId ? owners.get(part.shopId) : undefined);
  const from = typeof event.data.from === 'string' ? event.data.from : null;
  const drafts: Draft[] = [];
  switch (event.kind) {
    case 'order.confirmed': {
      drafts.push(...orderReceived(shopper, receipts));
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
      drafts.push(...partMessage(kind, facts, part, shopper, receipts));
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
