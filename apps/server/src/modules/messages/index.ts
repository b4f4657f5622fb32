// Messages to people: the outbox, its worker and its channels (issue 30, decision 030).
export { startOutbox, type Outbox } from './service';
export type { NewMessage } from './outbox';
export type { MarketingMessage, MarketingQueued } from './marketing';
