// Messages to people: the outbox, its worker and its channels (issue 30, decisions 030, 031).
export { startOutbox, type Outbox } from './service';
export type { NewMessage } from './outbox';
export { blankSentCodes, SmsRecipientRefused } from './outbox';
export { registerMessageRoutes, SMS_DELIVERY_REPORT_PATH } from './routes';
