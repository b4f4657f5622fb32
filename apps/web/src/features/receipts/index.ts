// Receipts' public face (issue 33, decision 047): the order page's list and the receipt page's
// path, which the owner's Receipts screen links to. The router loads the receipt page itself
// (components/receipt-page.tsx) as a chunk of its own.
export { OrderReceipts } from './components/order-receipts';
export { receiptPagePath } from './api/receipts';
