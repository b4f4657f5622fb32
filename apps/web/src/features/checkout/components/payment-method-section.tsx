// How the shopper pays, when the shop offers a choice or M-Pesa (issue 17): the method, and for
// M-Pesa the Safaricom number the PIN prompt goes to (the delivery phone when left empty).
import { useId, type ChangeEvent } from 'react';
import type { PaymentProviderName } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { useT } from '../../../lib/i18n';

export interface PaymentChoiceState {
  method: PaymentProviderName | null;
  mpesaPhone: string;
  phoneError: string | undefined;
}

export function PaymentMethodSection({
  methods,
  choice,
  onChange,
}: {
  methods: readonly PaymentProviderName[];
  choice: PaymentChoiceState;
  onChange: (next: PaymentChoiceState) => void;
}) {
  const name = useId();
  const t = useT();
  const method = choice.method ?? methods[0];
  if (!method || (methods.length < 2 && method !== 'mpesa')) return null;
  return (
    <section aria-labelledby="checkout-payment">
      <h2 id="checkout-payment" className="text-lg font-semibold">
        {t('checkout.payment')}
      </h2>
      {methods.length > 1 && (
        <fieldset className="mt-2 space-y-1">
          <legend className="sr-only">{t('checkout.howToPay')}</legend>
          {methods.map((value) => (
            <label key={value} className="flex items-center gap-2 text-stone-900">
              <input
                type="radio"
                name={name}
                value={value}
                checked={method === value}
                onChange={() => onChange({ ...choice, method: value, phoneError: undefined })}
              />
              {t(`checkout.method.${value}`)}
            </label>
          ))}
        </fieldset>
      )}
      {method === 'mpesa' && (
        <div className="mt-2 max-w-sm">
          <Field
            label={t('checkout.mpesaNumber')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint={t('checkout.mpesaHint')}
            value={choice.mpesaPhone}
            error={choice.phoneError}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              onChange({ ...choice, mpesaPhone: event.target.value, phoneError: undefined })
            }
          />
        </div>
      )}
    </section>
  );
}
