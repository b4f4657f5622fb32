// The shop edit modal with its nested Manage Images modal (spec section 2): every field of the
// shop, its max per order, its two picture lists and its logo, all saved together by one update.
import { useCallback, useState } from 'react';
import { IMAGE_LIMITS, IMAGE_LIMIT_MESSAGES, type Shop } from '@soko/contract';
import { FormAlert } from '../../../components/form/form-messages';
import { setFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { primaryButton, secondaryButton } from '../../../components/form-styles';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { ImageListEditor } from '../../media';
import { updateShop } from '../api/save-shop';
import {
  makeShopFormSchema,
  shopFormToInput,
  shopServerFields,
  shopToForm,
  type ShopFormValues,
} from '../shop-form';
import { ShopFields } from './shop-fields';
import { useOwnerT } from '../../../lib/staff-i18n';

export function EditShopDialog({
  shop,
  onClose,
  onSaved,
}: {
  shop: Shop | null;
  onClose: () => void;
  onSaved: (shop: Shop) => void;
}) {
  const t = useOwnerT();
  return (
    <Modal
      open={shop !== null}
      onClose={onClose}
      title={t('owner.editShop.editShop')}
      size="max-w-3xl"
    >
      {shop && <EditShopForm shop={shop} onSaved={onSaved} onCancel={onClose} />}
    </Modal>
  );
}

function EditShopForm({
  shop,
  onSaved,
  onCancel,
}: {
  shop: Shop;
  onSaved: (shop: Shop) => void;
  onCancel: () => void;
}) {
  const t = useOwnerT();
  const form = useZodForm(makeShopFormSchema(t), { defaultValues: shopToForm(shop) });
  const [imageUrls, setImageUrls] = useState(shop.imageUrls);
  const [promotionalimages, setPromotionalImages] = useState(shop.promotionalimages);
  // One picture at most, kept as a list so the same editor uploads, shows and removes it.
  const [logo, setLogo] = useState(shop.logoUrl === null ? [] : [shop.logoUrl]);
  const [managing, setManaging] = useState(false);
  const [uploading, setUploading] = useState({ shop: false, promo: false, logo: false });
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const saving = form.formState.isSubmitting;
  const busyUploading = uploading.shop || uploading.promo || uploading.logo;

  const onShopBusy = useCallback(
    (busy: boolean) => setUploading((u) => ({ ...u, shop: busy })),
    [],
  );
  const onPromoBusy = useCallback(
    (busy: boolean) => setUploading((u) => ({ ...u, promo: busy })),
    [],
  );
  const onLogoBusy = useCallback(
    (busy: boolean) => setUploading((u) => ({ ...u, logo: busy })),
    [],
  );

  const onSubmit = form.handleSubmit(async (values: ShopFormValues) => {
    setFailure(null);
    try {
      onSaved(
        await updateShop(
          shop._id,
          shopFormToInput(values, { imageUrls, promotionalimages, logoUrl: logo[0] ?? null }),
        ),
      );
    } catch (caught) {
      const landed =
        caught instanceof ApiError && caught.fields
          ? setFieldErrors(form, shopServerFields(caught.fields))
          : false;
      setFailure({
        detail:
          caught instanceof ApiError && !landed && caught.status < 500 ? caught.message : null,
      });
    }
  });

  return (
    <>
      <form
        noValidate
        aria-label={t('owner.common.editNamed', { name: shop.name })}
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>
          {failure && (
            <>
              {t('owner.editShop.updateFailed')}
              {failure.detail && <span className="block font-normal">{failure.detail}</span>}
            </>
          )}
        </FormAlert>
        <ShopFields form={form} withStockSettings />

        <div className="flex flex-wrap items-center gap-3 rounded-md border border-stone-200 p-3">
          <p className="flex-1 text-sm text-stone-700">
            {t('owner.editShop.pictureCounts', {
              shopImages: imageUrls.length,
              promoImages: promotionalimages.length,
              logo: logo.length > 0 ? t('owner.editShop.aLogo') : t('owner.editShop.noLogo'),
            })}
          </p>
          <button type="button" onClick={() => setManaging(true)} className={secondaryButton}>
            {t('owner.editShop.manageImages')}
          </button>
        </div>

        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onCancel} className={secondaryButton}>
            {t('owner.common.cancel')}
          </button>
          <button type="submit" disabled={saving || busyUploading} className={primaryButton}>
            {/* Spec section 4: the shop form's button reads 'Uploading...' while it saves. */}
            {saving ? t('owner.common.uploading') : t('owner.common.save')}
          </button>
        </div>
      </form>

      <Modal
        open={managing}
        onClose={() => setManaging(false)}
        title={t('owner.editShop.manageImages')}
        description={t('owner.editShop.changesAreSavedWithThe')}
        size="max-w-3xl"
      >
        <ImageListEditor
          label={t('owner.editShop.logo')}
          kind="shop"
          shopId={shop._id}
          images={logo}
          onChange={setLogo}
          limit={1}
          limitMessage={t('owner.editShop.aShopHasOneLogo')}
          onBusyChange={onLogoBusy}
        />
        <ImageListEditor
          label={t('owner.editShop.shopImages')}
          kind="shop"
          shopId={shop._id}
          images={imageUrls}
          onChange={setImageUrls}
          limit={IMAGE_LIMITS.shop}
          limitMessage={IMAGE_LIMIT_MESSAGES.shop}
          onBusyChange={onShopBusy}
        />
        <ImageListEditor
          label={t('owner.editShop.promotionalImages')}
          kind="shop"
          shopId={shop._id}
          images={promotionalimages}
          onChange={setPromotionalImages}
          limit={IMAGE_LIMITS.shop}
          limitMessage={IMAGE_LIMIT_MESSAGES.shop}
          onBusyChange={onPromoBusy}
        />
        <div className="flex justify-end">
          <button
            type="button"
            disabled={busyUploading}
            onClick={() => setManaging(false)}
            className={primaryButton}
          >
            {busyUploading ? t('owner.common.uploading') : t('owner.editShop.done')}
          </button>
        </div>
      </Modal>
    </>
  );
}
