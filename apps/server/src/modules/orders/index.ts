// Orders: placing, pricing and confirming them, and every change of their state (through the
// one transition table). Other modules ask for outcomes here; none writes an order itself.
export { registerOrderRoutes } from './routes';
export { registerDiscountCodeRoutes } from './discount-code-routes';
export { orderNumberSql } from './order-number';
export {
  buyerOrderLines,
  buyerOrdersForExport,
  type ExportedOrder,
  ordersForMessages,
  proofOfPurchase,
  readOrder,
  type OrderForMessages,
  type ShopOwner,
} from './queries';
export {
  createEventFollower,
  type EventFollower,
  type FollowEvents,
  type OrderEvent,
} from './events';
export { expireOverdueOrders, productIdsOf } from './expiry';
export {
  applyPaymentOutcome,
  lockHandPayableOrder,
  prepareOrderForPayment,
  readHandPayableOrder,
  type HandPayableOrder,
  type PayableOrder,
  type PaymentOutcome,
} from './payment-outcomes';
export { forgetBuyer } from './forget-buyer';
export { deliverPartForCarrier } from './parts';
export {
  markRefunded,
  recordRefundAnswer,
  refundDue,
  refundQueue,
  reserveRefund,
  resolveRefundByHand,
  type RefundDue,
  type ReservedRefund,
} from './refunds';
export type { Actor } from './transitions';
