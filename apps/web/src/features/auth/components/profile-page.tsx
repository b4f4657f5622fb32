import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { updateAddressBodySchema, type Address, type User } from '@soko/contract';
import { useT, type Translate } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { refreshSession, signOut, updateUser, useSession } from '../../../lib/session';
import { updateAddressRequest } from '../api/auth-api';
import {
  ChangePasswordSection,
  DeleteAccountSection,
  EditProfileSection,
} from './account-settings';
import { PhoneSection } from './phone-section';
import { YourDataSection } from '../../privacy';
import { MarketingPreferencesSection, ReminderPreferencesSection } from '../../newsletter';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import {
  alertClass,
  focusRing,
  primaryButton,
  secondaryButton,
} from '../../../components/form-styles';

// Where a line of My Orders stands (its shop's part of the order, else the order itself):
// `account.state.<status>` in the message files.

/** The value, or 'Not available' in the page's language. */
function useOrNa() {
  const t = useT();
  return (value: string | null | undefined) => (value?.trim() ? value : t('account.notAvailable'));
}

function fullName(user: User | null, orNa: (value: string) => string): string {
  const name = [user?.firstName, user?.lastName].filter((part) => part?.trim()).join(' ');
  return orNa(name);
}

export function ProfilePage() {
  const { currentUser, loading, signedIn, error } = useSession();
  const navigate = useNavigate();
  const t = useT();
  const orNa = useOrNa();

  // Spec section 2: the account page only needs a stored token.
  if (!signedIn) return <Navigate to="/login" replace />;

  if (!currentUser && loading) {
    return <p role="status">{t('account.loading')}</p>;
  }
  // Spec section 4: a profile call that failed (not a 401) leaves the user unset, token kept.
  if (!currentUser && error) {
    return (
      <section className="mx-auto max-w-2xl space-y-3">
        <h1 className="text-2xl font-bold text-stone-900">{t('account.myAccount')}</h1>
        <p role="alert" className={alertClass}>
          {t('account.loadFailed')}
        </p>
        <button type="button" onClick={() => void refreshSession()} className={secondaryButton}>
          {t('account.tryAgain')}
        </button>
      </section>
    );
  }

  const onSignOut = () => {
    signOut();
    void navigate('/');
  };

  return (
    <section className="mx-auto max-w-2xl">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900">{t('account.myAccount')}</h1>
        <button type="button" onClick={onSignOut} className={secondaryButton}>
          {t('account.signOut')}
        </button>
      </div>

      <section aria-labelledby="profile-info" className="mt-6">
        <h2 id="profile-info" className="text-lg font-semibold">
          {t('account.profileInfo')}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-stone-600">{t('account.name')}</dt>
          <dd>{fullName(currentUser, orNa)}</dd>
          <dt className="font-medium text-stone-600">{t('account.email')}</dt>
          <dd>{orNa(currentUser?.email)}</dd>
          <dt className="font-medium text-stone-600">{t('account.role')}</dt>
          <dd>{orNa(currentUser?.role)}</dd>
        </dl>
      </section>

      <section aria-labelledby="my-shop" className="mt-6">
        <h2 id="my-shop" className="text-lg font-semibold">
          {t('account.sellingOnSoko')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('account.sellingPitch')}</p>
        <Link
          to="/shops"
          className={`mt-2 inline-block font-semibold text-brand-800 underline hover:text-brand-900 ${focusRing}`}
        >
          {t('account.shopManagement')}
        </Link>
      </section>

      <EditProfileSection user={currentUser} />

      <PhoneSection user={currentUser} />

      <section aria-labelledby="my-orders" className="mt-6">
        <h2 id="my-orders" className="text-lg font-semibold">
          {t('account.myOrders')}
        </h2>
        {currentUser && currentUser.orders.length > 0 ? (
          <ul className="mt-2 divide-y divide-stone-100 text-sm">
            {currentUser.orders.map((order) => (
              <li key={`${order.id}:${order.productName}`}>
                <Link
                  to={`/orders/${encodeURIComponent(order.id)}`}
                  className={`flex justify-between gap-4 rounded py-2 hover:bg-stone-50 ${focusRing}`}
                >
                  <span className="font-medium text-brand-800 underline">{order.productName}</span>
                  <span className="text-right">
                    {t('account.quantity', { quantity: order.quantity })}
                    {order.status && (
                      <span className="block text-stone-600">
                        {t(`account.state.${order.status}`)}
                        {order.trackingNote
                          ? t('account.tracking', { note: order.trackingNote })
                          : ''}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-stone-600">{t('account.noOrders')}</p>
        )}
      </section>

      <AddressSection address={currentUser?.address ?? null} canEdit={currentUser !== null} />

      <MarketingPreferencesSection />
      <ReminderPreferencesSection />

      <YourDataSection />

      <ChangePasswordSection />

      <DeleteAccountSection />
    </section>
  );
}

function AddressSection({ address, canEdit }: { address: Address | null; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const t = useT();
  const orNa = useOrNa();

  const close = () => {
    setEditing(false);
    // The form goes away: focus returns to the button that opened it.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <section aria-labelledby="my-address" className="mt-6">
      <h2 id="my-address" className="text-lg font-semibold">
        {t('account.address')}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-stone-600">{t('account.street')}</dt>
        <dd>{orNa(address?.street)}</dd>
        <dt className="font-medium text-stone-600">{t('account.city')}</dt>
        <dd>{orNa(address?.city)}</dd>
        <dt className="font-medium text-stone-600">{t('account.state')}</dt>
        <dd>{orNa(address?.state)}</dd>
        <dt className="font-medium text-stone-600">{t('account.zip')}</dt>
        <dd>{orNa(address?.zip)}</dd>
      </dl>
      {editing ? (
        <AddressForm address={address} onDone={close} />
      ) : (
        <button
          ref={editButton}
          type="button"
          disabled={!canEdit}
          onClick={() => setEditing(true)}
          className={`mt-3 ${secondaryButton}`}
        >
          {t('account.editAddress')}
        </button>
      )}
    </section>
  );
}

const addressFields = [
  { name: 'street', label: 'account.street', autoComplete: 'street-address' },
  { name: 'city', label: 'account.city', autoComplete: 'address-level2' },
  { name: 'state', label: 'account.state', autoComplete: 'address-level1' },
  { name: 'zip', label: 'account.zip', autoComplete: 'postal-code' },
] as const;

function AddressForm({ address, onDone }: { address: Address | null; onDone: () => void }) {
  const t = useT();
  const form = useZodForm(updateAddressBodySchema, {
    defaultValues: address ?? { street: '', city: '', state: '', zip: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      updateUser(await updateAddressRequest(body));
      onDone();
    } catch (caught) {
      applyServerFieldErrors(form, caught, t);
      setFailure(addressFailure(caught, t));
    }
  });

  return (
    <form
      noValidate
      aria-label={t('account.editAddress')}
      onSubmit={(event) => void onSubmit(event)}
      className="mt-3 flex flex-col gap-3"
    >
      <FormAlert>{failure}</FormAlert>
      {addressFields.map((field, index) => (
        <Field
          key={field.name}
          label={t(field.label)}
          type="text"
          autoComplete={field.autoComplete}
          autoFocus={index === 0}
          error={errors[field.name]?.message}
          {...form.register(field.name)}
        />
      ))}
      <div className="flex gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('account.saving') : t('account.saveAddress')}
        </button>
        <button type="button" onClick={onDone} className={secondaryButton}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

function addressFailure(caught: unknown, t: Translate): string {
  return caught instanceof Error
    ? t('account.addressFailedBecause', { reason: problemText(caught.message, t) })
    : t('account.addressFailed');
}
