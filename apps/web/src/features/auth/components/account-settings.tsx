// The account page's own settings: names, password and leaving (DESIGN departure 7: messages
// are role="alert"/role="status", and deleting asks in an accessible dialog).
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  type DeleteAccountBody,
  updateProfileBodySchema,
  type User,
} from '@soko/contract';
import { ApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { signIn, signOut, updateUser } from '../../../lib/session';
import { changePasswordRequest, deleteAccountRequest, updateProfileRequest } from '../api/auth-api';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { primaryButton, secondaryButton } from '../../../components/form-styles';

function messageOf(caught: unknown, fallback: string, t: Translate): string {
  return caught instanceof Error && caught.message ? problemText(caught.message, t) : fallback;
}

export function EditProfileSection({ user }: { user: User | null }) {
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const t = useT();

  const close = (saved: boolean) => {
    setEditing(false);
    setStatus(saved ? t('account.profileUpdated') : null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <section aria-labelledby="edit-profile" className="mt-6">
      <h2 id="edit-profile" className="text-lg font-semibold">
        {t('account.editProfile')}
      </h2>
      <FormStatus message={status} className="mt-2" />
      {editing && user ? (
        <ProfileForm user={user} onDone={close} />
      ) : (
        <button
          ref={editButton}
          type="button"
          disabled={!user}
          onClick={() => {
            setStatus(null);
            setEditing(true);
          }}
          className={`mt-3 ${secondaryButton}`}
        >
          {t('account.editProfile')}
        </button>
      )}
    </section>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: (saved: boolean) => void }) {
  const t = useT();
  const form = useZodForm(updateProfileBodySchema, {
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      updateUser(await updateProfileRequest(body));
      onDone(true);
    } catch (caught) {
      applyServerFieldErrors(form, caught, t);
      setFailure(messageOf(caught, t('account.profileFailed'), t));
    }
  });

  return (
    <form
      noValidate
      aria-label={t('account.editProfile')}
      onSubmit={(event) => void onSubmit(event)}
      className="mt-3 flex flex-col gap-3"
    >
      <FormAlert>{failure}</FormAlert>
      <Field
        label={t('account.firstName')}
        type="text"
        autoComplete="given-name"
        autoFocus
        required
        error={errors.firstName?.message}
        {...form.register('firstName')}
      />
      <Field
        label={t('account.lastName')}
        type="text"
        autoComplete="family-name"
        required
        error={errors.lastName?.message}
        {...form.register('lastName')}
      />
      <div className="flex gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('account.saving') : t('account.saveProfile')}
        </button>
        <button type="button" onClick={() => onDone(false)} className={secondaryButton}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

export function ChangePasswordSection() {
  const t = useT();
  const form = useZodForm(changePasswordBodySchema, {
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setStatus(null);
    setFailure(null);
    try {
      const { token, user } = await changePasswordRequest(body);
      // Older tokens are revoked by the server: keep the new one.
      signIn(token, user);
      form.reset();
      setStatus(t('account.passwordChanged'));
    } catch (caught) {
      applyServerFieldErrors(form, caught, t);
      setFailure(messageOf(caught, t('account.passwordFailed'), t));
    }
  });

  return (
    <section aria-labelledby="change-password" className="mt-6">
      <h2 id="change-password" className="text-lg font-semibold">
        {t('account.changePassword')}
      </h2>
      <form
        noValidate
        aria-labelledby="change-password"
        onSubmit={(event) => {
          setStatus(null);
          void onSubmit(event);
        }}
        className="mt-3 flex flex-col gap-3"
      >
        <FormAlert>{failure}</FormAlert>
        <FormStatus message={status} />
        <Field
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <Field
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('account.atLeast8')}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <div>
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? t('account.changing') : t('account.changePassword')}
          </button>
        </div>
      </form>
    </section>
  );
}

export function DeleteAccountSection() {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const navigate = useNavigate();
  const form = useZodForm(deleteAccountBodySchema, { defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: registerPasswordRef, ...passwordField } = form.register('password');

  const open = () => {
    form.reset();
    setFailure(null);
    // showModal makes the rest of the page inert; focus goes to the password field.
    dialogRef.current?.showModal();
    passwordRef.current?.focus();
  };

  // Given to handleSubmit only on submit: it touches the dialog's ref, never during render.
  const confirm = async (body: DeleteAccountBody) => {
    setFailure(null);
    try {
      await deleteAccountRequest(body);
      dialogRef.current?.close();
      // Leave the account page first, so its signed-out guard does not send us to login:
      // flushSync commits the new location before signOut's (synchronous) store update, which
      // would otherwise render the account page signed out while the navigation is a transition.
      await navigate('/', { state: { notice: t('account.deleted') }, flushSync: true });
      signOut();
    } catch (caught) {
      // 400 wrong_password, 409 owns_shop: the server's words, inside the dialog.
      applyServerFieldErrors(form, caught, t);
      setFailure(
        caught instanceof ApiError
          ? problemText(caught.message, t)
          : messageOf(caught, t('account.deleteFailed'), t),
      );
    }
  };

  return (
    <section aria-labelledby="delete-account" className="mt-6">
      <h2 id="delete-account" className="text-lg font-semibold">
        {t('account.deleteAccount')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('account.deleteWarning')}</p>
      <button
        type="button"
        onClick={open}
        className="mt-3 rounded-md border border-red-300 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        {t('account.deleteAccount')}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClose={() => {
          form.reset();
          setFailure(null);
        }}
        className="m-auto w-full max-w-md rounded-lg p-6 shadow-xl backdrop:bg-stone-900/50"
      >
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(confirm)(event)}
          className="flex flex-col gap-3"
        >
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {t('account.deleteQuestion')}
          </h2>
          <p id={descriptionId} className="text-sm text-stone-700">
            {t('account.deleteConfirmText')}
          </p>
          <FormAlert>{failure}</FormAlert>
          <Field
            label={t('account.password')}
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...passwordField}
            ref={(element: HTMLInputElement | null) => {
              registerPasswordRef(element);
              passwordRef.current = element;
            }}
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              className={secondaryButton}
            >
              {t('account.cancel')}
            </button>
            <button
              type="submit"
              disabled={isSubmitting}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            >
              {isSubmitting ? t('account.deleting') : t('account.deleteMine')}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
