// Online payments: the provider behind PAYMENTS, the payment calls and notifications, and the
// live status channel. Orders learn a payment's outcome from here; this module writes no order.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { createPesapalProvider } from './pesapal';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

export { registerPaymentRoutes } from './routes';
export type { PaymentProvider } from './provider';

/** PAYMENTS picks the provider; config.ts has already refused Pesapal without its keys. */
export function createPaymentProvider(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): PaymentProvider {
  if (config.payments === 'sandbox') return createSandboxProvider(db, config.publicUrl);
  if (!config.pesapal) throw new Error('PAYMENTS=pesapal without Pesapal settings');
  return createPesapalProvider({
    ...config.pesapal,
    ipnUrl: `${config.publicUrl}/api/payments/ipn/pesapal`,
    log,
  });
}
