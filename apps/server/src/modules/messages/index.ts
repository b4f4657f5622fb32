// Messages to people: the outbox, its worker and its channels (issue 30, decision 030), and the
// admin's outbox screen's calls (decision 032).
export { startOutbox, type Outbox } from './service';
export type { NewMessage } from './outbox';
export { registerMessageRoutes } from './routes';
