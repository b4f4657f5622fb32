// What a signed receipt's QR holds (decision 046). The OSCU documentation says nothing of it; the
// printed eTIMS invoices carry a link to KRA's own invoice checker, whose Data parameter is the
// seller's PIN, the branch and KRA's receipt signature run together. A buyer who scans it sees
// KRA's record of the sale, not ours.

/** KRA's portal for a base URL: production's for etims-api.kra.go.ke, the sandbox's otherwise. */
export function qrPortalFor(baseUrl: string): string {
  const host = new URL(baseUrl).hostname;
  return host === 'etims-api.kra.go.ke' ? 'https://etims.kra.go.ke' : 'https://etims-sbx.kra.go.ke';
}

export function qrDataOf(
  portal: string,
  device: { tin: string; bhfId: string },
  signature: string,
): string {
  const data = `${device.tin}${device.bhfId}${signature}`;
  return `${portal}/common/link/etims/receipt/indexEtimsReceiptData?Data=${encodeURIComponent(data)}`;
}
