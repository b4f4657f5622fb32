import type { ChangeEvent, KeyboardEvent } from 'react';
import { Field } from '../../../components/form/field';
import { focusRing, secondaryButton } from '../../../components/form-styles';
import type { DiscountCode } from '../use-discount-code';

/** Spec section 2: the code box; Enter in it applies the code, it does not place the order. */
export function DiscountSection({ discount }: { discount: DiscountCode }) {
  return (
    <section aria-labelledby="checkout-discount">
      <h2 id="checkout-discount" className="text-lg font-semibold">
        Discount code
      </h2>
      <Field
        className="mt-2"
        label="Discount code"
        labelHidden
        name="discountCode"
        autoComplete="off"
        autoCapitalize="characters"
        value={discount.text}
        onChange={(event: ChangeEvent<HTMLInputElement>) => discount.setText(event.target.value)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void discount.apply();
          }
        }}
        error={discount.error ?? undefined}
        announceError
        action={
          <button
            type="button"
            onClick={() => void discount.apply()}
            disabled={discount.checking || !discount.text.trim()}
            className={secondaryButton}
          >
            {discount.checking ? 'Checking...' : 'Apply'}
          </button>
        }
      />
      {discount.applied && (
        <p role="status" className="mt-1 flex items-center gap-2 text-sm text-brand-800">
          {discount.applied.shopName
            ? `Code ${discount.applied.code} applied to ${discount.applied.shopName}'s products.`
            : `Code ${discount.applied.code} applied.`}
          <button
            type="button"
            onClick={discount.remove}
            className={`rounded px-1 font-semibold underline ${focusRing}`}
          >
            Remove code
          </button>
        </p>
      )}
      {discount.note && (
        <p role="status" className="mt-1 text-sm text-amber-800">
          {discount.note}
        </p>
      )}
    </section>
  );
}
