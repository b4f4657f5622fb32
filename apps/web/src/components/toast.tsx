import { useEffect } from 'react';

/** A toast: a live status region kept in the page, so what appears in it is read out. */
export function Toast({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDone, 8_000);
    return () => clearTimeout(timer);
  }, [message, onDone]);
  return (
    <p
      role="status"
      className={
        message
          ? 'fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900 shadow-lg'
          : 'sr-only'
      }
    >
      {message}
    </p>
  );
}
