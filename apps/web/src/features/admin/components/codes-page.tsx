// /admin/codes (issue 32, decision 038): the marketplace's discount codes, which it bears, and
// every shop's own codes beside them.
import { DiscountCodesEditor } from '../../shops';
import { AdminGuard } from './admin-guard';

export function CodesPage() {
  return (
    <AdminGuard>
      <section aria-labelledby="codes-heading" className="mx-auto max-w-5xl space-y-4">
        <h1 id="codes-heading" className="text-2xl font-bold text-stone-900">
          Discount codes
        </h1>
        <DiscountCodesEditor owner={{ shopId: null }} />
      </section>
    </AdminGuard>
  );
}
