// The place-order flow of the checkout screen (spec section 4, "Checkout submit" and
// "Payment"): the button's stage, what went wrong, and the wait for an online payment, from
// which the shopper can always get out: keep waiting, pay again, or see the order.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import {
  fromCents,
  type CartLine,
  type CheckoutScreenValues,
  type Order,
  type PickupChoice,
} from '@soko/contract';
import { forgetRecovery, isLineUnavailable, recoveredFrom } from '../cart';
import { mayPayOnline, usePaymentModes } from './api/get-payment-modes';
import { describeCheckoutError, type CheckoutProblem } from './checkout-errors';
import { PaymentRestarts, type PaymentChoice, type StartedPayment } from './pay-online';
import { PAYMENT_SUCCESSFUL_MESSAGE } from './payment-errors';
import { reservePaymentTab } from './payment-tab';
import { ApiError } from '../../lib/api-client';
import { CheckoutStepError, placeOrder, type CheckoutStage, type HeldOrder } from './place-order';

export const CHECK_FIELDS_MESSAGE = 'Please correct the fields marked in red.';
export const UNAVAILABLE_MESSAGE =
  'Some items cannot be bought in the quantity asked for. Lower or remove them, then place the order again.';

/** With no answer from the payment for this long, the shopper is asked what to do. */
export const PAYMENT_STALL_MS = 120_000;
/** How often the payment tab is looked at: closing it without paying asks at once. */
const TAB_CHECK_MS = 1_000;

/** Where the checkout's lines come from, and what the server's answers may change in them. */
export interface CheckoutLines {
  lines: readonly CartLine[];
  /** Caps a line at what is left (0: marks it sold out). */
  limit: (productId: string, variantId: string | null, available: number) => void;
  /** Takes the server's current unit prices. */
  reprice: (
    items: ReadonlyArray<{ productId: string; variantId: string | null; price: number }>,
  ) => void;
  /** Absent when the shopper cannot remove a line here (buy now). */
  remove?: (productId: string, variantId: string | null) => void;
  /** After the final checkout of `orderId`: the cart's lines go (buy now leaves the cart alone). */
  clear: (orderId: string) => void;
  /** An order was made of these lines (the cart remembers it, to settle it if paid elsewhere). */
  onOrderCreated?: (orderId: string, lines: readonly CartLine[]) => void;
}

/** The provider's page while the shopper pays there. */
export interface WaitingPayment extends Omit<StartedPayment, 'tab'> {
  orderId: string;
  /** When the order lapses unpaid (ISO time). */
  holdUntil: string;
  /** Nothing heard for a while, or the payment tab was closed: the shopper chooses. */
  stalled: boolean;
  /** Whether the payment tab's closing still counts (not after 'Keep waiting'). */
  watchTab: boolean;
}

export interface OrderFigures {
  /** The applied code, if any; the server prices it itself. */
  discountCode: string | null;
  discountCents: number;
  totalCents: number;
  /** The parcels' delivery as shown: each counter chosen and the fees' sum (null: not priced). */
  delivery: { pickup: readonly PickupChoice[]; feeCents: number | null };
}

interface Options {
  source: CheckoutLines;
  /** The server's words for the form's own fields: they go on the inputs. */
  onFieldErrors: (fields: Record<string, string>) => void;
  /** The order is confirmed: the screen resets and opens it. */
  onPlaced: (order: Order, paymentMessage: string | null) => void;
  /** The server priced the order differently (a price or a delivery fee changed). */
  onNewFigures?: () => void;
}

export function usePlaceOrder({ source, onFieldErrors, onPlaced, onNewFigures }: Options) {
  const paymentModes = usePaymentModes(source.lines);
  const [stage, setStage] = useState<CheckoutStage | null>(null);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [waiting, setWaiting] = useState<WaitingPayment | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [paymentNote, setPaymentNote] = useState<string | null>(null);
  // The order whose M-Pesa prompt failed: it may still be paid by hand to the Paybill.
  const [paybillOrderId, setPaybillOrderId] = useState<string | null>(null);
  // The lines being ordered: another tab may settle them out of the cart meanwhile (the order
  // confirmed there), and the screen keeps showing what it is placing.
  const [placing, setPlacing] = useState<readonly CartLine[] | null>(null);
  const held = useRef<HeldOrder | null>(null);
  const paymentTab = useRef<StartedPayment['tab']>(null);
  const restarts = useRef(new PaymentRestarts());
  // The running payment's socket and timers stop when the screen goes away.
  const paying = useRef<AbortController | null>(null);
  useEffect(() => () => paying.current?.abort(), []);

  useStallWatch(waiting, paymentTab, setWaiting);

  const submit = async (
    values: CheckoutScreenValues,
    figures: OrderFigures,
    choice: PaymentChoice = {},
  ) => {
    if (stage) return;
    setProblem(null);
    const lines = [...source.lines];
    if (lines.some(isLineUnavailable)) {
      setProblem({ message: UNAVAILABLE_MESSAGE, fields: {}, summary: [] });
      return;
    }
    const { shipping, ...form } = values;

    // Before any await: a tab opened after the calls answer would be blocked as a popup. M-Pesa
    // needs none: its prompt is on the shopper's phone.
    const tab =
      choice.provider !== 'mpesa' && mayPayOnline(lines, paymentModes.data)
        ? reservePaymentTab()
        : null;
    setPlacing(lines);
    const controller = new AbortController();
    paying.current = controller;
    let paymentStarted = false;
    let promptedOrderId: string | null = null;
    setPaymentNote(null);
    setPaybillOrderId(null);
    try {
      const order = await placeOrder(
        {
          lines,
          form,
          shipping,
          discountCode: figures.discountCode,
          discount: fromCents(figures.discountCents),
          totalPrice: fromCents(figures.totalCents),
          county: form.county,
          pickup: figures.delivery.pickup,
          deliveryFee:
            figures.delivery.feeCents === null ? null : fromCents(figures.delivery.feeCents),
          recoveredFrom: recoveredFrom(),
        },
        {
          held: held.current,
          onHeld: (next) => {
            if (next && next.order._id !== held.current?.order._id) {
              source.onOrderCreated?.(next.order._id, lines);
              // One order counts as recovered; a retry after it is the shopper's own.
              forgetRecovery();
            }
            held.current = next;
          },
          onStage: setStage,
          payment: {
            tab,
            choice,
            signal: controller.signal,
            restarts: restarts.current,
            onStarted: (started) => {
              paymentStarted = true;
              paymentTab.current = started.tab;
              const order = held.current?.order;
              if (started.redirectUrl === '' && order) promptedOrderId = order._id;
              setWaiting({
                trackingId: started.trackingId,
                redirectUrl: started.redirectUrl,
                tabOpened: started.tabOpened,
                orderId: order?._id ?? '',
                holdUntil: order?.holdUntil ?? '',
                stalled: false,
                watchTab: started.tab !== null,
              });
            },
            onConnection: (connected) => setUnreachable(!connected),
            onCompleted: () => {
              setWaiting(null);
              setUnreachable(false);
              setPaymentNote(PAYMENT_SUCCESSFUL_MESSAGE);
            },
          },
        },
      );
      setStage(null);
      setPaymentNote(null);
      setPlacing(null);
      onPlaced(order, order.payOnOrder ? PAYMENT_SUCCESSFUL_MESSAGE : null);
    } catch (error) {
      // The screen went away meanwhile: nobody is left to tell.
      if (controller.signal.aborted) return;
      // A tab the provider's page never reached is of no use; one that shows the provider's
      // answer (failed, reversed) stays for the shopper to read.
      if (!paymentStarted) tab?.close();
      setWaiting(null);
      setUnreachable(false);
      setPaymentNote(null);
      setPaybillOrderId(promptedOrderId);
      // The order the cart was recovered from was paid or closed meanwhile: the next try is the
      // shopper's own order (decision 043).
      if (
        error instanceof CheckoutStepError &&
        error.cause instanceof ApiError &&
        error.cause.fields?.recoveredFrom
      ) {
        forgetRecovery();
      }
      const found = describeCheckoutError(error, lines);
      if (found.outOfStock) {
        const { productId, variantId, available } = found.outOfStock;
        source.limit(productId, variantId, available);
      }
      if (found.newPrices) {
        source.reprice(found.newPrices.items);
        onNewFigures?.();
      }
      if (Object.keys(found.fields).length > 0) onFieldErrors(found.fields);
      setProblem(found);
      setStage(null);
      setPlacing(null);
    }
  };

  return {
    /** Whether these lines may be paid online (then the payment method matters). */
    paysOnline: mayPayOnline(source.lines, paymentModes.data),
    /** What the screen shows: the lines being placed, else the source's. */
    lines: placing ?? source.lines,
    stage,
    problem,
    waiting,
    unreachable,
    paymentNote,
    /** The order whose M-Pesa prompt failed, to pay by hand on its page; else null. */
    paybillOrderId,
    submit,
    /** The form did not validate: the spec's words above the button. */
    showFieldsProblem: () => setProblem({ message: CHECK_FIELDS_MESSAGE, fields: {}, summary: [] }),
    keepWaiting: () =>
      setWaiting((current) => current && { ...current, stalled: false, watchTab: false }),
    /** Asks for the provider's page again, in a tab reserved by this very click. */
    payAgain: () => {
      const tab = reservePaymentTab();
      if (!restarts.current.request(tab)) {
        tab?.close();
        return;
      }
      // The closed tab no longer counts: the new one is watched from now on.
      paymentTab.current = tab;
      setWaiting((current) => current && { ...current, stalled: false, watchTab: tab !== null });
    },
  };
}

/** Marks the wait stalled when the payment tab closes or nothing is heard for a while. */
function useStallWatch(
  waiting: WaitingPayment | null,
  tab: { readonly current: StartedPayment['tab'] },
  setWaiting: Dispatch<SetStateAction<WaitingPayment | null>>,
) {
  const active = waiting !== null && !waiting.stalled;
  const watchTab = waiting?.watchTab ?? false;
  const trackingId = waiting?.trackingId;
  useEffect(() => {
    if (!active) return;
    const stall = () => setWaiting((current) => current && { ...current, stalled: true });
    const timeout = setTimeout(stall, PAYMENT_STALL_MS);
    // Closed on two looks in a row: while the tab moves to the provider's site, a loaded
    // browser may briefly report it closed (seen in CI as "Did you close the payment page?"
    // with the page open), and that must not stop the wait.
    let closedLooks = 0;
    const check = watchTab
      ? setInterval(() => {
          closedLooks = tab.current?.isClosed() ? closedLooks + 1 : 0;
          if (closedLooks >= 2) stall();
        }, TAB_CHECK_MS)
      : undefined;
    return () => {
      clearTimeout(timeout);
      clearInterval(check);
    };
    // A new payment page (pay again) starts the watch afresh.
  }, [active, watchTab, trackingId, tab, setWaiting]);
}
