// A shop's delivery settings and quotes (issue 31, decision 035). The orders module prices each
// part with the same contract rules (partDeliveryCents) from the settings its price read joins.
export { registerDeliveryRoutes } from './routes';
export { settingsOf } from './store';
