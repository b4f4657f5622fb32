import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { updateAddressBodySchema, type Address, type OrderStatus, type User } from '@soko/contract';
import { refreshSession, signOut, updateUser, useSession } from '../../../lib/session';
import { updateAddressRequest } from '../api/auth-api';
import {
  ChangePasswordSection,
  DeleteAccountSection,
  EditProfileSection,
} from './account-settings';
import { PhoneSection } from './phone-section';
import { MarketingPreferencesSection } from '../../newsletter';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import {
  alertClass,
  focusRing,
  primaryButton,
  secondaryButton,
} from '../../../components/form-styles';

/** Where a line of My Orders stands: its shop's part of the order, else the order itself. */
const ORDER_LINE_STATES: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  confirmed: 'Being prepared',
  shipped: 'On its way',
  delivered: 'Delivered',
  payment_failed: 'Payment failed',
  reversed: 'Payment reversed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const NOT_AVAILABLE = 'Not available';

const orNa = (value: string | null | undefined) => (value?.trim() ? value : NOT_AVAILABLE);

function fullName(user: User | null): string {
  const name = [user?.firstName, user?.lastName].filter((part) => part?.trim()).join(' ');
  return orNa(name);
}

export function ProfilePage() {
  const { currentUser, loading, signedIn, error } = useSession();
  const navigate = useNavigate();

  // Spec section 2: the account page only needs a stored token.
  if (!signedIn) return <Navigate to="/login" replace />;

  if (!currentUser && loading) {
    return <p role="status">Loading your account...</p>;
  }
  // Spec section 4: a profile call that failed (not a 401) leaves the user unset, token kept.
  if (!currentUser && error) {
    return (
      <section className="mx-auto max-w-2xl space-y-3">
        <h1 className="text-2xl font-bold text-stone-900">My Account</h1>
        <p role="alert" className={alertClass}>
          We could not load your account. Please check your connection and try again.
        </p>
        <button type="button" onClick={() => void refreshSession()} className={secondaryButton}>
          Try again
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
        <h1 className="text-2xl font-bold text-stone-900">My Account</h1>
        <button type="button" onClick={onSignOut} className={secondaryButton}>
          Sign out
        </button>
      </div>

      <section aria-labelledby="profile-info" className="mt-6">
        <h2 id="profile-info" className="text-lg font-semibold">
          Profile information
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-stone-600">Name</dt>
          <dd>{fullName(currentUser)}</dd>
          <dt className="font-medium text-stone-600">Email</dt>
          <dd>{orNa(currentUser?.email)}</dd>
          <dt className="font-medium text-stone-600">Role</dt>
          <dd>{orNa(currentUser?.role)}</dd>
        </dl>
      </section>

      <section aria-labelledby="my-shop" className="mt-6">
        <h2 id="my-shop" className="text-lg font-semibold">
          Selling on Soko
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Create your shop or manage its categories and products.
        </p>
        <Link
          to="/shops"
          className={`mt-2 inline-block font-semibold text-brand-800 underline hover:text-brand-900 ${focusRing}`}
        >
          Shop Management
        </Link>
      </section>

      <EditProfileSection user={currentUser} />

      <PhoneSection user={currentUser} />

      <section aria-labelledby="my-orders" className="mt-6">
        <h2 id="my-orders" className="text-lg font-semibold">
          My Orders
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
                    Quantity: {order.quantity}
                    {order.status && (
                      <span className="block text-stone-600">
                        {ORDER_LINE_STATES[order.status]}
                        {order.trackingNote ? ` · Tracking: ${order.trackingNote}` : ''}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-stone-600">No orders available</p>
        )}
      </section>

      <AddressSection address={currentUser?.address ?? null} canEdit={currentUser !== null} />

      <MarketingPreferencesSection />

      <ChangePasswordSection />

      <DeleteAccountSection />
    </section>
  );
}

function AddressSection({ address, canEdit }: { address: Address | null; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setEditing(false);
    // The form goes away: focus returns to the button that opened it.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <section aria-labelledby="my-address" className="mt-6">
      <h2 id="my-address" className="text-lg font-semibold">
        Address
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-stone-600">Street</dt>
        <dd>{orNa(address?.street)}</dd>
        <dt className="font-medium text-stone-600">City</dt>
        <dd>{orNa(address?.city)}</dd>
        <dt className="font-medium text-stone-600">State</dt>
        <dd>{orNa(address?.state)}</dd>
        <dt className="font-medium text-stone-600">Zip</dt>
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
          Edit Address
        </button>
      )}
    </section>
  );
}

const addressFields = [
  { name: 'street', label: 'Street', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zip', label: 'Zip', autoComplete: 'postal-code' },
] as const;

function AddressForm({ address, onDone }: { address: Address | null; onDone: () => void }) {
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
      applyServerFieldErrors(form, caught);
      setFailure(
        `Failed to save the address.${caught instanceof Error ? ` ${caught.message}` : ''}`,
      );
    }
  });

  return (
    <form
      noValidate
      aria-label="Edit Address"
      onSubmit={(event) => void onSubmit(event)}
      className="mt-3 flex flex-col gap-3"
    >
      <FormAlert>{failure}</FormAlert>
      {addressFields.map((field, index) => (
        <Field
          key={field.name}
          label={field.label}
          type="text"
          autoComplete={field.autoComplete}
          autoFocus={index === 0}
          error={errors[field.name]?.message}
          {...form.register(field.name)}
        />
      ))}
      <div className="flex gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Saving...' : 'Save Address'}
        </button>
        <button type="button" onClick={onDone} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}
