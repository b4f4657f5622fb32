import { Link } from 'react-router';
import { focusRing } from '../../../components/form-styles';

// Spec section 2: the admin dashboard's links.
const adminLinks = [
  { to: '/createlisting', label: 'Add Product' },
  { to: '/addblog', label: 'Add Blog' },
  { to: '/managelisting', label: 'View Products' },
  { to: '/manageorders', label: 'View Orders' },
] as const;

export function DashboardLinks() {
  return (
    <nav aria-label="Admin" className="mt-4">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {adminLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={`block rounded-lg border border-stone-200 px-4 py-3 font-semibold text-brand-800 hover:border-brand-700 hover:bg-stone-50 ${focusRing}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
