import { useT } from '../../../../lib/i18n';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Category } from '@soko/contract';
import { ProductGrid } from '../product-grid';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

// The picked category sits in the address (?category=), so Back from a product returns to
// it; a plain '/' has none picked (spec section 2).
const PARAM = 'category';

export function CategoryPicker({ categories }: { categories: readonly Category[] }) {
  const headingId = useId();
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const pickedName = searchParams.get(PARAM);
  const picked = categories.find((category) => category.name === pickedName) ?? null;

  const toggle = (category: Category) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (picked?._id === category._id) next.delete(PARAM);
        else next.set(PARAM, category.name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {t('home.shopByCategory')}
      </h2>
      {categories.length === 0 ? (
        <p className="text-stone-600">{t('home.noCategories')}</p>
      ) : (
        // A form so the buttons work before (or without) JavaScript: each submits
        // ?category= itself, the page the server paints with that category picked.
        <form method="get" action="/">
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => {
              const pressed = picked?._id === category._id;
              return (
                <li key={category._id}>
                  <button
                    type="submit"
                    name={PARAM}
                    value={pressed ? '' : category.name}
                    aria-pressed={pressed}
                    onClick={(event) => {
                      event.preventDefault();
                      toggle(category);
                    }}
                    className={`rounded-full border px-4 py-2 text-sm font-medium transition-colors motion-reduce:transition-none ${focusRing} ${
                      pressed
                        ? 'border-brand-800 bg-brand-800 text-white hover:bg-brand-900'
                        : 'border-stone-300 bg-white text-stone-800 hover:border-brand-700 hover:text-brand-800'
                    }`}
                  >
                    {category.name}
                  </button>
                </li>
              );
            })}
          </ul>
        </form>
      )}

      {picked ? (
        <PickedCategory category={picked} />
      ) : (
        categories.length > 0 && (
          <p className="rounded-lg bg-brand-50 px-4 py-6 text-center text-stone-700">
            {t('home.pickCategory')}
          </p>
        )
      )}
    </section>
  );
}

function PickedCategory({ category }: { category: Category }) {
  const headingId = useId();
  const t = useT();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-stone-900">
          {category.name}
        </h3>
        <Link
          to={`/category/${encodeURIComponent(category.name)}`}
          className={`text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 ${focusRing}`}
        >
          {t('home.viewAll')}
          <span className="sr-only"> {category.name}</span>
        </Link>
      </div>
      <ProductGrid products={category.products} emptyText={t('catalog.noProducts')} />
    </section>
  );
}
