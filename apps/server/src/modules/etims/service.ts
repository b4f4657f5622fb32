// eTIMS in the running server (decision 046): the OSCU client from the settings, the sender's
// worker started with the server and stopped on close, and an owner's resend of a receipt.
import { ETIMS_NOT_RESENDABLE, isUuid, type ReceiptEtims } from '@soko/contract';
import { sql } from 'drizzle-orm';
import type { App, AppContext } from '../../platform/context';
import { rowsOf, type Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { runMessageWorker } from '../messages';
import { createOscuClient, type OscuClient } from './oscu';
import { qrPortalFor } from './qr';
import { ETIMS_COLUMNS, receiptEtimsOfRaw, type EtimsRawColumns } from './receipt-etims';
import { createEtimsWorker, type EtimsWorkerOptions } from './sender';

export const oscuClientFor = (ctx: Pick<AppContext, 'config'>): OscuClient =>
  createOscuClient({ baseUrl: ctx.config.etims.baseUrl });

/** The sender's settings for a base URL (the QR's portal follows it). */
export const senderOptionsFor = (
  ctx: Pick<AppContext, 'config'>,
): Pick<EtimsWorkerOptions, 'qrPortal'> => ({ qrPortal: qrPortalFor(ctx.config.etims.baseUrl) });

const POLL_MS = 5_000;

export type EtimsSender = { wake(): void };

export function startEtimsSender(app: App, ctx: AppContext): EtimsSender {
  const worker = createEtimsWorker(ctx.db, oscuClientFor(ctx), {
    ...senderOptionsFor(ctx),
    onError: (error, receiptId) =>
      app.log.warn({ err: error, receiptId }, 'a receipt was not sent to eTIMS; tried again later'),
  });
  const runner = runMessageWorker(app, worker, POLL_MS);
  app.addHook('onClose', async () => {
    await runner.stop();
  });
  return { wake: runner.wake };
}

/**
 * Sends a shop's receipt to KRA again, now: one KRA refused (after the owner fixed its cause) or
 * one still waiting. A receipt KRA signed, or of a shop without eTIMS, is a 409; one of another
 * shop is not found. The claim is in the UPDATE's WHERE, so two resends and the sender never race.
 */
export async function resendReceipt(
  db: Db,
  shopId: string,
  receiptId: string,
): Promise<ReceiptEtims> {
  if (!isUuid(shopId) || !isUuid(receiptId)) throw notFound('Receipt not found.');
  const [updated] = rowsOf<EtimsRawColumns>(
    await db.execute(sql`
      update receipts
         set etims_status = 'pending', etims_next_attempt_at = now(), etims_attempts = 0,
             etims_refusal_code = null, etims_refusal_message = null
       where id = ${receiptId} and shop_id = ${shopId}
         and etims_status in ('refused', 'pending')
      returning ${ETIMS_COLUMNS}`),
  );
  if (updated) return receiptEtimsOfRaw(updated);
  const [found] = rowsOf<EtimsRawColumns>(
    await db.execute(
      sql`select ${ETIMS_COLUMNS} from receipts where id = ${receiptId} and shop_id = ${shopId}`,
    ),
  );
  if (!found) throw notFound('Receipt not found.');
  throw conflict('etims_not_resendable', ETIMS_NOT_RESENDABLE, { etims: receiptEtimsOfRaw(found) });
}
