// The page a reminder's opt-out link opens (/reminders/opt-out/:token, decision 043). Opening it
// changes nothing (mail scanners follow links); the button stops reminders to the order's email
// and phone, and Undo takes that back as easily.
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { primaryButton } from '../../../components/form-styles';
import { useReminderOptOut } from '../api/marketing-api';

export function ReminderOptOutPage() {
  const { token = '' } = useParams();
  const choice = useReminderOptOut();
  const t = useT();
  const optedOut = choice.data?.optedOut;
  const failure =
    choice.error instanceof ApiError && choice.error.status === 404
      ? problemText(choice.error.message, t)
      : choice.error
        ? t('account.optOut.failed')
        : null;

  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold text-stone-900">{t('account.reminders.unpaidOrders')}</h1>
      {optedOut === undefined && <p>{t('account.optOut.intro')}</p>}
      <button
        type="button"
        className={primaryButton}
        disabled={choice.isPending}
        onClick={() => choice.mutate({ token, optOut: optedOut !== true })}
      >
        {optedOut === true ? t('account.optOut.undo') : t('account.optOut.stop')}
      </button>
      <FormStatus
        message={
          optedOut === true
            ? t('account.optOut.stopped')
            : optedOut === false
              ? t('account.optOut.resumed')
              : null
        }
      />
      <FormAlert>{failure}</FormAlert>
      {optedOut === true && (
        <p className="text-sm text-stone-600">{t('account.optOut.stillReach')}</p>
      )}
    </section>
  );
}
