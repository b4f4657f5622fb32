// Replays what the page's inline script (apps/web/start/early-taps.js, decision 028) held while
// the app was not yet live: first the letters typed into fields and the options picked, then each tap once, in the
// order they were made. The lists are emptied as they are read, so a second call (or a later
// render) can never make a tap twice.

interface HeldTap {
  control?: HTMLElement;
  /** The control's place among `controls` when it was tapped. */
  index?: number;
  form?: HTMLFormElement;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

declare global {
  interface Window {
    sokoEarlyTaps?: {
      controls: string;
      taps: HeldTap[];
      typed: Map<Field, string>;
      /** Set when the app draws the page itself: nothing is held from then on. */
      live: boolean;
    };
  }
}

/**
 * Tells React the letters typed before it was live. Hydration leaves them in the field but keeps
 * its own state (empty), so a submit would send nothing. React calls onChange when a field's value
 * differs from the one it last saw: the field's own setter (which React watches) says '' first,
 * then the prototype's setter (which it does not) puts the typed value back, and the input event
 * makes the difference an onChange, as typing does.
 */
function retype(field: Field, value: string): void {
  // A list's pick: React reads a select's change event as it comes, with no value of its own
  // to compare.
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  field.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * For a page the server did not paint (an account or admin screen): the app draws it, so each
 * control has its handler the moment it shows, and letters typed into its fields are React's
 * own. Holding them until the footer and chat have loaded would only delay them, and retyping
 * them would write old letters over newer ones.
 */
export function holdNoTaps(): void {
  if (window.sokoEarlyTaps) window.sokoEarlyTaps.live = true;
}

/**
 * Marks the page live (html[data-hydrated]: the inline script holds nothing more) and makes
 * what it held. The letters typed are given to the app in the same task as the mark, so that a
 * tap landing just after it, no longer held, finds them in the app's state.
 */
export async function goLive(): Promise<void> {
  document.documentElement.dataset.hydrated = 'true';
  const held = window.sokoEarlyTaps;
  if (!held) return;
  const typed = [...held.typed];
  held.typed.clear();
  for (const [field, value] of typed) {
    if (field.isConnected) retype(field, value);
  }
  // A task later, React has drawn those values, so a submit reads them rather than the old ones.
  if (typed.length > 0) await new Promise((resolve) => setTimeout(resolve));
  const taps = held.taps.splice(0);
  for (const [i, tap] of taps.entries()) {
    // A task between taps, as between a shopper's own: React draws what the previous one
    // changed, so the next one's handler reads it (Next twice is two pages on, not one).
    if (i > 0) await new Promise((resolve) => setTimeout(resolve));
    if (tap.form) {
      if (tap.form.isConnected) tap.form.requestSubmit();
      continue;
    }
    // Hydration keeps the painted elements; a part the app had to draw anew (its data changed
    // in between) has the same controls in the same places, so the tap goes to the same one.
    const control = tap.control?.isConnected
      ? tap.control
      : document.querySelectorAll<HTMLElement>(held.controls)[tap.index ?? -1];
    control?.click();
  }
}
