import { Link } from 'react-router';
import { useCurrentShop } from '../features/tenants/api/get-metadata';

export function SiteHeader() {
  const { data: shop, isPending } = useCurrentShop();

  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
        {isPending ? (
          <p role="status" className="text-sm text-stone-500">
            Loading shop data...
          </p>
        ) : (
          <Link
            to="/"
            className="text-lg font-bold text-brand-800 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {shop?.name ?? 'Soko'}
          </Link>
        )}
      </div>
    </header>
  );
}
