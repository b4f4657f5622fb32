import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LinguiContext, useLingui } from '@lingui/react';
import { getStaffLingui, useT, withMessages } from '../lib/i18n';
import { goLive } from './early-taps';
import { SiteHeader } from './site-header';
import { useStaffScreen } from './staff-screen';

// The footer (newsletter form, brand icons, links) is below the fold on every page and the chat
// widget floats over it: both load after the first paint, which keeps them out of the shopper's
// first load (decision 009). The footer grows the page at its end and the button is fixed, so
// nothing on the page moves when they arrive.
const ChatWidget = lazy(
  withMessages(['chat'], async () => ({
    default: (await import('../features/chat')).ChatWidget,
  })),
);
// Shown only without a network, so it need not be in the first load either.
const OfflineNotice = lazy(() =>
  import('../features/offline').then(({ OfflineNotice }) => ({ default: OfflineNotice })),
);
// Its texts (`footer.`) come with it: none of them is in the first load (decision 050).
const SiteFooter = lazy(
  withMessages(['footer'], async () => ({
    default: (await import('./site-footer')).SiteFooter,
  })),
);

/** The parts of the layout that hold controls, each taken over in its own boundary. */
const LIVE_PARTS = ['header', 'page', 'footer', 'chat'] as const;
const liveParts = new Set<string>();

/**
 * Marks the page as live once every part with controls has been taken over, then makes the taps
 * held until then (decision 028): on a page the server painted, the page's inline script holds
 * a tap on a button until this mark, so that no tap is lost before its handler exists. Each
 * boundary hydrates on its own, the footer and the chat launcher only once their chunks are in,
 * so the root's own commit is too early to say so.
 */
function LiveMark({ part }: { part: (typeof LIVE_PARTS)[number] }) {
  useEffect(() => {
    liveParts.add(part);
    // After this commit's other effects, so every handler the taps reach is in place. Taps made
    // until then are still held, and made in turn.
    if (LIVE_PARTS.every((name) => liveParts.has(name))) setTimeout(() => void goLive());
  }, [part]);
  return null;
}

/**
 * The page in the shopper's language, or in English on an owner's or an admin's screen
 * (decision 050), header and footer included, so that `<html lang>` tells the truth: the server
 * writes `en` for those addresses, and a move between the two in the app rewrites it.
 */
export function RootLayout() {
  const shopper = useLingui();
  const lingui = (useStaffScreen() && getStaffLingui()) || shopper;
  const { locale } = lingui.i18n;
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <LinguiContext.Provider value={lingui}>
      <PageLayout />
    </LinguiContext.Provider>
  );
}

function PageLayout() {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col bg-white text-stone-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t('shell.skipToContent')}
      </a>
      {/* Boundaries around the header and the page let the browser take a painted page over
          in several short tasks instead of one long one that would hold up a tap (decision
          018); neither suspends once loaded, so they never show a fallback. */}
      <Suspense fallback={null}>
        <SiteHeader />
        <LiveMark part="header" />
      </Suspense>
      <Suspense fallback={null}>
        <OfflineNotice />
      </Suspense>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none"
      >
        <Suspense fallback={null}>
          <Outlet />
          <LiveMark part="page" />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
        <LiveMark part="footer" />
      </Suspense>
      <Suspense fallback={null}>
        <ChatWidget />
        <LiveMark part="chat" />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
