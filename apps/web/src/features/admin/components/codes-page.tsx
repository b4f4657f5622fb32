// /admin/codes (issue 32, decision 038): the marketplace's discount codes, which it bears, and
// every shop's own codes beside them.
import { DiscountCodesEditor } from '../../shops';
import { AdminGuard } from './admin-guard';
import { useAdminT } from '../../../lib/staff-i18n';

export function CodesPage() {
  const t = useAdminT();
  return (
    <AdminGuard>
      <section aria-labelledby="codes-heading" className="mx-auto max-w-5xl space-y-4">
        <h1 id="codes-heading" className="text-2xl font-bold text-stone-900">
          {t('admin.codes.discountCodes')}
        </h1>
        <DiscountCodesEditor owner={{ shopId: null }} />
      </section>
    </AdminGuard>
  );
}
