// Receipts and credit notes (issue 33, decision 045): issued as order events are followed (the
// messages' follower calls issueReceipts first, in its transaction), read by the order's shopper,
// the shop's owner and admins, and exported a month at a time for the shop's accountant.
export { registerReceiptRoutes } from './routes';
export { issueReceipts, type ReceiptLink } from './issue';
export { readReceipt } from './read';
