import {
  SHIPPING_OPTIONS,
  SHIPPING_OPTION_KEYS,
  formatKsh,
  fromCents,
  type ShippingOption,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import type { CheckoutFormApi } from '../checkout-form';

/**
 * Each option with what it costs this order: the shops' fees for the county chosen once they
 * are known, else the spec's figures (which shops that set nothing charge).
 */
function shippingChoices(amounts: Record<ShippingOption, number> | null) {
  return SHIPPING_OPTION_KEYS.map((key) => ({
    value: key,
    label: `${SHIPPING_OPTIONS[key].label} (${formatKsh(amounts ? fromCents(amounts[key]) : SHIPPING_OPTIONS[key].amountKsh)})`,
  }));
}

export function ShippingSection({
  form,
  amounts = null,
}: {
  form: CheckoutFormApi;
  /** Cents, the order's delivery for each option; null until priced. */
  amounts?: Record<ShippingOption, number> | null;
}) {
  return (
    <section aria-labelledby="checkout-shipping">
      <h2 id="checkout-shipping" className="text-lg font-semibold">
        Shipping method
      </h2>
      <div className="mt-2 max-w-sm">
        <Field
          label="Shipping"
          required
          options={shippingChoices(amounts)}
          placeholder="Choose a shipping method"
          error={form.formState.errors.shipping?.message}
          {...form.register('shipping')}
        />
      </div>
    </section>
  );
}
