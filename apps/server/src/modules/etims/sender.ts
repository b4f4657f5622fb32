// The eTIMS sender (decision 046): a worker in every process, like the outbox's (decision 030),
// that sends receipts and credit notes waiting with KRA (etims_status 'pending', due). It claims
// due rows with FOR UPDATE SKIP LOCKED, pushing their next attempt a lease away, so two workers
// never send one row at once and a worker that died mid-send leaves it to another after the
// lease. It calls KRA outside any transaction and records the outcome only while its claim
// stands (still pending, on the attempt it claimed).
//
// Exactly one sale per receipt: the sale's trdInvcNo is the receipt's printed number, and KRA
// answers a trdInvcNo its branch already holds with that first sale's data, adding none. A
// worker that dies after KRA accepted but before it stored the answer leaves the row pending; the
// next attempt sends the same number and stores what KRA answers then.
//
// Outcomes: "000" stores KRA's numbers, internal data, signature and the QR's content (sent); any
// other resultCd is KRA's word: refused, its code and message kept for the owner, never retried
// by itself (the owner resends after a fix). No answer (unreachable, a timeout, a 5xx, not KRA's
// JSON) and a shop without an initialised device stay pending, retried with doubling pauses, the
// reason kept for the owner to see.
import { receiptNumberText, type ReceiptKind } from '@soko/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db';
import { untilIdle } from '../../platform/periodic';
import { etimsItems, type ReceiptBody } from '../../platform/schema';
import { deviceOf, type DeviceRow } from './device';
import { OSCU_OK, OscuUnreachable, type OscuClient, type OscuDevice } from './oscu';
import {
  fromKraDateTime,
  itemPayload,
  itemsOf,
  kraItemCode,
  salePayload,
  type ItemLine,
  type SaleSource,
} from './payload';
import { qrDataOf } from './qr';

export type EtimsWorkerOptions = {
  /** The first retry waits this long, each next one twice as long as the one before. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** How long a claim lasts: a worker that died mid-send leaves its rows for others after it. */
  leaseMs?: number;
  batchSize?: number;
  /** KRA's portal the QR points to (qr.ts). */
  qrPortal: string;
  onError?: (error: unknown, receiptId: string) => void;
};

const DEFAULTS = {
  retryBaseMs: 30_000,
  maxRetryDelayMs: 3_600_000,
  leaseMs: 5 * 60_000,
  batchSize: 20,
};

/** Why a receipt is still pending, as the owner reads it. */
export const NO_DEVICE_REASON =
  'Waiting: the shop has no eTIMS device initialised with KRA. Turn eTIMS on in the tax profile.';
export const unreachableReason = (detail: string) => `Waiting to be sent again: ${detail}`;

type Claimed = {
  id: string;
  shop_id: string | null;
  kind: ReceiptKind;
  number: number;
  issued_at: Date | string;
  body: ReceiptBody;
  credits_receipt_id: string | null;
  credits_number: number | null;
  etims_attempts: number;
};

const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;

export type EtimsWorker = {
  /** Sends what is due now: one claim of up to batchSize rows. Answers how many it handled. */
  runOnce(): Promise<number>;
  /** Runs rounds until nothing is due. */
  drain(): Promise<number>;
};

class Waiting extends Error {}
class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function sourceOf(row: Claimed): SaleSource {
  return {
    ...row.body,
    kind: row.kind,
    number: row.number,
    numberText: receiptNumberText(row.kind, row.number),
    issuedAt: new Date(row.issued_at).toISOString(),
    credits:
      row.credits_receipt_id && row.credits_number !== null
        ? {
            _id: row.credits_receipt_id,
            numberText: receiptNumberText('receipt', row.credits_number),
          }
        : null,
  };
}

export function createEtimsWorker(
  db: Db,
  oscu: OscuClient,
  options: EtimsWorkerOptions,
): EtimsWorker {
  const o = { ...DEFAULTS, ...options };

  async function claim(): Promise<Claimed[]> {
    return rowsOf<Claimed>(
      await db.execute(sql`
        with claimed as (
          update receipts
             set etims_attempts = etims_attempts + 1,
                 etims_next_attempt_at = now() + ${ms(o.leaseMs)}
           where id in (
             select id from receipts
              where etims_status = 'pending'
                and (etims_next_attempt_at is null or etims_next_attempt_at <= now())
              order by etims_next_attempt_at nulls first
              limit ${o.batchSize}
                for update skip locked)
          returning id, shop_id, kind, number, issued_at, body, credits_receipt_id, etims_attempts)
        select c.*, o.number as credits_number
          from claimed c left join receipts o on o.id = c.credits_receipt_id`),
    );
  }

  const stillClaimed = (row: Claimed) =>
    sql`id = ${row.id} and etims_status = 'pending' and etims_attempts = ${row.etims_attempts}`;

  /** KRA's code for each of the receipt's items, each registered once (saveItem) before use. */
  async function registerItems(
    shopId: string,
    device: OscuDevice,
    source: SaleSource,
  ): Promise<Map<string, string>> {
    const codes = new Map<string, string>();
    for (const { sokoCode, line } of itemsOf(source)) {
      codes.set(sokoCode, await registeredItem(shopId, device, sokoCode, line));
    }
    return codes;
  }

  async function registeredItem(
    shopId: string,
    device: OscuDevice,
    sokoCode: string,
    line: ItemLine,
  ): Promise<string> {
    const where = and(eq(etimsItems.shopId, shopId), eq(etimsItems.itemCode, sokoCode));
    let [item] = await db.select().from(etimsItems).where(where);
    if (!item) {
      // The shop's next sequence number; a sender racing for the same one fails on the unique
      // key and the receipt is tried again.
      const [{ next } = { next: 1 }] = rowsOf<{ next: number }>(
        await db.execute(
          sql`select coalesce(max(seq), 0) + 1 as next from etims_items where shop_id = ${shopId}`,
        ),
      );
      await db
        .insert(etimsItems)
        .values({ shopId, itemCode: sokoCode, seq: next, kraItemCode: kraItemCode(sokoCode, next) })
        .onConflictDoNothing({ target: [etimsItems.shopId, etimsItems.itemCode] });
      [item] = await db.select().from(etimsItems).where(where);
      if (!item) throw new Error(`The eTIMS item ${sokoCode} was not written`);
    }
    if (item.registeredAt) return item.kraItemCode;
    // Registered by one sender at a time: another's claim makes this receipt wait its turn.
    const [mine] = await db
      .update(etimsItems)
      .set({ claimedUntil: sql`now() + ${ms(o.leaseMs)}` })
      .where(
        and(
          where,
          isNull(etimsItems.registeredAt),
          or(isNull(etimsItems.claimedUntil), lt(etimsItems.claimedUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!mine) throw new Waiting('Waiting for another sender to register an item with KRA.');
    try {
      const answer = await oscu.saveItem(device, itemPayload(line, item.kraItemCode));
      if (answer.resultCd !== OSCU_OK) {
        throw new Refused(answer.resultCd, `Item “${line.name}”: ${answer.resultMsg}`);
      }
      await db
        .update(etimsItems)
        .set({ registeredAt: sql`now()`, claimedUntil: null })
        .where(where);
      return item.kraItemCode;
    } catch (error) {
      await db.update(etimsItems).set({ claimedUntil: null }).where(where);
      throw error;
    }
  }

  async function retryLater(row: Claimed, reason: string) {
    const delay = Math.min(o.retryBaseMs * 2 ** (row.etims_attempts - 1), o.maxRetryDelayMs);
    await db.execute(sql`
      update receipts
         set etims_next_attempt_at = now() + ${ms(delay)}, etims_last_error = ${reason.slice(0, 500)}
       where ${stillClaimed(row)}`);
  }

  async function refuse(row: Claimed, code: string, message: string) {
    await db.execute(sql`
      update receipts
         set etims_status = 'refused', etims_refusal_code = ${code.slice(0, 20)},
             etims_refusal_message = ${message.slice(0, 500)}, etims_next_attempt_at = null,
             etims_last_error = null
       where ${stillClaimed(row)}`);
  }

  async function sendOne(row: Claimed): Promise<void> {
    try {
      const device: DeviceRow | undefined = row.shop_id
        ? await deviceOf(db, row.shop_id)
        : undefined;
      if (!row.shop_id || !device) throw new Waiting(NO_DEVICE_REASON);
      const headers: OscuDevice = { tin: device.tin, bhfId: device.bhfId, cmcKey: device.cmcKey };
      const source = sourceOf(row);
      const codes = await registerItems(row.shop_id, headers, source);
      const { answer, sale } = await oscu.saveTrnsSalesOsdc(headers, salePayload(source, codes));
      if (answer.resultCd !== OSCU_OK || !sale) {
        throw new Refused(answer.resultCd, answer.resultMsg);
      }
      const signedAt = fromKraDateTime(sale.sdcDateTime) ?? new Date();
      await db.execute(sql`
        update receipts
           set etims_status = 'sent', etims_kra_receipt_number = ${sale.curRcptNo},
               etims_total_receipt_number = ${sale.totRcptNo},
               etims_internal_data = ${sale.intrlData}, etims_signature = ${sale.rcptSign},
               etims_sdc_id = ${device.sdcId}, etims_mrc_no = ${device.mrcNo},
               etims_signed_at = ${signedAt.toISOString()}::timestamptz,
               etims_qr_data = ${qrDataOf(o.qrPortal, device, sale.rcptSign)},
               etims_refusal_code = null, etims_refusal_message = null,
               etims_last_error = null, etims_next_attempt_at = null
         where ${stillClaimed(row)}`);
    } catch (error) {
      if (error instanceof Refused) {
        await refuse(row, error.code, error.message);
        return;
      }
      const reason =
        error instanceof Waiting
          ? error.message
          : error instanceof OscuUnreachable
            ? unreachableReason(error.message)
            : unreachableReason('an error on our side.');
      await retryLater(row, reason);
      o.onError?.(error, row.id);
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    // One shop's rows one after another (its items are registered once, in order); shops at once.
    const byShop = new Map<string, Claimed[]>();
    for (const row of rows) {
      const key = row.shop_id ?? row.id;
      byShop.set(key, [...(byShop.get(key) ?? []), row]);
    }
    await Promise.all(
      [...byShop.values()].map(async (list) => {
        for (const row of list) await sendOne(row);
      }),
    );
    return rows.length;
  }

  return { runOnce, drain: () => untilIdle(runOnce) };
}
