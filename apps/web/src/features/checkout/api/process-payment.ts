import type { ProcessPaymentBody, ProcessPaymentResponse } from '@soko/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /api/payments/process: starts the online payment of an order that must be paid first. */
export function processPayment(body: ProcessPaymentBody): Promise<ProcessPaymentResponse> {
  return apiPost<ProcessPaymentResponse>('/api/payments/process', body);
}
