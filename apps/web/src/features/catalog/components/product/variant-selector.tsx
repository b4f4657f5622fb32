import { useT } from '../../../../lib/i18n';
import { useId } from 'react';
import type { Variant } from '@soko/contract';
import { variantLabel } from '../../../cart';

/**
 * The variant picked when the page opens: the first one (spec section 4), unless it is sold out
 * and a later one is not; a shop never preselects what cannot be bought.
 */
export function defaultVariant(variants: readonly Variant[]): Variant | undefined {
  return variants.find((variant) => variant.stock > 0) ?? variants[0];
}

interface VariantSelectorProps {
  variants: readonly Variant[];
  selectedId: string | undefined;
  onSelect: (variant: Variant) => void;
}

export function VariantSelector({ variants, selectedId, onSelect }: VariantSelectorProps) {
  const groupName = useId();
  const t = useT();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-stone-900">{t('product.variant')}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const soldOut = variant.stock <= 0;
          const label = variantLabel(variant);
          // The size as a second line, when it is more than the label repeated.
          const size = variant.size.trim();
          const detail = size && size !== label ? size : null;
          return (
            <label
              key={variant._id}
              className={`relative flex min-h-11 cursor-pointer flex-col justify-center rounded-md border px-3 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 ${
                soldOut
                  ? 'cursor-not-allowed border-stone-200 text-stone-400'
                  : 'border-stone-300 text-stone-900 hover:border-stone-500'
              }`}
            >
              <input
                type="radio"
                name={groupName}
                value={variant._id}
                checked={variant._id === selectedId}
                disabled={soldOut}
                onChange={() => onSelect(variant)}
                className="sr-only"
              />
              <span className={`font-medium ${soldOut ? 'line-through' : ''}`}>{label}</span>
              {detail && <span className="text-xs text-stone-600">{detail}</span>}
              {soldOut && (
                <span className="text-xs font-medium text-red-700">{t('catalog.outOfStock')}</span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
