// Messages to people: the outbox, its worker and its channels (issue 30, decisions 030, 031), the
// messages that follow order events (decision 034), and the admin's outbox screen's calls
// (decision 032).
export { senderNameOf, startOutbox, type Outbox } from './service';
export type { NewMessage } from './outbox';
export { blankSentCodes, SmsRecipientRefused } from './outbox';
export { registerMessageRoutes } from './routes';
export { registerDeliveryReportRoutes, SMS_DELIVERY_REPORT_PATH } from './delivery-report-routes';
export type { MarketingMessage, MarketingQueued } from './marketing';
export { runMessageWorker, type MessageRunner } from './runner';
// The words of a person's messages in each language (decision 050), for the modules that write
// messages of their own (a reset link, a phone code).
export { linkIn, MESSAGE_TEXTS } from './texts';
