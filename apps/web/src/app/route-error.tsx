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
    <div role="alert" className="space-y-2">
      <h1 className="text-xl font-bold">Unexpected Application Error!</h1>
      <p className="text-stone-700">{describe(error)}</p>
    </div>
  );
}
