import { focusRing } from '../../../components/form-styles';

/** Spec section 2: numbered page buttons; the current one is marked for assistive tech too. */
export function PageButtons({
  page,
  pageCount,
  onPageChange,
  label,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <button
              type="button"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPageChange(n)}
              className={`min-w-9 rounded border px-3 py-1 text-sm font-semibold ${
                n === page
                  ? 'border-brand-800 bg-brand-800 text-white'
                  : 'border-stone-300 text-stone-800 hover:bg-stone-100'
              } ${focusRing}`}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
