// The account page's "Your data" (decision 048): the download of everything held about the
// person, and the privacy notice.
import { Link } from 'react-router';
import { exportFileName } from '@soko/contract';
import { DownloadLink } from '../../../components/download-link';
import { focusRing, secondaryButton } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';

/** On the account page: its texts are in the account's part (`account.`). */
export function YourDataSection() {
  const t = useT();
  return (
    <section aria-labelledby="your-data" className="mt-6 space-y-2">
      <h2 id="your-data" className="text-lg font-semibold">
        {t('account.yourData')}
      </h2>
      <p className="text-sm text-stone-700">{t('account.yourDataIntro')}</p>
      <DownloadLink
        href="/api/user/me/export"
        fileName={exportFileName(new Date().toISOString().slice(0, 10))}
        className={`inline-block ${secondaryButton}`}
      >
        {t('account.downloadMyData')}
      </DownloadLink>
      <p className="text-sm text-stone-700">
        {t('account.howWeUseData')}{' '}
        <Link to="/privacy" className={`font-semibold text-brand-800 underline ${focusRing}`}>
          {t('shell.privacyNotice')}
        </Link>
      </p>
    </section>
  );
}
