// The English texts a shopper's screen can be shown from the contract's schemas (a form's field
// errors) and from the server's answers (an error's `message` and `fields`, and a few answers'
// own words), each under a stable id (decision 050). The server answers in English only, so the
// API says the same in every language; the web app finds which text a message is and shows its
// own words for that id in the page's language (apps/web/src/lib/problem-text.ts, `problem.<id>`
// in its message files, whose English is held to these texts word for word by a test).
// Zod-free: the server's errors and the web's screens read it without the schema library.
import { INVALID_EMAIL_MESSAGE } from './email-rules';
import { KRA_PIN_MESSAGE } from './tax-rules';

/** `{name}` marks a value the text carries (a product's name, a count, a wait). */
export const PROBLEM_TEXTS = {
  // The forms' own checks (the contract's schemas), the server's too.
  required: 'This field is required.',
  atMostCharacters: 'At most {max} characters.',
  invalidEmail: INVALID_EMAIL_MESSAGE,
  chooseCounty: 'Choose a county.',
  chooseShipping: 'Choose a shipping method.',
  kenyanPhone: 'Enter a Kenyan mobile number such as 0712 345 678.',
  mpesaPhone: 'Enter the Safaricom number that pays, such as 0712 345 678 or +254 712 345 678.',
  kraPin: KRA_PIN_MESSAGE,
  newPasswordTooShort: 'Use at least 8 characters.',
  enterPassword: 'Enter your password.',
  resetLinkMissingCode:
    'The reset link is missing its code. Please open the whole link from the email.',
  resetLinkTooLong: 'This reset link is not valid.',
  phoneCode: 'Enter the 6-digit code from the SMS.',
  mpesaCode: 'Type the 10-character code from the M-Pesa message, like QKH94M1Z11.',
  chooseStars: 'Choose 1 to 5 stars.',
  writeReview: 'Write a few words about the product.',
  smsOffersPhone: 'Enter the number offers should go to.',

  // Accounts.
  signIn: 'Please sign in.',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please log in.',
  wrongPassword: 'That is not your current password.',
  accountChanged: 'Your account changed meanwhile. Please sign in again.',
  accountRunsShop:
    'Your account runs a shop. Hand the shop over or close it before deleting the account.',
  tooManySignIns: 'Too many sign-in attempts. Please try again in {wait}.',
  tooManyResetRequests:
    'Too many password reset requests from your network. Please try again in {minutes} minutes.',
  resetLinkSent:
    'If an account uses that email, we have sent it a link to choose a new password. The link works for 30 minutes.',
  resetLinkExpired:
    'This reset link has expired: links work for {minutes} minutes. Please ask for a new one.',
  resetLinkUsed:
    'This reset link has already been used. If you still need a new password, ask for another link.',
  resetLinkInvalid:
    'This reset link is not valid. Please open the whole link from the email, or ask for a new one.',
  phoneCodeSent: 'We sent a 6-digit code to {phone}. It works for 10 minutes.',
  phoneAlreadyVerified: 'This phone number is already verified.',
  phoneVerified: 'Your phone number is verified.',
  phoneRemoved: 'Your phone number has been removed.',
  phoneWrongCode: 'That code is not right. Please check the SMS and try again.',
  phoneExpiredCode: 'This code has expired. Please ask for a new one.',
  phoneTooManyTries: 'Too many wrong codes. Please ask for a new code.',
  phoneNoCode: 'There is no code waiting for this account. Please ask for a new one.',
  phoneTooManyCodes: 'Too many codes sent to this account. Please try again in an hour.',

  // Any call.
  tooManyRequests: 'Too many requests. Please try again in {wait}.',

  // Placing an order and checking out.
  soldOut: '{name} is sold out.',
  onlyLeft: '{name}: only {count} left.',
  noLongerSold: 'An item in your cart is no longer sold.',
  productNotFound: 'Product not found.',
  orderNotFound: 'Order not found.',
  quantityLimit:
    'You can order at most {max} of {name} at a time. Lower the quantity in your cart, then place the order.',
  atMostInOneOrder: 'At most {max} in one order.',
  tooManyOpenOrders:
    'You already have {count} orders waiting for payment. Pay for one of them, or try again in {wait}, when the oldest unpaid one lapses.',
  tooManyOpenOrdersFromNetwork:
    'Too many orders from your network are waiting for payment right now ({max} at most from one internet address, which mobile networks share among many shoppers). Please try again in {wait}.',
  // Units held in unpaid orders (decision 029). {more} is 'at most 2 more' or 'no more'.
  heldOfProduct:
    'You already hold {held} of {item} in orders waiting for payment, and one shopper may hold at most {max} at a time, so you can order {more} now. Pay for your waiting orders, or try again in {wait}.',
  heldFromShop:
    'You already hold {held} items from {shop} in orders waiting for payment, and one shopper may hold at most {max} at a time, so you can order {more} now. Pay for your waiting orders, or try again in {wait}.',
  networkHeldOfProduct:
    'Orders from your network already hold {held} of {item} waiting for payment, the most one internet address may hold at once ({max}). You can order {more} now; please try again in {wait}.',
  networkHeldFromShop:
    'Orders from your network already hold {held} items from {shop} waiting for payment, the most one internet address may hold at once ({max}). You can order {more} now; please try again in {wait}.',
  tooManyOrdersThisMinute:
    'Too many orders from your network this minute (internet addresses that mobile networks share among many shoppers). Please try again in {seconds} seconds.',
  deliverWhere: 'Say where to deliver the order.',
  deliveryCountyChanged:
    'Delivery was priced for {priced}: choose {priced}, or place the order again for {county}.',
  mustPayOnline: 'This order must be paid online before it is confirmed.',
  orderNoLongerCompleted: 'This order can no longer be completed. Please order again.',
  orderExpired: 'This order has expired. Please place your order again.',
  orderNoLongerPaid: 'This order can no longer be paid. Please order again.',
  orderCannotBePaid: 'This order cannot be paid any more.',
  orderAlreadyPaid: 'This order is already paid.',
  nothingOwed: 'Nothing is owed on this order.',
  paidOnDelivery: 'This order is paid on delivery: no online payment is needed.',
  notRecoverable: 'This order cannot be paid again from its link.',
  paymentMethodNotTaken: 'This shop does not take that payment method.',

  // Pickup at a carrier's agent points.
  agentsUnreachable:
    'Agent points cannot be reached just now. Try again shortly, or choose another delivery.',
  agentsDown: 'Pickup at agent points is not available just now: choose another delivery.',
  noAgentPickup: 'This shop does not offer pickup at agent points.',
  noSuchAgent: 'No such agent point.',

  // Discount codes.
  invalidCode: 'This discount code is not valid or has expired.',
  codeUsedByShopper: 'You have already used this discount code.',
  codeNeedsShopMinimum: "This code needs {amount} or more of {shop}'s products.",
  codeNeedsMinimum: 'This code needs {amount} or more of your order.',
  codeOnlyForShop: "This code is for {shop}'s products only.",

  // M-Pesa: the prompt, and the Paybill's codes.
  promptSentRecently:
    'An M-Pesa prompt for this order was sent less than a minute ago: check your phone, or try again in {wait}.',
  tooManyPromptsForOrder:
    'We have already sent {count} M-Pesa prompts for this order. Please choose another way to pay, or place the order again.',
  tooManyPromptsToPhone:
    'This phone number has had {count} M-Pesa prompts in the last 10 minutes, the most we send. Please try again in {wait}, or choose another way to pay.',
  mpesaWholeShillings:
    'M-Pesa takes whole shillings only, and this order comes to Ksh {amount}. Please choose another way to pay.',
  paybillNotOffered: 'Paying by Paybill is not offered.',
  mpesaCodeUsed: 'This M-Pesa code was already used for another order.',
  mpesaUnreachable:
    'We could not reach M-Pesa to check this code. Please type it again in a moment.',
  mpesaTimedOut: 'M-Pesa did not answer in time. Please type the code again.',
  tooManyMpesaCodes:
    '{count} codes have been checked for this order, the most we check. Please contact us to finish paying.',
  mpesaNoSuchPayment:
    'M-Pesa has no payment with the code {code}. Check the code in your M-Pesa message and type it again.',
  mpesaCannotCheck:
    'M-Pesa could not check the code {code} just now. Please type it again in a few minutes.',
  mpesaNotCompleted: 'The M-Pesa payment {code} is not completed (M-Pesa says: {status}).',
  mpesaOtherPayment:
    'M-Pesa answered about another payment than {code}. Please type the code again.',
  mpesaNotToTill: 'The M-Pesa payment {code} was not made to the Till number {number}.',
  mpesaNotToPaybill: 'The M-Pesa payment {code} was not made to Paybill {number}.',
  mpesaTooLittle: 'The M-Pesa payment {code} was {paid}, but this order comes to {due}.',

  // Reviews.
  notABuyer: 'Only shoppers who have received this product can review it.',
  alreadyReviewed: 'You have already reviewed this product.',

  // The links in messages.
  unsubscribeLinkInvalid:
    'This unsubscribe link is not valid. Please open the whole link from the email.',
  reminderLinkInvalid: 'This link is not valid. Please open the whole link from the reminder.',
} as const;

export type ProblemId = keyof typeof PROBLEM_TEXTS;
export type ProblemValues = Readonly<Record<string, string | number>>;

/** The text with its values in: the words the schema or the server gives. */
export function problemText(id: ProblemId, values: ProblemValues = {}): string {
  return PROBLEM_TEXTS[id].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

type Matcher = { id: ProblemId; pattern: RegExp; names: string[]; literal: number };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, ProblemId>();
const matchers: Matcher[] = [];
for (const [id, text] of Object.entries(PROBLEM_TEXTS) as [ProblemId, string][]) {
  const names = [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? '');
  if (names.length === 0) {
    exact.set(text, id);
    continue;
  }
  const source = text
    .split(/\{\w+\}/)
    .map(escapeRegExp)
    .join('(.+?)');
  const literal = text.replace(/\{\w+\}/g, '').length;
  matchers.push({ id, pattern: new RegExp(`^${source}$`, 's'), names, literal });
}
// The text with the most fixed words first: '{name} is sold out.' must not take a longer text.
matchers.sort((a, b) => b.literal - a.literal);

/** Which text a message is, with its values; null for words that are not in the table. */
export function matchProblem(
  message: string,
): { id: ProblemId; values: Record<string, string> } | null {
  const id = exact.get(message);
  if (id) return { id, values: {} };
  for (const matcher of matchers) {
    const found = matcher.pattern.exec(message);
    if (!found) continue;
    const values: Record<string, string> = {};
    // A value named twice ('priced for {priced}: choose {priced}') must be the same twice.
    const agrees = matcher.names.every((name, index) => {
      const value = found[index + 1] ?? '';
      if (name in values && values[name] !== value) return false;
      values[name] = value;
      return true;
    });
    if (agrees) return { id: matcher.id, values };
  }
  return null;
}
