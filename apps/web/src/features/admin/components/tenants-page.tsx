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
  makeTenantFormSchema,
  tenantFormToInput,
  tenantServerFields,
  tenantToForm,
  type TenantFormValues,
} from '../tenant-form';
import { AdminGuard } from './admin-guard';
import { LoadFailed, Loading } from '../../../components/load-state';
import { useAdminT } from '../../../lib/staff-i18n';

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
  const t = useAdminT();
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
          {t('admin.tenants.tenants')}
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
            {t('admin.tenants.addTenant')}
          </button>
        )}
      </div>
      <p className="text-stone-600">{t('admin.tenants.eachTenantIsAWeb')}</p>
      <FormStatus message={status} />
      {editing === null && (
        <TenantForm
          tenant={null}
          onCancel={() => setEditing(undefined)}
          onSaved={() => void afterWrite(t('admin.tenants.saved'))}
        />
      )}
      {tenants.isPending ? (
        <Loading>{t('admin.tenants.loadingTenants')}</Loading>
      ) : tenants.isError ? (
        <LoadFailed onRetry={tenants.refetch}>
          {t('admin.tenants.failedToLoadTheTenants')}
        </LoadFailed>
      ) : (
        <ul className="space-y-4">
          {tenants.data.map((tenant) => (
            <li key={tenant._id} className="rounded-lg border border-stone-200 p-4">
              {editing?._id === tenant._id ? (
                <TenantForm
                  tenant={tenant}
                  onCancel={() => setEditing(undefined)}
                  onSaved={() => void afterWrite(t('admin.tenants.saved'))}
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
        title={t('admin.tenants.deleteTheTenant', { hosts: deleting?.hosts[0] ?? '' })}
        message={t('admin.tenants.itsAddressesWillShowThe')}
        confirmLabel={t('admin.tenants.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteTenant(deleting._id);
          setDeleting(null);
          await afterWrite(t('admin.tenants.deleted'));
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
  const t = useAdminT();
  const name = tenant.hosts[0] ?? tenant._id;
  return (
    <article aria-label={name} className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <h2 className="text-lg font-semibold break-words">
          {tenant.hosts.join(', ')}
          {tenant.isDefault && (
            <span className="ml-2 rounded bg-stone-100 px-2 py-0.5 text-sm font-medium text-stone-700">
              {t('admin.tenants.default')}
            </span>
          )}
        </h2>
        <p className="text-sm text-stone-700">
          {t('admin.tenants.shows', { shopName: tenant.shopName })}
        </p>
        <p className="text-sm text-stone-700">
          {t('admin.tenants.title')}
          {tenant.seo?.title?.trim() ? tenant.seo.title : t('admin.tenants.theDefaultTitle')}
        </p>
        <p className="text-sm text-stone-700">
          {t('admin.tenants.whatsappChat')}
          {tenant.whatsapp ? tenant.whatsapp.accountName : t('admin.tenants.off')}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          aria-label={t('admin.tenants.editNamed', { name })}
          className={secondaryButton}
          onClick={onEdit}
        >
          {t('admin.tenants.edit')}
        </button>
        {!tenant.isDefault && (
          <button
            type="button"
            aria-label={t('admin.tenants.deleteNamed', { name })}
            className={secondaryButton}
            onClick={onDelete}
          >
            {t('admin.tenants.delete')}
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
  const t = useAdminT();
  const form = useZodForm(makeTenantFormSchema(t), { defaultValues: tenantToForm(tenant) });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  const shops = useShops();
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const hostsId = useId();
  const withWhatsapp = form.watch('withWhatsapp');
  const heading = tenant
    ? t('admin.tenants.editNamed', { name: tenant.hosts[0] ?? t('admin.tenants.tenant') })
    : t('admin.tenants.newTenant');

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
            ? t('admin.tenants.correctFields')
            : t('admin.tenants.saveFailed'),
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
          {t('admin.tenants.hostNames')}
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
          {t('admin.tenants.onePerLineWithoutHttp')}
        </p>
        {errors.hosts?.message && (
          <p id={`${hostsId}-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.hosts.message}
          </p>
        )}
      </div>
      <Field
        label={t('admin.tenants.shopShownFirst')}
        placeholder={
          shops.isPending ? t('admin.tenants.loadingShops') : t('admin.tenants.chooseAShop')
        }
        options={(shops.data ?? []).map((shop) => ({ value: shop._id, label: shop.name }))}
        error={errors.shopId?.message}
        {...register('shopId')}
      />
      <fieldset className="grid gap-3 md:grid-cols-2">
        <legend className="mb-1 font-semibold">
          {t('admin.tenants.searchAndSharingBlankThe')}
        </legend>
        <Field
          label={t('admin.tenants.titleLabel')}
          error={errors.seo?.title?.message}
          {...register('seo.title')}
        />
        <Field
          label={t('admin.tenants.canonicalAddress')}
          type="url"
          placeholder={t('admin.tenants.httpsShopExampleCoKe')}
          error={errors.seo?.url?.message}
          {...register('seo.url')}
        />
        <Field
          label={t('admin.tenants.description')}
          className="md:col-span-2"
          error={errors.seo?.description?.message}
          {...register('seo.description')}
        />
        <Field
          label={t('admin.tenants.keywords')}
          className="md:col-span-2"
          hint={t('admin.tenants.separatedByCommas')}
          error={errors.seo?.keywords?.message}
          {...register('seo.keywords')}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold">{t('admin.tenants.whatsappChatLegend')}</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" className={`size-5 ${focusRing}`} {...register('withWhatsapp')} />
          {t('admin.tenants.showTheWhatsappChatButton')}
        </label>
        {withWhatsapp && (
          <div className="grid gap-3 md:grid-cols-2">
            <Field
              label={t('admin.tenants.whatsappNumber')}
              type="tel"
              hint={t('admin.tenants.whatsappNumberHint')}
              error={errors.whatsapp?.phoneNumber?.message}
              {...register('whatsapp.phoneNumber')}
            />
            <Field
              label={t('admin.tenants.nameShown')}
              error={errors.whatsapp?.accountName?.message}
              {...register('whatsapp.accountName')}
            />
            <Field
              label={t('admin.tenants.greeting')}
              error={errors.whatsapp?.chatMessage?.message}
              {...register('whatsapp.chatMessage')}
            />
            <Field
              label={t('admin.tenants.statusLine')}
              error={errors.whatsapp?.statusMessage?.message}
              {...register('whatsapp.statusMessage')}
            />
            <Field
              label={t('admin.tenants.avatarPictureAddress')}
              className="md:col-span-2"
              error={errors.whatsapp?.avatar?.message}
              {...register('whatsapp.avatar')}
            />
          </div>
        )}
      </fieldset>
      <div className="flex gap-2">
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('owner.common.saving') : t('admin.tenants.save')}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {t('owner.common.cancel')}
        </button>
      </div>
    </form>
  );
}
