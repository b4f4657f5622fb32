// The admin's newsletter: one mail per address whose newsletter consent is live, each with its
// own unsubscribe link (decision 033).
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX } from '@soko/contract';
import { ApiError } from '../../../lib/api-client';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { inputClass, primaryButton } from '../../../components/form-styles';
import { useSendNewsletter } from '../api/marketing-api';

export function SendNewsletterSection() {
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
          setStatus(
            `Newsletter queued for ${queued} ${queued === 1 ? 'subscriber' : 'subscribers'}.`,
          );
        },
      },
    );
  };

  return (
    <section aria-labelledby="send-newsletter" className="mt-8 space-y-3">
      <h2 id="send-newsletter" className="text-xl font-semibold">
        Send the newsletter
      </h2>
      <p className="text-sm text-stone-600">
        It goes only to people whose newsletter consent is recorded and not withdrawn; each mail
        carries its own unsubscribe link.
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <Field
          label="Subject"
          name="subject"
          maxLength={NEWSLETTER_SUBJECT_MAX}
          value={subject}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setSubject(event.target.value)}
          error={fields?.subject}
        />
        <div>
          <label htmlFor="newsletter-body" className="block text-sm font-medium text-stone-800">
            Message
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
          {send.isPending ? 'Sending...' : 'Send newsletter'}
        </button>
        <FormStatus message={status} />
        <FormAlert>
          {send.error && !fields ? 'The newsletter was not sent. Please try again.' : null}
        </FormAlert>
      </form>
    </section>
  );
}
