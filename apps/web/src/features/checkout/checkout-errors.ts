// DESIGN departure 6: what went wrong with an order is shown to the shopper, in words they can
// act on (which item is out of stock, the new total, which field to correct).
import { formatKsh, type OutOfStockDetails, type TotalMismatchDetails } from '@soko/contract';
import { ApiError } from '../../lib/api-client';
import { cartLineTitle } from '../cart';
import { CheckoutStepError, PAYMENT_FAILED_MESSAGE, PaymentFailedError } from './place-order';

export const NETWORK_MESSAGE =
  'We could not reach the shop. Check your connection and press Place Order again.';
export const NO_LONGER_SOLD_MESSAGE = 'An item in your cart is no longer sold.';
/** What the checkout adds to a message, with `{...}` for its values (checkout-text.ts). */
export const NEW_TOTAL_TEXT =
  'Prices changed: your new total is {total}. Please review and place the order again.';
export const REMOVE_LINE_TEXT = 'Remove {line} and place the order again.';

export interface CheckoutProblem {
  message: string;
  /** Messages for the form's own fields (phoneNumber, email, discountCode, ...). */
  fields: Record<string, string>;
  /** Messages about anything else (an item's quantity), listed under the message. */
  summary: SummaryLine[];
  outOfStock?: OutOfStockDetails;
  newPrices?: TotalMismatchDetails;
}

/** A field error about something else than the form: what it is about ('' for the whole), and its words. */
export interface SummaryLine {
  about: string;
  message: string;
}

export function newTotalMessage(expectedKsh: number): string {
  return NEW_TOTAL_TEXT.replace('{total}', formatKsh(expectedKsh));
}

// Our own API's answers are not parsed with zod (see api-client.ts); a hand check is enough to
// act on them safely.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function outOfStockDetails(details: unknown): OutOfStockDetails | undefined {
  if (!isRecord(details)) return undefined;
  const { productId, variantId, available } = details;
  if (typeof productId !== 'string' || typeof available !== 'number') return undefined;
  if (variantId !== null && typeof variantId !== 'string') return undefined;
  return { productId, variantId, available };
}

function totalMismatchDetails(details: unknown): TotalMismatchDetails | undefined {
  if (!isRecord(details) || typeof details.expected !== 'number') return undefined;
  const items = Array.isArray(details.items)
    ? details.items.filter(
        (item): item is TotalMismatchDetails['items'][number] =>
          isRecord(item) &&
          typeof item.productId === 'string' &&
          (item.variantId === null || typeof item.variantId === 'string') &&
          typeof item.price === 'number',
      )
    : [];
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  return {
    expected: details.expected,
    subtotal: number(details.subtotal),
    discount: number(details.discount),
    shipping: number(details.shipping),
    items,
  };
}

const FORM_FIELDS = new Set([
  'firstName',
  'middleName',
  'lastName',
  'country',
  'county',
  'city',
  'address',
  'postalcode',
  'phoneNumber',
  'email',
  'shipping',
  'discountCode',
  'buyerKraPin',
]);

/** `items.0.quantity` -> about 'Aloe Gel (50ml)': 'Quantity must be at least 1.' */
function summaryLine(
  path: string,
  message: string,
  lines: ReadonlyArray<{ name: string; selectedVariant: string | null }>,
): SummaryLine {
  const match = /^(?:items|orderItems)\.(\d+)(?:\.|$)/.exec(path);
  const line = match ? lines[Number(match[1])] : undefined;
  return { about: line ? cartLineTitle(line) : path, message };
}

type LineInfo = {
  productId: string;
  variantId: string | null;
  name: string;
  selectedVariant: string | null;
};

export function describeCheckoutError(error: unknown, lines: readonly LineInfo[]): CheckoutProblem {
  const problem: CheckoutProblem = { message: '', fields: {}, summary: [] };
  if (error instanceof PaymentFailedError) return { ...problem, message: error.message };

  const stage = error instanceof CheckoutStepError ? error.stage : 'order';
  const cause = error instanceof CheckoutStepError ? error.cause : error;
  if (!(cause instanceof ApiError)) return { ...problem, message: NETWORK_MESSAGE };

  if (cause.status === 409 && cause.code === 'out_of_stock') {
    return { ...problem, message: cause.message, outOfStock: outOfStockDetails(cause.details) };
  }
  if (cause.status === 409 && cause.code === 'total_mismatch') {
    const newPrices = totalMismatchDetails(cause.details);
    return {
      ...problem,
      message: newPrices ? newTotalMessage(newPrices.expected) : cause.message,
      newPrices,
    };
  }
  if (cause.status === 400) {
    for (const [path, message] of Object.entries(cause.fields ?? {})) {
      // The payment's start sends the form as its formData: its errors are the form's too.
      const field = path.replace(/^formData\./, '');
      if (FORM_FIELDS.has(field)) problem.fields[field] = message;
      else problem.summary.push(summaryLine(path, message, lines));
    }
    return { ...problem, message: cause.message };
  }
  if (cause.status === 404 && stage === 'order') {
    const reason = cause.message === NO_LONGER_SOLD_MESSAGE ? '' : ` ${cause.message}`;
    const details = isRecord(cause.details) ? cause.details : {};
    const line = lines.find(
      (candidate) =>
        candidate.productId === details.productId &&
        (details.variantId === undefined || candidate.variantId === details.variantId),
    );
    const remove = line ? ` ${REMOVE_LINE_TEXT.replace('{line}', cartLineTitle(line))}` : '';
    return { ...problem, message: `${NO_LONGER_SOLD_MESSAGE}${reason}${remove}` };
  }
  // A limit (too many M-Pesa prompts to one number or for one order, too many orders from one
  // network): the server's words say what to do and when, at either step (decision 029).
  if (cause.status === 429) return { ...problem, message: cause.message };
  if (stage === 'payment') return { ...problem, message: PAYMENT_FAILED_MESSAGE };
  return { ...problem, message: cause.message };
}
