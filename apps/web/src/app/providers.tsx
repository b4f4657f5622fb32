import { useMemo, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

/**
 * The app's providers; the browser passes its one query client and language, the server one
 * of each per page (two pages in two languages may be painted at once).
 *
 * The language's context never changes: a page's language is fixed (a switch is a new page,
 * decision 049) and a route's or a section's messages are loaded before it renders
 * (`withMessages`). Lingui's own provider answers each `i18n.load` with a new context, which
 * re-renders the whole app and, during hydration, makes React drop a painted section still
 * waiting for its code and draw it again from nothing: a layout shift.
 */
export function AppProviders({
  client,
  i18n,
  children,
}: {
  client: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  const lingui = useMemo(() => ({ i18n, _: i18n._.bind(i18n) }), [i18n]);
  return (
    <LinguiContext.Provider value={lingui}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </LinguiContext.Provider>
  );
}
