// Data rights in the web app (decision 048): the privacy notice's page and links, and the
// account's "Your data".
export { PrivacyPage } from './components/privacy-page';
export { PrivacyNote } from './components/privacy-note';
export { YourDataSection } from './components/your-data-section';
export { privacyNoticeQueryOptions } from './api/privacy-api';
