// The account's mobile number (decision 031): add it, enter the 6-digit code the server texted
// to it, send a new code, change or remove it. Messages as the rest of the account page: a
// failure is an alert, a success a status.
import { useState } from 'react';
import {
  startPhoneBodySchema,
  verifyPhoneBodySchema,
  type PhoneAnswer,
  type User,
} from '@soko/contract';
import { useT, type Translate } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { updateUser } from '../../../lib/session';
import { removePhoneRequest, startPhoneRequest, verifyPhoneRequest } from '../api/auth-api';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { primaryButton, secondaryButton } from '../../../components/form-styles';

function messageOf(caught: unknown, fallback: string, t: Translate): string {
  return caught instanceof Error && caught.message ? problemText(caught.message, t) : fallback;
}

export function PhoneSection({ user }: { user: User | null }) {
  const t = useT();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);

  const done = (answer: PhoneAnswer) => {
    updateUser(answer.user);
    setChanging(false);
    setStatus(problemText(answer.message, t));
  };
  const act = async (work: () => Promise<PhoneAnswer>, fallback: string) => {
    setStatus(null);
    setFailure(null);
    setBusy(true);
    try {
      done(await work());
    } catch (caught) {
      setFailure(messageOf(caught, fallback, t));
    } finally {
      setBusy(false);
    }
  };

  const phone = user?.phone ?? null;
  const showNumberForm = user !== null && (phone === null || changing);

  return (
    <section aria-labelledby="my-phone" className="mt-6">
      <h2 id="my-phone" className="text-lg font-semibold">
        {t('account.phone')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('account.phoneIntro')}</p>
      <FormStatus message={status} className="mt-2" />
      <div className="mt-2">
        <FormAlert>{failure}</FormAlert>
      </div>
      {phone !== null && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-stone-900">{phone}</span>
          <span
            className={
              user?.phoneVerified
                ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800'
                : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900'
            }
          >
            {user?.phoneVerified ? t('account.verified') : t('account.notVerified')}
          </span>
        </p>
      )}
      {showNumberForm ? (
        <PhoneNumberForm
          onSent={done}
          onCancel={phone === null ? undefined : () => setChanging(false)}
          beforeSubmit={() => {
            setStatus(null);
            setFailure(null);
          }}
        />
      ) : (
        phone !== null &&
        !user?.phoneVerified && (
          <CodeForm
            onVerified={done}
            beforeSubmit={() => {
              setStatus(null);
              setFailure(null);
            }}
          />
        )
      )}
      {phone !== null && !changing && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!user?.phoneVerified && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void act(() => startPhoneRequest({ phone }), t('account.newCodeFailed'))
              }
              className={secondaryButton}
            >
              {busy ? t('account.pleaseWait') : t('account.sendNewCode')}
            </button>
          )}
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setStatus(null);
              setFailure(null);
              setChanging(true);
            }}
            className={secondaryButton}
          >
            {t('account.changeNumber')}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(removePhoneRequest, t('account.removeFailed'))}
            className={secondaryButton}
          >
            {t('account.removeNumber')}
          </button>
        </div>
      )}
    </section>
  );
}

function PhoneNumberForm({
  onSent,
  onCancel,
  beforeSubmit,
}: {
  onSent: (answer: PhoneAnswer) => void;
  onCancel: (() => void) | undefined;
  beforeSubmit: () => void;
}) {
  const t = useT();
  const form = useZodForm(startPhoneBodySchema, { defaultValues: { phone: '' } });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      onSent(await startPhoneRequest(body));
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught, t)) {
        setFailure(messageOf(caught, t('account.sendCodeFailed'), t));
      }
    }
  });

  return (
    <form
      noValidate
      aria-label={t('account.addPhone')}
      onSubmit={(event) => {
        beforeSubmit();
        void onSubmit(event);
      }}
      className="mt-3 flex flex-col gap-3"
    >
      <FormAlert>{failure}</FormAlert>
      <Field
        label={t('account.mobileNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        hint={t('account.mobileHint')}
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('account.sending') : t('account.sendCode')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButton}>
            {t('account.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function CodeForm({
  onVerified,
  beforeSubmit,
}: {
  onVerified: (answer: PhoneAnswer) => void;
  beforeSubmit: () => void;
}) {
  const t = useT();
  const form = useZodForm(verifyPhoneBodySchema, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      onVerified(await verifyPhoneRequest(body));
    } catch (caught) {
      // A wrong, expired or used-up code is the code field's error (and gets the focus);
      // anything else the form's.
      if (!applyServerFieldErrors(form, caught, t)) {
        setFailure(messageOf(caught, t('account.verifyFailed'), t));
      }
    }
  });

  return (
    <form
      noValidate
      aria-label={t('account.verifyPhone')}
      onSubmit={(event) => {
        beforeSubmit();
        void onSubmit(event);
      }}
      className="mt-3 flex flex-col gap-3"
    >
      <FormAlert>{failure}</FormAlert>
      <Field
        label={t('account.smsCode')}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        hint={t('account.smsCodeHint')}
        error={errors.code?.message}
        controlClassName="max-w-40 tracking-widest"
        {...form.register('code')}
      />
      <div>
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('account.verifying') : t('account.verify')}
        </button>
      </div>
    </form>
  );
}
