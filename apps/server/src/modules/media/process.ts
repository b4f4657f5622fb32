// Turns an uploaded file into the pictures we serve. The file is judged by what it is (sharp
// reads its header), never by its name or declared type, and it is always re-encoded: what we
// store and serve is WebP written by us, with no metadata, so nothing hostile in the upload
// (script in an SVG, HTML behind a .jpg name, GPS in EXIF) survives.
import { mediaRenditionUrl, mediaRenditionWidths, mediaUrl } from '@soko/contract';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../../platform/errors';

// Formats a phone or camera produces. SVG is refused outright (it is a document that can carry
// script), and so is everything else libvips could open (PDF, raw camera, FITS...).
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

// A decompression bomb is small on the wire and huge in memory: a 1 KB PNG can claim
// 20000x20000 pixels (1.6 GB decoded). 40 megapixels covers any phone camera.
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * The longest side WebP can hold (its header stores 14 bits a side). A picture within it stays
 * within it, since it is only ever scaled down: a longer one is refused before it is decoded.
 * https://developers.google.com/speed/webp/docs/riff_container
 */
export const MAX_SIDE = 16_383;
/** The widest full-size picture we keep; smaller ones are never enlarged. */
export const MAX_FULL_WIDTH = 1600;
// Quality 78: artefacts stop showing on product photos. Effort 2: the default (4) takes about
// 2.5 times as long for files no smaller (BENCHMARKS.md, issue 12).
const WEBP = { quality: 78, effort: 2 } as const;

export type Rendition = { file: string; width: number; height: number; data: Buffer };
export type RenderedImage = {
  width: number;
  height: number;
  /** The full size first, then the smaller widths, named by the contract's media rules. */
  renditions: Rendition[];
};

export const unsupportedImage = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'Only pictures can be uploaded (JPEG, PNG, WebP, GIF, AVIF, HEIC or TIFF).',
  );
const unreadableImage = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'The picture could not be read: the file is damaged or incomplete.',
  );
const tooManyPixels = () =>
  new AppError(
    413,
    'payload_too_large',
    `The picture is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
  );

const tooLongASide = () =>
  new AppError(
    400,
    'bad_request',
    `The picture is too tall or too wide: each side may be at most ${MAX_SIDE} pixels.`,
  );

const isPixelLimit = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

export async function renderImage(input: Buffer): Promise<RenderedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let format: string | undefined;
  let sides: number[];
  try {
    // Reads the header only: the size is checked before a single pixel is decoded.
    const meta = await sharp(input, options).metadata();
    format = meta.format;
    sides = [meta.width ?? 0, meta.height ?? 0];
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : unsupportedImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedImage();
  const [inputWidth = 0, inputHeight = 0] = sides;
  if (inputWidth * inputHeight > MAX_INPUT_PIXELS) throw tooManyPixels();
  // Either side: the EXIF orientation may turn the picture a quarter before it is written.
  if (Math.max(inputWidth, inputHeight) > MAX_SIDE) throw tooLongASide();

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once (turned upright by its EXIF orientation, capped in width, 8 bits per
    // channel); every rendition is then resized from these pixels.
    decoded = await sharp(input, options)
      .rotate()
      .resize({ width: MAX_FULL_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isPixelLimit(error)) throw tooManyPixels();
    throw unreadableImage();
  }
  const { width, height, channels } = decoded.info;
  const raw = { raw: { width, height, channels } };
  const encode = (resizeTo?: number) => {
    const pipeline = sharp(decoded.data, raw);
    return (resizeTo ? pipeline.resize({ width: resizeTo }) : pipeline)
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
  };

  // The key in these names is a placeholder: only the file part is kept.
  const full = await encode();
  const renditions: Rendition[] = [
    { file: fileName(mediaUrl('k', width, height)), width, height, data: full.data },
  ];
  for (const w of mediaRenditionWidths(width)) {
    const out = await encode(w);
    renditions.push({
      file: fileName(mediaRenditionUrl('k', w)),
      width: out.info.width,
      height: out.info.height,
      data: out.data,
    });
  }
  return { width, height, renditions };
}
