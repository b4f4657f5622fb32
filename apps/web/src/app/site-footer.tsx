import { useCurrentShop } from '../features/tenants/api/get-metadata';

export function SiteFooter() {
  const { data: shop, isPending } = useCurrentShop();

  return (
    <footer className="mt-auto border-t border-stone-200 bg-stone-50 text-sm text-stone-600">
      <div className="mx-auto max-w-6xl px-4 py-6">
        {isPending ? (
          <p role="status">Loading footer data...</p>
        ) : (
          <>
            <p className="font-semibold text-stone-800">{shop?.name ?? 'Soko'}</p>
            {/* The spec's copyright line states 2025, not the current year. */}
            <p className="mt-4">© 2025 {shop?.name ?? 'Soko'}. All rights reserved.</p>
          </>
        )}
      </div>
    </footer>
  );
}
