import type { ChangeEvent, KeyboardEvent } from 'react';
import { Field } from '../../../components/form/field';
import { focusRing, secondaryButton } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';
import { checkoutText } from '../checkout-text';
import type { DiscountCode } from '../use-discount-code';

/** Spec section 2: the code box; Enter in it applies the code, it does not place the order. */
export function DiscountSection({ discount }: { discount: DiscountCode }) {
  const t = useT();
  return (
    <section aria-labelledby="checkout-discount">
      <h2 id="checkout-discount" className="text-lg font-semibold">
        {t('checkout.discountCode')}
      </h2>
      <Field
        className="mt-2"
        label={t('checkout.discountCode')}
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
        error={discount.error === null ? undefined : checkoutText(discount.error, t)}
        announceError
        action={
          <button
            type="button"
            onClick={() => void discount.apply()}
            disabled={discount.checking || !discount.text.trim()}
            className={secondaryButton}
          >
            {discount.checking ? t('checkout.checking') : t('checkout.apply')}
          </button>
        }
      />
      {discount.applied && (
        <p role="status" className="mt-1 flex items-center gap-2 text-sm text-brand-800">
          {discount.applied.shopName
            ? t('checkout.codeAppliedToShop', {
                code: discount.applied.code,
                shop: discount.applied.shopName,
              })
            : t('checkout.codeApplied', { code: discount.applied.code })}
          <button
            type="button"
            onClick={discount.remove}
            className={`rounded px-1 font-semibold underline ${focusRing}`}
          >
            {t('checkout.removeCode')}
          </button>
        </p>
      )}
      {discount.note && (
        <p role="status" className="mt-1 text-sm text-amber-800">
          {checkoutText(discount.note, t)}
        </p>
      )}
    </section>
  );
}
