// The admin area (spec section 2): its pages, for the router's lazy routes only, so none of it
// is in the shopper's first load.
export { AdminDashboardPage, CreateListingPage } from './components/admin-pages';
export { ManageListingPage } from './components/manage-listing-page';
export { ManageOrdersPage } from './components/manage-orders-page';
export { AdminShopsPage } from './components/admin-shops-page';
export { TenantsPage } from './components/tenants-page';
export { RefundsPage } from './components/refunds-page';
export { PayoutsPage } from './components/payouts-page';
export { MessagesPage } from './components/messages-page';
export { CodesPage } from './components/codes-page';
export { PrivacyNoticePage } from './components/privacy-notice-page';
export { DataRequestsPage } from './components/data-requests-page';
