import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signupBodySchema } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';
import { signupRequest } from '../api/auth-api';

export const SIGNUP_FAILED_MESSAGE = 'Signup failed. Please try again.';

const fields = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

export function SignupPage() {
  const navigate = useNavigate();
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
        applyServerFieldErrors(form, caught);
        // Spec section 8: the alert's words; a taken email (409) also says why.
        setFailure(
          caught instanceof ApiError && caught.status === 409
            ? `${SIGNUP_FAILED_MESSAGE} ${caught.message}`
            : SIGNUP_FAILED_MESSAGE,
        );
      }
    },
    () => setFailure(SIGNUP_FAILED_MESSAGE),
  );

  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold text-stone-900">Sign up</h1>
      <form
        noValidate
        aria-label="Sign up"
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <FormAlert>{failure}</FormAlert>
        {fields.map((field, index) => (
          <Field
            key={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            autoFocus={index === 0}
            error={errors[field.name]?.message}
            {...form.register(field.name)}
          />
        ))}
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Signing up...' : 'Sign up'}
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-700">
        Already have an account?{' '}
        <Link to="/login" className={`font-semibold text-brand-800 underline ${focusRing}`}>
          Login
        </Link>
      </p>
    </section>
  );
}
