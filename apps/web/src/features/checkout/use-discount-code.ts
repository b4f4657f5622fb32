// The discount box: the code as typed, the code the server accepted, and why it refused one.
// Spec section 5: nothing is checked before the request; the server prices it again at order
// time (DESIGN departure 5).
import { useState } from 'react';
import {
  cartSubtotalCents,
  codeAmountForLinesCents,
  discountCodeRefusal,
  fromCents,
  toCents,
  type CartLine,
  type DiscountResponse,
} from '@soko/contract';
import { ApiError } from '../../lib/api-client';
import { getDiscount } from './api/get-discount';

export const CODE_CHECK_FAILED = 'The code could not be checked. Please try again.';

type CodeLine = Pick<CartLine, 'shopId' | 'price' | 'quantity'>;

/**
 * Percent codes stay a percentage; fixed codes arrive in Ksh and are computed in cents. A shop's
 * own code takes off that shop's lines only, from its minimum order (decision 038); a line kept
 * from before lines knew their shop counts for no shop, and the order's answer corrects it.
 */
function discountCents(code: DiscountResponse | null, lines: readonly CodeLine[]): number {
  if (!code) return 0;
  const value = code.kind === 'fixed' ? toCents(code.value) : code.value;
  return codeAmountForLinesCents(
    { kind: code.kind, value, shopId: code.shopId, minOrderCents: toCents(code.minOrder) },
    lines.map((line) => ({
      shopId: line.shopId ?? '',
      cents: toCents(line.price) * line.quantity,
    })),
  );
}

export function useDiscountCode(lines: readonly CodeLine[]) {
  const subtotalCents = cartSubtotalCents(lines);
  const [text, setText] = useState('');
  const [applied, setApplied] = useState<DiscountResponse | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const apply = async () => {
    const code = text.trim();
    if (!code) return;
    setChecking(true);
    setError(null);
    try {
      setApplied(await getDiscount(code, fromCents(subtotalCents)));
    } catch (caught) {
      setApplied(null);
      setError(
        caught instanceof ApiError && caught.code !== 'http_error'
          ? caught.message
          : CODE_CHECK_FAILED,
      );
    } finally {
      setChecking(false);
    }
  };

  const amountCents = discountCents(applied, lines);
  return {
    text,
    setText,
    applied,
    checking,
    error,
    /** The order's refusal of the code (expired meanwhile, used up). */
    refuse: setError,
    apply,
    remove: () => setApplied(null),
    reset: () => {
      setText('');
      setApplied(null);
      setError(null);
    },
    amountCents,
    /** Why the applied code takes nothing off this cart (another shop's, under its minimum). */
    note: applied
      ? discountCodeRefusal(
          { shopName: applied.shopName, minOrderCents: toCents(applied.minOrder) },
          amountCents,
        )
      : null,
  };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;
