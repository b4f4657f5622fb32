import { Link } from 'react-router';
import { Field } from '../../../components/form/field';
import { focusRing } from '../../../components/form-styles';
import type { CheckoutFormApi } from '../checkout-form';

/** Spec section 2: signed in, the account's email (not editable); anonymous, typed. */
export function AccountSection({
  form,
  lockedEmail,
}: {
  form: CheckoutFormApi;
  lockedEmail: string | null;
}) {
  return (
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
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <p className="mt-2 text-sm text-stone-600">
            Have an account?{' '}
            <Link to="/login" className={`font-semibold text-brand-800 underline ${focusRing}`}>
              Login
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
