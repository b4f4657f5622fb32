import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import {
  MAX_IMAGE_BYTES,
  authResponseSchema,
  mediaUploadResponseSchema,
  parseMediaUrl,
  type AuthResponse,
} from '@soko/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ConfigError, loadConfig } from '../../platform/config';
import { rowsOf } from '../../platform/db';
import { media, shops, users } from '../../platform/schema';
import { createMediaStorage, folderStorage, s3Storage, sweepUnusedMedia } from '.';

let t: TestApp;
let shopId: string;
let otherShopId: string;
const tokens: Record<'customer' | 'owner' | 'owner2' | 'admin', string> = {
  customer: '',
  owner: '',
  owner2: '',
  admin: '',
};

const signIn = async (app: TestApp, email: string): Promise<AuthResponse> => {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/user/signin',
    payload: { email, password: 'soko-demo-pass' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return authResponseSchema.parse(res.json());
};

async function shopOf(app: TestApp, email: string): Promise<string> {
  const [row] = await app.database.db
    .select({ id: shops.id })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(users.email, email))
    .limit(1);
  if (!row) throw new Error(`${email} owns no shop`);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  tokens.customer = (await signIn(t, 'shopper@soko.test')).token;
  tokens.owner = (await signIn(t, 'owner@soko.test')).token;
  tokens.owner2 = (await signIn(t, 'owner2@soko.test')).token;
  tokens.admin = (await signIn(t, 'admin@soko.test')).token;
  shopId = await shopOf(t, 'owner@soko.test');
  otherShopId = await shopOf(t, 'owner2@soko.test');
});
afterAll(async () => {
  await t?.close();
});

type FilePart = { filename: string; type: string; data: Buffer; field?: string };

/** A multipart/form-data body written out by hand, as a browser's FormData would send it. */
function multipart(files: FilePart[]) {
  const boundary = `----soko-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  query: string,
  files: FilePart[],
  token?: string,
  app: TestApp = t,
): Promise<LightMyRequestResponse> => {
  const body = multipart(files);
  return app.app.inject({
    method: 'POST',
    url: `/api/media/upload?${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
const pngPart = async (filename = 'photo.png'): Promise<FilePart> => ({
  filename,
  type: 'image/png',
  data: await png(),
});

/** Where a returned local URL's files are on disk. */
const keyDir = (url: string) => {
  const ref = parseMediaUrl(url);
  if (!ref) throw new Error(`not a media URL: ${url}`);
  return path.join(t.config.mediaDir, ref.key);
};

const mediaRow = async (key: string) =>
  (await t.database.db.select().from(media).where(eq(media.key, key)))[0];

describe('POST /api/media/upload: who may upload', () => {
  const product = () => `kind=product&shopId=${shopId}`;

  it('refuses no token (401), a customer and another shop’s owner (403)', async () => {
    const file = await pngPart();
    expect((await upload(product(), [file])).statusCode).toBe(401);
    const customer = await upload(product(), [file], tokens.customer);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.code).toBe('forbidden');
    expect((await upload(product(), [file], tokens.owner2)).statusCode).toBe(403);
    // The same owner may upload for their own shop.
    const own = await upload(`kind=product&shopId=${otherShopId}`, [file], tokens.owner2);
    expect(own.statusCode).toBe(201);
  });

  it('takes the shop’s owner’s and an admin’s pictures (201), recording who and for which shop', async () => {
    const file = await pngPart();
    for (const [who, token] of [
      ['owner', tokens.owner],
      ['admin', tokens.admin],
    ] as const) {
      const res = await upload(product(), [file], token);
      expect(res.statusCode, who).toBe(201);
      const [image] = mediaUploadResponseSchema.parse(res.json()).images;
      const row = await mediaRow(parseMediaUrl(image?.url)?.key ?? '');
      expect(row?.shopId, who).toBe(shopId);
      expect(row?.uploadedBy, who).toBeTruthy();
    }
  });

  it('answers an unknown shop with 404, for an owner and an admin alike', async () => {
    const unknown = `kind=product&shopId=${randomUUID()}`;
    expect((await upload(unknown, [await pngPart()], tokens.owner)).statusCode).toBe(404);
    expect((await upload(unknown, [await pngPart()], tokens.admin)).statusCode).toBe(404);
  });

  it('takes blog pictures from an admin only (403 with a reason for anyone else)', async () => {
    const file = await pngPart();
    for (const token of [tokens.owner, tokens.customer]) {
      const res = await upload('kind=blog', [file], token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/admin/);
    }
    const admin = await upload('kind=blog', [file], tokens.admin);
    expect(admin.statusCode).toBe(201);
    const key = parseMediaUrl(admin.json().images[0].url)?.key ?? '';
    expect((await mediaRow(key))?.shopId).toBeNull();
  });

  it('answers a bad query with field errors to an admin, and nothing about it to a customer', async () => {
    const file = await pngPart();
    const admin = await upload(`kind=product`, [file], tokens.admin);
    expect(admin.statusCode).toBe(400);
    expect(admin.json().error.fields.shopId).toBe('Say which shop the pictures are for.');
    expect((await upload(`kind=poster&shopId=${shopId}`, [file], tokens.admin)).statusCode).toBe(
      400,
    );
    expect([403, 404]).toContain((await upload('kind=poster', [file], tokens.customer)).statusCode);
  });
});

describe('POST /api/media/upload: what is stored', () => {
  it('re-encodes a PNG to WebP at the full size and every smaller rendition width', async () => {
    const res = await upload(
      `kind=product&shopId=${shopId}`,
      [{ filename: 'big.png', type: 'image/png', data: await png(2400, 1200) }],
      tokens.owner,
    );
    expect(res.statusCode).toBe(201);
    const [image] = mediaUploadResponseSchema.parse(res.json()).images;
    // Capped at 1600 wide, height in proportion.
    expect(image).toMatchObject({ width: 1600, height: 800 });
    expect(image?.url).toMatch(/^\/media\/[0-9a-f-]{36}\/1600x800\.webp$/);
    const dir = keyDir(image?.url ?? '');
    expect((await readdir(dir)).sort()).toEqual(
      ['1600x800.webp', 'w320.webp', 'w640.webp', 'w960.webp'].sort(),
    );
    for (const [file, width] of [
      ['1600x800.webp', 1600],
      ['w320.webp', 320],
      ['w640.webp', 640],
      ['w960.webp', 960],
    ] as const) {
      const meta = await sharp(path.join(dir, file)).metadata();
      expect(meta.format, file).toBe('webp');
      expect(meta.width, file).toBe(width);
    }
    const row = await mediaRow(parseMediaUrl(image?.url)?.key ?? '');
    expect(row).toMatchObject({ width: 1600, height: 800 });
    expect(row?.bytes).toBeGreaterThan(0);
  });

  it('never enlarges a small picture, and keeps only the renditions narrower than it', async () => {
    const res = await upload(
      `kind=category&shopId=${shopId}`,
      [{ filename: 'small.png', type: 'image/png', data: await png(500, 500) }],
      tokens.owner,
    );
    const [image] = mediaUploadResponseSchema.parse(res.json()).images;
    expect(image).toMatchObject({ width: 500, height: 500 });
    expect((await readdir(keyDir(image?.url ?? ''))).sort()).toEqual(['500x500.webp', 'w320.webp']);
  });

  it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata', async () => {
    const jpeg = await sharp({
      create: { width: 400, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Copyright: 'Wanjiru', Artist: 'Home address' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const res = await upload(
      `kind=product&shopId=${shopId}`,
      [{ filename: 'IMG_0001.JPG', type: 'image/jpeg', data: jpeg }],
      tokens.owner,
    );
    expect(res.statusCode).toBe(201);
    const [image] = mediaUploadResponseSchema.parse(res.json()).images;
    expect(image).toMatchObject({ width: 200, height: 400 });
    for (const file of await readdir(keyDir(image?.url ?? ''))) {
      const meta = await sharp(path.join(keyDir(image?.url ?? ''), file)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif, file).toBeUndefined();
      expect(meta.icc, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(meta.orientation, file).toBeUndefined();
    }
  });

  it('names files itself: a ../ file name changes nothing', async () => {
    const res = await upload(
      `kind=product&shopId=${shopId}`,
      [{ filename: '../../etc/passwd.png', type: 'image/png', data: await png() }],
      tokens.owner,
    );
    expect(res.statusCode).toBe(201);
    const url: string = res.json().images[0].url;
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\/800x600\.webp$/);
    expect(existsSync(path.join(keyDir(url), '800x600.webp'))).toBe(true);
    expect(existsSync(path.join(t.config.mediaDir, '..', 'etc'))).toBe(false);
  });

  it('serves a stored picture as WebP, nosniff, cached for a year', async () => {
    const res = await upload(`kind=shop&shopId=${shopId}`, [await pngPart()], tokens.owner);
    const url: string = res.json().images[0].url;
    for (const address of [url, url.replace(/\/[^/]+$/, '/w320.webp')]) {
      const served = await t.app.inject({ method: 'GET', url: address });
      expect(served.statusCode, address).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(served.headers['cache-control']).toMatch(/immutable/);
    }
  });

  it('takes several files in one call, in order', async () => {
    const files = [
      { filename: 'a.png', type: 'image/png', data: await png(300, 200) },
      { filename: 'b.png', type: 'image/png', data: await png(200, 300) },
    ];
    const res = await upload(`kind=product&shopId=${shopId}`, files, tokens.owner);
    expect(res.statusCode).toBe(201);
    expect(
      res.json().images.map((i: { width: number; height: number }) => [i.width, i.height]),
    ).toEqual([
      [300, 200],
      [200, 300],
    ]);
  });
});

describe('POST /api/media/upload: what is refused', () => {
  const product = () => `kind=product&shopId=${shopId}`;
  const countMedia = async () =>
    rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from media`))[0]
      ?.n;

  it('refuses files that are not pictures, whatever their name and type say (415)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(1)">' +
        '<script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
    );
    const cases: FilePart[] = [
      {
        filename: 'notes.png',
        type: 'image/png',
        data: Buffer.from('just some text\n'.repeat(50)),
      },
      {
        filename: 'page.jpg',
        type: 'image/jpeg',
        data: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      },
      { filename: 'logo.svg', type: 'image/svg+xml', data: svg },
      { filename: 'logo.png', type: 'image/png', data: svg },
    ];
    const before = await countMedia();
    for (const file of cases) {
      const res = await upload(product(), [file], tokens.owner);
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
    }
    expect(await countMedia()).toBe(before);
  });

  it('refuses a truncated picture (415)', async () => {
    const jpeg = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#3a6' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(
      product(),
      [{ filename: 'cut.jpg', type: 'image/jpeg', data: jpeg.subarray(0, jpeg.length / 2) }],
      tokens.owner,
    );
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file over 2 MB with the spec’s text for the list (413), and stores nothing', async () => {
    const before = await countMedia();
    const big = { filename: 'big.png', type: 'image/png', data: Buffer.alloc(MAX_IMAGE_BYTES + 1) };
    const res = await upload(product(), [await pngPart(), big], tokens.owner);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Image upload failed (2 MB max per image)');
    const blog = await upload('kind=blog', [big], tokens.admin);
    expect(blog.json().error.message).toBe('Image upload fail (2 mb max per image)');
    expect(await countMedia()).toBe(before);
  });

  it('takes a file of exactly 2 MB past the size check', async () => {
    // Padding after the PNG's end is ignored by decoders: the file is a picture of 2 MB.
    const picture = await png(64, 64);
    const data = Buffer.concat([picture, Buffer.alloc(MAX_IMAGE_BYTES - picture.length)]);
    const res = await upload(
      product(),
      [{ filename: 'x.png', type: 'image/png', data }],
      tokens.owner,
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses more files than the list takes, with the spec’s text (400), and stores nothing', async () => {
    const file = await pngPart();
    const before = await countMedia();
    const res = await upload(
      product(),
      Array.from({ length: 7 }, () => file),
      tokens.owner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You can only have a maximum of 6 images');
    const category = await upload(
      `kind=category&shopId=${shopId}`,
      Array.from({ length: 7 }, () => file),
      tokens.owner,
    );
    expect(category.json().error.message).toBe('You can only upload 6 images per category');
    expect(await countMedia()).toBe(before);
  });

  it('refuses a call with no file with the spec’s text (400)', async () => {
    const res = await upload(product(), [], tokens.owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Select images to upload');
  });

  it('refuses parts not named files, and a body that is not multipart', async () => {
    const wrong = await upload(
      product(),
      [{ ...(await pngPart()), field: 'avatar' }],
      tokens.owner,
    );
    expect(wrong.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/media/upload?${product()}`,
      payload: { files: ['x'] },
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses decompression bombs quickly: a tiny PNG claiming 20000x20000, a huge solid one', async () => {
    // A real 1x1 PNG whose header is rewritten to claim 20000x20000 pixels (1.6 GB decoded).
    const tiny = Buffer.from(await png(1, 1));
    tiny.writeUInt32BE(20_000, 16);
    tiny.writeUInt32BE(20_000, 20);
    tiny.writeUInt32BE(crc32(tiny.subarray(12, 29)), 29);
    expect(tiny.length).toBeLessThan(1024);
    expect((await sharp(tiny, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    // 7100 x 7100 of one colour: 50 megapixels in a few tens of kilobytes.
    const solid = await sharp({
      create: { width: 7100, height: 7100, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(solid.length).toBeLessThan(MAX_IMAGE_BYTES);
    for (const data of [tiny, solid]) {
      const started = performance.now();
      const res = await upload(
        product(),
        [{ filename: 'bomb.png', type: 'image/png', data }],
        tokens.owner,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toMatch(/megapixels/);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });
});

describe('POST /api/media/upload: pictures WebP cannot hold, and bodies cut off (issue 28)', () => {
  const product = () => `kind=product&shopId=${shopId}`;

  it('refuses a picture with a side past WebP’s 16383 pixels with a clear message (400)', async () => {
    // 80,000 pixels, far under the megapixel bound, but 40000 tall: WebP cannot hold it.
    const tall = await png(2, 40_000);
    const res = await upload(
      product(),
      [{ filename: 'tall.png', type: 'image/png', data: tall }],
      tokens.owner,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'bad_request',
      message: 'The picture is too tall or too wide: each side may be at most 16383 pixels.',
    });
  });

  it('refuses a body missing its closing boundary (400)', async () => {
    const body = multipart([await pngPart()]);
    const cut = body.payload.subarray(0, body.payload.length - 100);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/media/upload?${product()}`,
      payload: cut,
      headers: { ...body.headers, authorization: `Bearer ${tokens.owner}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(
      'The upload was cut off or is not well-formed multipart.',
    );
  });
});

describe('early answers over a real keep-alive connection (issue 28)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** One connection written by hand: what a browser reusing a keep-alive connection does. */
  async function connection() {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => {
      closed = true;
    });
    // The server may close while the rest of a refused body is still being written.
    socket.on('error', () => {});
    /** Waits (at most `ms`) until `count` answers have arrived or the server closed. */
    const answers = async (count: number, ms = 3_000) => {
      const until = Date.now() + ms;
      // A status line follows the previous body directly, not on a line of its own.
      const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
      while (statuses().length < count && !closed && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return { statuses: statuses(), text: received, closed };
    };
    return { socket, answers };
  }

  const uploadHead = (length: number, boundary: string, token?: string) =>
    `POST /api/media/upload?kind=product&shopId=${shopId} HTTP/1.1\r\nHost: localhost\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n` +
    (token ? `Authorization: Bearer ${token}\r\n` : '') +
    '\r\n';
  const health = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';

  /** A multipart body of one file of `size` bytes. */
  const fileBody = (boundary: string, size: number) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      Buffer.alloc(size, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

  /** Sends `head` and `body`, and then a second request on the same connection. */
  async function twoOnOneConnection(head: string, body: Buffer) {
    const { socket, answers } = await connection();
    socket.write(head);
    socket.write(body);
    const first = await answers(1);
    socket.write(health);
    const both = await answers(2, 5_000);
    socket.destroy();
    return { first, both };
  }

  const refusedUpload = (token: string | undefined, size: number) => {
    const boundary = `soko-${randomUUID()}`;
    const body = fileBody(boundary, size);
    return twoOnOneConnection(uploadHead(body.length, boundary, token), body);
  };

  it('after a 413 for a 3 MB picture, answers the next request on the same connection', async () => {
    const { first, both } = await refusedUpload(tokens.owner, 3 * 1024 * 1024);
    expect(first.statuses).toEqual(['413']);
    expect(first.text).toContain('Image upload failed (2 MB max per image)');
    expect(both.statuses, both.text.slice(-300)).toEqual(['413', '200']);
  });

  it('an http.Agent keeping connections alive gets its next answer after a 413', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: http.OutgoingHttpHeaders, body?: Buffer) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, method, path, agent, headers, timeout: 5_000 },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
          },
        );
        req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
        req.on('error', reject);
        req.end(body);
      });
    const boundary = `soko-${randomUUID()}`;
    const body = fileBody(boundary, 3 * 1024 * 1024);
    const started = performance.now();
    const refused = await send(
      'POST',
      `/api/media/upload?kind=product&shopId=${shopId}`,
      {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${tokens.owner}`,
      },
      body,
    );
    expect(refused.status).toBe(413);
    const next = await send('GET', '/robots.txt', {});
    agent.destroy();
    expect(next.status).toBeLessThan(500);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('after a 401 or 403 before the upload is read, likewise', async () => {
    const anonymous = await refusedUpload(undefined, 1024 * 1024);
    expect(anonymous.both.statuses).toEqual(['401', '200']);
    const customer = await refusedUpload(tokens.customer, 1024 * 1024);
    expect(customer.both.statuses).toEqual(['403', '200']);
  });

  it('after a 415 for a body that is not multipart, likewise', async () => {
    const body = Buffer.alloc(1024 * 1024, 'a');
    const { both } = await twoOnOneConnection(
      `POST /api/media/upload?kind=product&shopId=${shopId} HTTP/1.1\r\nHost: localhost\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\n` +
        `Authorization: Bearer ${tokens.owner}\r\n\r\n`,
      body,
    );
    expect(both.statuses).toEqual(['415', '200']);
  });

  it('closes the connection after answering a body too big to be worth reading', async () => {
    const { socket, answers } = await connection();
    // Claims 1 GB: answered 401 at once, then the server closes rather than read it all.
    socket.write(uploadHead(1024 ** 3, `soko-${randomUUID()}`));
    socket.write(Buffer.alloc(64 * 1024));
    const answer = await answers(2, 5_000);
    socket.destroy();
    expect(answer.statuses).toEqual(['401']);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.closed).toBe(true);
  });

  it('answers a body cut off inside a file part (the client stops writing) with 400, not 500', async () => {
    const boundary = `soko-${randomUUID()}`;
    const body = fileBody(boundary, 200_000);
    const { socket, answers } = await connection();
    // Claims more than it sends, then stops writing (a client that gave up half way).
    socket.write(uploadHead(body.length + 50_000, boundary, tokens.owner));
    socket.write(body.subarray(0, 100_000));
    socket.end();
    const answer = await answers(1);
    socket.destroy();
    expect(answer.statuses, answer.text.slice(0, 600)).toEqual(['400']);
  });
});

describe('the media sweep', () => {
  it('deletes old pictures nothing points at (row and files), keeps used and fresh ones', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await upload(`kind=shop&shopId=${shopId}`, [await pngPart()], tokens.owner);
      urls.push(res.json().images[0].url);
    }
    const [unused, inShop, onAvatar, fresh, asLogo] = urls as [
      string,
      string,
      string,
      string,
      string,
    ];
    const keyOf = (url: string) => parseMediaUrl(url)?.key ?? '';
    const db = t.database.db;
    await db.execute(
      sql`update shops set promotional_images = promotional_images || array[${inShop}]::text[] where id = ${shopId}`,
    );
    // The seller's logo (decision 040) is a picture in use too.
    await db.execute(sql`update shops set logo_url = ${asLogo} where id = ${shopId}`);
    await db.execute(
      sql`update tenants set whatsapp = coalesce(whatsapp, '{}'::jsonb) || jsonb_build_object('avatar', ${`http://cdn.example${onAvatar}`}::text) where is_default`,
    );
    const old = [unused, inShop, onAvatar, asLogo].map(keyOf);
    await db.execute(
      sql`update media set created_at = now() - interval '2 days' where key in (${sql.join(
        old.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );

    const swept = await sweepUnusedMedia(
      { db, storage: folderStorage(t.config.mediaDir) },
      t.config.mediaSweepGraceMinutes,
    );
    expect(swept).toBe(1);
    expect(await mediaRow(keyOf(unused))).toBeUndefined();
    expect(existsSync(keyDir(unused))).toBe(false);
    for (const kept of [inShop, onAvatar, fresh, asLogo]) {
      expect(await mediaRow(keyOf(kept)), kept).toBeDefined();
      expect(existsSync(keyDir(kept)), kept).toBe(true);
    }
    // Seeded (demo) pictures in use are old enough too, and stay.
    const demo = await db
      .select()
      .from(media)
      .where(inArray(media.key, ['demo-01']));
    expect(demo).toHaveLength(1);
  });
});

describe('settings', () => {
  it('refuses part of the S3 settings at start, naming what is missing', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'soko' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'soko' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    const full = loadConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'soko',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(full.s3).toMatchObject({
      region: 'us-east-1',
      publicUrl: 'http://127.0.0.1:9000/soko',
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });
});

describe('S3 storage (s3rver on loopback)', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  let s3App: TestApp | undefined;
  const settings = () => ({
    endpoint,
    bucket: 'soko-media',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    publicUrl: `${endpoint}/soko-media`,
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'soko-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'soko-media', configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3App?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts a file readable at its public URL with the right headers, and deletes a key', async () => {
    const storage = s3Storage(settings());
    const bytes = Buffer.from('not really webp, but bytes are bytes');
    await storage.put('k-1', '10x10.webp', bytes, 'image/webp');
    await storage.put('k-1', 'w320.webp', bytes, 'image/webp');
    const url = `${storage.publicBase}/media/k-1/10x10.webp`;
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    await storage.deleteKey('k-1');
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(`${storage.publicBase}/media/k-1/w320.webp`)).status).toBe(404);
    await expect(storage.put('../x', 'a.webp', bytes, 'image/webp')).rejects.toThrow(/unsafe/);
  });

  it('uploads through the app to the bucket: URLs on the S3 base, objects there', async () => {
    s3App = await createTestApp({
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'soko-media',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        RATE_LIMIT_UPLOADS: '3',
      },
    });
    expect(createMediaStorage(s3App.config).publicBase).toBe(`${endpoint}/soko-media`);
    const owner = (await signIn(s3App, 'owner@soko.test')).token;
    const shop = await shopOf(s3App, 'owner@soko.test');
    const res = await upload(`kind=product&shopId=${shop}`, [await pngPart()], owner, s3App);
    expect(res.statusCode).toBe(201);
    const url: string = res.json().images[0].url;
    expect(url).toMatch(new RegExp(`^${endpoint}/soko-media/media/[0-9a-f-]{36}/800x600\\.webp$`));
    expect(parseMediaUrl(url)).toMatchObject({ width: 800, height: 600 });
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).format).toBe('webp');
    expect((await fetch(url.replace(/[^/]+$/, 'w640.webp'))).status).toBe(200);
    // Nothing went to the local folder.
    expect(existsSync(path.join(s3App.config.mediaDir, parseMediaUrl(url)?.key ?? ''))).toBe(false);

    // Three files a minute here: the fourth in the same minute is refused.
    const files = await Promise.all([pngPart(), pngPart(), pngPart()]);
    const limited = await upload(`kind=product&shopId=${shop}`, files, owner, s3App);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
