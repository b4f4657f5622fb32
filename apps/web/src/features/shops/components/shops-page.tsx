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
  makeShopFormSchema,
  shopFormToInput,
  shopServerFields,
  type ShopFormValues,
} from '../shop-form';
import { EditShopDialog } from './edit-shop-dialog';
import { ShopFields } from './shop-fields';
import { usePageHeading } from './use-page-heading';
import { LoadFailed, Loading } from '../../../components/load-state';
import { useOwnerT } from '../../../lib/staff-i18n';

/** Each shop's own screens, in the order the row lists them: path, what a screen reader hears, text. */
const SHOP_SCREENS = [
  { path: 'orders', label: 'owner.shops.screen.orders', text: 'owner.shops.screen.orders' },
  { path: 'delivery', label: 'owner.shops.screen.delivery', text: 'owner.shops.screen.delivery' },
  { path: 'codes', label: 'owner.shops.screen.discountCodes', text: 'owner.shops.screen.codes' },
  { path: 'catalogue', label: 'owner.shops.screen.catalogue', text: 'owner.shops.screen.csv' },
  { path: 'tax', label: 'owner.shops.screen.tax', text: 'owner.shops.screen.tax' },
  { path: 'balance', label: 'owner.shops.screen.balance', text: 'owner.shops.screen.balance' },
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
  const t = useOwnerT();
  const forAdmin = variant === 'admin';
  usePageHeading(t('owner.shops.shopManagement'));
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
        {t('owner.shops.shopManagement')}
      </h1>
      <FormStatus message={status} />

      <section aria-labelledby="my-shops" className="space-y-3">
        <h2 id="my-shops" className="text-lg font-semibold">
          {forAdmin || user?.role === 'admin'
            ? t('owner.shops.allShops')
            : t('owner.shops.yourShops')}
        </h2>
        {shops.isPending ? (
          <Loading>{t('owner.shops.loadingShops')}</Loading>
        ) : shops.isError ? (
          <LoadFailed onRetry={shops.refetch}>{t('owner.shops.loadFailed')}</LoadFailed>
        ) : shops.data.length === 0 ? (
          <p className="text-stone-600">{t('owner.shops.youHaveNoShopYet')}</p>
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
                    {shop.location.address || t('owner.shops.locationNotAvailable')}
                  </p>
                  {forAdmin && (
                    <p className="truncate text-sm text-stone-600">
                      {t('owner.shops.owner', { owner: shop.owner, owneremail: shop.owneremail })}
                    </p>
                  )}
                </div>
                {SHOP_SCREENS.map(({ path, label, text }) => (
                  <Link
                    key={path}
                    to={`/shops/${encodeURIComponent(shop._id)}/${path}`}
                    aria-label={t('owner.shops.of', { label: t(label), name: shop.name })}
                    className={`shrink-0 rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`}
                  >
                    {t(text)}
                  </Link>
                ))}
                <button
                  type="button"
                  aria-label={t('owner.common.editNamed', { name: shop.name })}
                  title={t('owner.common.editNamed', { name: shop.name })}
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
            setStatus(t('owner.shops.created'));
          }}
        />
      )}
      {shops.isSuccess && !forAdmin && shops.data.length === 0 && (
        <CreateShopForm
          user={user}
          forOwner={false}
          onCreated={(shop) => {
            queryClient.setQueryData<Shop[]>(ownerKeys.shops(), [shop]);
            setStatus(t('owner.shops.created'));
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
          setStatus(t('owner.shops.updated'));
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
  const t = useOwnerT();
  const form = useZodForm(makeShopFormSchema(t), {
    defaultValues: emptyShopForm(user ?? undefined),
  });
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const heading = forOwner ? t('owner.shops.createForOwner') : t('owner.shops.createNew');

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
      {forOwner && <p className="text-sm text-stone-600">{t('owner.shops.theShopBelongsToThe')}</p>}
      <form
        noValidate
        aria-labelledby="create-shop"
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>
          {failure && (
            <>
              {t('owner.shops.createFailed')}
              {failure.detail && <span className="block font-normal">{failure.detail}</span>}
            </>
          )}
        </FormAlert>
        <ShopFields form={form} />
        <button type="submit" disabled={form.formState.isSubmitting} className={primaryButton}>
          {form.formState.isSubmitting ? t('owner.shops.creating') : t('owner.shops.createShop')}
        </button>
      </form>
    </section>
  );
}
