// /privacy: the shop's privacy notice (decision 048), painted by the server like /About.
import { privacyParagraphs } from '@soko/contract';
import { LoadFailed, Loading } from '../../../components/load-state';
import { useT } from '../../../lib/i18n';
import { usePrivacyNotice } from '../api/privacy-api';

export function PrivacyPage() {
  const notice = usePrivacyNotice();
  const t = useT();
  return (
    <article aria-labelledby="privacy-heading" className="mx-auto max-w-3xl space-y-4">
      <h1 id="privacy-heading" className="text-3xl font-bold text-stone-900">
        {t('privacy.title')}
      </h1>
      {notice.isPending ? (
        <Loading>{t('privacy.loading')}</Loading>
      ) : notice.isError ? (
        <LoadFailed onRetry={notice.refetch}>{t('privacy.loadFailed')}</LoadFailed>
      ) : (
        privacyParagraphs(notice.data.text).map((paragraph, index) => (
          <p key={index} className="leading-relaxed whitespace-pre-line text-stone-700">
            {paragraph}
          </p>
        ))
      )}
    </article>
  );
}
