// A shop's catalogue as CSV (decision 039): the export saved as a file, and the import sent as
// the file's bytes (text/csv) with its upload progress, first as a dry run.
import type { CatalogueImportResult } from '@soko/contract';
import { ApiError, authHeader, toApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

const catalogueUrl = (shopId: string) =>
  `/api/property/shop/${encodeURIComponent(shopId)}/catalogue.csv`;

/** GET /api/property/shop/{shopId}/catalogue.csv, saved as the file the server names. */
export function downloadCatalogueCsv(shopId: string): Promise<void> {
  return downloadFile(catalogueUrl(shopId), 'catalogue.csv');
}

/** The code of a file that never reached the server: the screen says so in its words. */
export const CATALOGUE_NOT_SENT = 'not_sent';

/** How far the file's upload has got, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/**
 * POST the file (a dry run when asked). XMLHttpRequest rather than fetch: fetch reports no
 * upload progress, and a 10 MB file on a slow line takes a while.
 */
export function uploadCatalogueCsv(
  shopId: string,
  file: Blob,
  dryRun: boolean,
  onProgress: UploadProgress,
): Promise<CatalogueImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${catalogueUrl(shopId)}${dryRun ? '?dryRun=true' : ''}`);
    for (const [name, value] of Object.entries(authHeader())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        response.json().then((body) => resolve(body as CatalogueImportResult), reject);
      } else {
        toApiError(response).then(reject, reject);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network error', { code: CATALOGUE_NOT_SENT }));
    xhr.send(file);
  });
}
