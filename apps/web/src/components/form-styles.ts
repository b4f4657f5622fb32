export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const controlLook =
  'rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700 aria-invalid:border-red-600';
export const inputClass = `mt-1 w-full ${controlLook}`;
/** A control sharing its row with a button (Field's `action`). */
export const inlineInputClass = `min-w-0 flex-[1_1_12rem] ${controlLook}`;
export const primaryButton = `rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60 ${focusRing}`;
export const secondaryButton = `rounded-md border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`;
export const alertClass =
  'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800';
