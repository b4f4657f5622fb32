// An owner's resend of a receipt to KRA's eTIMS (decision 046): that shop's owner or an admin.
import { apiErrorSchema, receiptEtimsParamsSchema, receiptEtimsSchema } from '@soko/contract';
import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { shopInPath } from '../shops';
import { resendReceipt, type EtimsSender } from './service';

export function registerEtimsRoutes(app: App, ctx: AppContext, sender: EtimsSender): void {
  app.post(
    '/api/property/shop/:shopId/receipts/:receiptId/etims/resend',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: 'Sends a receipt KRA refused (or one still waiting) to eTIMS again, now',
        params: receiptEtimsParamsSchema,
        // Nothing to say: the receipt is in the path. The web sends `{}`; anything more is refused.
        body: z.strictObject({}).nullish(),
        response: { 200: receiptEtimsSchema, ...errorResponses, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const etims = await resendReceipt(ctx.db, request.params.shopId, request.params.receiptId);
      sender.wake();
      return etims;
    },
  );
}
