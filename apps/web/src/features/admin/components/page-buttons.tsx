import { focusRing } from '../../../components/form-styles';
import { pageWindow } from '../page-window';
import { useAdminT } from '../../../lib/staff-i18n';

const buttonLook = `min-w-9 rounded border px-3 py-1 text-sm font-semibold disabled:opacity-50 ${focusRing}`;

/**
 * Spec section 2: numbered page buttons; the current one is marked for assistive tech too. Many
 * pages show as a window around the current one, with Previous and Next beside it.
 */
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
  const t = useAdminT();
  if (pageCount <= 1) return null;
  const slots = pageWindow(page, pageCount);
  const windowed = slots.length < pageCount;
  const plain = `${buttonLook} border-stone-300 text-stone-800 hover:bg-stone-100`;
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap items-center gap-2">
        {windowed && (
          <li>
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
              className={plain}
            >
              {t('admin.pages.previous')}
            </button>
          </li>
        )}
        {slots.map((slot, index) =>
          slot === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={slot}>
              <button
                type="button"
                aria-current={slot === page ? 'page' : undefined}
                aria-label={t('admin.pages.page', { slot })}
                onClick={() => onPageChange(slot)}
                className={
                  slot === page ? `${buttonLook} border-brand-800 bg-brand-800 text-white` : plain
                }
              >
                {slot}
              </button>
            </li>
          ),
        )}
        {windowed && (
          <li>
            <button
              type="button"
              disabled={page >= pageCount}
              onClick={() => onPageChange(page + 1)}
              className={plain}
            >
              {t('admin.pages.next')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
