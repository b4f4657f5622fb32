import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { CURRENT_CONSENT_TEXTS, isValidEmail } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { ApiError } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n';
import { useCreateSubscription } from '../api/create-subscription';

// Spec sections 4 and 8: the form's four states and their exact texts (`footer.` in the message
// files, loaded with the footer).

type FormState = 'idle' | 'invalid-email' | 'success' | 'failure';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>('idle');
  // The server's word on the address itself (a 400 with `fields.email`), shown on the input.
  // The email schema has one message, the contract's INVALID_EMAIL_MESSAGE: the footer says it
  // in the page's language without the contract's table of texts (decision 050).
  const [serverError, setServerError] = useState(false);
  const subscription = useCreateSubscription();
  const t = useT();
  const locale = useLocale();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser's own email check is off (noValidate) so the spec's message is the one
    // shown; the rule is the contract's, the same the server applies.
    const value = email.trim();
    if (!isValidEmail(value)) {
      setState('invalid-email');
      return;
    }
    setState('idle');
    setServerError(false);
    subscription.mutate(
      { email: value },
      {
        onSuccess: () => {
          setEmail('');
          setState('success');
        },
        onError: (error) => {
          setServerError(error instanceof ApiError && error.fields?.email !== undefined);
          setState('failure');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
      <Field
        label={t('footer.email')}
        name="email"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setEmail(event.target.value);
          if (state !== 'idle') setState('idle');
          setServerError(false);
        }}
        error={
          state === 'invalid-email' || (state === 'failure' && serverError)
            ? t('footer.invalidEmail')
            : undefined
        }
        announceError
        action={
          <button
            type="submit"
            disabled={subscription.isPending}
            className="shrink-0 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70"
          >
            {subscription.isPending ? t('footer.subscribing') : t('footer.subscribe')}
          </button>
        }
      />
      {/* What subscribing agrees to: the server records this text's version (decision 033), so it
          is shown as recorded, in English, until a Kiswahili version is recorded too (decision 050). */}
      <p className="text-xs text-stone-600">{CURRENT_CONSENT_TEXTS[locale].newsletterEmail.text}</p>
      {/* Kept in the page so screen readers hear the success when it is written in. */}
      <p role="status" className="text-brand-800">
        {state === 'success' ? t('footer.subscribed') : ''}
      </p>
      {/* The server's failure is not the address's fault: said beside, not on, the field. */}
      {state === 'failure' && (
        <p role="alert" className="text-red-700">
          {t('footer.subscribeFailed')}
        </p>
      )}
    </form>
  );
}
