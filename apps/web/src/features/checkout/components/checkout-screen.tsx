// The checkout (spec sections 2 and 4): one form in sections, its figures, and the place-order
// flow. The sections are plain components; the state lives in three hooks: the form
// (react-hook-form on the contract's checkoutScreenSchema), the discount code and the flow.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  cartSubtotalCents,
  cartVatCents,
  checkoutScreenSchema,
  grandTotalCents,
  mpesaPhoneSchema,
  pickupCheckoutScreenSchema,
  shippingCents,
  type Order,
} from '@soko/contract';
import { FormAlert } from '../../../components/form/form-messages';
import { setFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';
import { refreshSession, useSession } from '../../../lib/session';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { asCounty, readDeliveryCounty, rememberDeliveryCounty } from '../../../lib/delivery-county';
import { deliveryQuoteKeys } from '../../../lib/delivery-quote';
import { PrivacyNote } from '../../privacy';
import { deliveryCentsOf, pickupChoicesOf } from '../delivery-lines';
import { useCheckoutDelivery } from '../use-checkout-delivery';
import {
  accountValues,
  emptyCheckoutValues,
  useAccountPrefill,
  type CheckoutFormApi,
} from '../checkout-form';
import { useDiscountCode } from '../use-discount-code';
import { checkoutText } from '../checkout-text';
import { usePaymentMethods } from '../api/get-payment-methods';
import type { PaymentChoice } from '../pay-online';
import { usePlaceOrder, type CheckoutLines } from '../use-place-order';
import { AccountSection } from './account-section';
import { DeliveryOptionsSection } from './delivery-options-section';
import { DeliverySection } from './delivery-section';
import { DiscountSection } from './discount-section';
import { OrderSummary } from './order-summary';
import { PaymentMethodSection, type PaymentChoiceState } from './payment-method-section';
import { PaymentProgress } from './payment-progress';
import { ShippingSection } from './shipping-section';
import { TotalsSection } from './totals-section';

export type { CheckoutLines } from '../use-place-order';

export function CheckoutScreen({ source, title }: { source: CheckoutLines; title: string }) {
  const navigate = useNavigate();
  const t = useT();
  const { currentUser } = useSession();
  const lockedEmail = currentUser?.email ?? null;
  const [placed, setPlaced] = useState(false);
  // Decision 016: no offline checkout. Stock and price are the server's, and a payment needs it.
  const online = useOnlineStatus();
  const methods = usePaymentMethods();
  const [payment, setPayment] = useState<PaymentChoiceState>({
    method: null,
    mpesaPhone: '',
    phoneError: undefined,
  });

  // With every part collected at a counter the street address is not asked for: the form's
  // schema follows the pickup choices (react-hook-form reads its resolver on every render).
  const [pickupOnly, setPickupOnly] = useState(false);
  const form: CheckoutFormApi = useZodForm(
    // The same output; only city and address may be empty.
    pickupOnly
      ? (pickupCheckoutScreenSchema as unknown as typeof checkoutScreenSchema)
      : checkoutScreenSchema,
    {
      defaultValues: {
        ...emptyCheckoutValues(lockedEmail),
        ...(currentUser ? withoutEmpty(accountValues(currentUser)) : {}),
      },
    },
  );
  useAccountPrefill(form, currentUser);
  // The county chosen last time (here or on a product page), unless the form has one already.
  // After the first render: the server painted the form without it.
  const { getValues, setValue } = form;
  useEffect(() => {
    const remembered = readDeliveryCounty();
    if (remembered && !getValues('county')) setValue('county', remembered);
  }, [getValues, setValue]);
  const queryClient = useQueryClient();

  const flow = usePlaceOrder({
    source,
    onFieldErrors: ({ discountCode, ...fields }) => {
      if (discountCode) discount.refuse(discountCode);
      setFieldErrors(form, fields, t);
    },
    onPlaced: (order: Order, paymentMessage) => {
      // Spec section 4: the lines go, the form and the totals start again (the email of a
      // signed-in shopper stays: it is the account's), then the order's own page.
      setPlaced(true);
      source.clear(order._id);
      form.reset(emptyCheckoutValues(lockedEmail));
      discount.reset();
      // My Orders on the account page comes from the profile.
      if (currentUser) void refreshSession();
      void navigate(`/orders/${order._id}`, {
        state: { order, ...(paymentMessage ? { paymentMessage } : {}) },
      });
    },
    // A fee the shop changed meanwhile: the quotes are asked again, and the lines follow.
    onNewFigures: () => void queryClient.invalidateQueries({ queryKey: deliveryQuoteKeys.all }),
  });

  const subtotalCents = cartSubtotalCents(flow.lines);
  const discount = useDiscountCode(flow.lines);
  const shipping = form.watch('shipping');
  const county = asCounty(form.watch('county'));
  const delivery = useCheckoutDelivery(flow.lines, county, shipping || null);
  const { clearErrors } = form;
  // Adjusted while rendering (not in an effect), so the next render validates by it.
  if (pickupOnly !== delivery.pickupOnly) setPickupOnly(delivery.pickupOnly);
  useEffect(() => {
    if (delivery.pickupOnly) clearErrors(['city', 'address']);
  }, [delivery.pickupOnly, clearErrors]);
  // The product page says what delivery to this county costs.
  useEffect(() => {
    if (county) rememberDeliveryCounty(county);
  }, [county]);
  // Until the shops' fees are known: the spec's figures, which shops that set nothing charge.
  const shippingAmountCents = shipping
    ? (delivery.totals?.[shipping] ?? shippingCents(shipping))
    : 0;
  // One order at a time, while its delivery is priced too.
  const [pricing, setPricing] = useState(false);
  const totals = {
    subtotalCents,
    discountCents: discount.amountCents,
    shippingCents: shippingAmountCents,
    totalCents: grandTotalCents({
      subtotalCents,
      discountCents: discount.amountCents,
      shippingCents: shippingAmountCents,
    }),
    vatCents: cartVatCents(
      flow.lines,
      discount.applied
        ? { amountCents: discount.amountCents, shopId: discount.applied.shopId }
        : null,
    ),
  };

  if (placed) {
    return (
      <p role="status" className="py-6 text-stone-700">
        {t('checkout.placed')}
      </p>
    );
  }
  if (flow.lines.length === 0) return <EmptyCheckout title={title} />;

  const method = payment.method ?? methods[0];
  const onSubmit = form.handleSubmit(async (values) => {
    let choice: PaymentChoice = {};
    if (flow.paysOnline && method) {
      choice = { provider: method };
      if (method === 'mpesa') {
        // The contract's rule, checked before any order is made: the number the prompt goes to.
        const phone = mpesaPhoneSchema.safeParse(payment.mpesaPhone.trim() || values.phoneNumber);
        if (!phone.success) {
          const message = phone.error.issues[0]?.message;
          setPayment({ ...payment, phoneError: message && checkoutText(message, t) });
          flow.showFieldsProblem();
          return;
        }
        choice.mpesaPhone = phone.data;
      }
    }
    // Each shop's fee from fresh quotes (usually the ones shown): the server checks them.
    setPricing(true);
    const parts = await delivery.priceForOrder(flow.lines, values.county, values.shipping);
    setPricing(false);
    const deliveryCents = parts ? deliveryCentsOf(parts) : shippingCents(values.shipping);
    return flow.submit(
      values,
      {
        discountCode: discount.applied?.code ?? null,
        discountCents: discount.amountCents,
        totalCents: grandTotalCents({
          subtotalCents,
          discountCents: discount.amountCents,
          shippingCents: deliveryCents,
        }),
        delivery: {
          pickup: parts ? pickupChoicesOf(parts) : [],
          // An agent point the carrier could not price now: the server prices it (409).
          feeCents: parts && !parts.some((part) => part.agentPending) ? deliveryCents : null,
        },
      },
      choice,
    );
  }, flow.showFieldsProblem);

  return (
    <section>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          // One order at a time: a second press while one is under way does nothing.
          if (flow.stage || pricing) {
            event.preventDefault();
            return;
          }
          void onSubmit(event);
        }}
        className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
      >
        <div className="flex flex-col gap-8">
          <AccountSection form={form} lockedEmail={lockedEmail} />
          <DeliverySection form={form} pickupOnly={delivery.pickupOnly} />
          <ShippingSection form={form} amounts={delivery.totals} />
          <DeliveryOptionsSection delivery={delivery} county={county} />
          {flow.paysOnline && (
            <PaymentMethodSection methods={methods} choice={payment} onChange={setPayment} />
          )}
        </div>

        <div className="flex flex-col gap-6 lg:sticky lg:top-4 lg:self-start">
          <OrderSummary source={source} lines={flow.lines} />
          <DiscountSection discount={discount} />
          <TotalsSection totals={totals} delivery={shipping ? delivery.lines : null} />
          {flow.problem && (
            <FormAlert>
              <p>{checkoutText(flow.problem.message, t)}</p>
              {flow.problem.summary.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {flow.problem.summary.map(({ about, message }) => (
                    <li key={`${about}:${message}`}>
                      {about ? `${about}: ` : ''}
                      {checkoutText(message, t)}
                    </li>
                  ))}
                </ul>
              )}
            </FormAlert>
          )}
          {flow.problem && flow.paybillOrderId && (
            <Link
              to={`/orders/${encodeURIComponent(flow.paybillOrderId)}`}
              className={`inline-block font-semibold text-brand-800 underline ${focusRing}`}
            >
              {t('checkout.payWithPaybill')}
            </Link>
          )}
          <PaymentProgress
            waiting={flow.waiting}
            note={flow.paymentNote}
            unreachable={flow.unreachable}
            onKeepWaiting={flow.keepWaiting}
            onPayAgain={flow.payAgain}
          />
          {!online && (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-950">
              {t('checkout.offline')}
            </p>
          )}
          <button
            type="submit"
            disabled={flow.stage !== null || !online}
            className={`w-full py-3 ${primaryButton}`}
          >
            {flow.stage ? t(`checkout.stage.${flow.stage}`) : t('checkout.placeOrder')}
          </button>
          <PrivacyNote lead={t('checkout.privacyLead')} />
        </div>
      </form>
    </section>
  );
}

/** The account's values that say something (an empty address part fills nothing). */
function withoutEmpty(values: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value?.trim()));
}

function EmptyCheckout({ title }: { title: string }) {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl py-6">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-4 text-stone-700">{t('checkout.emptyCart')}</p>
      <p className="mt-1 text-stone-700">{t('checkout.emptyHint')}</p>
      <Link to="/alllisting" className={`mt-4 inline-block ${primaryButton}`}>
        {t('checkout.continueShopping')}
      </Link>
    </section>
  );
}
