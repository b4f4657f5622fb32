// The fields of a shop (spec sections 3 and 5), shared by the create form and the edit dialog.
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  KENYA_COUNTIES,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_PER_ORDER_LIMIT,
  SHOP_DESCRIPTION_MAX,
  WEEKDAYS,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { focusRing } from '../../../components/form-styles';
import type { ShopFormValues } from '../shop-form';
import { useOwnerT } from '../../../lib/staff-i18n';

const COUNTY_OPTIONS = KENYA_COUNTIES.map((county) => ({ value: county, label: county }));

export function ShopFields({
  form,
  withStockSettings = false,
}: {
  form: UseFormReturn<ShopFormValues, unknown, ShopFormValues>;
  /** The settings of a shop that sells (the edit dialog): max per order, low-stock threshold. */
  withStockSettings?: boolean;
}) {
  const t = useOwnerT();
  const { register } = form;
  const policyId = useId();
  const descriptionId = useId();
  const { errors } = form.formState;

  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Field
        label={t('owner.shopFields.shopName')}
        required
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <Field
        label={t('owner.shopFields.owner')}
        required
        autoComplete="name"
        error={errors.owner?.message}
        {...register('owner')}
      />
      <Field
        label={t('owner.shopFields.ownerEmail')}
        type="email"
        required
        autoComplete="email"
        error={errors.owneremail?.message}
        {...register('owneremail')}
      />
      <Field
        label={t('owner.shopFields.contactEmail')}
        type="email"
        required
        error={errors.contact?.email?.message}
        {...register('contact.email')}
      />
      <Field
        label={t('owner.shopFields.contactPhone')}
        type="tel"
        required
        autoComplete="tel"
        error={errors.contact?.phoneno?.message}
        {...register('contact.phoneno')}
      />
      <Field
        label={t('owner.shopFields.address')}
        required
        autoComplete="street-address"
        error={errors.location?.address?.message}
        {...register('location.address')}
      />
      <Field
        label={t('owner.shopFields.county')}
        placeholder={t('owner.shopFields.notShown')}
        options={COUNTY_OPTIONS}
        hint={t('owner.shopFields.optionalShownWithTheAddress')}
        error={errors.county?.message}
        {...register('county')}
      />
      <Field
        label={t('owner.shopFields.whatsappNumber')}
        type="tel"
        autoComplete="tel"
        hint={t('owner.shopFields.optionalShoppersOnYourShops')}
        error={errors.whatsapp?.message}
        {...register('whatsapp')}
      />
      <div className="md:col-span-2">
        <label htmlFor={descriptionId} className="block text-sm font-medium text-stone-800">
          {t('owner.shopFields.shortDescription')}
        </label>
        <p id={`${descriptionId}-hint`} className="text-xs text-stone-600">
          {t('owner.shopFields.optionalALineOrTwo', { SHOP_DESCRIPTION_MAX })}
        </p>
        <textarea
          id={descriptionId}
          rows={2}
          maxLength={SHOP_DESCRIPTION_MAX}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={
            errors.description
              ? `${descriptionId}-hint ${descriptionId}-error`
              : `${descriptionId}-hint`
          }
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-base focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700"
          {...register('description')}
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className="mt-1 text-sm text-red-800">
            {errors.description.message}
          </p>
        )}
      </div>
      <Field
        label={t('owner.shopFields.mapLinks')}
        className="md:col-span-2"
        hint={t('owner.shopFields.mapLinksHint')}
        error={errors.location?.mapurl?.message}
        {...register('location.mapurl')}
      />
      <Field
        label={t('owner.shopFields.socialMediaLinks')}
        className="md:col-span-2"
        hint={t('owner.shopFields.socialLinksHint')}
        error={errors.socialmedialinks?.message}
        {...register('socialmedialinks')}
      />
      <div className="md:col-span-2">
        <label htmlFor={policyId} className="block text-sm font-medium text-stone-800">
          {t('owner.shopFields.companyPolicy')}
        </label>
        <textarea
          id={policyId}
          rows={3}
          aria-invalid={errors.companypolicy ? true : undefined}
          aria-describedby={errors.companypolicy ? `${policyId}-error` : undefined}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-base focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700"
          {...register('companypolicy')}
        />
        {errors.companypolicy && (
          <p id={`${policyId}-error`} className="mt-1 text-sm text-red-800">
            {errors.companypolicy.message}
          </p>
        )}
      </div>

      <fieldset className="md:col-span-2">
        <legend className="text-sm font-medium text-stone-800">
          {t('owner.shopFields.openingHours')}
        </legend>
        <p className="text-xs text-stone-600">{t('owner.shopFields.leaveBothTimesEmptyOn')}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEEKDAYS.map((day) => (
            <div key={day} className="grid grid-cols-[6rem_1fr_1fr] items-start gap-2">
              <span className="pt-3 text-sm font-medium text-stone-700" aria-hidden="true">
                {t(`day.${day}`)}
              </span>
              <Field
                label={t('owner.shopFields.opens', { day: t(`day.${day}`) })}
                labelHidden
                type="time"
                error={errors.operationperiods?.[day]?.open?.message}
                {...register(`operationperiods.${day}.open`)}
              />
              <Field
                label={t('owner.shopFields.closes', { day: t(`day.${day}`) })}
                labelHidden
                type="time"
                error={errors.operationperiods?.[day]?.close?.message}
                {...register(`operationperiods.${day}.close`)}
              />
            </div>
          ))}
        </div>
      </fieldset>

      {withStockSettings && (
        <>
          <Field
            label={t('owner.shopFields.maxPerOrder')}
            type="number"
            min={1}
            max={MAX_PER_ORDER_LIMIT}
            step={1}
            inputMode="numeric"
            hint={t('owner.shopFields.theMostOfOneItem', { MAX_PER_ORDER_LIMIT })}
            error={errors.maxPerOrder?.message}
            {...register('maxPerOrder', { valueAsNumber: true })}
          />
          <Field
            label={t('owner.shopFields.lowStockAlertAt')}
            type="number"
            min={0}
            max={MAX_LOW_STOCK_THRESHOLD}
            step={1}
            inputMode="numeric"
            hint={t('owner.shopFields.weEmailYouOnceWhen')}
            error={errors.lowStockThreshold?.message}
            {...register('lowStockThreshold', { valueAsNumber: true })}
          />
        </>
      )}

      <label className="flex items-center gap-2 self-end text-sm font-medium text-stone-800 md:col-span-2">
        <input
          type="checkbox"
          className={`size-5 accent-brand-700 ${focusRing}`}
          {...register('payonorder')}
        />
        {t('owner.shopFields.payOnOrderShoppersPay')}
      </label>
    </div>
  );
}
