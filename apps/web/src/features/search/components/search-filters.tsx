import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { SEARCH_SORTS, type SearchFacets, type SearchSort } from '@soko/contract';
import { Field, type SelectOption } from '../../../components/form/field';
import { focusRing, secondaryButton } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';
import { priceRange, type SearchFilters, type SearchState } from '../search-params';

export interface SearchFiltersPanelProps {
  state: SearchState;
  facets: SearchFacets | undefined;
  onChange: (changes: Partial<SearchFilters>) => void;
}

/** The facet's choices with their counts, plus the current choice if the facets lack it. */
function facetOptions(
  facets: { value: string; count: number }[],
  current: string | undefined,
): SelectOption[] {
  const options = facets.map(({ value, count }) => ({ value, label: `${value} (${count})` }));
  // A shared link may name a category this text no longer matches: it stays selectable.
  if (current && !facets.some((facet) => facet.value === current)) {
    options.unshift({ value: current, label: current });
  }
  return options;
}

function activeFilterCount(state: SearchState): number {
  return [
    state.category,
    state.type,
    state.minPrice ?? state.maxPrice,
    state.inStock || undefined,
  ].filter((value) => value !== undefined).length;
}

/**
 * Category, Type, price range and 'In stock only'. A sidebar from md widths; on a phone a
 * 'Filters' button above the results opens them, so the products come first on a small screen.
 */
export function SearchFiltersPanel({ state, facets, onChange }: SearchFiltersPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(state);
  const t = useT();

  return (
    <div className="space-y-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`${secondaryButton} w-full md:hidden`}
      >
        {active > 0 ? t('search.filtersCount', { count: active }) : t('search.filters')}
      </button>
      <div
        id={panelId}
        role="group"
        aria-label={t('search.filters')}
        // Always shown from md; on a phone only when opened.
        className={`${open ? 'block' : 'hidden'} space-y-4 rounded-lg border border-stone-200 bg-white p-4 md:block`}
      >
        <Field
          label={t('search.category')}
          value={state.category ?? ''}
          placeholder={t('search.allCategories')}
          options={facetOptions(
            (facets?.categories ?? []).map(({ name, count }) => ({ value: name, count })),
            state.category,
          )}
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            onChange({ category: event.target.value || undefined })
          }
        />
        <Field
          label={t('search.type')}
          value={state.type ?? ''}
          placeholder={t('search.allTypes')}
          options={facetOptions(
            (facets?.types ?? []).map(({ label, count }) => ({ value: label, count })),
            state.type,
          )}
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            onChange({ type: event.target.value || undefined })
          }
        />
        <PriceRangeForm
          minPrice={state.minPrice}
          maxPrice={state.maxPrice}
          facets={facets}
          onApply={onChange}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            checked={state.inStock}
            onChange={(event) => onChange({ inStock: event.target.checked })}
            className={`size-4 accent-brand-800 ${focusRing}`}
          />
          {t('search.inStockOnly')}
        </label>
        {active > 0 && (
          <button
            type="button"
            onClick={() =>
              onChange({
                category: undefined,
                type: undefined,
                minPrice: undefined,
                maxPrice: undefined,
                inStock: false,
              })
            }
            className={`text-sm font-medium text-brand-800 underline ${focusRing}`}
          >
            {t('search.clearFilters')}
          </button>
        )}
      </div>
    </div>
  );
}

interface PriceRangeFormProps {
  minPrice: number | undefined;
  maxPrice: number | undefined;
  facets: SearchFacets | undefined;
  onApply: (range: { minPrice: number | undefined; maxPrice: number | undefined }) => void;
}

const priceText = (price: number | undefined) => (price === undefined ? '' : String(price));

/**
 * Min and max as the shopper types them, applied on Apply (or Enter) and when a box loses
 * focus: a search per keystroke would reload the results while a number is half typed.
 */
function PriceRangeForm({ minPrice, maxPrice, facets, onApply }: PriceRangeFormProps) {
  const t = useT();
  const [minText, setMinText] = useState(priceText(minPrice));
  const [maxText, setMaxText] = useState(priceText(maxPrice));
  // The address changed under the form (Back, Clear filters, a swapped range): show it. Only
  // the bound that changed is rewritten: leaving Min applies it while Max is being typed, and
  // that must not wipe what is in Max.
  const [shown, setShown] = useState({ minPrice, maxPrice });
  if (shown.minPrice !== minPrice || shown.maxPrice !== maxPrice) {
    setShown({ minPrice, maxPrice });
    if (shown.minPrice !== minPrice) setMinText(priceText(minPrice));
    if (shown.maxPrice !== maxPrice) setMaxText(priceText(maxPrice));
  }

  const apply = () => {
    const range = priceRange(minText, maxText);
    // A blur with nothing changed must not send the shopper back to page 1.
    if (range.minPrice === minPrice && range.maxPrice === maxPrice) {
      setMinText(priceText(minPrice));
      setMaxText(priceText(maxPrice));
      return;
    }
    onApply(range);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">{t('search.priceKsh')}</legend>
        <div className="grid grid-cols-2 gap-2">
          <Field
            label={t('search.minPrice')}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={minText}
            placeholder={
              facets?.minPrice != null ? String(Math.floor(facets.minPrice)) : t('search.min')
            }
            onChange={(event: ChangeEvent<HTMLInputElement>) => setMinText(event.target.value)}
            onBlur={apply}
          />
          <Field
            label={t('search.maxPrice')}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={maxText}
            placeholder={
              facets?.maxPrice != null ? String(Math.ceil(facets.maxPrice)) : t('search.max')
            }
            onChange={(event: ChangeEvent<HTMLInputElement>) => setMaxText(event.target.value)}
            onBlur={apply}
          />
        </div>
        <button type="submit" className={`${secondaryButton} w-full text-sm`}>
          {t('search.applyPrice')}
        </button>
      </fieldset>
    </form>
  );
}

export interface SearchSortSelectProps {
  value: SearchSort;
  onChange: (sort: SearchSort) => void;
}

export function SearchSortSelect({ value, onChange }: SearchSortSelectProps) {
  const id = useId();
  const t = useT();
  const sortOptions = SEARCH_SORTS.map((sort) => ({
    value: sort,
    label: t(`search.sort.${sort}`),
  }));
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {t('search.sortBy')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const sort = SEARCH_SORTS.find((option) => option === event.target.value);
          if (sort) onChange(sort);
        }}
        className={`rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm ${focusRing}`}
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
