import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { AdminAreaNav } from '../../../components/admin-area-nav';
import { useSession } from '../../../lib/session';
import { useAdminT } from '../../../lib/staff-i18n';

/** Shown by the header when a non-admin is sent home (the /createlisting guard's wording). */
export const NO_ACCESS_NOTICE = 'You do not have access to that page.';

/**
 * Admin pages only: signed out goes to /login, any other role home with a notice. The server
 * checks the role again on every admin call; this only spares people a page they cannot use.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const t = useAdminT();
  const { currentUser, loading, signedIn } = useSession();
  if (!signedIn) return <Navigate to="/login" replace />;
  if (!currentUser) {
    if (loading) return <p role="status">{t('admin.common.checkingYourAccess')}</p>;
    return <Navigate to="/login" replace />;
  }
  if (currentUser.role !== 'admin') {
    return <Navigate to="/" replace state={{ notice: NO_ACCESS_NOTICE }} />;
  }
  return (
    <>
      <AdminAreaNav />
      {children}
    </>
  );
}
