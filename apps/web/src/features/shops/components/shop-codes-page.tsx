// /shops/:shopId/codes (issue 32, decision 038): the shop's own discount codes, which take off
// its products only and which the shop bears.
import { Link, Navigate, useParams } from 'react-router';
import { focusRing } from '../../../components/form-styles';
import { useSession } from '../../../lib/session';
import { useShops } from '../api/get-shops';
import { DiscountCodesEditor } from './discount-codes-editor';
import { usePageHeading } from './use-page-heading';

export function ShopCodesPage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopCodes key={shopId} shopId={shopId} />;
}

function ShopCodes({ shopId }: { shopId: string }) {
  usePageHeading('Discount codes');
  const shopName = useShops().data?.find((shop) => shop._id === shopId)?.name;
  return (
    <section aria-labelledby="codes-heading" className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="codes-heading" className="text-2xl font-bold text-stone-900">
          Discount codes{shopName ? `: ${shopName}` : ''}
        </h1>
        <Link to="/shops" className={`text-sm font-semibold text-brand-800 underline ${focusRing}`}>
          Back to shops
        </Link>
      </div>
      <DiscountCodesEditor owner={{ shopId }} />
    </section>
  );
}
