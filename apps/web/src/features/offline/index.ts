// The offline notice and screen (decision 016); the service worker itself is apps/web/sw/sw.ts.
export { OfflineNotice } from './components/offline-notice';
export { OfflinePage, RecentlyViewedList } from './components/offline-page';
