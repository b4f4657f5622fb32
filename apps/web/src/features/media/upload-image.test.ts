import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { UploadError, uploadImage, uploadUrl } from './upload-image';

// One file per request through XMLHttpRequest (for its upload progress), here against a fake.

class FakeRequest {
  static last: FakeRequest | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const createRequest = () => new FakeRequest() as unknown as XMLHttpRequest;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'leaf.png', { type: 'image/png' });
const SHOP = '11111111-1111-1111-1111-111111111111';

describe('uploadImage', () => {
  it('posts one file as the part "files" with the bearer token, reports progress, answers the image', async () => {
    const seen: number[] = [];
    const done = uploadImage(png(), {
      kind: 'product',
      shopId: SHOP,
      token: 'tok',
      createRequest,
      onProgress: (fraction) => seen.push(fraction),
    });
    const request = FakeRequest.last as FakeRequest;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/api/media/upload?kind=product&shopId=${SHOP}`);
    expect(request.headers.authorization).toBe('Bearer tok');
    const body = request.body as FormData;
    expect(body.getAll('files')).toHaveLength(1);
    expect((body.get('files') as File).name).toBe('leaf.png');

    request.progress(50, 100);
    request.answer(201, { images: [{ url: '/media/abc/800x600.webp', width: 800, height: 600 }] });
    await expect(done).resolves.toEqual({
      url: '/media/abc/800x600.webp',
      width: 800,
      height: 600,
    });
    expect(seen).toEqual([0.5, 1]);
  });

  it("answers the spec's failure text on a 413, and keeps the server's words for a 415", async () => {
    const tooBig = uploadImage(png(), { kind: 'shop', shopId: SHOP, token: null, createRequest });
    const first = FakeRequest.last as FakeRequest;
    expect(first.headers.authorization).toBeUndefined();
    first.answer(413, { error: { code: 'too_large', message: 'Too large.' } });
    await expect(tooBig).rejects.toMatchObject({
      message: 'Image upload failed (2 MB max per image)',
      status: 413,
    });

    const notImage = uploadImage(png(), { kind: 'shop', shopId: SHOP, createRequest, token: 't' });
    (FakeRequest.last as FakeRequest).answer(415, {
      error: { code: 'unsupported_media_type', message: 'That file is not an image.' },
    });
    const error = (await notImage.catch((e: unknown) => e)) as UploadError;
    expect(error).toBeInstanceOf(UploadError);
    expect(error.message).toBe(UPLOAD_MESSAGES.shop.failed);
    expect(error.serverMessage).toBe('That file is not an image.');
  });

  it('fails on a network error, on an answer that is not ours, and when aborted', async () => {
    const offline = uploadImage(png(), {
      kind: 'product',
      shopId: SHOP,
      createRequest,
      token: 't',
    });
    (FakeRequest.last as FakeRequest).onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0 });

    const garbled = uploadImage(png(), {
      kind: 'product',
      shopId: SHOP,
      createRequest,
      token: 't',
    });
    (FakeRequest.last as FakeRequest).answer(201, '<html>proxy</html>');
    await expect(garbled).rejects.toBeInstanceOf(UploadError);

    const controller = new AbortController();
    const aborted = uploadImage(png(), {
      kind: 'product',
      shopId: SHOP,
      createRequest,
      token: 't',
      signal: controller.signal,
    });
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(UploadError);
    expect((FakeRequest.last as FakeRequest).aborted).toBe(true);
  });

  it('refuses a file over 2 MB or not a picture without sending anything', async () => {
    FakeRequest.last = undefined;
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.png', { type: 'image/png' });
    await expect(
      uploadImage(big, { kind: 'product', shopId: SHOP, createRequest }),
    ).rejects.toMatchObject({
      message: 'Image upload failed (2 MB max per image)',
    });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(
      uploadImage(text, { kind: 'category', shopId: SHOP, createRequest }),
    ).rejects.toMatchObject({
      message: 'Image upload failed (2MB max per image)',
      // The screen says why in its own words (decision 050), not the server's.
      notAPicture: true,
      serverMessage: undefined,
    });
    expect(FakeRequest.last).toBeUndefined();
  });

  it('builds the address without a shop for blog pictures', () => {
    expect(uploadUrl('blog')).toBe('/api/media/upload?kind=blog');
  });
});
