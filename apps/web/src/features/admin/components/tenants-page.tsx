// /admin/tenants: the hosts the shop answers on, the shop each shows first, and each one's SEO
// and WhatsApp chat data (DESIGN "Tenants"). A save shows in the served pages at once.
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, type AdminTenant } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { setFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton, secondaryButton } from '../../../components/form-styles';
import { ConfirmDialog } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { useShops } from '../../shops';
import { deleteTenant, saveTenant, tenantKeys, useTenants } from '../api/tenants-api';
import {
  tenantFormSchema,
  tenantFormToInput,
  tenantServerFields,
  tenantToForm,
  type TenantFormValues,
} from '../tenant-form';
import { AdminGuard } from './admin-guard';
import { LoadFailed, Loading } from '../../../components/load-state';

export const TENANT_SAVED = 'Tenant saved.';
export const TENANT_DELETED = 'Tenant deleted.';

export function TenantsPage() {
  return (
    <AdminGuard>
      <Tenants />
    </AdminGuard>
  );
}

/** null: the form for a new tenant; a tenant: its edit form; undefined: no form open. */
type Editing = AdminTenant | null | undefined;

function Tenants() {
  const tenants = useTenants();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(undefined);
  const [status, setStatus] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminTenant | null>(null);

  const afterWrite = async (message: string) => {
    setStatus(message);
    setEditing(undefined);
    // This tab's own head and chat button read the current host's tenant.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: tenantKeys.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tenant() }),
    ]);
  };

  return (
    <section aria-labelledby="tenants-heading" className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="tenants-heading" className="text-2xl font-bold text-stone-900">
          Tenants
        </h1>
        {editing === undefined && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setStatus(null);
              setEditing(null);
            }}
          >
            Add Tenant
          </button>
        )}
      </div>
      <p className="text-stone-600">
        Each tenant is a web address the shop answers on, with the shop it shows first and its own
        title, description and chat contact. Addresses no tenant names get the default one.
      </p>
      <FormStatus message={status} />
      {editing === null && (
        <TenantForm
          tenant={null}
          onCancel={() => setEditing(undefined)}
          onSaved={() => void afterWrite(TENANT_SAVED)}
        />
      )}
      {tenants.isPending ? (
        <Loading>Loading tenants...</Loading>
      ) : tenants.isError ? (
        <LoadFailed onRetry={tenants.refetch}>
          Failed to load the tenants. Please try again later.
        </LoadFailed>
      ) : (
        <ul className="space-y-4">
          {tenants.data.map((tenant) => (
            <li key={tenant._id} className="rounded-lg border border-stone-200 p-4">
              {editing?._id === tenant._id ? (
                <TenantForm
                  tenant={tenant}
                  onCancel={() => setEditing(undefined)}
                  onSaved={() => void afterWrite(TENANT_SAVED)}
                />
              ) : (
                <TenantSummary
                  tenant={tenant}
                  onEdit={() => {
                    setStatus(null);
                    setEditing(tenant);
                  }}
                  onDelete={() => setDeleting(tenant)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the tenant ${deleting?.hosts[0] ?? ''}?`}
        message="Its addresses will show the default tenant's shop and title."
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteTenant(deleting._id);
          setDeleting(null);
          await afterWrite(TENANT_DELETED);
        }}
      />
    </section>
  );
}

function TenantSummary({
  tenant,
  onEdit,
  onDelete,
}: {
  tenant: AdminTenant;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const name = tenant.hosts[0] ?? tenant._id;
  return (
    <article aria-label={name} className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <h2 className="text-lg font-semibold break-words">
          {tenant.hosts.join(', ')}
          {tenant.isDefault && (
            <span className="ml-2 rounded bg-stone-100 px-2 py-0.5 text-sm font-medium text-stone-700">
              Default
            </span>
          )}
        </h2>
        <p className="text-sm text-stone-700">Shows {tenant.shopName}</p>
        <p className="text-sm text-stone-700">
          Title: {tenant.seo?.title?.trim() ? tenant.seo.title : 'the default title'}
        </p>
        <p className="text-sm text-stone-700">
          WhatsApp chat: {tenant.whatsapp ? tenant.whatsapp.accountName : 'off'}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          aria-label={`Edit ${name}`}
          className={secondaryButton}
          onClick={onEdit}
        >
          Edit
        </button>
        {!tenant.isDefault && (
          <button
            type="button"
            aria-label={`Delete ${name}`}
            className={secondaryButton}
            onClick={onDelete}
          >
            Delete
          </button>
        )}
      </div>
    </article>
  );
}

function TenantForm({
  tenant,
  onCancel,
  onSaved,
}: {
  tenant: AdminTenant | null;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const form = useZodForm(tenantFormSchema, { defaultValues: tenantToForm(tenant) });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  const shops = useShops();
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const hostsId = useId();
  const withWhatsapp = form.watch('withWhatsapp');
  const heading = tenant ? `Edit ${tenant.hosts[0] ?? 'tenant'}` : 'New tenant';

  const onSubmit = form.handleSubmit(async (values: TenantFormValues) => {
    setFailure(null);
    try {
      await saveTenant(tenant?._id ?? null, tenantFormToInput(values));
      onSaved();
    } catch (caught) {
      const landed =
        caught instanceof ApiError && caught.fields
          ? setFieldErrors(form, tenantServerFields(caught.fields))
          : false;
      setFailure(
        caught instanceof ApiError && caught.status < 500 && !landed
          ? caught.message
          : landed
            ? 'Please correct the fields marked below.'
            : 'Failed to save the tenant. Please try again.',
      );
    }
  });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      <FormAlert>{failure}</FormAlert>
      <div>
        <label htmlFor={hostsId} className="block text-sm font-medium text-stone-800">
          Host names
        </label>
        <textarea
          id={hostsId}
          rows={3}
          aria-invalid={errors.hosts ? true : undefined}
          aria-describedby={`${hostsId}-hint${errors.hosts ? ` ${hostsId}-error` : ''}`}
          className={`mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-base ${focusRing}`}
          {...register('hosts')}
        />
        <p id={`${hostsId}-hint`} className="mt-1 text-sm text-stone-600">
          One per line, without http:// (shop.example.co.ke). Point each one&apos;s DNS at this
          server.
        </p>
        {errors.hosts?.message && (
          <p id={`${hostsId}-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.hosts.message}
          </p>
        )}
      </div>
      <Field
        label="Shop shown first"
        placeholder={shops.isPending ? 'Loading shops...' : 'Choose a shop'}
        options={(shops.data ?? []).map((shop) => ({ value: shop._id, label: shop.name }))}
        error={errors.shopId?.message}
        {...register('shopId')}
      />
      <fieldset className="grid gap-3 md:grid-cols-2">
        <legend className="mb-1 font-semibold">Search and sharing (blank: the defaults)</legend>
        <Field label="Title" error={errors.seo?.title?.message} {...register('seo.title')} />
        <Field
          label="Canonical address"
          type="url"
          placeholder="https://shop.example.co.ke"
          error={errors.seo?.url?.message}
          {...register('seo.url')}
        />
        <Field
          label="Description"
          className="md:col-span-2"
          error={errors.seo?.description?.message}
          {...register('seo.description')}
        />
        <Field
          label="Keywords"
          className="md:col-span-2"
          hint="Separated by commas."
          error={errors.seo?.keywords?.message}
          {...register('seo.keywords')}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold">WhatsApp chat</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" className={`size-5 ${focusRing}`} {...register('withWhatsapp')} />
          Show the WhatsApp chat button
        </label>
        {withWhatsapp && (
          <div className="grid gap-3 md:grid-cols-2">
            <Field
              label="WhatsApp number"
              type="tel"
              hint="With the country code: 254712345678."
              error={errors.whatsapp?.phoneNumber?.message}
              {...register('whatsapp.phoneNumber')}
            />
            <Field
              label="Name shown"
              error={errors.whatsapp?.accountName?.message}
              {...register('whatsapp.accountName')}
            />
            <Field
              label="Greeting"
              error={errors.whatsapp?.chatMessage?.message}
              {...register('whatsapp.chatMessage')}
            />
            <Field
              label="Status line"
              error={errors.whatsapp?.statusMessage?.message}
              {...register('whatsapp.statusMessage')}
            />
            <Field
              label="Avatar picture address"
              className="md:col-span-2"
              error={errors.whatsapp?.avatar?.message}
              {...register('whatsapp.avatar')}
            />
          </div>
        )}
      </fieldset>
      <div className="flex gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}
