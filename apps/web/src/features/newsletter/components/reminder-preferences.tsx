// The account page's switch for reminders about unpaid orders (decision 043): off records an
// opt-out for the account's email and verified phone, on withdraws it. Saved as it is switched.
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { useT } from '../../../lib/i18n';
import { useReminderPreferences, useUpdateReminderPreferences } from '../api/marketing-api';

export function ReminderPreferencesSection() {
  const preferences = useReminderPreferences();
  const update = useUpdateReminderPreferences();
  const t = useT();
  const on = update.isPending
    ? (update.variables?.unpaidOrders ?? false)
    : (preferences.data?.unpaidOrders ?? false);
  return (
    <section aria-labelledby="reminders" className="mt-6 text-sm">
      <h2 id="reminders" className="text-lg font-semibold">
        {t('account.reminders.title')}
      </h2>
      {preferences.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {t('account.reminders.loadFailed')}
        </p>
      ) : (
        <>
          <label className="mt-2 flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              role="switch"
              checked={on}
              disabled={!preferences.data || update.isPending}
              onChange={(event) => update.mutate({ unpaidOrders: event.target.checked })}
            />
            {t('account.reminders.unpaidOrders')}
          </label>
          <p className="ml-6 text-xs text-stone-600">{t('account.reminders.explain')}</p>
          <FormStatus
            message={
              update.isSuccess
                ? update.data.unpaidOrders
                  ? t('account.reminders.on')
                  : t('account.reminders.off')
                : null
            }
          />
          <FormAlert>{update.isError ? t('account.reminders.saveFailed') : null}</FormAlert>
        </>
      )}
    </section>
  );
}
