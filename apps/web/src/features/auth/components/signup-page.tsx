import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signupBodySchema } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { signIn } from '../../../lib/session';
import { signupRequest } from '../api/auth-api';
import { PrivacyNote } from '../../privacy';

const fields = [
  { name: 'firstName', label: 'account.firstName', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'account.lastName', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'account.email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'account.password', type: 'password', autoComplete: 'new-password' },
] as const;

export function SignupPage() {
  const navigate = useNavigate();
  const t = useT();
  const form = useZodForm(signupBodySchema, {
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        const { token, user } = await signupRequest(body);
        signIn(token, user);
        await navigate('/', { replace: true });
      } catch (caught) {
        applyServerFieldErrors(form, caught, t);
        // Spec section 8: the alert's words; a taken email (409) also says why.
        setFailure(
          caught instanceof ApiError && caught.status === 409
            ? t('account.signupFailedBecause', { reason: problemText(caught.message, t) })
            : t('account.signupFailed'),
        );
      }
    },
    () => setFailure(t('account.signupFailed')),
  );

  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold text-stone-900">{t('account.signUp')}</h1>
      <form
        noValidate
        aria-label={t('account.signUp')}
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <FormAlert>{failure}</FormAlert>
        {fields.map((field, index) => (
          <Field
            key={field.name}
            label={t(field.label)}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            autoFocus={index === 0}
            error={errors[field.name]?.message}
            {...form.register(field.name)}
          />
        ))}
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('account.signingUp') : t('account.signUp')}
        </button>
      </form>
      <div className="mt-4">
        <PrivacyNote lead={t('account.signupPrivacyLead')} />
      </div>
      <p className="mt-4 text-sm text-stone-700">
        {t('account.haveAccount')}{' '}
        <Link to="/login" className={`font-semibold text-brand-800 underline ${focusRing}`}>
          {t('account.login')}
        </Link>
      </p>
    </section>
  );
}
