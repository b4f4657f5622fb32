// One picture to POST /api/media/upload per request, through XMLHttpRequest: fetch cannot report
// upload progress, and each file gets its own progress bar. The server checks, re-encodes and
// stores it (DESIGN departure 2) and answers its address.
import {
  MAX_IMAGE_BYTES,
  UPLOAD_MESSAGES,
  type MediaKind,
  type MediaUploadResponse,
  type UploadedImage,
} from '@soko/contract';
import { readToken } from '../../lib/session';

export class UploadError extends Error {
  /** The HTTP status, or 0 when no answer came (network, aborted, refused before sending). */
  readonly status: number;
  /** The server's own words, when it answered our error body. */
  readonly serverMessage: string | undefined;
  /** Refused before sending as not a picture: the screen says so in its words (decision 050). */
  readonly notAPicture: boolean;

  constructor(
    message: string,
    status: number,
    serverMessage?: string,
    { notAPicture = false }: { notAPicture?: boolean } = {},
  ) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.notAPicture = notAPicture;
  }
}

export interface UploadOptions {
  kind: MediaKind;
  shopId?: string;
  /** 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Tests pass a fake; the browser's XMLHttpRequest otherwise. */
  createRequest?: () => XMLHttpRequest;
  /** The bearer token; the stored one when left out. */
  token?: string | null;
}

export function uploadUrl(kind: MediaKind, shopId?: string): string {
  const query = new URLSearchParams({ kind });
  if (shopId) query.set('shopId', shopId);
  return `/api/media/upload?${query}`;
}

function serverMessageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uploads one picture and answers the stored image. Fails with an UploadError whose message is
 * the spec's upload failure text for the list (`UPLOAD_MESSAGES[kind].failed`); a file over
 * 2 MB or not a picture is refused before anything is sent.
 */
export function uploadImage(file: Blob, options: UploadOptions): Promise<UploadedImage> {
  const failed = UPLOAD_MESSAGES[options.kind].failed;
  if (file.size > MAX_IMAGE_BYTES) return Promise.reject(new UploadError(failed, 0));
  if (file.type && !file.type.startsWith('image/')) {
    return Promise.reject(new UploadError(failed, 0, undefined, { notAPicture: true }));
  }

  return new Promise((resolve, reject) => {
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    request.open('POST', uploadUrl(options.kind, options.shopId));
    request.setRequestHeader('accept', 'application/json');
    const token = options.token === undefined ? readToken() : options.token;
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201 || request.status === 200) {
        try {
          const body = JSON.parse(request.responseText) as MediaUploadResponse;
          const image = body.images?.[0];
          if (image && typeof image.url === 'string') {
            options.onProgress?.(1);
            resolve(image);
            return;
          }
        } catch {
          // An answer that is not ours: a failure like any other.
        }
        reject(new UploadError(failed, request.status));
        return;
      }
      reject(new UploadError(failed, request.status, serverMessageOf(request.responseText)));
    };
    request.onerror = () => reject(new UploadError(failed, 0));
    request.onabort = () => reject(new UploadError(failed, 0));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new UploadError(failed, 0));
        return;
      }
      options.signal.addEventListener('abort', () => request.abort(), { once: true });
    }

    const body = new FormData();
    body.append('files', file, file instanceof File ? file.name : 'image');
    request.send(body);
  });
}
