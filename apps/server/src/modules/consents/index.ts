// Marketing consent: its records, the unsubscribe tokens that name them, and the routes that
// give and withdraw it (decision 033).
export {
  consentIdOf,
  orderIdOfReminderToken,
  reminderOptOutKey,
  reminderOptOutToken,
  unsubscribeKey,
  unsubscribeToken,
} from './tokens';
export {
  giveConsent,
  liveConsents,
  withdrawAccountConsents,
  withdrawConsent,
  type LiveConsent,
} from './service';
export { registerConsentRoutes } from './routes';
