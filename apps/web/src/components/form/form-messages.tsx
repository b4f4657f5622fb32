// What a form says about itself as a whole: a failure (an alert, read out at once) and a
// success (a status, always in the page so that screen readers announce what appears in it).
import type { ReactNode } from 'react';
import { alertClass } from '../form-styles';

const statusClass =
  'rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800';

export function FormAlert({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <div role="alert" className={alertClass}>
      {children}
    </div>
  );
}

export function FormStatus({
  message,
  className = '',
}: {
  message: string | null;
  className?: string;
}) {
  return (
    <p role="status" className={message ? `${statusClass} ${className}` : 'sr-only'}>
      {message}
    </p>
  );
}
