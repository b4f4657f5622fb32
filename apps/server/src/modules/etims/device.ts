// A shop's eTIMS device (decision 046): initialised with KRA (selectInitOsdcInfo) before a tax
// profile with eTIMS on is saved, failing closed. KRA refusing it, or not answering, is the
// owner's field error at the device serial, and nothing is saved; a shop with eTIMS on therefore
// always has a device whose cmcKey its receipts are sent with.
import { ETIMS_UNREACHABLE, etimsDeviceRefusedText } from '@soko/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { etimsDevices, receipts } from '../../platform/schema';
import { OSCU_OK, OscuUnreachable, type OscuClient, type OscuInitInfo } from './oscu';

export type DeviceKey = { tin: string; bhfId: string; dvcSrlNo: string };

const SERIAL_FIELD = 'etims.dvcSrlNo';

export type DeviceRow = typeof etimsDevices.$inferSelect;

export async function deviceOf(db: Db | Tx, shopId: string): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(etimsDevices).where(eq(etimsDevices.shopId, shopId));
  return row;
}

const sameKey = (row: DeviceRow | undefined, key: DeviceKey) =>
  row !== undefined &&
  row.tin === key.tin &&
  row.bhfId === key.bhfId &&
  row.dvcSrlNo === key.dvcSrlNo;

/**
 * KRA's answer for a device the shop does not hold yet: null when it already holds this one (its
 * PIN, branch and serial unchanged: KRA initialises a device once and answers 902 after). Throws
 * the owner's field error when KRA refuses (422) or cannot be reached (502).
 */
export async function initialiseDevice(
  db: Db,
  oscu: OscuClient,
  shopId: string,
  key: DeviceKey,
): Promise<OscuInitInfo | null> {
  if (sameKey(await deviceOf(db, shopId), key)) return null;
  let result: Awaited<ReturnType<OscuClient['selectInitOsdcInfo']>>;
  try {
    result = await oscu.selectInitOsdcInfo(key);
  } catch (error) {
    if (!(error instanceof OscuUnreachable)) throw error;
    throw new AppError(502, 'etims_unavailable', ETIMS_UNREACHABLE, {
      fields: { [SERIAL_FIELD]: ETIMS_UNREACHABLE },
    });
  }
  if (result.answer.resultCd !== OSCU_OK || !result.info) {
    const text = etimsDeviceRefusedText(result.answer.resultCd, result.answer.resultMsg);
    throw new AppError(422, 'etims_device_refused', text, {
      fields: { [SERIAL_FIELD]: text },
      details: { resultCd: result.answer.resultCd, resultMsg: result.answer.resultMsg },
    });
  }
  return result.info;
}

/** Keeps what KRA answered, in the transaction that saves the profile. */
export async function saveDevice(
  tx: Db | Tx,
  shopId: string,
  key: DeviceKey,
  info: OscuInitInfo,
): Promise<void> {
  const values = {
    tin: key.tin,
    bhfId: key.bhfId,
    dvcSrlNo: key.dvcSrlNo,
    cmcKey: info.cmcKey,
    dvcId: info.dvcId ?? null,
    sdcId: info.sdcId ?? null,
    mrcNo: info.mrcNo ?? null,
    taxprNm: info.taxprNm ?? null,
    bhfNm: info.bhfNm ?? null,
    initialisedAt: new Date(),
  };
  await tx
    .insert(etimsDevices)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: etimsDevices.shopId, set: values });
  // Receipts that waited for a device are due now.
  await tx
    .update(receipts)
    .set({ etimsNextAttemptAt: sql`now()` })
    .where(and(eq(receipts.shopId, shopId), eq(receipts.etimsStatus, 'pending')));
}
