// What a shopper reads in the messages about their order (decision 050), one file a language
// beside this one (en.ts, sw.ts). Each file is typed with this, so a text missing from either
// language (or one the other lacks) fails typecheck. The words take their values as arguments:
// amounts come already formatted (formatKsh in the order's language), links already made.
import type { OrderPart, ShippingOption } from '@soko/contract';

type PartKind = 'part_shipped' | 'part_delivered' | 'part_cancelled';

export type MessageTexts = {
  /** `Hello Achieng,`, or without a name `Hello,`. */
  hello: (firstName: string) => string;
  /** Where the order's own page is, under each message. */
  seeOrder: string;
  seeOrderAndFollow: string;
  payAgain: string;
  /** `Standard delivery to <address>`, or `Standard delivery` with no address. */
  doorDelivery: (option: ShippingOption, where: string) => string;
  /** Where a part collected at a counter goes, as the order page says it (partDestinationText). */
  pickupPlace: (counter: NonNullable<OrderPart['pickupCounter']>) => string;
  /** The place alone, after `collectAt`. */
  pickupPlaceBare: (counter: NonNullable<OrderPart['pickupCounter']>) => string;
  deliveryLine: (how: string) => string;
  deliveryByShop: string;
  paidOnline: string;
  payOnDelivery: string;
  yourReceipt: (link: string) => string;
  yourReceiptFrom: (shop: string, link: string) => string;
  total: (amount: string) => string;

  received: {
    subject: (sender: string, number: string) => string;
    thanks: (number: string) => string;
    subtotal: (amount: string) => string;
    discount: (amount: string) => string;
    deliveryFee: (amount: string) => string;
    payment: (how: string) => string;
    sms: (number: string, total: string) => string;
  };

  paymentFailed: {
    subject: (number: string) => string;
    expired: (number: string) => string;
    failed: (number: string) => string;
    sms: (number: string) => string;
  };

  /** A shop's part shipped, delivered or cancelled; `whole` when it is the whole order. */
  part: {
    subject: (kind: PartKind, whole: boolean, number: string) => string;
    done: (kind: PartKind, whole: boolean, shop: string) => string;
    tracking: (note: string) => string;
    collectAt: (place: string) => string;
    refund: (amount: string) => string;
    smsOnItsWay: (whole: boolean, number: string, trackingNote: string | null) => string;
  };

  cancelled: {
    subject: (number: string) => string;
    body: (number: string) => string;
    refundFollows: string;
  };

  refunded: {
    subject: (amount: string, number: string) => string;
    body: (amount: string, number: string) => string;
  };

  /** The one reminder of an online order left unpaid (decision 043). */
  recovery: {
    subject: (number: string) => string;
    notPaid: (number: string) => string;
    putBack: (link: string) => string;
    checkedAgain: string;
    onlyReminder: string;
    sms: (sender: string, number: string, link: string, optOut: string) => string;
  };

  /**
   * Messages about an account (decision 050), in the language of the page the person asked
   * from: the reset link a forgotten password mails, the code a new phone number is texted.
   */
  account: {
    resetSubject: (sender: string) => string;
    resetBody: (firstName: string, sender: string, link: string, minutes: number) => string;
    /** One GSM-7 part even under a 60-character shop name (sms.test.ts). */
    phoneCode: (sender: string, code: string) => string;
  };
};
