// A shop's tax profile (issue 33, decision 044): its KRA PIN, VAT registration and eTIMS
// settings, read and replaced whole by its owner or an admin. The table's CHECKs hold the same
// rules as the contract's schema (a PIN's format, VAT or eTIMS only with a PIN), so no writer
// can store a profile a receipt could not print. eTIMS on needs its device initialised with KRA
// first (decision 046): refused or unreachable, nothing is saved.
import { normalizeKraPin, type ParsedTaxProfile, type TaxProfileResponse } from '@soko/contract';
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import type { Db, Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { shops } from '../../platform/schema';
import { initialiseDevice, saveDevice, type OscuClient } from '../etims';
import { ownedShops } from './queries';

const profileColumns = {
  shopId: shops.id,
  kraPin: shops.kraPin,
  vatRegistered: shops.vatRegistered,
  etimsEnabled: shops.etimsEnabled,
  etimsBranchId: shops.etimsBranchId,
  etimsDeviceSerial: shops.etimsDeviceSerial,
};

interface ProfileRow {
  shopId: string;
  kraPin: string | null;
  vatRegistered: boolean;
  etimsEnabled: boolean;
  etimsBranchId: string;
  etimsDeviceSerial: string;
}

function toResponse(row: ProfileRow): TaxProfileResponse {
  return {
    shopId: row.shopId,
    kraPin: row.kraPin,
    vatRegistered: row.vatRegistered,
    etims: {
      enabled: row.etimsEnabled,
      bhfId: row.etimsBranchId,
      dvcSrlNo: row.etimsDeviceSerial,
    },
  };
}

export async function readTaxProfile(
  db: Db,
  shopId: string,
  caller: Caller,
): Promise<TaxProfileResponse> {
  const [row] = await db
    .select(profileColumns)
    .from(shops)
    .where(and(eq(shops.id, shopId), ownedShops(caller)))
    .limit(1);
  if (!row) throw notFound('Shop not found.');
  return toResponse(row);
}

export async function replaceTaxProfile(
  db: Db,
  shopId: string,
  profile: ParsedTaxProfile,
  caller: Caller,
  oscu: OscuClient,
): Promise<TaxProfileResponse> {
  const kraPin = normalizeKraPin(profile.kraPin);
  // Another owner's shop is not found before KRA is asked anything.
  await readTaxProfile(db, shopId, caller);
  const device = {
    tin: kraPin ?? '',
    bhfId: profile.etims.bhfId,
    dvcSrlNo: profile.etims.dvcSrlNo,
  };
  const initialised = profile.etims.enabled
    ? await initialiseDevice(db, oscu, shopId, device)
    : null;
  return db.transaction(async (tx) => {
    if (initialised) await saveDevice(tx, shopId, device, initialised);
    return writeProfile(tx, shopId, profile, caller);
  });
}

async function writeProfile(
  db: Db | Tx,
  shopId: string,
  profile: ParsedTaxProfile,
  caller: Caller,
): Promise<TaxProfileResponse> {
  const [row] = await db
    .update(shops)
    .set({
      // Typed in any case: kept in upper case ('' is none).
      kraPin: normalizeKraPin(profile.kraPin),
      vatRegistered: profile.vatRegistered,
      etimsEnabled: profile.etims.enabled,
      etimsBranchId: profile.etims.bhfId,
      etimsDeviceSerial: profile.etims.dvcSrlNo,
      updatedAt: new Date(),
    })
    .where(and(eq(shops.id, shopId), ownedShops(caller)))
    .returning(profileColumns);
  if (!row) throw notFound('Shop not found.');
  return toResponse(row);
}
