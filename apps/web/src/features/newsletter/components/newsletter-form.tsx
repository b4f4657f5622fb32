import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { CURRENT_CONSENT_TEXTS, INVALID_EMAIL_MESSAGE, isValidEmail } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { ApiError } from '../../../lib/api-client';
import { useCreateSubscription } from '../api/create-subscription';

// Spec sections 4 and 8: the form's four states and their exact texts.
export const NEWSLETTER_SUCCESS_MESSAGE = 'Thank you for subscribing!';
export const NEWSLETTER_FAILURE_MESSAGE = 'There was an error subscribing. Please try again.';

type FormState = 'idle' | 'invalid-email' | 'success' | 'failure';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>('idle');
  // The server's word on the address itself (a 400 with `fields.email`), shown on the input.
  const [serverError, setServerError] = useState<string | null>(null);
  const subscription = useCreateSubscription();

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
    setServerError(null);
    subscription.mutate(
      { email: value },
      {
        onSuccess: () => {
          setEmail('');
          setState('success');
        },
        onError: (error) => {
          setServerError(error instanceof ApiError ? (error.fields?.email ?? null) : null);
          setState('failure');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
      <Field
        label="Email address"
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
          setServerError(null);
        }}
        error={
          state === 'invalid-email'
            ? INVALID_EMAIL_MESSAGE
            : state === 'failure'
              ? (serverError ?? undefined)
              : undefined
        }
        announceError
        action={
          <button
            type="submit"
            disabled={subscription.isPending}
            className="shrink-0 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70"
          >
            {subscription.isPending ? 'Subscribing...' : 'Subscribe'}
          </button>
        }
      />
      {/* What subscribing agrees to: the server records this text's version (decision 033). */}
      <p className="text-xs text-stone-600">{CURRENT_CONSENT_TEXTS.newsletterEmail.text}</p>
      {/* Kept in the page so screen readers hear the success when it is written in. */}
      <p role="status" className="text-brand-800">
        {state === 'success' ? NEWSLETTER_SUCCESS_MESSAGE : ''}
      </p>
      {/* The server's failure is not the address's fault: said beside, not on, the field. */}
      {state === 'failure' && (
        <p role="alert" className="text-red-700">
          {NEWSLETTER_FAILURE_MESSAGE}
        </p>
      )}
    </form>
  );
}
