import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The spec's router fallback: 'Unexpected Application Error!' with the error text. */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div role="alert" className="space-y-2 py-6">
      <h1 className="text-xl font-bold">Unexpected Application Error!</h1>
      <p className="break-words text-stone-700">{describe(error)}</p>
      {/* A full page load, not a client-side move: it also recovers from a stale app build. */}
      <a
        href="/"
        className="inline-block font-medium text-brand-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Back to the home page
      </a>
    </div>
  );
}
