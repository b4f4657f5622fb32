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
import { dayLabel, type ShopFormValues } from '../shop-form';

const COUNTY_OPTIONS = KENYA_COUNTIES.map((county) => ({ value: county, label: county }));

export function ShopFields({
  form,
  withStockSettings = false,
}: {
  form: UseFormReturn<ShopFormValues, unknown, ShopFormValues>;
  /** The settings of a shop that sells (the edit dialog): max per order, low-stock threshold. */
  withStockSettings?: boolean;
}) {
  const { register } = form;
  const policyId = useId();
  const descriptionId = useId();
  const { errors } = form.formState;

  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Field
        label="Shop name"
        required
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <Field
        label="Owner"
        required
        autoComplete="name"
        error={errors.owner?.message}
        {...register('owner')}
      />
      <Field
        label="Owner email"
        type="email"
        required
        autoComplete="email"
        error={errors.owneremail?.message}
        {...register('owneremail')}
      />
      <Field
        label="Contact email"
        type="email"
        required
        error={errors.contact?.email?.message}
        {...register('contact.email')}
      />
      <Field
        label="Contact phone"
        type="tel"
        required
        autoComplete="tel"
        error={errors.contact?.phoneno?.message}
        {...register('contact.phoneno')}
      />
      <Field
        label="Address"
        required
        autoComplete="street-address"
        error={errors.location?.address?.message}
        {...register('location.address')}
      />
      <Field
        label="County"
        placeholder="Not shown"
        options={COUNTY_OPTIONS}
        hint="Optional. Shown with the address on your shop's page."
        error={errors.county?.message}
        {...register('county')}
      />
      <Field
        label="WhatsApp number"
        type="tel"
        autoComplete="tel"
        hint="Optional. Shoppers on your shop's page and products chat with this number; without one they chat with the marketplace."
        error={errors.whatsapp?.message}
        {...register('whatsapp')}
      />
      <div className="md:col-span-2">
        <label htmlFor={descriptionId} className="block text-sm font-medium text-stone-800">
          Short description
        </label>
        <p id={`${descriptionId}-hint`} className="text-xs text-stone-600">
          Optional. A line or two under your shop's name (at most {SHOP_DESCRIPTION_MAX}{' '}
          characters).
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
        label="Map links"
        className="md:col-span-2"
        hint="Optional. Separate links with commas; the first is the header's map link."
        error={errors.location?.mapurl?.message}
        {...register('location.mapurl')}
      />
      <Field
        label="Social media links"
        className="md:col-span-2"
        hint="Optional. Separate links with commas (Facebook, Twitter and Instagram show in the footer)."
        error={errors.socialmedialinks?.message}
        {...register('socialmedialinks')}
      />
      <div className="md:col-span-2">
        <label htmlFor={policyId} className="block text-sm font-medium text-stone-800">
          Company policy
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
        <legend className="text-sm font-medium text-stone-800">Opening hours</legend>
        <p className="text-xs text-stone-600">Leave both times empty on days the shop is closed.</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEEKDAYS.map((day) => (
            <div key={day} className="grid grid-cols-[6rem_1fr_1fr] items-start gap-2">
              <span className="pt-3 text-sm font-medium text-stone-700" aria-hidden="true">
                {dayLabel(day)}
              </span>
              <Field
                label={`${dayLabel(day)} opens`}
                labelHidden
                type="time"
                error={errors.operationperiods?.[day]?.open?.message}
                {...register(`operationperiods.${day}.open`)}
              />
              <Field
                label={`${dayLabel(day)} closes`}
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
            label="Max per order"
            type="number"
            min={1}
            max={MAX_PER_ORDER_LIMIT}
            step={1}
            inputMode="numeric"
            hint={`The most of one item an order may take (1 to ${MAX_PER_ORDER_LIMIT}).`}
            error={errors.maxPerOrder?.message}
            {...register('maxPerOrder', { valueAsNumber: true })}
          />
          <Field
            label="Low-stock alert at"
            type="number"
            min={0}
            max={MAX_LOW_STOCK_THRESHOLD}
            step={1}
            inputMode="numeric"
            hint="We email you once when an item's stock falls to this or below. A product may set its own."
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
        Pay on order (shoppers pay online when ordering)
      </label>
    </div>
  );
}
