import { Link, Navigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { focusRing } from '../../../components/form-styles';

export const NO_ACCESS_NOTICE = 'You do not have access to that page.';

// Spec section 2: the admin dashboard's links.
const adminLinks = [
  { to: '/createlisting', label: 'Add Product' },
  { to: '/addblog', label: 'Add Blog' },
  { to: '/managelisting', label: 'View Products' },
  { to: '/manageorders', label: 'View Orders' },
] as const;

/**
 * The admin area's shell at '/createlisting'. Signed out goes to /login; a signed-in
 * non-admin goes home with a notice the header shows. The server checks the role again on
 * every admin call: this guard only spares people a page they cannot use.
 */
export function AdminDashboardPage() {
  const { currentUser, loading, signedIn } = useSession();

  if (!signedIn) return <Navigate to="/login" replace />;
  if (!currentUser) {
    if (loading) return <p role="status">Checking your access...</p>;
    return <Navigate to="/login" replace />;
  }
  if (currentUser.role !== 'admin') {
    return <Navigate to="/" replace state={{ notice: NO_ACCESS_NOTICE }} />;
  }

  return (
    <section>
      <h1 className="text-2xl font-bold text-stone-900">Admin dashboard</h1>
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
    </section>
  );
}
