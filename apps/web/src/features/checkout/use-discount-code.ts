// The discount box: the code as typed, the code the server accepted, and why it refused one.
// Spec section 5: nothing is checked before the request; the server prices it again at order
// time (DESIGN departure 5).
import { useState } from 'react';
import { discountCodeAmountCents, fromCents, toCents, type DiscountResponse } from '@soko/contract';
import { ApiError } from '../../lib/api-client';
import { getDiscount } from './api/get-discount';

export const CODE_CHECK_FAILED = 'The code could not be checked. Please try again.';

/** Percent codes stay a percentage; fixed codes arrive in Ksh and are computed in cents. */
function discountCents(code: DiscountResponse | null, subtotalCents: number): number {
  if (!code) return 0;
  const value = code.kind === 'fixed' ? toCents(code.value) : code.value;
  return discountCodeAmountCents({ kind: code.kind, value }, subtotalCents);
}

export function useDiscountCode(subtotalCents: number) {
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
    amountCents: discountCents(applied, subtotalCents),
  };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;
