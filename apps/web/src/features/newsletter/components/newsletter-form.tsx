import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '@soko/contract';
import { useCreateSubscription } from '../api/create-subscription';

// Spec sections 4 and 8: the form's four states and their exact texts.
export const NEWSLETTER_SUCCESS_MESSAGE = 'Thank you for subscribing!';
export const NEWSLETTER_FAILURE_MESSAGE = 'There was an error subscribing. Please try again.';

type FormState = 'idle' | 'invalid-email' | 'success' | 'failure';

export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>('idle');
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
    subscription.mutate(
      { email: value },
      {
        onSuccess: () => {
          setEmail('');
          setState('success');
        },
        onError: () => setState('failure'),
      },
    );
  };

  const invalid = state === 'invalid-email';
  const errorText = invalid
    ? INVALID_EMAIL_MESSAGE
    : state === 'failure'
      ? NEWSLETTER_FAILURE_MESSAGE
      : null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
      <label htmlFor={`${id}-email`} className="block font-medium text-stone-800">
        Email address
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (state !== 'idle') setState('idle');
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={errorText ? `${id}-message` : undefined}
          className="min-w-0 flex-[1_1_12rem] rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700 aria-invalid:border-red-600"
        />
        <button
          type="submit"
          disabled={subscription.isPending}
          className="shrink-0 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70"
        >
          {subscription.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      {/* Kept in the page so screen readers hear the success when it is written in. */}
      <p role="status" className="text-brand-800">
        {state === 'success' ? NEWSLETTER_SUCCESS_MESSAGE : ''}
      </p>
      {errorText && (
        <p id={`${id}-message`} role="alert" className="text-red-700">
          {errorText}
        </p>
      )}
    </form>
  );
}
