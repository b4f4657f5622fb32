// /shops/:shopId/codes (issue 32, decision 038): the shop's own discount codes, which take off
// its products only and which the shop bears.
import { Navigate, useParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useShops } from '../api/get-shops';
import { DiscountCodesEditor } from './discount-codes-editor';
import { ShopScreen } from './shop-screen';
import { useOwnerT } from '../../../lib/staff-i18n';

export function ShopCodesPage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopCodes key={shopId} shopId={shopId} />;
}

function ShopCodes({ shopId }: { shopId: string }) {
  const t = useOwnerT();
  const shopName = useShops().data?.find((shop) => shop._id === shopId)?.name;
  return (
    <ShopScreen id="codes" title={t('owner.codes.discountCodes')} shopName={shopName}>
      <DiscountCodesEditor owner={{ shopId }} />
    </ShopScreen>
  );
}
