// Spec section 4, checkout submit, as named steps: create the order, pay for it when its shop
// takes payment on order, then the final checkout with the delivery details. Each step reports
// its stage (the button's label) and a failure says which step failed.
import type {
  CartLine,
  CheckoutForm,
  County,
  CreateOrderBody,
  CreateOrderResponse,
  Order,
  PickupChoice,
  ShippingOption,
} from '@soko/contract';
import { ApiError } from '../../lib/api-client';
import { createOrder } from './api/create-order';
import { finalCheckout } from './api/final-checkout';
import { payOnline, type PaymentUi, type PayOnline } from './pay-online';
import { PaymentFailedError } from './payment-errors';

export { PAYMENT_FAILED_MESSAGE, PaymentFailedError } from './payment-errors';

export type CheckoutStage = 'order' | 'payment' | 'checkout';

// The button's label for each stage (spec section 4) is `checkout.stage.<stage>` in the
// message files (decision 049).

export interface PlaceOrderInput {
  lines: readonly CartLine[];
  form: CheckoutForm;
  shipping: ShippingOption;
  /** The applied discount code, if any; the server prices it itself (DESIGN departure 5). */
  discountCode: string | null;
  /** Ksh, as shown. */
  discount: number;
  /** Ksh, as shown: subtotal - discount + shipping. */
  totalPrice: number;
  /** Where the parcels go: each shop prices its part from it (decision 035). */
  county?: County;
  /** The shop parts collected at one of their shop's counters. */
  pickup?: readonly PickupChoice[];
  /** Ksh: the delivery shown, all shops together; left out when it could not be priced. */
  deliveryFee?: number | null;
  /** The unpaid order whose reminder's link rebuilt this cart (decision 043). */
  recoveredFrom?: string | null;
}

/** An order created by an earlier attempt, reusable while the same order is asked for. */
export interface HeldOrder {
  key: string;
  order: CreateOrderResponse;
}

/** A failed step, with what went wrong underneath (an ApiError, or a network TypeError). */
export class CheckoutStepError extends Error {
  readonly stage: CheckoutStage;
  override readonly cause: unknown;

  constructor(stage: CheckoutStage, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.stage = stage;
    this.cause = cause;
  }
}

export function createOrderBody(input: PlaceOrderInput): CreateOrderBody {
  return {
    items: input.lines.map((line) => ({
      name: line.name,
      productId: line.productId,
      quantity: line.quantity,
      price: line.price,
      selectedVariant: line.variantId,
    })),
    totalPrice: input.totalPrice,
    shipping: input.shipping,
    discount: input.discount,
    ...(input.discountCode ? { discountCode: input.discountCode } : {}),
    ...(input.county ? { county: input.county } : {}),
    ...(input.pickup && input.pickup.length > 0 ? { pickup: [...input.pickup] } : {}),
    ...(input.deliveryFee !== undefined && input.deliveryFee !== null
      ? { deliveryFee: input.deliveryFee }
      : {}),
    ...(input.recoveredFrom ? { recoveredFrom: input.recoveredFrom } : {}),
  };
}

interface PlaceOrderOptions {
  /** The order an earlier attempt created, if any. */
  held: HeldOrder | null;
  /** Keeps (or drops, with null) the order to reuse on the next attempt. */
  onHeld: (held: HeldOrder | null) => void;
  onStage: (stage: CheckoutStage) => void;
  /** For an order that must be paid online. */
  payment?: PaymentUi;
  pay?: PayOnline;
  now?: () => number;
}

/** Errors after which the held order cannot be checked out any more. */
const orderIsGone = (error: unknown) =>
  error instanceof ApiError && [404, 409, 410].includes(error.status);

async function step<T>(stage: CheckoutStage, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaymentFailedError) throw error;
    throw new CheckoutStepError(stage, error);
  }
}

export async function placeOrder(
  input: PlaceOrderInput,
  {
    held,
    onHeld,
    onStage,
    payment = { tab: null },
    pay = payOnline,
    now = Date.now,
  }: PlaceOrderOptions,
): Promise<Order> {
  const body = createOrderBody(input);
  // Where the cart came from is forgotten once an order is made of it: a retry is the same order.
  const { recoveredFrom: _recoveredFrom, ...asked } = body;
  const key = JSON.stringify(asked);

  // (a) Create the order, unless an earlier attempt created this very order and it still holds
  // its stock: checkout is idempotent on the server, so a retry after a network failure
  // finishes the same order instead of taking the stock twice.
  let order =
    held && held.key === key && Date.parse(held.order.holdUntil) > now() ? held.order : null;
  if (!order) {
    onHeld(null);
    onStage('order');
    order = await step('order', () => createOrder(body));
    onHeld({ key, order });
  }

  // (b) Pay online when the order must be paid first.
  let paymentDetails: Record<string, unknown> | undefined;
  if (order.payOnOrder) {
    onStage('payment');
    const created = order;
    try {
      paymentDetails = await step('payment', () => pay(created, input.form, payment));
    } catch (error) {
      // A failed or reversed payment closes its order: the next attempt orders afresh.
      if (error instanceof PaymentFailedError && error.orderClosed) onHeld(null);
      throw error;
    }
  } else {
    // A pay-on-delivery order needs no provider page.
    payment.tab?.close();
  }

  // (c) The final checkout with the delivery details.
  onStage('checkout');
  const orderId = order._id;
  try {
    const confirmed = await step('checkout', () =>
      finalCheckout({
        ...input.form,
        orderId,
        orderItems: body.items,
        totalPrice: body.totalPrice,
        shipping: body.shipping,
        discount: body.discount,
        ...(body.discountCode ? { discountCode: body.discountCode } : {}),
        ...(paymentDetails ? { paymentDetails } : {}),
      }),
    );
    onHeld(null);
    return confirmed;
  } catch (error) {
    if (error instanceof CheckoutStepError && orderIsGone(error.cause)) onHeld(null);
    throw error;
  }
}
