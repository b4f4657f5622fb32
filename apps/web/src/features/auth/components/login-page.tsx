import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { signinBodySchema } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { readToken, signIn } from '../../../lib/session';
import { signinRequest } from '../api/auth-api';

/** Spec section 8: the prefix plus the server's message, 'Login failed' when it has none. */
export function loginErrorText(error: unknown): string {
  const message =
    error instanceof ApiError && error.code !== 'http_error' ? error.message : 'Login failed';
  return `Invalid email or password: ${message}`;
}

export function LoginPage() {
  const navigate = useNavigate();
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
      applyServerFieldErrors(form, caught);
      setFailure(loginErrorText(caught));
    }
  });

  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold text-stone-900">Login</h1>
      <form
        noValidate
        aria-label="Login"
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <FormAlert>{failure}</FormAlert>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Signing in...' : 'Login'}
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-700">
        <Link
          to="/forgot-password"
          className={`font-semibold text-brand-800 underline ${focusRing}`}
        >
          Forgot password?
        </Link>
      </p>
      <p className="mt-2 text-sm text-stone-700">
        No account yet?{' '}
        <Link to="/signup" className={`font-semibold text-brand-800 underline ${focusRing}`}>
          Sign up
        </Link>
      </p>
    </section>
  );
}
