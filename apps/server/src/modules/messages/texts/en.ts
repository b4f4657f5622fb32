// The shopper's messages in English (the default): word for word what they said before they
// could be read in another language, which the tests hold them to.
import { CARRIER_LABELS, partDestinationText, PHONE_TEXTS, SHIPPING_OPTIONS } from '@soko/contract';
import type { MessageTexts } from './types';

const PART_WORDS = {
  part_shipped: { subject: 'is on its way', did: 'has sent' },
  part_delivered: { subject: 'was delivered', did: 'has delivered' },
  part_cancelled: { subject: 'was cancelled', did: 'has cancelled' },
} as const;

export const en: MessageTexts = {
  hello: (firstName) => (firstName ? `Hello ${firstName},` : 'Hello,'),
  seeOrder: 'See your order',
  seeOrderAndFollow: 'See your order and follow it',
  payAgain: 'Pay again',
  doorDelivery: (option, where) => {
    const how = SHIPPING_OPTIONS[option].label;
    return where ? `${how} delivery to ${where}` : `${how} delivery`;
  },
  pickupPlace: (counter) => partDestinationText({ deliveryCounty: null, pickupCounter: counter }),
  pickupPlaceBare: (counter) =>
    counter.carrier
      ? `${counter.name} (${CARRIER_LABELS[counter.carrier]} agent), ${counter.address}`
      : `${counter.name}, ${counter.address}${counter.hours ? ` (open ${counter.hours})` : ''}`,
  deliveryLine: (how) => `Delivery: ${how}`,
  deliveryByShop: 'Delivery, by shop:',
  paidOnline: 'Paid online',
  payOnDelivery: 'Pay on delivery, when your order arrives',
  yourReceipt: (link) => `Your receipt: ${link}`,
  yourReceiptFrom: (shop, link) => `Your receipt from ${shop}: ${link}`,
  total: (amount) => `Total: ${amount}`,

  received: {
    subject: (sender, number) => `Your ${sender} order ${number}`,
    thanks: (number) => `Thank you for your order ${number}. This is your copy of it.`,
    subtotal: (amount) => `Subtotal: ${amount}`,
    discount: (amount) => `Discount: -${amount}`,
    deliveryFee: (amount) => `Delivery: ${amount}`,
    payment: (how) => `Payment: ${how}`,
    sms: (number, total) => `order ${number} received, ${total}.`,
  },

  paymentFailed: {
    subject: (number) => `Your payment for order ${number} did not go through`,
    expired: (number) =>
      `We did not receive the payment for your order ${number} in time, so it was not placed.`,
    failed: (number) =>
      `The payment for your order ${number} did not go through, so it was not placed.`,
    sms: (number) => `payment for order ${number} did not go through. Pay again:`,
  },

  part: {
    subject: (kind, whole, number) =>
      `${whole ? 'Your order' : 'Part of your order'} ${number} ${PART_WORDS[kind].subject}`,
    done: (kind, whole, shop) =>
      `${shop} ${PART_WORDS[kind].did} ${whole ? 'your order' : 'these items'}:`,
    tracking: (note) => `Tracking: ${note}`,
    collectAt: (place) => `Collect it at: ${place}.`,
    refund: (amount) => `${amount} of your payment will be refunded.`,
    smsOnItsWay: (whole, number, trackingNote) =>
      `${whole ? 'your order' : 'part of order'} ${number} is on its way.${trackingNote ? ` Tracking: ${trackingNote}.` : ''}`,
  },

  cancelled: {
    subject: (number) => `Your order ${number} was cancelled`,
    body: (number) => `Your order ${number} was cancelled.`,
    refundFollows: 'The money you paid for it will be refunded: we tell you when it is.',
  },

  refunded: {
    subject: (amount, number) => `${amount} refunded for order ${number}`,
    body: (amount, number) =>
      `${amount} of your payment for order ${number} has been refunded to the account you paid from.`,
  },

  recovery: {
    subject: (number) => `Your order ${number} is waiting for its payment`,
    notPaid: (number) =>
      `Your order ${number} was not paid, so it was not placed. Its items are one tap away:`,
    putBack: (link) => `Put them back in your cart and pay: ${link}`,
    checkedAgain: 'Prices and stock are checked again when you pay.',
    onlyReminder:
      'This is the only reminder about this order. No more reminders about unpaid orders:',
    sms: (sender, number, link, optOut) =>
      `${sender}: order ${number} was not paid. Pay now: ${link} No more reminders: ${optOut}`,
  },

  account: {
    resetSubject: (sender) => `Reset your ${sender} password`,
    resetBody: (firstName, sender, link, minutes) =>
      [
        `Hello ${firstName},`,
        '',
        `Someone asked to reset the password of your ${sender} account. To choose a new password, open this link within ${minutes} minutes:`,
        '',
        link,
        '',
        'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
        '',
        sender,
        '',
      ].join('\n'),
    phoneCode: PHONE_TEXTS.smsBody,
  },
};
