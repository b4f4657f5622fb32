import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '../lib/i18n';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The spec's router fallback: 'Unexpected Application Error!' with the error text. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div role="alert" className="space-y-2 py-6">
      <h1 className="text-xl font-bold">{t('shell.unexpectedError')}</h1>
      <p className="break-words text-stone-700">{describe(error)}</p>
      {/* A full page load, not a client-side move: it also recovers from a stale app build. */}
      <a
        href="/"
        className="inline-block font-medium text-brand-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {t('shell.backHome')}
      </a>
    </div>
  );
}
