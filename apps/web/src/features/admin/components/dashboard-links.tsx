import { Link } from 'react-router';
import { focusRing } from '../../../components/form-styles';

const linkCard = `block rounded-lg border border-stone-200 px-4 py-3 font-semibold text-brand-800 hover:border-brand-700 hover:bg-stone-50 ${focusRing}`;

// Spec section 2: the admin dashboard's links.
const adminLinks = [
  { to: '/createlisting', label: 'Add Product' },
  { to: '/addblog', label: 'Add Blog' },
  { to: '/managelisting', label: 'View Products' },
  { to: '/manageorders', label: 'View Orders' },
] as const;

// Beyond the spec's four: the marketplace's shops, the addresses it answers on, its money and
// the messages it sends.
const marketplaceLinks = [
  { to: '/admin/shops', label: 'Shops' },
  { to: '/admin/tenants', label: 'Tenants' },
  { to: '/admin/refunds', label: 'Refunds' },
  { to: '/admin/payouts', label: 'Payouts' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/codes', label: 'Discount codes' },
] as const;

/** On the dashboard only: the spec's four links stay the admin's first row everywhere. */
export function MarketplaceLinks() {
  return (
    <nav aria-label="Marketplace" className="mt-6">
      <h2 className="text-lg font-semibold">Marketplace</h2>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {marketplaceLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkCard}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function DashboardLinks() {
  return (
    <nav aria-label="Admin" className="mt-4">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {adminLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkCard}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
