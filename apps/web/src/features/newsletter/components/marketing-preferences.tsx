// The account page's Marketing preference (decision 033): each box gives or withdraws a consent,
// and says beside it the very text the server records as agreed to.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { CURRENT_CONSENT_TEXTS, type MarketingPreferences } from '@soko/contract';
import { ApiError } from '../../../lib/api-client';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { primaryButton } from '../../../components/form-styles';
import { useLocale, useT } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { useMarketingPreferences, useUpdateMarketingPreferences } from '../api/marketing-api';

export function MarketingPreferencesSection() {
  const preferences = useMarketingPreferences();
  const t = useT();
  return (
    <section aria-labelledby="marketing" className="mt-6">
      <h2 id="marketing" className="text-lg font-semibold">
        {t('account.marketing.title')}
      </h2>
      {preferences.data ? (
        <MarketingForm key={JSON.stringify(preferences.data)} saved={preferences.data} />
      ) : preferences.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t('account.marketing.loadFailed')}
        </p>
      ) : (
        <p role="status" className="mt-2 text-sm text-stone-600">
          {t('account.marketing.loading')}
        </p>
      )}
    </section>
  );
}

function MarketingForm({ saved }: { saved: MarketingPreferences }) {
  const [newsletter, setNewsletter] = useState(saved.newsletter);
  const [smsOffers, setSmsOffers] = useState(saved.smsOffers);
  const [phone, setPhone] = useState(saved.phone ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const update = useUpdateMarketingPreferences();
  const t = useT();
  const locale = useLocale();
  const serverError = update.error instanceof ApiError ? update.error.fields?.phone : undefined;
  const fieldError = serverError === undefined ? undefined : problemText(serverError, t);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    update.mutate(
      { newsletter, smsOffers, ...(smsOffers ? { phone } : {}) },
      { onSuccess: () => setStatus(t('account.marketing.saved')) },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-2 space-y-3 text-sm">
      <div>
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            checked={newsletter}
            onChange={(event) => setNewsletter(event.target.checked)}
          />
          {t('account.marketing.newsletter')}
        </label>
        <p className="ml-6 text-xs text-stone-600">
          {CURRENT_CONSENT_TEXTS[locale].newsletterEmail.text}
        </p>
      </div>
      <div>
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            checked={smsOffers}
            onChange={(event) => setSmsOffers(event.target.checked)}
          />
          {t('account.marketing.smsOffers')}
        </label>
        <p className="ml-6 text-xs text-stone-600">
          {CURRENT_CONSENT_TEXTS[locale].marketingSms.text}
        </p>
        {smsOffers && (
          <Field
            className="ml-6 mt-2"
            label={t('account.marketing.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="0712 345 678"
            value={phone}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setPhone(event.target.value)}
            error={fieldError}
          />
        )}
      </div>
      <button type="submit" className={primaryButton} disabled={update.isPending}>
        {update.isPending ? t('account.saving') : t('account.marketing.save')}
      </button>
      <FormStatus message={status} />
      <FormAlert>
        {update.error && !fieldError ? t('account.marketing.saveFailed') : null}
      </FormAlert>
    </form>
  );
}
