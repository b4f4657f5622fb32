// Pieces of the admin's outbox screens (/admin/messages and an order's Messages panel): a
// message's state as a badge, and Resend with an optional corrected address (the toast that says
// what happened is components/toast.tsx).
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGE_STATUS_LABELS,
  UNRESENDABLE_MESSAGE_KINDS,
  type AdminMessage,
  type MessageStatus,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { secondaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { messageKeys, resendMessage } from '../api/messages-api';
import { type AdminKey } from '../../../lib/i18n';
import { useAdminT } from '../../../lib/staff-i18n';

const BADGE_LOOK: Record<MessageStatus, string> = {
  held: 'border-amber-300 bg-amber-50 text-amber-900',
  queued: 'border-sky-300 bg-sky-50 text-sky-900',
  sending: 'border-sky-300 bg-sky-50 text-sky-900',
  sent: 'border-green-300 bg-green-50 text-green-900',
  failed: 'border-red-300 bg-red-50 text-red-900',
};

/** The state in words (never colour alone), so it reads the same to a screen reader. */
export function StateBadge({ status }: { status: MessageStatus }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${BADGE_LOOK[status]}`}
    >
      {MESSAGE_STATUS_LABELS[status]}
    </span>
  );
}

export const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** Why a message offers no Resend, in the words the server would answer with. */
function whyNotResendable(message: AdminMessage): AdminKey {
  if (message.kind === 'password_reset') return 'admin.messages.notResendable.passwordReset';
  if (UNRESENDABLE_MESSAGE_KINDS.includes(message.kind)) {
    return 'admin.messages.notResendable.phoneCode';
  }
  return 'admin.messages.notResendable.notYet';
}

/**
 * Resend, with an optional corrected address. The button stays disabled while the call is out,
 * and the server refuses a second copy made within seconds of the first (decision 032).
 */
export function ResendForm({
  message,
  onResent,
}: {
  message: AdminMessage;
  onResent: (text: string) => void;
}) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const [recipient, setRecipient] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  if (!message.resendable) {
    return <p className="text-sm text-stone-700">{t(whyNotResendable(message))}</p>;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldError(undefined);
    setFailure(null);
    try {
      const copy = await resendMessage(message._id, recipient);
      setRecipient('');
      onResent(t('admin.messages.resentTo', { recipient: copy.recipient }));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400 && caught.fields?.recipient) {
        setFieldError(caught.fields.recipient);
      } else {
        setFailure(
          caught instanceof ApiError && caught.status < 500
            ? caught.message
            : t('admin.messages.resendFailed'),
        );
      }
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: messageKeys.all() });
    }
  };

  const sms = message.channel === 'sms';
  return (
    <form
      aria-label={t('admin.messages.resendTheMessageTo', { recipient: message.recipient })}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-2"
    >
      <Field
        label={
          sms
            ? t('admin.messages.correctedNumberOptional')
            : t('admin.messages.correctedAddressOptional')
        }
        hint={t('admin.messages.emptySendsItToAgain', { recipient: message.recipient })}
        type={sms ? 'tel' : 'email'}
        autoComplete="off"
        maxLength={254}
        value={recipient}
        error={fieldError}
        announceError
        onChange={(event: ChangeEvent<HTMLInputElement>) => setRecipient(event.target.value)}
        action={
          <button type="submit" disabled={busy} className={secondaryButton}>
            {busy ? t('admin.messages.resending') : t('admin.messages.resend')}
          </button>
        }
      />
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
