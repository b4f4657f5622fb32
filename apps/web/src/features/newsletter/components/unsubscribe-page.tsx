// The page an unsubscribe link in a marketing mail opens (/unsubscribe/:token). Opening it
// changes nothing: mail scanners follow links, so only the button withdraws the consent.
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { primaryButton } from '../../../components/form-styles';
import { useUnsubscribe } from '../api/marketing-api';

export function UnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  const t = useT();
  const done = unsubscribe.data;
  const failure =
    unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404
      ? problemText(unsubscribe.error.message, t)
      : unsubscribe.error
        ? t('account.unsubscribe.failed')
        : null;

  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold text-stone-900">{t('account.unsubscribe.title')}</h1>
      {done ? null : (
        <>
          <p>{t('account.unsubscribe.intro')}</p>
          <button
            type="button"
            className={primaryButton}
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending
              ? t('account.unsubscribe.working')
              : t('account.unsubscribe.button')}
          </button>
        </>
      )}
      <FormStatus
        message={
          done
            ? done.purpose === 'newsletter'
              ? t('account.unsubscribe.newsletterDone')
              : t('account.unsubscribe.offersDone')
            : null
        }
      />
      <FormAlert>{failure}</FormAlert>
      {done && <p className="text-sm text-stone-600">{t('account.unsubscribe.stillReach')}</p>}
    </section>
  );
}
