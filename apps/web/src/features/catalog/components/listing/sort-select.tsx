import { useT } from '../../../../lib/i18n';
import { useId } from 'react';
import { SORT_OPTIONS, isSortKey, type SortKey } from '@soko/contract';

export interface SortSelectProps {
  value: SortKey;
  onChange: (sort: SortKey) => void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId();
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {t('listing.sortBy')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isSortKey(event.target.value)) onChange(event.target.value);
        }}
        className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {t(`sort.${option.value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
