import { SHIPPING_OPTIONS, SHIPPING_OPTION_KEYS, formatKsh } from '@soko/contract';
import { Field } from '../../../components/form/field';
import type { CheckoutFormApi } from '../checkout-form';

const SHIPPING_CHOICES = SHIPPING_OPTION_KEYS.map((key) => ({
  value: key,
  label: `${SHIPPING_OPTIONS[key].label} (${formatKsh(SHIPPING_OPTIONS[key].amountKsh)})`,
}));

export function ShippingSection({ form }: { form: CheckoutFormApi }) {
  return (
    <section aria-labelledby="checkout-shipping">
      <h2 id="checkout-shipping" className="text-lg font-semibold">
        Shipping method
      </h2>
      <div className="mt-2 max-w-sm">
        <Field
          label="Shipping"
          required
          options={SHIPPING_CHOICES}
          placeholder="Choose a shipping method"
          error={form.formState.errors.shipping?.message}
          {...form.register('shipping')}
        />
      </div>
    </section>
  );
}
