// The product form (spec sections 2 to 5): 'Add Product' without an _id, 'Edit Product' with one.
// Stock is the variants' sum when there are variants; count (units sold) is shown, never sent.
import { useCallback, useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import {
  IMAGE_LIMITS,
  IMAGE_LIMIT_MESSAGES,
  PRICING_TYPES,
  TAX_TYPE_LABELS,
  TAX_TYPES,
  type Product,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import {
  focusRing,
  inputClass,
  primaryButton,
  secondaryButton,
} from '../../../components/form-styles';
import { ImageListEditor, usePictureList } from '../../media';
import { useOwnerT } from '../../../lib/staff-i18n';
import { createProduct, updateProduct } from '../api/save-catalog';
import {
  derivedStock,
  emptyProductForm,
  productFormSchema,
  productFormToInput,
  productToForm,
  type ProductFormValues,
} from '../product-form';

const pricingOptions = PRICING_TYPES.map((type) => ({ value: type, label: type }));
const taxOptions = TAX_TYPES.map((type) => ({ value: type, label: TAX_TYPE_LABELS[type] }));

export function ProductForm({
  shopId,
  categoryId,
  product,
  onCancel,
  onSaved,
}: {
  shopId: string;
  categoryId: string;
  product: Product | null;
  onCancel: () => void;
  onSaved: (product: Product, mode: 'add' | 'edit') => void;
}) {
  const t = useOwnerT();
  const titleId = useId();
  const descriptionId = useId();
  const descriptionSwId = useId();
  const mode = product ? 'edit' : 'add';
  const form = useZodForm(productFormSchema, {
    defaultValues: product ? productToForm(product) : emptyProductForm(),
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const watched = useWatch({ control: form.control, name: ['stock', 'variants'] });
  const stockSum = derivedStock({ stock: watched[0], variants: watched[1] ?? [] });
  const { images, setImages, editor, settle, settling } = usePictureList(product?.imageUrls ?? []);
  const [uploading, setUploading] = useState(false);
  const onBusy = useCallback((busy: boolean) => setUploading(busy), []);
  const [failure, setFailure] = useState<string | null>(null);
  const taxTypeOptions = [{ value: '', label: t('owner.productForm.shopDefault') }, ...taxOptions];

  // Run from the submit event only: settling reads the picture list's refs, which render must not.
  const save = async (values: ProductFormValues) => {
    setFailure(null);
    // Pictures chosen but not uploaded yet go up first: saving without them said the product
    // was added and silently dropped them (issue 29).
    const imageUrls = await settle();
    if (!imageUrls) {
      // A chosen picture could not be sent before saving: the editor says why beside it.
      setFailure(t('owner.productForm.picturesNotSent'));
      return;
    }
    const body = productFormToInput(values, { categoryId, imageUrls });
    try {
      const saved = product
        ? await updateProduct(product._id, shopId, body)
        : await createProduct(shopId, body);
      onSaved(saved, mode);
    } catch (caught) {
      applyServerFieldErrors(form, caught);
      console.error(
        product ? t('owner.productForm.updateFailed') : t('owner.productForm.addFailed'),
        caught,
      );
      const message = caught instanceof Error ? caught.message : '';
      setFailure(
        message
          ? product
            ? t('owner.productForm.updateFailedBecause', { message })
            : t('owner.productForm.addFailedBecause', { message })
          : product
            ? t('owner.productForm.updateFailed')
            : t('owner.productForm.addFailed'),
      );
    }
  };

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="space-y-4 rounded-lg border border-stone-200 p-4"
    >
      <h3 id={titleId} className="text-lg font-semibold">
        {product ? t('owner.productForm.editProduct') : t('owner.productForm.addProduct')}
      </h3>
      <FormAlert>{failure}</FormAlert>

      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('owner.productForm.name')}
          required
          autoFocus
          className="sm:col-span-2"
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="sm:col-span-2">
          <label htmlFor={descriptionId} className="block text-sm font-medium text-stone-800">
            {t('owner.productForm.description')}
          </label>
          <textarea
            id={descriptionId}
            rows={4}
            aria-describedby={`${descriptionId}-hint`}
            className={inputClass}
            {...register('description')}
          />
          <p id={`${descriptionId}-hint`} className="mt-1 text-xs text-stone-600">
            {t('owner.productForm.bulletPoints')}
          </p>
        </div>
        {/* Shown to shoppers browsing in Kiswahili; blank shows the English (decision 050). */}
        <Field
          label={t('owner.productForm.swahiliName')}
          lang="sw"
          className="sm:col-span-2"
          error={errors.nameSw?.message}
          {...register('nameSw')}
        />
        <div className="sm:col-span-2">
          <label htmlFor={descriptionSwId} className="block text-sm font-medium text-stone-800">
            {t('owner.productForm.swahiliDescription')}
          </label>
          <textarea
            id={descriptionSwId}
            lang="sw"
            rows={4}
            aria-describedby={`${descriptionSwId}-hint`}
            className={inputClass}
            {...register('descriptionSw')}
          />
          <p id={`${descriptionSwId}-hint`} className="mt-1 text-xs text-stone-600">
            {t('owner.productForm.bulletPoints')}
          </p>
        </div>
        <Field
          label={t('owner.productForm.price')}
          type="number"
          required
          min={0}
          step="0.01"
          inputMode="decimal"
          error={errors.price?.message}
          {...register('price', { valueAsNumber: true })}
        />
        <Field
          label={t('owner.productForm.discount')}
          inputMode="decimal"
          hint={t('owner.productForm.discountHint')}
          error={errors.discounts?.message}
          {...register('discounts')}
        />
        {variants.fields.length > 0 ? (
          <Field
            label={t('owner.productForm.stock')}
            type="number"
            readOnly
            aria-readonly="true"
            value={stockSum}
            hint={t('owner.productForm.stockSum')}
          />
        ) : (
          <Field
            label={t('owner.productForm.stock')}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            error={errors.stock?.message}
            {...register('stock', { valueAsNumber: true })}
          />
        )}
        <Field
          label={t('owner.productForm.lowStockAlertAt')}
          inputMode="numeric"
          hint={
            variants.fields.length > 0
              ? t('owner.productForm.lowStockEachVariant')
              : t('owner.productForm.lowStockBlank')
          }
          error={errors.lowStockThreshold?.message}
          {...register('lowStockThreshold')}
        />
        {product && (
          <div>
            <p className="block text-sm font-medium text-stone-800">
              {t('owner.productForm.unitsSold')}
            </p>
            <p className="mt-1 py-2 text-stone-900">{product.count}</p>
          </div>
        )}
        <Field
          label={t('owner.productForm.type')}
          hint={t('owner.productForm.typeHint')}
          error={errors.Type?.message}
          {...register('Type')}
        />
        <Field
          label={t('owner.productForm.pricingType')}
          options={pricingOptions}
          error={errors.pricingType?.message}
          {...register('pricingType')}
        />
        <Field
          label={t('owner.productForm.taxType')}
          options={taxTypeOptions}
          hint={t('owner.productForm.taxTypeHint')}
          error={errors.taxType?.message}
          {...register('taxType')}
        />
      </div>

      <fieldset className="space-y-2">
        <legend className="font-semibold text-stone-900">{t('owner.productForm.variants')}</legend>
        {variants.fields.length === 0 && (
          <p className="text-sm text-stone-600">{t('owner.productForm.noVariants')}</p>
        )}
        <ol className="space-y-2">
          {variants.fields.map((row, index) => (
            <li key={row.id} className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
              <Field
                label={t('owner.productForm.variantSize', { number: index + 1 })}
                required
                error={errors.variants?.[index]?.size?.message}
                {...register(`variants.${index}.size`)}
              />
              <Field
                label={t('owner.productForm.variantStock', { number: index + 1 })}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                error={errors.variants?.[index]?.stock?.message}
                {...register(`variants.${index}.stock`, { valueAsNumber: true })}
              />
              <button
                type="button"
                onClick={() => variants.remove(index)}
                className={`mb-0.5 rounded border border-stone-300 px-2 py-2 text-sm font-semibold text-red-800 hover:bg-stone-100 ${focusRing}`}
              >
                {t('owner.productForm.remove')}
                <span className="sr-only">
                  {t('owner.productForm.variantNumber', { number: index + 1 })}
                </span>
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          onClick={() => variants.append({ size: '', stock: 0 }, { shouldFocus: true })}
          className={secondaryButton}
        >
          {t('owner.productForm.addVariant')}
        </button>
        {errors.variants?.message && (
          <p className="text-sm text-red-800">{errors.variants.message}</p>
        )}
      </fieldset>

      <ImageListEditor
        label={t('owner.productForm.productImages')}
        kind="product"
        shopId={shopId}
        images={images}
        onChange={setImages}
        limit={IMAGE_LIMITS.product}
        limitMessage={IMAGE_LIMIT_MESSAGES.product}
        onBusyChange={onBusy}
        ref={editor}
      />

      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting || uploading} className={primaryButton}>
          {settling || uploading
            ? t('owner.common.uploading')
            : isSubmitting
              ? t('owner.common.saving')
              : t('owner.productForm.saveProduct')}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {t('owner.common.cancel')}
        </button>
      </div>
    </form>
  );
}
