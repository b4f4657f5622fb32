// Holds the taps made before the app has taken the page over, so that the app can make each
// one, exactly once, when it has (decision 028). The app starts after the page's main pictures
// (decision 024): on a slow phone a shopper sees Add to Cart seconds before its handler exists,
// and a tap then was lost. The build puts this, minified, inline at the top of <head>, so it
// listens before anything is painted; the server's Content-Security-Policy allows it by its
// hash alone (platform/security-headers.ts), so stored text can still never run script.
//
// Links, and buttons of a form with its own action (the category picker's GET form), work
// without the app and are left to the browser. Every other button, radio and checkbox (or the
// label around one) is held: its default is prevented (a submit button would otherwise send its
// form to the page's own address) and no handler sees the tap. A form sent another way (Enter
// in a form without a button) is held the same way. Once the app marks the page live
// (html[data-hydrated]) nothing more is held, and the app replays and empties the list
// (src/app/early-taps.ts). Letters typed into a field, and an option picked in a list (the
// listing's sort), are kept too: the app's state does not have them, and a newsletter sent then
// would send nothing.
(() => {
  const controls = 'button,[type=radio],[type=checkbox],label:has([type=radio],[type=checkbox])';
  const taps = [];
  const typed = new Map();
  // `held.live`: the app draws this page itself (it was not painted), so every control it shows
  // already has its handler and nothing is to be held.
  const held = { controls, taps, typed, live: false };
  const live = () => held.live || document.documentElement.dataset.hydrated;
  addEventListener(
    'click',
    (event) => {
      const control = !live() && event.target.closest?.(controls);
      if (!control || (control.type === 'submit' && control.form?.hasAttribute('action'))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // Where it is among the controls, to find it again if the app drew its part anew.
      taps.push({ control, index: [...document.querySelectorAll(controls)].indexOf(control) });
    },
    true,
  );
  addEventListener(
    'submit',
    (event) => {
      if (live() || event.target.hasAttribute('action')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      taps.push({ form: event.target });
    },
    true,
  );
  addEventListener(
    'input',
    (event) => {
      if (
        !live() &&
        event.target.matches('input:not([type=radio],[type=checkbox]),textarea,select')
      ) {
        typed.set(event.target, event.target.value);
      }
    },
    true,
  );
  window.sokoEarlyTaps = held;
})();
