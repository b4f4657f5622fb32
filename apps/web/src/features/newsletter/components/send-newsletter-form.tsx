// The admin's newsletter: one mail per address whose newsletter consent is live, each with its
// own unsubscribe link (decision 033).
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX } from '@soko/contract';
import { ApiError } from '../../../lib/api-client';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { inputClass, primaryButton } from '../../../components/form-styles';
import { useSendNewsletter } from '../api/marketing-api';
import { useAdminT } from '../../../lib/staff-i18n';

export function SendNewsletterSection() {
  const t = useAdminT();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const send = useSendNewsletter();
  const fields = send.error instanceof ApiError ? send.error.fields : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    send.mutate(
      { subject, body },
      {
        onSuccess: ({ queued }) => {
          setSubject('');
          setBody('');
          setStatus(t('admin.newsletter.queued', { queued }));
        },
      },
    );
  };

  return (
    <section aria-labelledby="send-newsletter" className="mt-8 space-y-3">
      <h2 id="send-newsletter" className="text-xl font-semibold">
        {t('admin.newsletter.sendTheNewsletter')}
      </h2>
      <p className="text-sm text-stone-600">{t('admin.newsletter.itGoesOnlyToPeople')}</p>
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <Field
          label={t('admin.newsletter.subject')}
          name="subject"
          maxLength={NEWSLETTER_SUBJECT_MAX}
          value={subject}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setSubject(event.target.value)}
          error={fields?.subject}
        />
        <div>
          <label htmlFor="newsletter-body" className="block text-sm font-medium text-stone-800">
            {t('admin.newsletter.message')}
          </label>
          <textarea
            id="newsletter-body"
            name="body"
            rows={8}
            maxLength={NEWSLETTER_BODY_MAX}
            className={inputClass}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-invalid={fields?.body ? true : undefined}
          />
          {fields?.body && <p className="mt-1 text-sm text-red-800">{fields.body}</p>}
        </div>
        <button type="submit" className={primaryButton} disabled={send.isPending}>
          {send.isPending ? t('admin.newsletter.sending') : t('admin.newsletter.sendNewsletter')}
        </button>
        <FormStatus message={status} />
        <FormAlert>
          {send.error && !fields ? t('admin.newsletter.theNewsletterWasNotSent') : null}
        </FormAlert>
      </form>
    </section>
  );
}
