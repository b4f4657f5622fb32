import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { signupBodySchema } from '@soko/contract';
import { ApiError } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';
import { signupRequest } from '../api/auth-api';
import { alertClass, focusRing, inputClass, primaryButton } from '../../../components/form-styles';

export const SIGNUP_FAILED_MESSAGE = 'Signup failed. Please try again.';

const fields = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

type FieldName = (typeof fields)[number]['name'];
type Values = Record<FieldName, string>;

export function SignupPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const parsed = signupBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        next[key] ??= issue.message;
      }
      setFieldErrors(next);
      setError(SIGNUP_FAILED_MESSAGE);
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      const { token, user } = await signupRequest(parsed.data);
      signIn(token, user);
      await navigate('/', { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError) {
        setFieldErrors((caught.fields ?? {}) as Partial<Record<FieldName, string>>);
        setError(
          caught.status === 409
            ? `${SIGNUP_FAILED_MESSAGE} ${caught.message}`
            : SIGNUP_FAILED_MESSAGE,
        );
      } else {
        setError(SIGNUP_FAILED_MESSAGE);
      }
      setPending(false);
    }
  };

  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold text-stone-900">Sign up</h1>
      <form onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-4">
        {error && (
          <p role="alert" className={alertClass}>
            {error}
          </p>
        )}
        {fields.map((field, index) => {
          const fieldError = fieldErrors[field.name];
          const errorId = `signup-${field.name}-error`;
          return (
            <label key={field.name} className="block text-sm font-medium text-stone-800">
              {field.label}
              <input
                type={field.type}
                name={field.name}
                autoComplete={field.autoComplete}
                required
                autoFocus={index === 0}
                value={values[field.name]}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? errorId : undefined}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field.name]: event.target.value }))
                }
                className={inputClass}
              />
              {fieldError && (
                <span id={errorId} className="mt-1 block text-sm text-red-800">
                  {fieldError}
                </span>
              )}
            </label>
          );
        })}
        <button type="submit" disabled={pending} className={primaryButton}>
          {pending ? 'Signing up...' : 'Sign up'}
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
