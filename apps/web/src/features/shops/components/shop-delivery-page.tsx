// /shops/:shopId/delivery (issue 31, decision 035): what the shop charges to deliver, by group of
// counties with the rest of Kenya as the fallback, an optional free-delivery threshold, its own
// pickup counters, and pickup at the carrier's agent points with the one its parcels leave from
// (decision 036). Checked by the contract's schema here and again by the server, whose
// field errors ('zones.1.counties.0') land on the fields they name.
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, type FieldError, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  CARRIER_LABELS,
  deliverySettingsInputSchema,
  KENYA_COUNTIES,
  MAX_DELIVERY_ZONES,
  MAX_PICKUP_COUNTERS,
  type DeliverySettingsInput,
  type ShopDeliveryResponse,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { setFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton, secondaryButton } from '../../../components/form-styles';
import { LoadFailed, Loading } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { getAgentPointsQueryOptions } from '../../../lib/delivery-quote';
import { useSession } from '../../../lib/session';
import { useShops } from '../api/get-shops';
import { saveShopDelivery, shopDeliveryKeys, useShopDelivery } from '../api/shop-delivery';
import { ShopScreen } from './shop-screen';
import { useOwnerT } from '../../../lib/staff-i18n';

type DeliveryForm = UseFormReturn<
  DeliverySettingsInput,
  unknown,
  z.output<typeof deliverySettingsInputSchema>
>;

export function ShopDeliveryPage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopDelivery key={shopId} shopId={shopId} />;
}

/** What the form edits: the saved settings without the answer's own fields. */
function formValues({ shopId: _id, isDefault: _default, ...settings }: ShopDeliveryResponse) {
  return settings;
}

function ShopDelivery({ shopId }: { shopId: string }) {
  const t = useOwnerT();
  const delivery = useShopDelivery(shopId);
  const shopName = useShops().data?.find((shop) => shop._id === shopId)?.name;

  return (
    <ShopScreen id="delivery" title={t('owner.delivery.delivery')} shopName={shopName}>
      {delivery.isPending ? (
        <Loading>{t('owner.delivery.loadingTheDeliverySettings')}</Loading>
      ) : delivery.isError ? (
        <LoadFailed onRetry={delivery.refetch}>
          {t('owner.delivery.failedToLoadTheDelivery')}
        </LoadFailed>
      ) : (
        <DeliverySettingsForm shopId={shopId} saved={delivery.data} />
      )}
    </ShopScreen>
  );
}

function DeliverySettingsForm({ shopId, saved }: { shopId: string; saved: ShopDeliveryResponse }) {
  const t = useOwnerT();
  const queryClient = useQueryClient();
  const form: DeliveryForm = useZodForm(deliverySettingsInputSchema, {
    defaultValues: formValues(saved),
  });
  const zones = useFieldArray({ control: form.control, name: 'zones' });
  const counters = useFieldArray({ control: form.control, name: 'pickupCounters' });
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    setFailure(null);
    try {
      const answer = await saveShopDelivery(shopId, values);
      queryClient.setQueryData(shopDeliveryKeys.shop(shopId), answer);
      // New counters come back with their ids: the next save keeps them (orders name them).
      form.reset(formValues(answer));
      setStatus(t('owner.delivery.saved'));
    } catch (caught) {
      const landed =
        caught instanceof ApiError && caught.fields ? setFieldErrors(form, caught.fields) : false;
      setFailure({
        detail:
          caught instanceof ApiError && !landed && caught.status < 500 ? caught.message : null,
      });
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="delivery-heading"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-6"
    >
      {saved.isDefault && (
        <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-700">
          {t('owner.delivery.yourShopChargesTheMarketplaces')}
        </p>
      )}
      <FormAlert>
        {failure && (
          <>
            {t('owner.delivery.saveFailed')}
            {failure.detail && <span className="block font-normal">{failure.detail}</span>}
          </>
        )}
      </FormAlert>

      <section aria-labelledby="delivery-zones" className="space-y-3">
        <h2 id="delivery-zones" className="text-lg font-semibold">
          {t('owner.delivery.countyGroups')}
        </h2>
        <p className="text-sm text-stone-600">{t('owner.delivery.countiesThatShareAPrice')}</p>
        {zones.fields.length === 0 && (
          <p className="text-sm text-stone-700">{t('owner.delivery.noGroupsYetEveryCounty')}</p>
        )}
        {zones.fields.map((zone, index) => (
          <fieldset key={zone.id} className="space-y-3 rounded-lg border border-stone-200 p-3">
            <legend className="px-1 font-semibold">
              {t('owner.delivery.group', { index: index + 1 })}
            </legend>
            <Field
              label={t('owner.delivery.groupName')}
              required
              error={errors.zones?.[index]?.name?.message}
              {...form.register(`zones.${index}.name`)}
            />
            <CountyPicker form={form} index={index} />
            <RateFields form={form} prefix={`zones.${index}`} />
            <button
              type="button"
              onClick={() => zones.remove(index)}
              className={`text-sm ${secondaryButton}`}
            >
              {t('owner.delivery.removeGroup', { index: index + 1 })}
            </button>
          </fieldset>
        ))}
        {zones.fields.length < MAX_DELIVERY_ZONES && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() =>
              zones.append({
                name: '',
                counties: [],
                standard: { fee: 10, days: '' },
                express: { fee: 20, days: '' },
              })
            }
          >
            {t('owner.delivery.addACountyGroup')}
          </button>
        )}
      </section>

      <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 text-lg font-semibold">{t('owner.delivery.restOfKenya')}</legend>
        <RateFields form={form} prefix="restOfKenya" />
      </fieldset>

      <div className="max-w-sm">
        <Field
          label={t('owner.delivery.freeDeliveryFromKsh')}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          hint={t('owner.delivery.optionalAPartWhoseItems')}
          error={errors.freeFrom?.message}
          {...form.register('freeFrom', {
            setValueAs: (value: unknown) =>
              value === '' || value === null || value === undefined ? null : Number(value),
          })}
        />
      </div>

      <section aria-labelledby="delivery-counters" className="space-y-3">
        <h2 id="delivery-counters" className="text-lg font-semibold">
          {t('owner.delivery.pickupCounters')}
        </h2>
        <p className="text-sm text-stone-600">
          {t('owner.delivery.placesWhereShoppersCollectTheir')}
        </p>
        {counters.fields.length === 0 && (
          <p className="text-sm text-stone-700">{t('owner.delivery.noPickupCountersYet')}</p>
        )}
        {counters.fields.map((counter, index) => (
          <fieldset
            key={counter.id}
            className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-2"
          >
            <legend className="px-1 font-semibold">
              {t('owner.delivery.counter', { index: index + 1 })}
            </legend>
            <input
              type="hidden"
              {...form.register(`pickupCounters.${index}.id`, {
                // A new counter has none: the server gives it one.
                setValueAs: (value: unknown) =>
                  typeof value === 'string' && value ? value : undefined,
              })}
            />
            <Field
              label={t('owner.delivery.counterName')}
              required
              error={errors.pickupCounters?.[index]?.name?.message}
              {...form.register(`pickupCounters.${index}.name`)}
            />
            <Field
              label={t('owner.delivery.counterAddress')}
              required
              error={errors.pickupCounters?.[index]?.address?.message}
              {...form.register(`pickupCounters.${index}.address`)}
            />
            <Field
              label={t('owner.delivery.openingHours')}
              hint={t('owner.delivery.optionalSuchAsMonSat')}
              error={errors.pickupCounters?.[index]?.hours?.message}
              {...form.register(`pickupCounters.${index}.hours`)}
            />
            <Field
              label={t('owner.delivery.pickupFeeKsh')}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              error={errors.pickupCounters?.[index]?.fee?.message}
              {...form.register(`pickupCounters.${index}.fee`, { valueAsNumber: true })}
            />
            <div className="sm:col-span-2">
              <button
                type="button"
                onClick={() => counters.remove(index)}
                className={`text-sm ${secondaryButton}`}
              >
                {t('owner.delivery.removeCounter', { index: index + 1 })}
              </button>
            </div>
          </fieldset>
        ))}
        {counters.fields.length < MAX_PICKUP_COUNTERS && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => counters.append({ name: '', address: '', hours: '', fee: 0 })}
          >
            {t('owner.delivery.addAPickupCounter')}
          </button>
        )}
      </section>

      <AgentPointsFields form={form} />

      <FormStatus message={status} />
      <button type="submit" disabled={isSubmitting} className={primaryButton}>
        {isSubmitting ? t('owner.common.saving') : t('owner.delivery.saveDelivery')}
      </button>
    </form>
  );
}

/**
 * Pickup at the carrier's agent points: on or off, and the agent the shop's parcels leave from
 * (the carrier prices each agent point from it). Hidden switch when no carrier is set here.
 */
function AgentPointsFields({ form }: { form: DeliveryForm }) {
  const t = useOwnerT();
  const list = useQuery(getAgentPointsQueryOptions(null));
  const enabled = form.watch('agents.enabled');
  const { errors } = form.formState;
  const enabledError = messageAt(errors, 'agents.enabled');
  const dropOffError = messageAt(errors, 'agents.dropOffAgentId');
  const carrier = list.data?.carrier ? CARRIER_LABELS[list.data.carrier] : null;
  // Counties in their own groups, so an owner finds the agent near the shop.
  const byCounty = new Map<string, { id: string; name: string; area: string }[]>();
  for (const point of list.data?.agents ?? []) {
    const county = point.county || t('owner.delivery.otherCounty');
    byCounty.set(county, [...(byCounty.get(county) ?? []), point]);
  }
  return (
    <section aria-labelledby="delivery-agents" className="space-y-3">
      <h2 id="delivery-agents" className="text-lg font-semibold">
        {t('owner.delivery.agentPoints')}
      </h2>
      {list.isPending ? (
        <p role="status" className="text-sm text-stone-700">
          {t('owner.delivery.loadingAgentPoints')}
        </p>
      ) : list.isError ? (
        <p className="text-sm text-stone-700">{t('owner.delivery.agentPointsCannotBeListed')}</p>
      ) : !carrier ? (
        <p className="text-sm text-stone-700">{t('owner.delivery.pickupAtAgentPointsIs')}</p>
      ) : (
        <>
          <p className="text-sm text-stone-600">
            {t('owner.delivery.shoppersCollectAtAAgent', { carrier })}
          </p>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-brand-800"
              aria-describedby={enabledError ? 'agents-enabled-error' : undefined}
              {...form.register('agents.enabled')}
            />
            {t('owner.delivery.offerPickupAtAgentPoints', { carrier })}
          </label>
          {enabledError && (
            <p id="agents-enabled-error" className="text-sm text-red-800">
              {enabledError}
            </p>
          )}
          {enabled && (
            <div className="max-w-md">
              <label htmlFor="agents-drop-off" className="block text-sm font-medium text-stone-800">
                {t('owner.delivery.dropOffAgentPoint')}
              </label>
              <select
                id="agents-drop-off"
                aria-invalid={dropOffError ? true : undefined}
                aria-describedby={dropOffError ? 'agents-drop-off-error' : undefined}
                className={`mt-1 w-full rounded-md border border-stone-300 px-2 py-2 ${focusRing}`}
                {...form.register('agents.dropOffAgentId', {
                  setValueAs: (value: unknown) =>
                    typeof value === 'string' && value ? value : null,
                })}
              >
                <option value="">{t('owner.delivery.chooseWhereYourParcelsLeave')}</option>
                {[...byCounty].map(([county, points]) => (
                  <optgroup key={county} label={county}>
                    {points.map((point) => (
                      <option key={point.id} value={point.id}>
                        {point.area ? `${point.name}, ${point.area}` : point.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {dropOffError && (
                <p id="agents-drop-off-error" className="mt-1 text-sm text-red-800">
                  {dropOffError}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** Standard and Express: a fee and the time shoppers are told, for a group or the rest. */
function RateFields({
  form,
  prefix,
}: {
  form: DeliveryForm;
  prefix: `zones.${number}` | 'restOfKenya';
}) {
  const t = useOwnerT();
  const errorAt = (path: string) => messageAt(form.formState.errors, `${prefix}.${path}`);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['standard', 'express'] as const).map((option) => {
        const name =
          option === 'standard' ? t('owner.delivery.standard') : t('owner.delivery.express');
        return (
          <div key={option} className="contents">
            <Field
              label={t('owner.delivery.feeKsh', { name })}
              type="number"
              required
              min={0}
              step="0.01"
              inputMode="decimal"
              error={errorAt(`${option}.fee`)}
              {...form.register(`${prefix}.${option}.fee`, { valueAsNumber: true })}
            />
            <Field
              label={t('owner.delivery.time', { name })}
              hint={t('owner.delivery.timeHint')}
              error={errorAt(`${option}.days`)}
              {...form.register(`${prefix}.${option}.days`)}
            />
          </div>
        );
      })}
    </div>
  );
}

/** The 47 counties as checkboxes: a group names one or more. */
function CountyPicker({ form, index }: { form: DeliveryForm; index: number }) {
  const t = useOwnerT();
  const error = messageAt(form.formState.errors, `zones.${index}.counties`);
  const errorId = `zone-${index}-counties-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800">{t('owner.delivery.counties')}</legend>
      <div className="mt-1 grid max-h-56 grid-cols-2 gap-x-3 gap-y-1 overflow-y-auto rounded-md border border-stone-300 p-2 sm:grid-cols-3">
        {KENYA_COUNTIES.map((county) => (
          <label key={county} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={county}
              className="size-4 accent-brand-800"
              {...form.register(`zones.${index}.counties`)}
            />
            {county}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The message at a dotted path of the form's errors, or the first one under it: a county's own
 * error ('zones.0.counties.2', a county already in another group) shows on its group's list.
 */
function messageAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return firstMessage(node);
}

function firstMessage(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const { message } = node as Partial<FieldError>;
  if (typeof message === 'string' && message) return message;
  for (const child of Object.values(node)) {
    if (typeof child === 'object' && child !== null && !('nodeType' in child)) {
      const found = firstMessage(child);
      if (found) return found;
    }
  }
  return undefined;
}
