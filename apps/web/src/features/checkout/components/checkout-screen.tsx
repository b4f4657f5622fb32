import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  KENYA_COUNTIES,
  SHIPPING_OPTIONS,
  SHIPPING_OPTION_KEYS,
  cartSubtotalCents,
  checkoutFormSchema,
  discountCodeAmountCents,
  formatKsh,
  fromCents,
  grandTotalCents,
  shippingCents,
  shippingInputSchema,
  toCents,
  type CartLine,
  type DiscountResponse,
  type ShippingOption,
} from '@soko/contract';
import {
  alertClass,
  focusRing,
  inputClass,
  primaryButton,
  secondaryButton,
} from '../../../components/form-styles';
import { ResponsiveImage } from '../../../components/responsive-image';
import { ApiError } from '../../../lib/api-client';
import { isLineUnavailable, cartLineTitle } from '../../cart';
import { refreshSession, useSession } from '../../../lib/session';
import { getDiscount } from '../api/get-discount';
import { mayPayOnline, usePaymentModes } from '../api/get-payment-modes';
import { describeCheckoutError, type CheckoutProblem } from '../checkout-errors';
import {
  DELIVERY_FIELDS,
  accountValues,
  emptyDeliveryValues,
  fillEmpty,
  type DeliveryFieldName,
  type DeliveryValues,
} from '../checkout-form';
import { PAYMENT_SUCCESSFUL_MESSAGE, PAYMENT_UNREACHABLE_MESSAGE } from '../payment-errors';
import { reservePaymentTab } from '../payment-tab';
import { STAGE_LABELS, placeOrder, type CheckoutStage, type HeldOrder } from '../place-order';
import { Field } from './checkout-fields';

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
  /** After the final checkout: the cart's lines go (buy now leaves the cart alone). */
  clear: () => void;
}

type FieldErrors = Partial<
  Record<DeliveryFieldName | 'email' | 'shipping' | 'discountCode', string>
>;

const CHECK_FIELDS_MESSAGE = 'Please correct the fields marked in red.';
const UNAVAILABLE_MESSAGE =
  'Some items cannot be bought in the quantity asked for. Lower or remove them, then place the order again.';

/** The provider's page while the shopper pays there. */
interface WaitingPayment {
  redirectUrl: string;
  tabOpened: boolean;
}

/** Percent codes stay a percentage; fixed codes arrive in Ksh and are computed in cents. */
function discountCents(code: DiscountResponse | null, subtotalCents: number): number {
  if (!code) return 0;
  const value = code.kind === 'fixed' ? toCents(code.value) : code.value;
  return discountCodeAmountCents({ kind: code.kind, value }, subtotalCents);
}

export function CheckoutScreen({ source, title }: { source: CheckoutLines; title: string }) {
  const navigate = useNavigate();
  const { currentUser } = useSession();
  const lockedEmail = currentUser?.email ?? null;

  const [values, setValues] = useState<DeliveryValues>(() =>
    currentUser
      ? fillEmpty(emptyDeliveryValues(), accountValues(currentUser))
      : emptyDeliveryValues(),
  );
  // The account may arrive after the page opened (the profile call answers later).
  const [prefilledFor, setPrefilledFor] = useState(currentUser?._id ?? null);
  if (currentUser && prefilledFor !== currentUser._id) {
    setPrefilledFor(currentUser._id);
    setValues((current) => fillEmpty(current, accountValues(currentUser)));
  }

  const [email, setEmail] = useState('');
  const [shipping, setShipping] = useState<ShippingOption | ''>('');
  const [codeText, setCodeText] = useState('');
  const [discount, setDiscount] = useState<DiscountResponse | null>(null);
  const [checkingCode, setCheckingCode] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [stage, setStage] = useState<CheckoutStage | null>(null);
  const [placed, setPlaced] = useState(false);
  const held = useRef<HeldOrder | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [waiting, setWaiting] = useState<WaitingPayment | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const [paymentNote, setPaymentNote] = useState<string | null>(null);
  // The running payment's socket and timers stop when the screen goes away.
  const paying = useRef<AbortController | null>(null);
  useEffect(() => () => paying.current?.abort(), []);
  const paymentModes = usePaymentModes();

  const { lines } = source;
  const subtotalCents = cartSubtotalCents(lines);
  const codeCents = discountCents(discount, subtotalCents);
  const shippingAmountCents = shipping ? shippingCents(shipping) : 0;
  const totalCents = grandTotalCents({
    subtotalCents,
    discountCents: codeCents,
    shippingCents: shippingAmountCents,
  });

  if (placed) {
    return (
      <p role="status" className="py-6 text-stone-700">
        Your order is placed. Opening it...
      </p>
    );
  }

  if (lines.length === 0) {
    return (
      <section className="mx-auto max-w-xl py-6">
        <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
        <p className="mt-4 text-stone-700">Your cart is empty.</p>
        <p className="mt-1 text-stone-700">
          Find something you like and it will wait for you here.
        </p>
        <Link to="/alllisting" className={`mt-4 inline-block ${primaryButton}`}>
          Continue shopping
        </Link>
      </section>
    );
  }

  const setField = (name: DeliveryFieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  };

  const applyCode = async () => {
    const code = codeText.trim();
    if (!code) return;
    setCheckingCode(true);
    setFieldErrors(({ discountCode: _gone, ...rest }) => rest);
    try {
      setDiscount(await getDiscount(code, fromCents(subtotalCents)));
    } catch (error) {
      setDiscount(null);
      setFieldErrors((current) => ({
        ...current,
        discountCode:
          error instanceof ApiError && error.code !== 'http_error'
            ? error.message
            : 'The code could not be checked. Please try again.',
      }));
    } finally {
      setCheckingCode(false);
    }
  };

  const onCodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in the code box applies the code; it does not place the order.
    if (event.key === 'Enter') {
      event.preventDefault();
      void applyCode();
    }
  };

  const focusFirstError = () => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (stage) return;
    setProblem(null);

    const parsed = checkoutFormSchema.safeParse({ ...values, email: lockedEmail ?? email });
    const errors: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof FieldErrors;
        errors[key] ??= issue.message;
      }
    }
    const shippingChoice = shippingInputSchema.safeParse(shipping || undefined);
    if (!shippingChoice.success) {
      errors.shipping = shippingChoice.error.issues[0]?.message ?? 'Choose a shipping method.';
    }
    if (discount === null && fieldErrors.discountCode)
      errors.discountCode = fieldErrors.discountCode;
    setFieldErrors(errors);
    if (!parsed.success || !shipping) {
      setProblem({ message: CHECK_FIELDS_MESSAGE, fields: {}, summary: [] });
      focusFirstError();
      return;
    }
    if (lines.some(isLineUnavailable)) {
      setProblem({ message: UNAVAILABLE_MESSAGE, fields: {}, summary: [] });
      return;
    }

    const placedLines = [...lines];
    // Before any await: a tab opened after the calls answer would be blocked as a popup.
    const tab = mayPayOnline(placedLines, paymentModes.data) ? reservePaymentTab() : null;
    const controller = new AbortController();
    paying.current = controller;
    let paymentStarted = false;
    setPaymentNote(null);
    try {
      const order = await placeOrder(
        {
          lines: placedLines,
          form: parsed.data,
          shipping,
          discountCode: discount?.code ?? null,
          discount: fromCents(codeCents),
          totalPrice: fromCents(totalCents),
        },
        {
          held: held.current,
          onHeld: (next) => {
            held.current = next;
          },
          onStage: setStage,
          payment: {
            tab,
            signal: controller.signal,
            onStarted: ({ redirectUrl, tabOpened }) => {
              paymentStarted = true;
              setWaiting({ redirectUrl, tabOpened });
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
      const paid = order.payOnOrder;
      // Spec section 4: the lines go, the form and the totals start again (the email of a
      // signed-in shopper stays: it is the account's), then the order's own page.
      setPlaced(true);
      source.clear();
      setValues(emptyDeliveryValues());
      setEmail('');
      setShipping('');
      setDiscount(null);
      setCodeText('');
      setStage(null);
      // My Orders on the account page comes from the profile.
      if (currentUser) void refreshSession();
      setPaymentNote(null);
      void navigate(`/orders/${order._id}`, {
        state: { order, ...(paid ? { paymentMessage: PAYMENT_SUCCESSFUL_MESSAGE } : {}) },
      });
    } catch (error) {
      // The screen went away meanwhile: nobody is left to tell.
      if (controller.signal.aborted) return;
      // A tab the provider's page never reached is of no use; one that shows the provider's
      // answer (failed, reversed) stays for the shopper to read.
      if (!paymentStarted) tab?.close();
      setWaiting(null);
      setUnreachable(false);
      setPaymentNote(null);
      const found = describeCheckoutError(error, placedLines);
      if (found.outOfStock) {
        const { productId, variantId, available } = found.outOfStock;
        source.limit(productId, variantId, available);
      }
      if (found.newPrices) source.reprice(found.newPrices.items);
      if (Object.keys(found.fields).length > 0) {
        setFieldErrors((current) => ({ ...current, ...found.fields }));
        focusFirstError();
      }
      setProblem(found);
      setStage(null);
    }
  };

  const deliveryField = (name: DeliveryFieldName, label: string, autoComplete: string) => (
    <Field
      key={name}
      id={`checkout-${name}`}
      label={label}
      error={fieldErrors[name]}
      hint={name === 'phoneNumber' ? 'A Kenyan mobile number: 07xx, 01xx or +254.' : undefined}
    >
      {(props) =>
        name === 'county' ? (
          <select
            {...props}
            name={name}
            autoComplete={autoComplete}
            value={values.county}
            onChange={(event) => setField('county', event.target.value)}
          >
            <option value="">Choose a county</option>
            {KENYA_COUNTIES.map((county) => (
              <option key={county} value={county}>
                {county}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...props}
            type={name === 'phoneNumber' ? 'tel' : 'text'}
            inputMode={name === 'phoneNumber' ? 'tel' : undefined}
            name={name}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(event) => setField(name, event.target.value)}
          />
        )
      }
    </Field>
  );

  const submitting = stage !== null;

  return (
    <section>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <form
        ref={formRef}
        noValidate
        aria-label={title}
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
      >
        <div className="flex flex-col gap-8">
          <section aria-labelledby="checkout-account">
            <h2 id="checkout-account" className="text-lg font-semibold">
              Account
            </h2>
            {lockedEmail ? (
              <p className="mt-2 text-stone-800">
                Logged in as <strong>{lockedEmail}</strong>
              </p>
            ) : (
              <div className="mt-2">
                <Field id="checkout-email" label="Email" error={fieldErrors.email}>
                  {(props) => (
                    <input
                      {...props}
                      type="email"
                      name="email"
                      autoComplete="email"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                    />
                  )}
                </Field>
                <p className="mt-2 text-sm text-stone-600">
                  Have an account?{' '}
                  <Link
                    to="/login"
                    className={`font-semibold text-brand-800 underline ${focusRing}`}
                  >
                    Login
                  </Link>
                </p>
              </div>
            )}
          </section>

          <section aria-labelledby="checkout-delivery">
            <h2 id="checkout-delivery" className="text-lg font-semibold">
              Delivery address
            </h2>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              {DELIVERY_FIELDS.map((field) =>
                deliveryField(field.name, field.label, field.autoComplete),
              )}
            </div>
          </section>

          <section aria-labelledby="checkout-shipping">
            <h2 id="checkout-shipping" className="text-lg font-semibold">
              Shipping method
            </h2>
            <div className="mt-2 max-w-sm">
              <Field id="checkout-shipping-method" label="Shipping" error={fieldErrors.shipping}>
                {(props) => (
                  <select
                    {...props}
                    name="shipping"
                    value={shipping}
                    onChange={(event) => {
                      setShipping(event.target.value as ShippingOption | '');
                      setFieldErrors(({ shipping: _gone, ...rest }) => rest);
                    }}
                  >
                    <option value="">Choose a shipping method</option>
                    {SHIPPING_OPTION_KEYS.map((key) => (
                      <option key={key} value={key}>
                        {SHIPPING_OPTIONS[key].label} ({formatKsh(SHIPPING_OPTIONS[key].amountKsh)})
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </section>
        </div>

        <div className="flex flex-col gap-6 lg:sticky lg:top-4 lg:self-start">
          <OrderSummary source={source} />

          <section aria-labelledby="checkout-discount">
            <h2 id="checkout-discount" className="text-lg font-semibold">
              Discount code
            </h2>
            <div className="mt-2 flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <label htmlFor="checkout-discount-code" className="sr-only">
                  Discount code
                </label>
                <input
                  id="checkout-discount-code"
                  name="discountCode"
                  autoComplete="off"
                  autoCapitalize="characters"
                  value={codeText}
                  onChange={(event) => setCodeText(event.target.value)}
                  onKeyDown={onCodeKeyDown}
                  aria-invalid={fieldErrors.discountCode ? true : undefined}
                  aria-describedby={
                    fieldErrors.discountCode ? 'checkout-discount-error' : undefined
                  }
                  className={`${inputClass} mt-0`}
                />
              </div>
              <button
                type="button"
                onClick={() => void applyCode()}
                disabled={checkingCode || !codeText.trim()}
                className={secondaryButton}
              >
                {checkingCode ? 'Checking...' : 'Apply'}
              </button>
            </div>
            {fieldErrors.discountCode && (
              <p id="checkout-discount-error" role="alert" className="mt-1 text-sm text-red-800">
                {fieldErrors.discountCode}
              </p>
            )}
            {discount && (
              <p role="status" className="mt-1 flex items-center gap-2 text-sm text-brand-800">
                Code {discount.code} applied.
                <button
                  type="button"
                  onClick={() => setDiscount(null)}
                  className={`rounded px-1 font-semibold underline ${focusRing}`}
                >
                  Remove code
                </button>
              </p>
            )}
          </section>

          <section aria-labelledby="checkout-totals">
            <h2 id="checkout-totals" className="text-lg font-semibold">
              Totals
            </h2>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
              <dt>Subtotal</dt>
              <dd className="text-right tabular-nums">{formatKsh(fromCents(subtotalCents))}</dd>
              <dt>Discount</dt>
              <dd className="text-right tabular-nums">
                {codeCents > 0 ? `− ${formatKsh(fromCents(codeCents))}` : formatKsh(0)}
              </dd>
              <dt>Shipping</dt>
              <dd className="text-right tabular-nums">
                {formatKsh(fromCents(shippingAmountCents))}
              </dd>
              <dt className="border-t border-stone-200 pt-1 text-base font-bold">Total</dt>
              <dd className="border-t border-stone-200 pt-1 text-right text-base font-bold tabular-nums">
                {formatKsh(fromCents(totalCents))}
              </dd>
            </dl>
          </section>

          {problem && (
            <div role="alert" className={alertClass}>
              <p>{problem.message}</p>
              {problem.summary.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {problem.summary.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
          )}

          <PaymentProgress waiting={waiting} note={paymentNote} unreachable={unreachable} />

          <button type="submit" disabled={submitting} className={`w-full py-3 ${primaryButton}`}>
            {stage ? STAGE_LABELS[stage] : 'Place Order'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** While the shopper pays in the other tab (spec section 4, "Payment"). */
function PaymentProgress({
  waiting,
  note,
  unreachable,
}: {
  waiting: WaitingPayment | null;
  note: string | null;
  unreachable: boolean;
}) {
  return (
    <>
      {/* Always in the page, so that screen readers announce what appears in it. */}
      <div role="status">
        {(waiting || note) && (
          <div className="rounded border border-stone-200 bg-brand-50 p-3">
            {waiting && (
              <>
                <p className="font-medium text-stone-900">
                  {waiting.tabOpened
                    ? 'Waiting for your payment in the other tab...'
                    : 'Your payment page is ready. Open it to pay; this page waits for your payment.'}
                </p>
                <a
                  href={waiting.redirectUrl}
                  target="_blank"
                  rel="noopener"
                  className={`mt-1 inline-block font-semibold text-brand-800 underline ${focusRing}`}
                >
                  Open the payment page
                </a>
              </>
            )}
            {note && <p className="font-medium text-brand-900">{note}</p>}
          </div>
        )}
      </div>
      {unreachable && (
        <p role="alert" className={alertClass}>
          {PAYMENT_UNREACHABLE_MESSAGE}
        </p>
      )}
    </>
  );
}

function OrderSummary({ source }: { source: CheckoutLines }) {
  return (
    <section aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="text-lg font-semibold">
        Order summary
      </h2>
      <ul className="mt-2 divide-y divide-stone-100">
        {source.lines.map((line) => {
          const title = cartLineTitle(line);
          const soldOut = line.maxQuantity === 0;
          const overStock = !soldOut && isLineUnavailable(line);
          return (
            <li key={`${line.productId}:${line.variantId ?? ''}`} className="flex gap-3 py-2">
              <ResponsiveImage
                src={line.image}
                alt=""
                sizes="48px"
                width={48}
                height={48}
                className="size-12 shrink-0 rounded border border-stone-100 object-cover"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium break-words">{title}</p>
                <p className="text-stone-700">
                  {formatKsh(line.price)} x {line.quantity}
                </p>
                {soldOut && <p className="font-medium text-red-800">Sold out.</p>}
                {overStock && (
                  <p className="font-medium text-red-800">Only {line.maxQuantity} left.</p>
                )}
                {(soldOut || overStock) && source.remove && (
                  <button
                    type="button"
                    onClick={() => source.remove?.(line.productId, line.variantId)}
                    className={`mt-1 rounded font-semibold text-red-800 underline ${focusRing}`}
                  >
                    Remove<span className="sr-only"> {title}</span>
                  </button>
                )}
              </div>
              <p className="text-sm font-medium tabular-nums">
                {formatKsh(fromCents(toCents(line.price) * line.quantity))}
              </p>
            </li>
          );
        })}
      </ul>
      {source.remove && (
        <Link
          to="/cart"
          className={`mt-1 inline-block text-sm font-semibold text-brand-800 underline ${focusRing}`}
        >
          Edit cart
        </Link>
      )}
    </section>
  );
}
