import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import {
  IMAGE_LIMIT_MESSAGES,
  UPLOAD_MESSAGES,
  mediaUrl,
  type MediaKind,
  type UploadedImage,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import type { AttemptCounter } from '../../platform/rate-limit';
import type { Db } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { shops } from '../../platform/schema';
import { renderImage, type RenderedImage } from './process';
import { deleteMediaRows, insertMedia } from './queries';
import type { MediaStorage } from './storage';

export type MediaDeps = { db: Db; storage: MediaStorage };

export type ImageOwner = { uploadedBy: string | null; shopId: string | null };

/**
 * Records and writes one rendered picture under a new key. The row comes first: a crash
 * between the two leaves a row the sweep will clear (with whatever files made it), never
 * files that no row points at. The URL is handed out only once every file is written.
 */
export async function saveRenderedImage(
  deps: MediaDeps,
  image: RenderedImage,
  owner: ImageOwner,
  key: string = randomUUID(),
): Promise<UploadedImage> {
  const bytes = image.renditions.reduce((sum, r) => sum + r.data.length, 0);
  await insertMedia(deps.db, { key, width: image.width, height: image.height, bytes, ...owner });
  try {
    await Promise.all(
      image.renditions.map((r) => deps.storage.put(key, r.file, r.data, 'image/webp')),
    );
  } catch (error) {
    await deps.storage.deleteKey(key).catch(() => {});
    await deleteMediaRows(deps.db, [key]).catch(() => {});
    throw error;
  }
  return {
    url: `${deps.storage.publicBase}${mediaUrl(key, image.width, image.height)}`,
    width: image.width,
    height: image.height,
  };
}

/**
 * One picture through the whole pipeline (checked, re-encoded to WebP at every width, stored,
 * recorded): what an upload does per file, for callers that hold the bytes already (the demo
 * seed). `key` defaults to a random one; a given key must be [A-Za-z0-9-].
 */
export async function storeImage(
  deps: MediaDeps,
  input: Buffer,
  owner: ImageOwner = { uploadedBy: null, shopId: null },
  key?: string,
): Promise<UploadedImage> {
  return saveRenderedImage(deps, await renderImage(input), owner, key);
}

export type UploadRequest = {
  caller: Caller;
  kind: MediaKind;
  shopId: string | undefined;
  /** The request's multipart parts, already limited in size and count by the parser. */
  parts: AsyncIterable<Multipart>;
  attempts: AttemptCounter;
  filesPerMinute: number;
};

const UPLOAD_WINDOW_MS = 60_000;

/**
 * Every file of the call is read and rendered before any is stored, so a call refused halfway
 * (one file too many, too big, not a picture) stores nothing. Files are rendered one at a time:
 * libvips already spreads one picture over the cores, and the next part is not read off the
 * socket until the previous one is done, so a slow call holds one file in memory, not all.
 */
export async function uploadImages(
  deps: MediaDeps,
  request: UploadRequest,
): Promise<UploadedImage[]> {
  const { kind, caller } = request;
  // Blog pictures belong to no shop, whatever the query says.
  const shopId = kind === 'blog' ? null : (request.shopId ?? null);
  if (shopId) {
    const [shop] = await deps.db
      .select({ id: shops.id })
      .from(shops)
      .where(eq(shops.id, shopId))
      .limit(1);
    if (!shop) throw notFound('Shop not found.');
  }

  const rendered: RenderedImage[] = [];
  try {
    for await (const part of request.parts) {
      if (part.type !== 'file' || part.fieldname !== 'files') {
        throw badRequest('Send the pictures as parts named "files", and nothing else.');
      }
      const wait = await request.attempts.hit(
        `uploads:${caller.id}`,
        request.filesPerMinute,
        UPLOAD_WINDOW_MS,
      );
      if (wait > 0) {
        throw new AppError(429, 'rate_limited', 'Too many uploads. Please try again shortly.', {
          details: { retryAfterSeconds: wait },
        });
      }
      rendered.push(await renderImage(await part.toBuffer()));
    }
  } catch (error) {
    throw multipartError(error, kind);
  }
  if (rendered.length === 0) throw badRequest(UPLOAD_MESSAGES[kind].none);

  const owner = { uploadedBy: caller.id, shopId };
  const images: UploadedImage[] = [];
  for (const image of rendered) images.push(await saveRenderedImage(deps, image, owner));
  return images;
}

// @fastify/multipart's limit errors, in the spec's words for this list.
function multipartError(error: unknown, kind: MediaKind): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'payload_too_large', UPLOAD_MESSAGES[kind].failed);
    case 'FST_FILES_LIMIT':
      return badRequest(IMAGE_LIMIT_MESSAGES[kind]);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('Send the pictures as parts named "files", and nothing else.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(
        415,
        'unsupported_media_type',
        'Send the pictures as multipart/form-data.',
      );
    default:
      // busboy's (and dicer's) words for a body that is not well-formed multipart (cut off,
      // no closing boundary), and Node's for a client that went away mid-body.
      if (error instanceof Error && BODY_CUT_OFF.test(error.message))
        return badRequest('The upload was cut off or is not well-formed multipart.');
      return error;
  }
}

const BODY_CUT_OFF =
  /Unexpected end of (?:form|multipart data)|Malformed part header|Boundary not found|^aborted$/i;
