// Data rights (issue 34, decision 048): the privacy notice, the personal data export, the log of
// data requests, and forgetting a departing person's addresses everywhere.
export { registerDataRightsRoutes } from './routes';
export { dataRightsKey, consentReference, hashOfAddress, personReference } from './keys';
export { logDataRequest } from './log';
export { forgetPerson, type Departing } from './forget';
export { readPrivacyNotice } from './notice';
