// The Products column (spec section 2): the selected category's products with Edit and Delete,
// and Add Product. Saving closes the form and reloads the category's products (spec section 4).
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  OWNER_PRODUCTS_PAGE_SIZE,
  formatKsh,
  pageCount,
  parsePageParam,
  type Category,
  type Product,
  type ProductsPage,
} from '@soko/contract';
import { alertClass, focusRing, primaryButton } from '../../../components/form-styles';
import { ConfirmDialog } from '../../../components/modal';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Pagination } from '../../catalog';
import { useOwnerCategoryProducts } from '../api/get-shop-categories';
import { ownerKeys } from '../api/get-shops';
import { deleteProduct } from '../api/save-catalog';
import { ProductForm } from './product-form';
import { useOwnerT } from '../../../lib/staff-i18n';

const smallButton = `rounded border border-stone-300 px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`;

export function ProductsPanel({
  shopId,
  category,
  onStatus,
}: {
  shopId: string;
  category: Category | null;
  onStatus: (message: string | null) => void;
}) {
  const t = useOwnerT();
  return (
    <section aria-labelledby="products-heading" className="min-w-0 space-y-3">
      {category ? (
        <CategoryProducts
          key={category._id}
          shopId={shopId}
          category={category}
          onStatus={onStatus}
        />
      ) : (
        <>
          <h2 id="products-heading" className="text-lg font-semibold">
            {t('owner.products.products')}
          </h2>
          <p className="text-stone-600">{t('owner.products.selectCategory')}</p>
        </>
      )}
    </section>
  );
}

function CategoryProducts({
  shopId,
  category,
  onStatus,
}: {
  shopId: string;
  category: Category;
  onStatus: (message: string | null) => void;
}) {
  const t = useOwnerT();
  const queryClient = useQueryClient();
  // The page is in the address beside the category (which starts it again at 1): Back returns.
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const products = useOwnerCategoryProducts(category._id, page);
  const pages = pageCount(products.data?.total ?? 0, OWNER_PRODUCTS_PAGE_SIZE);
  // null: the list; 'new': adding; a product: editing it.
  const [form, setForm] = useState<'new' | Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ownerKeys.products(category._id) }),
      queryClient.invalidateQueries({ queryKey: ownerKeys.categories(shopId) }),
    ]);

  const closeForm = () => {
    setForm(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="products-heading" className="text-lg font-semibold">
          {t('owner.products.productsIn', { name: category.name })}
        </h2>
        {form === null && (
          <button
            ref={addButton}
            type="button"
            onClick={() => {
              onStatus(null);
              setForm('new');
            }}
            className={primaryButton}
          >
            {t('owner.products.addProduct')}
          </button>
        )}
      </div>

      {form !== null ? (
        <ProductForm
          shopId={shopId}
          categoryId={category._id}
          product={form === 'new' ? null : form}
          onCancel={closeForm}
          onSaved={(saved, mode) => {
            closeForm();
            void reload();
            onStatus(
              mode === 'add'
                ? t('owner.products.added', { name: saved.name })
                : t('owner.products.updated', { name: saved.name }),
            );
          }}
        />
      ) : products.isPending ? (
        <p role="status" className="text-stone-600">
          {t('owner.products.loadingProducts')}
        </p>
      ) : products.isError ? (
        <p role="alert" className={alertClass}>
          {t('owner.products.failedToLoadProductsPlease')}
        </p>
      ) : products.data.products.length === 0 ? (
        <p className="text-stone-600">{t('owner.products.noProducts')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {products.data.products.map((product) => (
            <li key={product._id} className="flex flex-wrap items-center gap-3 p-3">
              {product.imageUrls[0] ? (
                <ResponsiveImage
                  src={product.imageUrls[0]}
                  alt=""
                  sizes="64px"
                  width={64}
                  height={64}
                  className="size-16 shrink-0 rounded object-cover"
                />
              ) : (
                <div aria-hidden="true" className="size-16 shrink-0 rounded bg-stone-100" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-stone-900">{product.name}</p>
                <p className="text-sm text-stone-600">
                  {t('owner.products.inStock', {
                    price: formatKsh(product.price),
                    stock: product.stock,
                  })}
                  {product.variants.length > 0 &&
                    t('owner.products.variants', { variantsCount: product.variants.length })}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => {
                    onStatus(null);
                    setForm(product);
                  }}
                  className={smallButton}
                >
                  {t('owner.common.edit')}
                  <span className="sr-only"> {product.name}</span>
                </button>
                <button
                  type="button"
                  onClick={() => {
                    onStatus(null);
                    setDeleting(product);
                  }}
                  className={`${smallButton} text-red-800`}
                >
                  {t('owner.common.delete')}
                  <span className="sr-only"> {product.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {form === null && pages > 1 && (
        <Pagination
          page={page}
          pageCount={pages}
          onPageChange={(next) =>
            setSearchParams((current) => {
              const updated = new URLSearchParams(current);
              updated.set('page', String(next));
              return updated;
            })
          }
          label={t('owner.products.productPages')}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('owner.products.deleteQuestion', { name: deleting?.name ?? 'product' })}
        message={t('owner.products.itLeavesTheShopAt')}
        confirmLabel={t('owner.products.deleteProduct')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteProduct(deleting._id);
          } catch (caught) {
            console.error(t('owner.products.deleteFailed'), caught);
            throw new Error(t('owner.products.deleteFailed'), { cause: caught });
          }
          // Spec section 7: success removes it from the list.
          queryClient.setQueryData<ProductsPage>(
            [...ownerKeys.products(category._id), page],
            (shown) =>
              shown && {
                products: shown.products.filter((p) => p._id !== deleting._id),
                total: shown.total - 1,
              },
          );
          void reload();
          onStatus(t('owner.products.deleted'));
          setDeleting(null);
        }}
      />
    </>
  );
}
