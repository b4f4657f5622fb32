import { Link } from 'react-router';
import { Field } from '../../../components/form/field';
import { focusRing } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';
import type { CheckoutFormApi } from '../checkout-form';

/** Spec section 2: signed in, the account's email (not editable); anonymous, typed. */
export function AccountSection({
  form,
  lockedEmail,
}: {
  form: CheckoutFormApi;
  lockedEmail: string | null;
}) {
  const t = useT();
  return (
    <section aria-labelledby="checkout-account">
      <h2 id="checkout-account" className="text-lg font-semibold">
        {t('checkout.account')}
      </h2>
      {lockedEmail ? (
        <p className="mt-2 text-stone-800">
          {t('checkout.loggedInAs')} <strong>{lockedEmail}</strong>
        </p>
      ) : (
        <div className="mt-2">
          <Field
            label={t('checkout.email')}
            type="email"
            autoComplete="email"
            required
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <p className="mt-2 text-sm text-stone-600">
            {t('checkout.haveAccount')}{' '}
            <Link to="/login" className={`font-semibold text-brand-800 underline ${focusRing}`}>
              {t('checkout.login')}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
