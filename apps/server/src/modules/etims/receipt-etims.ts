// A receipt's `etims` part as the contract's Receipt carries it (decision 046), from the receipt
// row's eTIMS columns: the receipts reader (decision 045) and the resend route both answer it.
import type { EtimsStatus, ReceiptEtims } from '@soko/contract';
import { sql } from 'drizzle-orm';

/** The receipt row's eTIMS columns, as Drizzle reads them. */
export type EtimsColumns = {
  etimsStatus: EtimsStatus;
  etimsKraReceiptNumber: number | null;
  etimsTotalReceiptNumber: number | null;
  etimsInternalData: string | null;
  etimsSignature: string | null;
  etimsSdcId: string | null;
  etimsMrcNo: string | null;
  etimsSignedAt: Date | null;
  etimsQrData: string | null;
  etimsRefusalCode: string | null;
  etimsRefusalMessage: string | null;
  etimsLastError: string | null;
};

export function receiptEtimsOf(row: EtimsColumns): ReceiptEtims {
  const sent = row.etimsStatus === 'sent';
  return {
    status: row.etimsStatus,
    kraReceiptNumber: sent ? row.etimsKraReceiptNumber : null,
    kraTotalReceiptNumber: sent ? row.etimsTotalReceiptNumber : null,
    internalData: sent ? row.etimsInternalData : null,
    signature: sent ? row.etimsSignature : null,
    sdcId: sent ? row.etimsSdcId : null,
    mrcNo: sent ? row.etimsMrcNo : null,
    signedAt: sent && row.etimsSignedAt ? row.etimsSignedAt.toISOString() : null,
    qrData: sent ? row.etimsQrData : null,
    refusal:
      row.etimsStatus === 'refused'
        ? { code: row.etimsRefusalCode ?? '', message: row.etimsRefusalMessage ?? '' }
        : null,
    pendingReason: row.etimsStatus === 'pending' ? row.etimsLastError : null,
  };
}

/** The same columns as a raw `select` answers them (the receipts reader's rows). */
export type EtimsRawColumns = {
  etims_status: EtimsStatus;
  etims_kra_receipt_number: number | null;
  etims_total_receipt_number: number | null;
  etims_internal_data: string | null;
  etims_signature: string | null;
  etims_sdc_id: string | null;
  etims_mrc_no: string | null;
  etims_signed_at: Date | string | null;
  etims_qr_data: string | null;
  etims_refusal_code: string | null;
  etims_refusal_message: string | null;
  etims_last_error: string | null;
};

/** The columns EtimsRawColumns names, for a raw select of a receipt (no table prefix). */
export const ETIMS_COLUMNS = sql.raw(`etims_status, etims_kra_receipt_number,
  etims_total_receipt_number, etims_internal_data, etims_signature, etims_sdc_id, etims_mrc_no,
  etims_signed_at, etims_qr_data, etims_refusal_code, etims_refusal_message, etims_last_error`);

export const receiptEtimsOfRaw = (row: EtimsRawColumns): ReceiptEtims =>
  receiptEtimsOf({
    etimsStatus: row.etims_status,
    etimsKraReceiptNumber: row.etims_kra_receipt_number,
    etimsTotalReceiptNumber: row.etims_total_receipt_number,
    etimsInternalData: row.etims_internal_data,
    etimsSignature: row.etims_signature,
    etimsSdcId: row.etims_sdc_id,
    etimsMrcNo: row.etims_mrc_no,
    etimsSignedAt: row.etims_signed_at === null ? null : new Date(row.etims_signed_at),
    etimsQrData: row.etims_qr_data,
    etimsRefusalCode: row.etims_refusal_code,
    etimsRefusalMessage: row.etims_refusal_message,
    etimsLastError: row.etims_last_error,
  });
