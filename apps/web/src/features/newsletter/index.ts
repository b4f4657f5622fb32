// The newsletter feature's public face: the account's Marketing preference and the admin's
// newsletter form, for the pages that show them. The footer form and the unsubscribe page are
// reached by their own paths.
export { MarketingPreferencesSection } from './components/marketing-preferences';
export { ReminderPreferencesSection } from './components/reminder-preferences';
export { SendNewsletterSection } from './components/send-newsletter-form';
