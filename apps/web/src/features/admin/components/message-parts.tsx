// Pieces of the admin's outbox screens (/admin/messages and an order's Messages panel): a
// message's state as a badge, Resend with an optional corrected address, and the toast that says
// what happened.
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
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
function whyNotResendable(message: AdminMessage): string {
  if (message.kind === 'password_reset') {
    return 'A password reset cannot be resent: its link works once. The person can ask for a new link.';
  }
  if (UNRESENDABLE_MESSAGE_KINDS.includes(message.kind)) {
    return 'A phone code cannot be resent: it works once. The person can ask for a new code.';
  }
  return 'Resend is offered once this message has been sent or has failed.';
}

/** A toast: a live status region kept in the page, so what appears in it is read out. */
export function Toast({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDone, 8_000);
    return () => clearTimeout(timer);
  }, [message, onDone]);
  return (
    <p
      role="status"
      className={
        message
          ? 'fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900 shadow-lg'
          : 'sr-only'
      }
    >
      {message}
    </p>
  );
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
  const queryClient = useQueryClient();
  const [recipient, setRecipient] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  if (!message.resendable) {
    return <p className="text-sm text-stone-700">{whyNotResendable(message)}</p>;
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
      onResent(`Message resent to ${copy.recipient}.`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400 && caught.fields?.recipient) {
        setFieldError(caught.fields.recipient);
      } else {
        setFailure(
          caught instanceof ApiError && caught.status < 500
            ? caught.message
            : 'The message could not be resent. Please try again.',
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
      aria-label={`Resend the message to ${message.recipient}`}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-2"
    >
      <Field
        label={sms ? 'Corrected number (optional)' : 'Corrected address (optional)'}
        hint={`Empty sends it to ${message.recipient} again.`}
        type={sms ? 'tel' : 'email'}
        autoComplete="off"
        maxLength={254}
        value={recipient}
        error={fieldError}
        announceError
        onChange={(event: ChangeEvent<HTMLInputElement>) => setRecipient(event.target.value)}
        action={
          <button type="submit" disabled={busy} className={secondaryButton}>
            {busy ? 'Resending...' : 'Resend'}
          </button>
        }
      />
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}
