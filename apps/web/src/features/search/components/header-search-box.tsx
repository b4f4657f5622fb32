import { useLocale, useT } from '../../../lib/i18n';
// The header's search box with suggestions, as the ARIA combobox pattern describes it
// (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/examples/combobox-autocomplete-list/):
// focus stays in the text box and aria-activedescendant names the highlighted option. The
// header loads this file when the box is first opened, so none of it is in the first load.
import { useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatKsh, searchPath } from '@soko/contract';
import { ResponsiveImage } from '../../../components/responsive-image';
import { focusRing } from '../../../components/form-styles';
import { PLACEHOLDER_IMAGE } from '../../cart';
import { useSuggestions } from '../api/get-suggestions';
import {
  SUGGEST_DEBOUNCE_MS,
  moveActiveIndex,
  suggestionOptions,
  suggestionQuery,
  type SuggestionOption,
} from '../suggest-rules';
import { useDebouncedValue } from '../use-debounced-value';

export interface HeaderSearchBoxProps {
  /** A search or a suggestion was opened: the header closes the box. */
  onDone: () => void;
  /** Escape with no list open: the header closes the box and takes focus back. */
  onEscape: () => void;
}

export function HeaderSearchBox({ onDone, onEscape }: HeaderSearchBoxProps) {
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  const listId = useId();
  const [text, setText] = useState('');
  // Escape and leaving the box close the list; typing or coming back opens it again.
  const [listOpen, setListOpen] = useState(true);
  // The highlighted option by key, so a fresh answer that still holds it keeps it highlighted.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const debouncedText = useDebouncedValue(text, SUGGEST_DEBOUNCE_MS);
  const { data } = useSuggestions(suggestionQuery(debouncedText));
  // Too short now (a deleted letter): the list goes at once, without waiting for the pause.
  const options = suggestionQuery(text) === null ? [] : suggestionOptions(data, locale);
  const expanded = listOpen && options.length > 0;
  const activeIndex = expanded ? options.findIndex((option) => option.key === activeKey) : -1;
  const optionId = (index: number) => `${listId}-${index}`;

  const open = (option: SuggestionOption) => {
    onDone();
    void navigate(option.path);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A blank search does nothing (spec section 5).
    const path = searchPath(text);
    if (!path) return;
    onDone();
    void navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const next = moveActiveIndex(expanded ? activeIndex : -1, event.key, options.length);
        setListOpen(true);
        setActiveKey(options[next]?.key ?? null);
        return;
      }
      case 'Enter': {
        const active = options[activeIndex];
        // Nothing highlighted: the form submits the typed text as a search.
        if (!active) return;
        event.preventDefault();
        open(active);
        return;
      }
      case 'Escape':
        // The first Escape closes the list, the next one the search box.
        if (expanded) {
          event.preventDefault();
          setListOpen(false);
          setActiveKey(null);
        } else {
          onEscape();
        }
        return;
    }
  };

  return (
    <div className="relative">
      <form role="search" onSubmit={onSubmit} className="flex gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('shell.searchProducts')}</span>
          <input
            type="search"
            name="query"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setListOpen(true);
              setActiveKey(null);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setListOpen(true)}
            onBlur={() => setListOpen(false)}
            placeholder={t('shell.searchProducts')}
            enterKeyHint="search"
            // Opened by a click on the search button: typing is the next thing the shopper does.
            autoFocus
            className="w-full rounded-md border border-stone-300 px-3 py-2 text-base focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700"
          />
        </label>
        <button
          type="submit"
          className={`rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 ${focusRing}`}
        >
          {t('searchBox.search')}
        </button>
      </form>

      <ul
        id={listId}
        role="listbox"
        aria-label={t('searchBox.suggestions')}
        hidden={!expanded}
        // Under the box and as wide as it (the whole screen's width on a phone), above the page.
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[min(70vh,28rem)] overflow-y-auto overscroll-contain rounded-md border border-stone-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keeps focus in the text box, so its blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => open(option)}
            className="flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2 text-stone-800 hover:bg-stone-100 aria-selected:bg-brand-50 aria-selected:text-brand-900"
          >
            {option.kind === 'product' ? (
              <>
                <ResponsiveImage
                  src={option.image ?? PLACEHOLDER_IMAGE}
                  alt=""
                  sizes="40px"
                  width={40}
                  height={40}
                  className="size-10 shrink-0 rounded object-cover"
                />
                <span className="min-w-0 flex-1 truncate">{option.label}</span>
                <span className="shrink-0 text-sm font-semibold">
                  {formatKsh(option.price, locale)}
                </span>
              </>
            ) : (
              <>
                <span className="min-w-0 flex-1 truncate">{option.label}</span>
                <span className="shrink-0 text-xs text-stone-600">{t('searchBox.category')}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      {/* Screen readers hear that suggestions arrived without focus leaving the box. */}
      <p role="status" className="sr-only">
        {expanded
          ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}, use the arrow keys to choose`
          : ''}
      </p>
    </div>
  );
}
