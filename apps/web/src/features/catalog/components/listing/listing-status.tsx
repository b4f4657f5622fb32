import { useT } from '../../../../lib/i18n';
export function ListingLoading() {
  const t = useT();
  return (
    <p role="status" aria-busy="true" className="py-8 text-center text-stone-600">
      {t('listing.loading')}
    </p>
  );
}

export interface ListingErrorProps {
  error: Error;
  onRetry: () => void;
}

/** A failed read: the reason in the spec's 'Error: {message}' form, and a way to try again. */
export function ListingError({ error, onRetry }: ListingErrorProps) {
  const t = useT();
  return (
    <div role="alert" className="space-y-3 py-8 text-center">
      <p className="text-stone-800">{t('common.error', { message: error.message })}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md bg-brand-800 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
