import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { alertClass, secondaryButton } from './form-styles';

/** A screen's data on its way, said to screen readers as a status. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-stone-600">
      {children}
    </p>
  );
}

/** A screen's data that could not be read: why, as an alert, and a way to ask again. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => unknown }) {
  // The page's language: a shopper's receipt, or an owner's or admin's screen in English.
  const t = useT();
  return (
    <div className="space-y-2">
      <p role="alert" className={alertClass}>
        {children}
      </p>
      <button type="button" onClick={() => void onRetry()} className={secondaryButton}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
