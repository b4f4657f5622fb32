import { KENYA_COUNTIES } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { useT } from '../../../lib/i18n';
import { DELIVERY_FIELDS, type CheckoutFormApi } from '../checkout-form';

const COUNTY_OPTIONS = KENYA_COUNTIES.map((county) => ({ value: county, label: county }));

/** Not needed when every part is collected at a counter or an agent point (decisions 035, 036). */
const DOOR_ONLY_FIELDS: ReadonlySet<string> = new Set(['city', 'address']);

export function DeliverySection({
  form,
  pickupOnly = false,
}: {
  form: CheckoutFormApi;
  /** Every shop part is collected at a counter: no street address is asked for. */
  pickupOnly?: boolean;
}) {
  const { errors } = form.formState;
  const t = useT();
  return (
    <section aria-labelledby="checkout-delivery">
      <h2 id="checkout-delivery" className="text-lg font-semibold">
        {t('checkout.deliveryAddress')}
      </h2>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        {DELIVERY_FIELDS.map((deliveryField) => {
          const { name, autoComplete } = deliveryField;
          const label = t(`checkout.field.${name}`);
          const notNeeded = pickupOnly && DOOR_ONLY_FIELDS.has(name);
          return name === 'county' ? (
            <Field
              key={name}
              label={label}
              autoComplete={autoComplete}
              required
              options={COUNTY_OPTIONS}
              placeholder={t('checkout.chooseCounty')}
              error={errors.county?.message}
              {...form.register('county')}
            />
          ) : (
            <Field
              key={name}
              label={label}
              autoComplete={autoComplete}
              required={!('optional' in deliveryField) && !notNeeded}
              {...(name === 'phoneNumber'
                ? {
                    type: 'tel',
                    inputMode: 'tel' as const,
                    hint: t('checkout.phoneHint'),
                  }
                : {
                    type: 'text',
                    ...(notNeeded ? { hint: t('checkout.notNeeded') } : {}),
                  })}
              error={errors[name]?.message}
              {...form.register(name)}
            />
          );
        })}
        <Field
          label={t('checkout.kraPin')}
          autoComplete="off"
          type="text"
          error={errors.buyerKraPin?.message}
          {...form.register('buyerKraPin')}
        />
      </div>
    </section>
  );
}
