// The admin dashboard (/admin) and the spec's admin landing page (/createlisting): the
// dashboard's links plus Add Product for any shop, through the owner's own product form.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { inputClass } from '../../../components/form-styles';
import { SendNewsletterSection } from '../../newsletter';
import { ProductForm, useShopCategories, useShops } from '../../shops';
import { StatsSection } from '../../stats';
import { adminKeys } from '../api/admin-api';
import { AdminGuard } from './admin-guard';
import { DashboardLinks, MarketplaceLinks } from './dashboard-links';
import { useAdminT } from '../../../lib/staff-i18n';

export function AdminDashboardPage() {
  const t = useAdminT();
  return (
    <AdminGuard>
      <section>
        <h1 className="text-2xl font-bold text-stone-900">{t('admin.common.adminDashboard')}</h1>
        <DashboardLinks />
        <MarketplaceLinks />
        <StatsSection />
        <SendNewsletterSection />
      </section>
    </AdminGuard>
  );
}

export function CreateListingPage() {
  const t = useAdminT();
  return (
    <AdminGuard>
      <section>
        <h1 className="text-2xl font-bold text-stone-900">{t('admin.common.adminDashboard')}</h1>
        <DashboardLinks />
        <AddProduct />
      </section>
    </AdminGuard>
  );
}

function AddProduct() {
  const t = useAdminT();
  const shops = useShops();
  const [shopId, setShopId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  // Each form opens fresh: a new key after each save.
  const [formKey, setFormKey] = useState(0);
  const queryClient = useQueryClient();

  return (
    <section aria-labelledby="add-product-heading" className="mt-8 space-y-4">
      <h2 id="add-product-heading" className="text-xl font-semibold">
        {t('admin.dashboard.addAProductToAny')}
      </h2>
      {status && (
        <p role="status" className="text-green-800">
          {status}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block font-medium">
          {t('admin.dashboard.shop')}
          <select
            className={inputClass}
            value={shopId}
            onChange={(event) => {
              setShopId(event.target.value);
              setCategoryId('');
            }}
          >
            <option value="">
              {shops.isPending
                ? t('admin.dashboard.loadingShops')
                : t('admin.dashboard.chooseAShop')}
            </option>
            {(shops.data ?? []).map((shop) => (
              <option key={shop._id} value={shop._id}>
                {shop.name}
              </option>
            ))}
          </select>
        </label>
        {shopId && <CategoryChoice shopId={shopId} value={categoryId} onChange={setCategoryId} />}
      </div>
      {shops.isError && <p role="alert">{t('admin.dashboard.failedToLoadTheShops')}</p>}
      {shopId && categoryId && (
        <ProductForm
          key={`${shopId}:${categoryId}:${formKey}`}
          shopId={shopId}
          categoryId={categoryId}
          product={null}
          onCancel={() => setCategoryId('')}
          onSaved={(saved) => {
            setStatus(t('owner.products.added', { name: saved.name }));
            setFormKey((n) => n + 1);
            void queryClient.invalidateQueries({ queryKey: adminKeys.allProducts() });
          }}
        />
      )}
    </section>
  );
}

function CategoryChoice({
  shopId,
  value,
  onChange,
}: {
  shopId: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const t = useAdminT();
  const categories = useShopCategories(shopId);
  return (
    <label className="block font-medium">
      {t('admin.dashboard.category')}
      <select className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">
          {categories.isPending
            ? t('admin.dashboard.loadingCategories')
            : t('admin.dashboard.chooseACategory')}
        </option>
        {(categories.data ?? []).map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
      </select>
    </label>
  );
}
