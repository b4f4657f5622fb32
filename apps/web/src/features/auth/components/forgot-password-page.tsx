// Forgot password (DESIGN.md, "Messages"): asks for a mailed link. The answer is the same
// whether or not the email has an account, so the page says what happens if it does.
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordBodySchema } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { forgotPasswordRequest } from '../api/auth-api';
import { resetErrorText } from './password-reset-errors';

export function ForgotPasswordPage() {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordBodySchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    setSent(null);
    try {
      setSent(problemText((await forgotPasswordRequest(body)).message, t));
    } catch (caught) {
      applyServerFieldErrors(form, caught, t);
      setFailure(resetErrorText(caught, t));
    }
  });

  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold text-stone-900">{t('account.forgotTitle')}</h1>
      <p className="mt-2 text-sm text-stone-700">{t('account.forgotIntro')}</p>
      <form
        noValidate
        aria-label={t('account.forgotForm')}
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <FormAlert>{failure}</FormAlert>
        <FormStatus message={sent} />
        <Field
          label={t('account.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('account.sending') : t('account.sendResetLink')}
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-700">
        {t('account.remembered')}{' '}
        <Link to="/login" className={`font-semibold text-brand-800 underline ${focusRing}`}>
          {t('account.backToLogin')}
        </Link>
      </p>
    </section>
  );
}
