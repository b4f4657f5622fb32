// /admin/shops (DESIGN): Shop Management's admin variant, every shop and a shop opened for an
// owner's account.
import { useSession } from '../../../lib/session';
import { ShopManagement } from '../../shops';
import { AdminGuard } from './admin-guard';

export function AdminShopsPage() {
  const { currentUser } = useSession();
  return (
    <AdminGuard>
      <ShopManagement user={currentUser} variant="admin" />
    </AdminGuard>
  );
}
