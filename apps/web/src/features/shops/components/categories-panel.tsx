// The Categories column (spec section 2): select, Edit and Delete per category, and Add Category,
// with an inline form (required Name, Save, Cancel).
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  IMAGE_LIMITS,
  IMAGE_LIMIT_MESSAGES,
  categoryInputSchema,
  type Category,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-messages';
import { useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, primaryButton, secondaryButton } from '../../../components/form-styles';
import { ConfirmDialog } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { ImageListEditor, usePictureList } from '../../media';
import { ownerKeys } from '../api/get-shops';
import { createCategory, deleteCategory, updateCategory } from '../api/save-catalog';
import { useOwnerT } from '../../../lib/staff-i18n';

const categoryFormSchema = categoryInputSchema.shape.categoryData.pick({ name: true });

const smallButton = `rounded border border-stone-300 px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`;

export function CategoriesPanel({
  shopId,
  categories,
  selectedId,
  onSelect,
  onStatus,
}: {
  shopId: string;
  categories: Category[];
  selectedId: string | null;
  onSelect: (categoryId: string | null) => void;
  onStatus: (message: string | null) => void;
}) {
  const t = useOwnerT();
  const queryClient = useQueryClient();
  // 'new' while adding, a category's id while editing it.
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: ownerKeys.categories(shopId) });

  const closeForm = () => {
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <section aria-labelledby="categories-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="categories-heading" className="text-lg font-semibold">
          {t('owner.categories.categories')}
        </h2>
        <button
          ref={addButton}
          type="button"
          onClick={() => {
            onStatus(null);
            setEditing('new');
          }}
          className={secondaryButton}
        >
          {t('owner.categories.addCategory')}
        </button>
      </div>

      {editing === 'new' && (
        <CategoryForm
          shopId={shopId}
          category={null}
          onCancel={closeForm}
          onSaved={(saved) => {
            void reload();
            closeForm();
            onSelect(saved._id);
            onStatus(t('owner.categories.added', { name: saved.name }));
          }}
        />
      )}

      {categories.length === 0 ? (
        <p className="text-sm text-stone-600">{t('owner.categories.noCategoriesYetAddOne')}</p>
      ) : (
        <ul className="space-y-2">
          {categories.map((category) => (
            <li key={category._id} className="rounded-md border border-stone-200 p-2">
              {editing === category._id ? (
                <CategoryForm
                  shopId={shopId}
                  category={category}
                  onCancel={() => setEditing(null)}
                  onSaved={(saved) => {
                    void reload();
                    setEditing(null);
                    onStatus(t('owner.categories.saved', { name: saved.name }));
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    aria-pressed={category._id === selectedId}
                    onClick={() => onSelect(category._id)}
                    className={`min-w-0 flex-1 truncate rounded px-2 py-1 text-left font-medium hover:bg-stone-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-900 ${focusRing}`}
                  >
                    {category.name}
                    <span className="sr-only">
                      {t('owner.categories.products', {
                        productCount: category.productCount ?? category.products.length,
                      })}
                    </span>
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      onStatus(null);
                      setEditing(category._id);
                    }}
                    className={smallButton}
                  >
                    {t('owner.common.edit')}
                    <span className="sr-only"> {category.name}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      onStatus(null);
                      setDeleting(category);
                    }}
                    className={`${smallButton} text-red-800`}
                  >
                    {t('owner.common.delete')}
                    <span className="sr-only"> {category.name}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('owner.categories.deleteQuestion', { name: deleting?.name ?? '' })}
        message={t('owner.categories.itsProductsLeaveTheShop')}
        confirmLabel={t('owner.categories.deleteConfirm')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteCategory(deleting._id);
          } catch (caught) {
            throw new Error(
              caught instanceof Error
                ? t('owner.categories.deleteFailedBecause', { message: caught.message })
                : t('owner.categories.deleteFailed'),
              { cause: caught },
            );
          }
          // Spec section 4: deleting the selected category clears the selection and products.
          if (deleting._id === selectedId) onSelect(null);
          queryClient.removeQueries({ queryKey: ownerKeys.products(deleting._id) });
          await reload();
          onStatus(t('owner.categories.deleted', { name: deleting.name }));
          setDeleting(null);
        }}
      />
    </section>
  );
}

function CategoryForm({
  shopId,
  category,
  onCancel,
  onSaved,
}: {
  shopId: string;
  category: Category | null;
  onCancel: () => void;
  onSaved: (category: Category) => void;
}) {
  const t = useOwnerT();
  const form = useZodForm(categoryFormSchema, { defaultValues: { name: category?.name ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const { images, setImages, editor, settle, settling } = usePictureList(category?.imageUrls ?? []);
  const [uploading, setUploading] = useState(false);

  // Run from the submit event only: settling reads the picture list's refs, which render must not.
  const save = async ({ name }: { name: string }) => {
    setFailure(null);
    // Pictures chosen but not uploaded yet go up first, as in the product form (issue 29).
    const imageUrls = await settle();
    if (!imageUrls) {
      // A chosen picture could not be sent before saving: the editor says why beside it.
      setFailure(t('owner.categories.picturesNotSent'));
      return;
    }
    const body = { shopId, categoryData: { name, imageUrls } };
    try {
      onSaved(category ? await updateCategory(category._id, body) : await createCategory(body));
    } catch (caught) {
      const fieldMessage =
        caught instanceof ApiError ? caught.fields?.['categoryData.name'] : undefined;
      // A duplicate name (409) belongs on the field, as does the schema's own message.
      if (caught instanceof ApiError && (fieldMessage || caught.status === 409)) {
        form.setError(
          'name',
          { type: 'server', message: fieldMessage ?? caught.message },
          { shouldFocus: true },
        );
      }
      console.error(t('owner.categories.saveFailed'), caught);
      setFailure(t('owner.categories.saveFailed'));
    }
  };

  return (
    <form
      noValidate
      aria-label={
        category
          ? t('owner.categories.editCategory', { name: category.name })
          : t('owner.categories.addCategory')
      }
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      className="space-y-2 rounded-md border border-stone-200 bg-stone-50 p-3"
    >
      <FormAlert>{failure}</FormAlert>
      <Field
        label={t('owner.categories.name')}
        required
        autoFocus
        error={errors.name?.message}
        {...form.register('name')}
      />
      <ImageListEditor
        label={t('owner.categories.categoryImages')}
        kind="category"
        shopId={shopId}
        images={images}
        onChange={setImages}
        limit={IMAGE_LIMITS.category}
        limitMessage={IMAGE_LIMIT_MESSAGES.category}
        onBusyChange={setUploading}
        ref={editor}
      />
      <div className="flex gap-2">
        <button type="submit" disabled={isSubmitting || uploading} className={primaryButton}>
          {settling || uploading
            ? t('owner.common.uploading')
            : isSubmitting
              ? t('owner.common.saving')
              : t('owner.common.save')}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {t('owner.common.cancel')}
        </button>
      </div>
    </form>
  );
}
