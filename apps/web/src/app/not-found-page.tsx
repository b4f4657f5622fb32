import { Link } from 'react-router';
import { useT } from '../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="space-y-3 py-6">
      <h1 className="text-xl font-bold">{t('shell.pageNotFound')}</h1>
      <p className="text-stone-700">{t('shell.nothingHere')}</p>
      <Link
        to="/"
        className="inline-block font-medium text-brand-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {t('shell.backHome')}
      </Link>
    </div>
  );
}
