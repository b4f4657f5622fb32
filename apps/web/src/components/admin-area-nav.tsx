import { Link, useLocation } from 'react-router';
import { focusRing } from './form-styles';
import { useAdminT } from '../lib/staff-i18n';

/**
 * Every admin screen's way back to the dashboard: the spec links the dashboard's screens from it
 * but nothing back, so /admin could only be typed (issue 29). Here in the shared components
 * because /addblog lives in the blog feature and guards itself.
 */
export function AdminAreaNav() {
  const t = useAdminT();
  const { pathname } = useLocation();
  if (pathname === '/admin') return null;
  return (
    <nav aria-label={t('admin.nav.adminArea')} className="mb-4 text-sm">
      <Link
        to="/admin"
        className={`font-semibold text-brand-800 underline hover:text-brand-900 ${focusRing}`}
      >
        {t('admin.common.adminDashboard')}
      </Link>
    </nav>
  );
}
