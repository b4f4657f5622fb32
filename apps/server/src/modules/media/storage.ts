// Where picture files live: a folder under DATA_DIR (served by this server at /media/), or an
// S3-compatible bucket (served by the bucket or a CDN in front of it). Every file sits at
// `media/{key}/{file}`, so a URL is always `${publicBase}/media/{key}/{file}` and the
// contract's media rules (parseMediaUrl, imageSrcSet) read it the same way on either.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../platform/config';

export interface MediaStorage {
  /** '' for this server's own /media/ route; otherwise the bucket's or the CDN's origin. */
  readonly publicBase: string;
  /** Writes one file of a key; `file` is a bare name such as `640x480.webp`. */
  put(key: string, file: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes every file of a key (nothing to delete is fine). */
  deleteKey(key: string): Promise<void>;
}

// Keys and file names are made by the server, but the storage refuses anything that could
// leave its folder or prefix all the same.
const SAFE_KEY = /^[A-Za-z0-9-]{1,100}$/;
const SAFE_FILE = /^[A-Za-z0-9-]{1,40}\.webp$/;

function checkNames(key: string, file?: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key: ${JSON.stringify(key)}`);
  if (file !== undefined && !SAFE_FILE.test(file))
    throw new Error(`unsafe media file name: ${JSON.stringify(file)}`);
}

// Served with immutable caching: a key's files never change once written.
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function folderStorage(mediaDir: string): MediaStorage {
  const root = path.resolve(mediaDir);
  return {
    publicBase: '',
    async put(key, file, bytes) {
      checkNames(key, file);
      const dir = path.join(root, key);
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, file);
      // Written beside and renamed, so a reader never gets half a file.
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
    async deleteKey(key) {
      checkNames(key);
      await rm(path.join(root, key), { recursive: true, force: true });
    },
  };
}

export type S3Settings = NonNullable<Config['s3']>;

export function s3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    // Path-style (endpoint/bucket/key) works with every S3-compatible server (MinIO, R2,
    // s3rver); virtual-hosted style needs a DNS name per bucket.
    forcePathStyle: true,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
  });
  const bucket = settings.bucket;
  return {
    publicBase: settings.publicUrl,
    async put(key, file, bytes, contentType) {
      checkNames(key, file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `media/${key}/${file}`,
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async deleteKey(key) {
      checkNames(key);
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: `media/${key}/` }),
      );
      const objects = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }),
      );
    },
  };
}

/** The storage the settings choose: S3 when every S3_* setting is there, else the folder. */
export function createMediaStorage(config: Pick<Config, 'mediaDir' | 's3'>): MediaStorage {
  return config.s3 ? s3Storage(config.s3) : folderStorage(config.mediaDir);
}
