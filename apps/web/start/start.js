// Starts the app (the entry named by this tag's data-entry) once the page the server painted is
// on screen with its main pictures (the <img fetchpriority="high"> a page marks: the banner, the
// first cards, a product's first picture). On a slow network the app's JavaScript would
// otherwise share the line with those pictures and hold back the page's largest paint. Until the app starts, the painted page reads and its links work
// (decision 018); a tap on its buttons is held and made when the app is live (early-taps.js,
// decision 028).
//
// The app starts at the first of: the paint after one of those pictures is reported as the
// largest paint with all of them loaded; the first paint after the window's load, on a page
// without them or in a browser that does not report paints; NOT_REPORTED_MS after the load,
// for pictures never reported (smaller than the page's text, or one that failed); the
// shopper's first touch or key; START_AT_LATEST_MS.
(() => {
  const START_AT_LATEST_MS = 3000;
  const NOT_REPORTED_MS = 500;
  const entry = document.currentScript?.dataset.entry;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import(entry).catch((error) => console.error('Soko could not start:', error));
  };
  // A task queued from an animation frame runs after that frame is painted.
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start));
  const afterLoad = () => {
    if (document.readyState === 'complete') afterNextPaint();
    else addEventListener('load', afterNextPaint, { once: true });
  };

  const pictures = [...document.querySelectorAll('img[fetchpriority="high"]')];
  const reportsPaints =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  if (pictures.length > 0 && reportsPaints) {
    new PerformanceObserver((list, observer) => {
      const mainPainted = list.getEntries().some((paint) => pictures.includes(paint.element));
      if (mainPainted && pictures.every((picture) => picture.complete)) {
        observer.disconnect();
        afterNextPaint();
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    addEventListener('load', () => setTimeout(start, NOT_REPORTED_MS), { once: true });
  } else afterLoad();
  for (const type of ['pointerdown', 'keydown']) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  setTimeout(start, START_AT_LATEST_MS);
})();
