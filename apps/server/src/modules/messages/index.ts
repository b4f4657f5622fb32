// Messages to people: the outbox, its worker and its channels (issue 30, decision 030), the
// messages that follow order events (decision 034), and the admin's outbox screen's calls
// (decision 032).
export { senderNameOf, startOutbox, type Outbox } from './service';
export type { NewMessage } from './outbox';
export { registerMessageRoutes } from './routes';
