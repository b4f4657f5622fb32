import {
  SHIPPING_OPTIONS,
  SHIPPING_OPTION_KEYS,
  formatKsh,
  fromCents,
  type Locale,
  type ShippingOption,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { useLocale, useT, type Translate } from '../../../lib/i18n';
import type { CheckoutFormApi } from '../checkout-form';

/**
 * Each option with what it costs this order: the shops' fees for the county chosen once they
 * are known, else the spec's figures (which shops that set nothing charge).
 */
function shippingChoices(
  amounts: Record<ShippingOption, number> | null,
  t: Translate,
  locale: Locale,
) {
  return SHIPPING_OPTION_KEYS.map((key) => ({
    value: key,
    label: `${t(`checkout.shippingOption.${key}`)} (${formatKsh(amounts ? fromCents(amounts[key]) : SHIPPING_OPTIONS[key].amountKsh, locale)})`,
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
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="checkout-shipping">
      <h2 id="checkout-shipping" className="text-lg font-semibold">
        {t('checkout.shippingMethod')}
      </h2>
      <div className="mt-2 max-w-sm">
        <Field
          label={t('checkout.shipping')}
          required
          options={shippingChoices(amounts, t, locale)}
          placeholder={t('checkout.chooseShipping')}
          error={form.formState.errors.shipping?.message}
          {...form.register('shipping')}
        />
      </div>
    </section>
  );
}
