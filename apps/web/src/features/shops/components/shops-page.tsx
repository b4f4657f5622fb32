// Shop Management (spec section 2; DESIGN: at /shops, linked from the header and the account
// page): the user's shops, each name leading to its categories and products, an edit dialog per
// shop, and the create form while the user has no shop. Its admin variant (/admin/shops) lists
// every shop and always offers the create form, for a shop that belongs to the account named
// by the owner's email.
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Shop, User } from '@soko/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { setFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { PencilIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { refreshSession, useSession } from '../../../lib/session';
import { ownerKeys, useShops } from '../api/get-shops';
import { createShop } from '../api/save-shop';
import {
  emptyShopForm,
  shopFormSchema,
  shopFormToInput,
  shopServerFields,
  type ShopFormValues,
} from '../shop-form';
import { EditShopDialog } from './edit-shop-dialog';
import { ShopFields } from './shop-fields';
import { usePageHeading } from './use-page-heading';
import { LoadFailed, Loading } from '../../../components/load-state';

export const SHOPS_LOAD_FAILED = 'Failed to load shops. Please try again later.';
export const SHOP_CREATED = 'Shop created successfully!';
export const SHOP_CREATE_FAILED = 'Failed to create shop. Please try again.';
export const SHOP_UPDATED = 'Shop updated successfully!';

/** Each shop's own screens, in the order the row lists them: path, what a screen reader hears, text. */
const SHOP_SCREENS = [
  { path: 'orders', label: 'Orders', text: 'Orders' },
  { path: 'delivery', label: 'Delivery', text: 'Delivery' },
  { path: 'codes', label: 'Discount codes', text: 'Codes' },
  { path: 'catalogue', label: 'Catalogue', text: 'CSV' },
  { path: 'balance', label: 'Balance', text: 'Balance' },
] as const;
export function ShopsPage() {
  const { signedIn, currentUser } = useSession();
  // Spec section 2's rule for the account page holds here too: a stored token is needed.
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopManagement user={currentUser} variant="owner" />;
}

export function ShopManagement({
  user,
  variant,
}: {
  user: User | null;
  variant: 'owner' | 'admin';
}) {
  const forAdmin = variant === 'admin';
  usePageHeading('Shop Management');
  const shops = useShops();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const [editing, setEditing] = useState<Shop | null>(null);

  const replaceShop = (saved: Shop) => {
    queryClient.setQueryData<Shop[]>(ownerKeys.shops(), (list) =>
      (list ?? []).map((shop) => (shop._id === saved._id ? saved : shop)),
    );
  };

  return (
    <section aria-labelledby="shops-heading" className="mx-auto max-w-4xl space-y-6">
      <h1 id="shops-heading" className="text-2xl font-bold text-stone-900">
        Shop Management
      </h1>
      <FormStatus message={status} />

      <section aria-labelledby="my-shops" className="space-y-3">
        <h2 id="my-shops" className="text-lg font-semibold">
          {forAdmin || user?.role === 'admin' ? 'All shops' : 'Your shops'}
        </h2>
        {shops.isPending ? (
          <Loading>Loading shops...</Loading>
        ) : shops.isError ? (
          <LoadFailed onRetry={shops.refetch}>{SHOPS_LOAD_FAILED}</LoadFailed>
        ) : shops.data.length === 0 ? (
          <p className="text-stone-600">You have no shop yet. Create one below to start selling.</p>
        ) : (
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
            {shops.data.map((shop) => (
              <li
                key={shop._id}
                className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4"
              >
                <div className="min-w-0">
                  <Link
                    to={`/add-products/${encodeURIComponent(shop._id)}`}
                    className={`block truncate text-lg font-semibold text-brand-800 underline hover:text-brand-900 ${focusRing}`}
                  >
                    {shop.name}
                  </Link>
                  <p className="truncate text-sm text-stone-600">
                    {shop.location.address || 'Location not available'}
                  </p>
                  {forAdmin && (
                    <p className="truncate text-sm text-stone-600">
                      Owner: {shop.owner} ({shop.owneremail})
                    </p>
                  )}
                </div>
                {SHOP_SCREENS.map(({ path, label, text }) => (
                  <Link
                    key={path}
                    to={`/shops/${encodeURIComponent(shop._id)}/${path}`}
                    aria-label={`${label} of ${shop.name}`}
                    className={`shrink-0 rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`}
                  >
                    {text}
                  </Link>
                ))}
                <button
                  type="button"
                  aria-label={`Edit ${shop.name}`}
                  title={`Edit ${shop.name}`}
                  onClick={() => {
                    setStatus(null);
                    setEditing(shop);
                  }}
                  className={`flex size-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-brand-800 ${focusRing}`}
                >
                  <PencilIcon className="size-5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {shops.isSuccess && forAdmin && (
        <CreateShopForm
          user={null}
          forOwner
          onCreated={(shop) => {
            queryClient.setQueryData<Shop[]>(ownerKeys.shops(), (list) => [...(list ?? []), shop]);
            setStatus(SHOP_CREATED);
          }}
        />
      )}
      {shops.isSuccess && !forAdmin && shops.data.length === 0 && (
        <CreateShopForm
          user={user}
          forOwner={false}
          onCreated={(shop) => {
            queryClient.setQueryData<Shop[]>(ownerKeys.shops(), [shop]);
            setStatus(SHOP_CREATED);
            // Creating a shop makes the user its owner at once (DESIGN "Details decided").
            void refreshSession();
          }}
        />
      )}

      <EditShopDialog
        shop={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          replaceShop(saved);
          setEditing(null);
          setStatus(SHOP_UPDATED);
        }}
      />
    </section>
  );
}

/** Where the server's field errors for the owner's account go: the owner's email it came from. */
function ownerAccountFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  const { ownerAccountEmail, ...rest } = fields;
  return ownerAccountEmail ? { ...rest, owneremail: ownerAccountEmail } : rest;
}

function CreateShopForm({
  user,
  forOwner,
  onCreated,
}: {
  user: User | null;
  /** An admin's form: the shop belongs to the account with the owner's email. */
  forOwner: boolean;
  onCreated: (shop: Shop) => void;
}) {
  const form = useZodForm(shopFormSchema, { defaultValues: emptyShopForm(user ?? undefined) });
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const heading = forOwner ? 'Create a Shop for an Owner' : 'Create a New Shop';

  const onSubmit = form.handleSubmit(async (values: ShopFormValues) => {
    setFailure(null);
    try {
      const input = shopFormToInput(values);
      onCreated(
        await createShop(forOwner ? { ...input, ownerAccountEmail: values.owneremail } : input),
      );
      if (forOwner) form.reset(emptyShopForm());
    } catch (caught) {
      const landed =
        caught instanceof ApiError && caught.fields
          ? setFieldErrors(form, shopServerFields(ownerAccountFields(caught.fields)))
          : false;
      // 409 shop_exists and the like: the server's reason beside the spec's text.
      setFailure({
        detail:
          caught instanceof ApiError && !landed && caught.status < 500 ? caught.message : null,
      });
    }
  });

  return (
    <section aria-labelledby="create-shop" className="space-y-3">
      <h2 id="create-shop" className="text-lg font-semibold">
        {heading}
      </h2>
      {forOwner && (
        <p className="text-sm text-stone-600">
          The shop belongs to the account with the owner&apos;s email, who must have signed up
          first; they run it from their Shop Management page at once.
        </p>
      )}
      <form
        noValidate
        aria-labelledby="create-shop"
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>
          {failure && (
            <>
              {SHOP_CREATE_FAILED}
              {failure.detail && <span className="block font-normal">{failure.detail}</span>}
            </>
          )}
        </FormAlert>
        <ShopFields form={form} />
        <button type="submit" disabled={form.formState.isSubmitting} className={primaryButton}>
          {form.formState.isSubmitting ? 'Creating...' : 'Create Shop'}
        </button>
      </form>
    </section>
  );
}
