// /shops/:shopId/tax (issue 33, decision 044): the shop's tax profile. Its KRA PIN, whether it is
// VAT-registered (its product pages, cart and checkout then show the VAT their prices hold), and
// eTIMS with its branch and device, kept for the receipts to come. Checked by the contract's
// schema here and again by the server, whose field errors land on the fields they name.
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { taxProfileInputSchema, type TaxProfileResponse } from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { setFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { primaryButton } from '../../../components/form-styles';
import { LoadFailed, Loading } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useShops } from '../api/get-shops';
import { saveShopTaxProfile, shopTaxProfileKeys, useShopTaxProfile } from '../api/shop-tax-profile';
import { ShopScreen } from './shop-screen';
import { useOwnerT } from '../../../lib/staff-i18n';

export function ShopTaxPage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopTax key={shopId} shopId={shopId} />;
}

/** What the form edits: the saved profile without its shop id, a missing PIN as ''. */
function formValues({ shopId: _id, ...profile }: TaxProfileResponse) {
  return { ...profile, kraPin: profile.kraPin ?? '' };
}

function ShopTax({ shopId }: { shopId: string }) {
  const t = useOwnerT();
  const profile = useShopTaxProfile(shopId);
  const shopName = useShops().data?.find((shop) => shop._id === shopId)?.name;

  return (
    <ShopScreen id="tax" title={t('owner.tax.tax')} shopName={shopName} width="max-w-2xl">
      {profile.isPending ? (
        <Loading>{t('owner.tax.loadingTheTaxProfile')}</Loading>
      ) : profile.isError ? (
        <LoadFailed onRetry={profile.refetch}>{t('owner.tax.failedToLoadTheTax')}</LoadFailed>
      ) : (
        <TaxProfileForm shopId={shopId} saved={profile.data} />
      )}
    </ShopScreen>
  );
}

function TaxProfileForm({ shopId, saved }: { shopId: string; saved: TaxProfileResponse }) {
  const t = useOwnerT();
  const queryClient = useQueryClient();
  const form = useZodForm(taxProfileInputSchema, { defaultValues: formValues(saved) });
  const { errors, isSubmitting } = form.formState;
  const etimsOn = useWatch({ control: form.control, name: 'etims.enabled' });
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    setFailure(null);
    try {
      const answer = await saveShopTaxProfile(shopId, values);
      queryClient.setQueryData(shopTaxProfileKeys.shop(shopId), answer);
      form.reset(formValues(answer));
      setStatus(t('owner.tax.saved'));
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
      aria-labelledby="tax-heading"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
    >
      <FormAlert>
        {failure && (
          <>
            {t('owner.tax.saveFailed')}
            {failure.detail && <span className="block font-normal">{failure.detail}</span>}
          </>
        )}
      </FormAlert>
      <Field
        label={t('owner.tax.kraPin')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t('owner.tax.suchAsP051234567xPrintedOn')}
        error={errors.kraPin?.message}
        {...form.register('kraPin')}
      />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-brand-800"
          {...form.register('vatRegistered')}
        />
        {t('owner.tax.vatRegistered')}
      </label>
      <p className="text-sm text-stone-600">{t('owner.tax.pricesStayAsYouEnter')}</p>

      <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold">{t('owner.tax.etims')}</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-brand-800"
            {...form.register('etims.enabled')}
          />
          {t('owner.tax.sendReceiptsToKraThrough')}
        </label>
        <p className="text-sm text-stone-600">{t('owner.tax.savedForNowReceiptsWill')}</p>
        {etimsOn && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('owner.tax.branchIdBhfid')}
              inputMode="numeric"
              hint={t('owner.tax.00ForTheHeadOffice')}
              error={errors.etims?.bhfId?.message}
              {...form.register('etims.bhfId')}
            />
            <Field
              label={t('owner.tax.deviceSerialDvcsrlno')}
              autoComplete="off"
              spellCheck={false}
              error={errors.etims?.dvcSrlNo?.message}
              {...form.register('etims.dvcSrlNo')}
            />
          </div>
        )}
      </fieldset>

      <FormStatus message={status} />
      <button type="submit" className={primaryButton} disabled={isSubmitting}>
        {isSubmitting ? t('owner.common.saving') : t('owner.tax.saveTaxProfile')}
      </button>
    </form>
  );
}
