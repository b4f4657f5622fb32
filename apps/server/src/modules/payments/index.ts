// Online payments: the provider behind PAYMENTS, the payment calls and notifications, and the
// live status channel. Orders learn a payment's outcome from here; this module writes no order.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { createMpesaProvider } from './mpesa';
import { createPesapalProvider } from './pesapal';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

import { PAYBILL_RESULT_PATH, PAYBILL_TIMEOUT_PATH } from './paybill';
import { MPESA_CALLBACK_PATH } from './routes';

export { MPESA_CALLBACK_PATH, registerPaymentRoutes } from './routes';
export type { PaymentProvider } from './provider';

/** PAYMENTS picks the providers; config.ts has already refused one without its settings. */
export function createPaymentProviders(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): PaymentProvider[] {
  return config.payments.map((name): PaymentProvider => {
    if (name === 'sandbox') return createSandboxProvider(db, config.publicUrl);
    if (name === 'pesapal') {
      if (!config.pesapal) throw new Error('PAYMENTS has pesapal without Pesapal settings');
      return createPesapalProvider({
        ...config.pesapal,
        ipnUrl: `${config.publicUrl}/api/payments/ipn/pesapal`,
        log,
      });
    }
    if (!config.mpesa) throw new Error('PAYMENTS has mpesa without M-Pesa settings');
    const { tillNumber, callbackToken, initiator, ...mpesa } = config.mpesa;
    return createMpesaProvider({
      ...mpesa,
      callbackUrl: `${config.publicUrl}${MPESA_CALLBACK_PATH}/${callbackToken}`,
      ...(initiator && {
        transactionStatus: {
          initiatorName: initiator.name,
          securityCredential: initiator.securityCredential,
          resultUrl: `${config.publicUrl}${PAYBILL_RESULT_PATH}/${callbackToken}`,
          timeoutUrl: `${config.publicUrl}${PAYBILL_TIMEOUT_PATH}/${callbackToken}`,
        },
      }),
      ...(tillNumber && { transactionType: 'CustomerBuyGoodsOnline', partyB: tillNumber }),
      log,
    });
  });
}
