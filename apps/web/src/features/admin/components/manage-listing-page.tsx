// /managelisting (spec section 2, 4): every shop's products, 5 a page from the server; a row is
// viewed, edited inline, then saved (the list reloads) or cancelled; delete asks first.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatKsh, pageCount, PAGE_SIZES, type Product } from '@soko/contract';
import { ConfirmDialog } from '../../../components/modal';
import { focusRing } from '../../../components/form-styles';
import {
  adminKeys,
  deleteAdminProduct,
  updateAdminProduct,
  useAdminProducts,
} from '../api/admin-api';
import { discountCell } from '../discount-cell';
import { AdminGuard } from './admin-guard';
import { PageButtons } from './page-buttons';
import { useAdminT } from '../../../lib/staff-i18n';

const smallButton = `rounded border border-stone-300 px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`;
const cellInput = `w-full min-w-24 rounded border border-stone-300 px-2 py-1 ${focusRing}`;
const COLUMNS = [
  'name',
  'description',
  'price',
  'discount',
  'count',
  'category',
  'actions',
] as const;

export function ManageListingPage() {
  return (
    <AdminGuard>
      <ProductTable />
    </AdminGuard>
  );
}

type Draft = {
  name: string;
  description: string;
  price: string;
  discounts: string;
  discount: string;
};
const draftOf = (p: Product): Draft => ({
  name: p.name,
  description: p.description,
  price: String(p.price),
  discounts: p.discounts === null ? '' : String(p.discounts),
  discount: p.discount ?? '',
});

function ProductTable() {
  const t = useAdminT();
  const [page, setPage] = useState(1);
  const products = useAdminProducts(page);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.allProducts() });
  const pages = pageCount(products.data?.total ?? 0, PAGE_SIZES.adminProducts);

  const save = async () => {
    if (!editing) return;
    const { draft } = editing;
    const price = Number(draft.price);
    if (draft.name.trim() === '' || draft.price.trim() === '' || !(price >= 0)) {
      setFailure(t('admin.listing.enterANameAndA'));
      return;
    }
    try {
      const saved = await updateAdminProduct(editing.id, {
        name: draft.name,
        description: draft.description,
        price,
        discounts: draft.discounts,
        discount: draft.discount,
      });
      setEditing(null);
      setFailure(null);
      setStatus(t('owner.products.updated', { name: saved.name }));
      await reload();
    } catch (caught) {
      // Spec section 8's text with the server's, shown as well as logged (DESIGN.md departure 12).
      console.error(t('admin.listing.updateFailed'), caught);
      setFailure(
        caught instanceof Error && caught.message
          ? t('admin.listing.updateFailedBecause', { message: caught.message })
          : t('admin.listing.updateFailed'),
      );
    }
  };

  const field = (key: keyof Draft, label: string, type = 'text') =>
    editing && (
      <input
        aria-label={label}
        type={type}
        className={cellInput}
        value={editing.draft[key]}
        onChange={(e) =>
          setEditing({ ...editing, draft: { ...editing.draft, [key]: e.target.value } })
        }
      />
    );

  return (
    <section>
      <h1 className="text-2xl font-bold text-stone-900">{t('admin.listing.manageProducts')}</h1>
      {status && (
        <p role="status" className="mt-2 text-green-800">
          {status}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-red-800">
          {failure}
        </p>
      )}
      {products.isPending ? (
        <p role="status">{t('owner.products.loadingProducts')}</p>
      ) : products.isError ? (
        <p role="alert">{t('owner.products.failedToLoadProductsPlease')}</p>
      ) : (
        <div className="mt-4 overflow-x-auto [contain:paint]">
          {/* contain:paint: without it phone Chrome zooms the whole page out to the table's
              width although the table scrolls in this box (a 390 px page laid out at 564). */}
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-300">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="p-2">
                    {t(`admin.listing.column.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {products.data.rows.map((product) =>
                editing?.id === product._id ? (
                  <tr key={product._id} className="border-b border-stone-200 align-top">
                    <td className="p-2">{field('name', t('admin.listing.column.name'))}</td>
                    <td className="p-2">
                      {field('description', t('admin.listing.column.description'))}
                    </td>
                    <td className="p-2">
                      {field('price', t('admin.listing.column.price'), 'number')}
                    </td>
                    <td className="p-2">
                      {field('discounts', t('admin.listing.discountPercentage'))}
                      {field('discount', t('admin.listing.discountText'))}
                    </td>
                    <td className="p-2">{product.count}</td>
                    <td className="p-2">{product.category}</td>
                    <td className="flex gap-2 p-2">
                      <button type="button" className={smallButton} onClick={() => void save()}>
                        {t('owner.common.save')}
                      </button>
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() => {
                          setEditing(null);
                          setFailure(null);
                        }}
                      >
                        {t('owner.common.cancel')}
                      </button>
                    </td>
                  </tr>
                ) : (
                  <tr key={product._id} className="border-b border-stone-200 align-top">
                    <td className="p-2 font-semibold">{product.name}</td>
                    {/* Two lines at most. Not `truncate`: a one-line cell as wide as its text made
                        phone Chrome zoom the whole page out to fit it, overflow clipping or not. */}
                    <td className="max-w-xs p-2">
                      <span className="line-clamp-2">{product.description}</span>
                    </td>
                    <td className="p-2">{formatKsh(product.price)}</td>
                    <td className="p-2">{discountCell(product)}</td>
                    <td className="p-2">{product.count}</td>
                    <td className="p-2">{product.category}</td>
                    <td className="flex gap-2 p-2">
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() => {
                          setStatus(null);
                          setFailure(null);
                          setEditing({ id: product._id, draft: draftOf(product) });
                        }}
                      >
                        {t('owner.common.edit')}
                        <span className="sr-only"> {product.name}</span>
                      </button>
                      <button
                        type="button"
                        className={`${smallButton} text-red-800`}
                        onClick={() => {
                          setStatus(null);
                          setDeleting(product);
                        }}
                      >
                        {t('owner.common.delete')}
                        <span className="sr-only"> {product.name}</span>
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          <PageButtons
            page={page}
            pageCount={pages}
            label={t('owner.products.productPages')}
            onPageChange={(n) => {
              setEditing(null);
              setPage(n);
            }}
          />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t('owner.products.deleteQuestion', { name: deleting.name }) : ''}
        message={t('owner.products.itLeavesTheShopAt')}
        confirmLabel={t('owner.products.deleteProduct')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteAdminProduct(deleting._id);
          } catch {
            throw new Error(t('owner.products.deleteFailed'));
          }
          setStatus(t('owner.products.deleted'));
          setDeleting(null);
          await reload();
        }}
      />
    </section>
  );
}
