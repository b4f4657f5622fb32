// The shopper's messages in Kiswahili, in the words the order page uses (apps/web/src/locales/
// sw.json: agizo, usafirishaji, kuchukua, ufuatiliaji). Plain GSM-7 letters only, so that an SMS
// keeps 160 characters to a part.
import { CARRIER_LABELS } from '@soko/contract';
import type { MessageTexts } from './types';

const SHIPPING = { standard: 'kawaida', express: 'haraka' } as const;

// `agizo` (an order) takes li-, `sehemu` (a part of it) i-, `bidhaa` (items) zi-: where the order
// or its part is now (the subject), and what the shop did with it (the mail's first line).
const PART_WORDS = {
  part_shipped: {
    order: 'liko njiani',
    part: 'iko njiani',
    orderDone: 'limetumwa',
    itemsDone: 'zimetumwa',
  },
  part_delivered: {
    order: 'limefikishwa',
    part: 'imefikishwa',
    orderDone: 'limefikishwa',
    itemsDone: 'zimefikishwa',
  },
  part_cancelled: {
    order: 'limeghairiwa',
    part: 'imeghairiwa',
    orderDone: 'limeghairiwa',
    itemsDone: 'zimeghairiwa',
  },
} as const;

const place = (counter: Parameters<MessageTexts['pickupPlaceBare']>[0]) =>
  counter.carrier
    ? `${counter.name} (wakala wa ${CARRIER_LABELS[counter.carrier]}), ${counter.address}`
    : `${counter.name}, ${counter.address}${counter.hours ? ` (hufunguliwa ${counter.hours})` : ''}`;

export const sw: MessageTexts = {
  hello: (firstName) => (firstName ? `Habari ${firstName},` : 'Habari,'),
  seeOrder: 'Tazama agizo lako',
  seeOrderAndFollow: 'Tazama agizo lako na ulifuatilie',
  payAgain: 'Lipa tena',
  doorDelivery: (option, where) =>
    where
      ? `Usafirishaji wa ${SHIPPING[option]} hadi ${where}`
      : `Usafirishaji wa ${SHIPPING[option]}`,
  pickupPlace: (counter) => `Kuchukua kwenye ${place(counter)}`,
  pickupPlaceBare: place,
  deliveryLine: (how) => `Kufikishwa: ${how}`,
  deliveryByShop: 'Kufikishwa, kwa kila duka:',
  paidOnline: 'Limelipwa mtandaoni',
  payOnDelivery: 'Lipa unapopokea, agizo lako litakapofika',
  yourReceipt: (link) => `Risiti yako: ${link}`,
  yourReceiptFrom: (shop, link) => `Risiti yako kutoka ${shop}: ${link}`,
  total: (amount) => `Jumla: ${amount}`,

  received: {
    subject: (sender, number) => `Agizo lako ${number} kutoka ${sender}`,
    thanks: (number) => `Asante kwa agizo lako ${number}. Hii ni nakala yako.`,
    subtotal: (amount) => `Jumla ndogo: ${amount}`,
    discount: (amount) => `Punguzo: -${amount}`,
    deliveryFee: (amount) => `Usafirishaji: ${amount}`,
    payment: (how) => `Malipo: ${how}`,
    sms: (number, total) => `agizo ${number} limepokelewa, ${total}.`,
  },

  paymentFailed: {
    subject: (number) => `Malipo ya agizo lako ${number} hayakufanikiwa`,
    expired: (number) =>
      `Hatukupokea malipo ya agizo lako ${number} kwa wakati, kwa hivyo halikuwekwa.`,
    failed: (number) => `Malipo ya agizo lako ${number} hayakufanikiwa, kwa hivyo halikuwekwa.`,
    sms: (number) => `malipo ya agizo ${number} hayakufanikiwa. Lipa tena:`,
  },

  part: {
    subject: (kind, whole, number) =>
      whole
        ? `Agizo lako ${number} ${PART_WORDS[kind].order}`
        : `Sehemu ya agizo lako ${number} ${PART_WORDS[kind].part}`,
    done: (kind, whole, shop) =>
      whole
        ? `Agizo lako ${PART_WORDS[kind].orderDone} na ${shop}:`
        : `Bidhaa hizi ${PART_WORDS[kind].itemsDone} na ${shop}:`,
    tracking: (note) => `Ufuatiliaji: ${note}`,
    collectAt: (where) => `Chukua mzigo wako kwenye: ${where}.`,
    refund: (amount) => `${amount} ya malipo yako itarudishwa.`,
    smsOnItsWay: (whole, number, trackingNote) =>
      `${whole ? `agizo lako ${number} liko njiani.` : `sehemu ya agizo ${number} iko njiani.`}${trackingNote ? ` Ufuatiliaji: ${trackingNote}.` : ''}`,
  },

  cancelled: {
    subject: (number) => `Agizo lako ${number} limeghairiwa`,
    body: (number) => `Agizo lako ${number} limeghairiwa.`,
    refundFollows: 'Pesa ulizolipa zitarudishwa: tutakujulisha zitakaporudishwa.',
  },

  refunded: {
    subject: (amount, number) => `${amount} imerudishwa kwa agizo ${number}`,
    body: (amount, number) =>
      `${amount} ya malipo yako ya agizo ${number} imerudishwa kwenye akaunti uliyolipia.`,
  },

  recovery: {
    subject: (number) => `Agizo lako ${number} linasubiri malipo yake`,
    notPaid: (number) =>
      `Agizo lako ${number} halikulipwa, kwa hivyo halikuwekwa. Bidhaa zake ziko kwa mguso mmoja tu:`,
    putBack: (link) => `Zirudishe kwenye kikapu chako na ulipe: ${link}`,
    checkedAgain: 'Bei na bidhaa zilizopo hukaguliwa tena unapolipa.',
    onlyReminder:
      'Huu ndio ukumbusho pekee kuhusu agizo hili. Kuacha kupokea ukumbusho wa maagizo ambayo hayajalipwa:',
    sms: (sender, number, link, optOut) =>
      `${sender}: agizo ${number} halikulipwa. Lipa sasa: ${link} Acha ukumbusho: ${optOut}`,
  },

  account: {
    resetSubject: (sender) => `Badilisha nenosiri lako la ${sender}`,
    resetBody: (firstName, sender, link, minutes) =>
      [
        `Habari ${firstName},`,
        '',
        `Mtu ameomba kubadilisha nenosiri la akaunti yako ya ${sender}. Ili kuchagua nenosiri jipya, fungua kiungo hiki ndani ya dakika ${minutes}:`,
        '',
        link,
        '',
        'Kiungo hiki hufanya kazi mara moja tu. Ikiwa hukukiomba, puuza barua pepe hii: nenosiri lako litabaki kama lilivyo.',
        '',
        sender,
        '',
      ].join('\n'),
    phoneCode: (sender, code) =>
      `${code} ni nambari yako ya uthibitisho ya ${sender}. Itaisha baada ya dakika 10. Usimpe mtu yeyote.`,
  },
};
