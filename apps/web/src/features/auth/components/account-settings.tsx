// The account page's own settings: names, password and leaving (DESIGN departure 7: messages
// are role="alert"/role="status", and deleting asks in an accessible dialog).
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  updateProfileBodySchema,
  type User,
} from '@soko/contract';
import { ApiError } from '../../../lib/api-client';
import { signIn, signOut, updateUser } from '../../../lib/session';
import { changePasswordRequest, deleteAccountRequest, updateProfileRequest } from '../api/auth-api';
import {
  alertClass,
  inputClass,
  primaryButton,
  secondaryButton,
} from '../../../components/form-styles';

export const ACCOUNT_DELETED_NOTICE = 'Your account has been deleted.';

const statusClass =
  'rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800';

function messageOf(caught: unknown, fallback: string): string {
  return caught instanceof Error && caught.message ? caught.message : fallback;
}

export function EditProfileSection({ user }: { user: User | null }) {
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  const close = (saved: boolean) => {
    setEditing(false);
    setStatus(saved ? 'Profile updated.' : null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <section aria-labelledby="edit-profile" className="mt-6">
      <h2 id="edit-profile" className="text-lg font-semibold">
        Edit Profile
      </h2>
      <p role="status" className={status ? `mt-2 ${statusClass}` : 'sr-only'}>
        {status}
      </p>
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
          Edit Profile
        </button>
      )}
    </section>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: (saved: boolean) => void }) {
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileBodySchema.safeParse({ firstName, lastName });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the names.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      updateUser(await updateProfileRequest(parsed.data));
      onDone(true);
    } catch (caught) {
      setError(messageOf(caught, 'Failed to save the profile.'));
      setPending(false);
    }
  };

  return (
    <form
      aria-label="Edit Profile"
      onSubmit={(event) => void onSubmit(event)}
      className="mt-3 flex flex-col gap-3"
    >
      {error && (
        <p role="alert" className={alertClass}>
          {error}
        </p>
      )}
      <label className="block text-sm font-medium text-stone-800">
        First Name
        <input
          type="text"
          name="firstName"
          autoComplete="given-name"
          autoFocus
          required
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          className={inputClass}
        />
      </label>
      <label className="block text-sm font-medium text-stone-800">
        Last Name
        <input
          type="text"
          name="lastName"
          autoComplete="family-name"
          required
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          className={inputClass}
        />
      </label>
      <div className="flex gap-2">
        <button type="submit" disabled={pending} className={primaryButton}>
          {pending ? 'Saving...' : 'Save Profile'}
        </button>
        <button type="button" onClick={() => onDone(false)} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function ChangePasswordSection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    const parsed = changePasswordBodySchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the passwords.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { token, user } = await changePasswordRequest(parsed.data);
      // Older tokens are revoked by the server: keep the new one.
      signIn(token, user);
      setCurrentPassword('');
      setNewPassword('');
      setStatus('Password changed.');
    } catch (caught) {
      setError(messageOf(caught, 'Failed to change the password.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="change-password" className="mt-6">
      <h2 id="change-password" className="text-lg font-semibold">
        Change Password
      </h2>
      <form
        aria-labelledby="change-password"
        onSubmit={(event) => void onSubmit(event)}
        className="mt-3 flex flex-col gap-3"
      >
        {error && (
          <p role="alert" className={alertClass}>
            {error}
          </p>
        )}
        <p role="status" className={status ? statusClass : 'sr-only'}>
          {status}
        </p>
        <label className="block text-sm font-medium text-stone-800">
          Current password
          <input
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            className={inputClass}
          />
        </label>
        <label className="block text-sm font-medium text-stone-800">
          New password
          <input
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            minLength={8}
            aria-describedby="new-password-hint"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            className={inputClass}
          />
        </label>
        <p id="new-password-hint" className="-mt-2 text-sm text-stone-600">
          At least 8 characters.
        </p>
        <div>
          <button type="submit" disabled={pending} className={primaryButton}>
            {pending ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}

export function DeleteAccountSection() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const open = () => {
    setPassword('');
    setError(null);
    // showModal makes the rest of the page inert; focus goes to the password field.
    dialogRef.current?.showModal();
    passwordRef.current?.focus();
  };

  const onConfirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = deleteAccountBodySchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter your password.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await deleteAccountRequest(parsed.data);
      dialogRef.current?.close();
      // Leave the account page first, so its signed-out guard does not send us to login:
      // flushSync commits the new location before signOut's (synchronous) store update, which
      // would otherwise render the account page signed out while the navigation is a transition.
      await navigate('/', { state: { notice: ACCOUNT_DELETED_NOTICE }, flushSync: true });
      signOut();
    } catch (caught) {
      // 400 wrong_password, 409 owns_shop: the server's words, inside the dialog.
      setError(
        caught instanceof ApiError
          ? caught.message
          : messageOf(caught, 'Failed to delete the account.'),
      );
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="delete-account" className="mt-6">
      <h2 id="delete-account" className="text-lg font-semibold">
        Delete Account
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Deleting your account removes your profile. This cannot be undone.
      </p>
      <button
        type="button"
        onClick={open}
        className="mt-3 rounded-md border border-red-300 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Delete Account
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClose={() => {
          setPassword('');
          setError(null);
          setPending(false);
        }}
        className="m-auto w-full max-w-md rounded-lg p-6 shadow-xl backdrop:bg-stone-900/50"
      >
        <form onSubmit={(event) => void onConfirm(event)} className="flex flex-col gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            Delete your account?
          </h2>
          <p id={descriptionId} className="text-sm text-stone-700">
            Your profile and saved details will be removed. Enter your password to confirm.
          </p>
          {error && (
            <p role="alert" className={alertClass}>
              {error}
            </p>
          )}
          <label className="block text-sm font-medium text-stone-800">
            Password
            <input
              type="password"
              name="password"
              ref={passwordRef}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={inputClass}
            />
          </label>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              className={secondaryButton}
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={pending}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            >
              {pending ? 'Deleting...' : 'Delete my account'}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
