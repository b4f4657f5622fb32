import { useT } from '../../../../lib/i18n';
import { ALL_TYPES } from '@soko/contract';
import { useId } from 'react';

export interface TypeFilterProps {
  /** 'All' then the distinct type labels (the contract's typeFilterOptions). */
  options: string[];
  value: string;
  onChange: (type: string) => void;
}

/** The spec's 'Filter by Type' list, as toggle buttons: the pressed one is the current filter. */
export function TypeFilter({ options, value, onChange }: TypeFilterProps) {
  const headingId = useId();
  const t = useT();
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-sm font-semibold text-stone-800">
        {t('listing.filterByType')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const pressed = option === value;
          return (
            <li key={option}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onChange(option)}
                className={`rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  pressed
                    ? 'border-brand-800 bg-brand-800 text-white'
                    : 'border-stone-300 bg-white text-stone-800 hover:border-brand-700 hover:bg-brand-50'
                }`}
              >
                {option === ALL_TYPES ? t('listing.allTypes') : option}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
