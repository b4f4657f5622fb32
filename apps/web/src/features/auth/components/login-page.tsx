import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { readToken, signIn } from '../../../lib/session';
import { signinRequest } from '../api/auth-api';
import { alertClass, focusRing, inputClass, primaryButton } from '../../../components/form-styles';

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (hadToken) return <Navigate to="/profile" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const { token, user } = await signinRequest({ email: email.trim(), password });
      signIn(token, user);
      await navigate(user.role === 'admin' ? '/createlisting' : '/', { replace: true });
    } catch (caught) {
      setError(loginErrorText(caught));
      setPending(false);
    }
  };

  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold text-stone-900">Login</h1>
      <form onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-4">
        {error && (
          <p role="alert" className={alertClass}>
            {error}
          </p>
        )}
        <label className="block text-sm font-medium text-stone-800">
          Email
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
          />
        </label>
        <label className="block text-sm font-medium text-stone-800">
          Password
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={inputClass}
          />
        </label>
        <button type="submit" disabled={pending} className={primaryButton}>
          {pending ? 'Signing in...' : 'Login'}
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-700">
        No account yet?{' '}
        <Link to="/signup" className={`font-semibold text-brand-800 underline ${focusRing}`}>
          Sign up
        </Link>
      </p>
    </section>
  );
}
