import { Link } from 'react-router';
import { focusRing } from '../../../components/form-styles';
import { useAdminT } from '../../../lib/staff-i18n';

const linkCard = `block rounded-lg border border-stone-200 px-4 py-3 font-semibold text-brand-800 hover:border-brand-700 hover:bg-stone-50 ${focusRing}`;

// Spec section 2: the admin dashboard's links.
const adminLinks = [
  { to: '/createlisting', label: 'admin.dashboard.link.addProduct' },
  { to: '/addblog', label: 'admin.dashboard.link.addBlog' },
  { to: '/managelisting', label: 'admin.dashboard.link.viewProducts' },
  { to: '/manageorders', label: 'admin.dashboard.link.viewOrders' },
] as const;

// Beyond the spec's four: the marketplace's shops, the addresses it answers on, its money and
// the messages it sends.
const marketplaceLinks = [
  { to: '/admin/shops', label: 'admin.dashboard.link.shops' },
  { to: '/admin/tenants', label: 'admin.dashboard.link.tenants' },
  { to: '/admin/refunds', label: 'admin.dashboard.link.refunds' },
  { to: '/admin/payouts', label: 'admin.dashboard.link.payouts' },
  { to: '/admin/messages', label: 'admin.dashboard.link.messages' },
  { to: '/admin/codes', label: 'admin.dashboard.link.discountCodes' },
  { to: '/admin/privacy', label: 'admin.dashboard.link.privacyNotice' },
  { to: '/admin/data-requests', label: 'admin.dashboard.link.dataRequests' },
] as const;

/** On the dashboard only: the spec's four links stay the admin's first row everywhere. */
export function MarketplaceLinks() {
  const t = useAdminT();
  return (
    <nav aria-label={t('admin.dashboard.marketplace')} className="mt-6">
      <h2 className="text-lg font-semibold">{t('admin.dashboard.marketplace')}</h2>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {marketplaceLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkCard}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function DashboardLinks() {
  const t = useAdminT();
  return (
    <nav aria-label={t('admin.dashboard.admin')} className="mt-4">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {adminLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkCard}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
