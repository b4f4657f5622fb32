import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { signinBodySchema } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { readToken, signIn } from '../../../lib/session';
import { signinRequest } from '../api/auth-api';

/** Spec section 8: the prefix plus the server's message, 'Login failed' when it has none. */
export function loginErrorText(error: unknown, t: Translate): string {
  const message =
    error instanceof ApiError && error.code !== 'http_error'
      ? problemText(error.message, t)
      : t('account.loginFailed');
  return t('account.invalidLogin', { message });
}

export function LoginPage() {
  const navigate = useNavigate();
  const t = useT();
  // Checked once on arrival: a stored token goes to the account page (spec section 2). The
  // token this page saves itself must not redirect before its own navigation.
  const [hadToken] = useState(() => readToken() !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signinBodySchema, { defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  if (hadToken) return <Navigate to="/profile" replace />;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { token, user } = await signinRequest(body);
      signIn(token, user);
      await navigate(user.role === 'admin' ? '/createlisting' : '/', { replace: true });
    } catch (caught) {
      applyServerFieldErrors(form, caught, t);
      setFailure(loginErrorText(caught, t));
    }
  });

  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold text-stone-900">{t('account.login')}</h1>
      <form
        noValidate
        aria-label={t('account.login')}
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <FormAlert>{failure}</FormAlert>
        <Field
          label={t('account.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label={t('account.password')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('account.signingIn') : t('account.login')}
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-700">
        <Link
          to="/forgot-password"
          className={`font-semibold text-brand-800 underline ${focusRing}`}
        >
          {t('account.forgotPasswordLink')}
        </Link>
      </p>
      <p className="mt-2 text-sm text-stone-700">
        {t('account.noAccount')}{' '}
        <Link to="/signup" className={`font-semibold text-brand-800 underline ${focusRing}`}>
          {t('account.signUp')}
        </Link>
      </p>
    </section>
  );
}
