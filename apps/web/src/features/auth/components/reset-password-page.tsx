// Choosing a new password from a mailed link (`/reset-password?token=…`). A reset ends every
// earlier session and answers a fresh one, so the person is signed in here at once.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordBodySchema, type User } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';
import { signIn } from '../../../lib/session';
import { resetPasswordRequest } from '../api/auth-api';
import { resetErrorText } from './password-reset-errors';

const passwordFormSchema = resetPasswordBodySchema.pick({ password: true });
const linkClass = `font-semibold text-brand-800 underline ${focusRing}`;

export function ResetPasswordPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [failure, setFailure] = useState<string | null>(null);
  const [signedInAs, setSignedInAs] = useState<User | null>(null);
  const form = useZodForm(passwordFormSchema, { defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const session = await resetPasswordRequest({ token, password });
      signIn(session.token, session.user);
      setSignedInAs(session.user);
    } catch (caught) {
      applyServerFieldErrors(form, caught, t);
      setFailure(resetErrorText(caught, t));
    }
  });

  if (signedInAs) {
    return (
      <section className="mx-auto max-w-sm">
        <h1 className="text-2xl font-bold text-stone-900">{t('account.passwordChangedTitle')}</h1>
        <p role="status" className="mt-2 text-stone-800">
          {t('account.resetDone', { email: signedInAs.email })}
        </p>
        <p className="mt-4 flex gap-4 text-sm">
          <Link to="/profile" className={linkClass}>
            {t('account.goToAccount')}
          </Link>
          <Link to="/" className={linkClass}>
            {t('account.continueShopping')}
          </Link>
        </p>
      </section>
    );
  }

  if (!token) {
    return (
      <section className="mx-auto max-w-sm">
        <h1 className="text-2xl font-bold text-stone-900">{t('account.chooseNewPassword')}</h1>
        <p role="alert" className="mt-2 text-stone-800">
          {t('account.needsLink')}
        </p>
        <p className="mt-4 text-sm">
          <Link to="/forgot-password" className={linkClass}>
            {t('account.askNewLink')}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold text-stone-900">{t('account.chooseNewPassword')}</h1>
      <form
        noValidate
        aria-label={t('account.chooseNewPassword')}
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <FormAlert>
          {failure && (
            <>
              {failure}{' '}
              <Link to="/forgot-password" className={linkClass}>
                {t('account.askNewLink')}
              </Link>
            </>
          )}
        </FormAlert>
        <Field
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('account.atLeast8')}
          required
          autoFocus
          error={errors.password?.message}
          {...form.register('password')}
        />
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('account.saving') : t('account.setNewPassword')}
        </button>
      </form>
    </section>
  );
}
