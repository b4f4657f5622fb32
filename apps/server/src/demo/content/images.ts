// Demo pictures made on the spot: no downloads, no fonts (text rendering would depend on the
// fonts installed on the machine). Each picture is an SVG composed from a seeded random
// generator: a soft gradient, bokeh and a thing of the kind asked for (a jar, a bottle, folded
// cloth, beads, a basket, a soap bar...). Rendering (SVG to pixels) is kept apart from encoding
// (WebP renditions written under the media folder), so the pixels can go through another
// pipeline, such as the media upload one, instead.
import { access, mkdir, rename } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { mediaRenditionUrl, mediaRenditionWidths, mediaUrl } from '@soko/contract';
import sharp from 'sharp';
import { DEMO_PICTURES, type DemoPicture } from './catalog';

/** The shape of an image: a product-style picture (square or 4:3) or a wide banner. */
export type DemoImageKind = 'square' | 'banner';

/** What a picture shows: one thing of a catalogue kind, or a banner spreading several. */
export type DemoPictureKind = DemoPicture | 'banner';

export interface GeneratedImage {
  key: string;
  width: number;
  height: number;
  /** Path of the full-size rendition under the media route. */
  url: string;
  kind: DemoImageKind;
  picture: DemoPictureKind;
}

/** One picture to make: the `index`-th of its kind (colours, layout and shape follow it). */
export interface DemoPictureRequest {
  kind: DemoPictureKind;
  index: number;
}

export interface GenerateDemoImagesOptions {
  /**
   * The old mix, keyed `demo-01`..: every sixth image (index 5, 11, ...) is a banner and the
   * rest show a bottle, jar, leaves, basket or beads in turn. Ignored when `pictures` is given.
   */
  count?: number;
  /** Pictures of the kinds asked for, keyed `demo-jar-01`, `demo-banner-02`... */
  pictures?: readonly DemoPictureRequest[];
  outDir: string;
  /** Changes every picture; keys stay the same, so use a fresh outDir for a new seed. */
  seed?: number;
  /**
   * With `count`: every image of one shape, keyed `demo-square-01`/`demo-banner-01`.. so they
   * never share a folder with the default mix.
   */
  kind?: DemoImageKind;
}

const WEBP = { quality: 75, effort: 2 } as const;
const BANNER_EVERY = 6;
/** What the old count-based mix shows, in turn. */
const MIX: readonly DemoPicture[] = ['bottle', 'jar', 'leaves', 'basket', 'beads'];

const pad = (index: number) => String(index + 1).padStart(2, '0');

export const demoImageKey = (index: number, kind?: DemoImageKind): string =>
  `demo-${kind ? `${kind}-` : ''}${pad(index)}`;

/** Key of the `index`-th picture of a kind; a banner's is the same as with `kind: 'banner'`. */
export const demoPictureKey = (request: DemoPictureRequest): string =>
  `demo-${request.kind}-${pad(request.index)}`;

/** Kind and full size of the image at `index`: stable whatever the count. */
export const demoImageShape = (
  index: number,
  kind?: DemoImageKind,
): { kind: DemoImageKind; width: number; height: number } => {
  const k = kind ?? (index % BANNER_EVERY === BANNER_EVERY - 1 ? 'banner' : 'square');
  if (k === 'banner') return { kind: k, width: 1600, height: 600 };
  // Most product pictures are square; every third one is 4:3 so galleries see both shapes.
  return index % 3 === 2
    ? { kind: k, width: 1200, height: 900 }
    : { kind: k, width: 1200, height: 1200 };
};

/**
 * File names in `${outDir}/${key}/`: the full size first, then the smaller widths, named by the
 * contract's media rules so the storefront's srcset finds them.
 */
export const demoImageFiles = (size: { width: number; height: number }): string[] =>
  [
    mediaUrl('k', size.width, size.height),
    ...mediaRenditionWidths(size.width).map((w) => mediaRenditionUrl('k', w)),
  ].map((url) => url.slice('/media/k/'.length));

/** The images `generateDemoImages` makes for these options, without making them. */
export function describeDemoImages(
  options: Pick<GenerateDemoImagesOptions, 'count' | 'pictures' | 'kind'>,
): GeneratedImage[] {
  const { count, pictures, kind } = options;
  if (pictures) {
    return pictures.map((request) => {
      if (!Number.isInteger(request.index) || request.index < 0) {
        throw new RangeError(`bad picture index: ${request.index}`);
      }
      const shape = demoImageShape(request.index, request.kind === 'banner' ? 'banner' : 'square');
      const key = demoPictureKey(request);
      return {
        key,
        url: mediaUrl(key, shape.width, shape.height),
        ...shape,
        picture: request.kind,
      };
    });
  }
  const n = count ?? 0;
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`bad image count: ${n}`);
  return Array.from({ length: n }, (_, index) => {
    const shape = demoImageShape(index, kind);
    const key = demoImageKey(index, kind);
    const picture: DemoPictureKind =
      shape.kind === 'banner' ? 'banner' : (MIX[index % MIX.length] ?? 'jar');
    return { key, url: mediaUrl(key, shape.width, shape.height), ...shape, picture };
  });
}

export async function generateDemoImages(
  options: GenerateDemoImagesOptions,
): Promise<GeneratedImage[]> {
  const { outDir, seed = 1 } = options;
  const images = describeDemoImages(options);
  // The composition's index: a picture's place among its kind, or the old mix's position.
  const indexes = options.pictures?.map((p) => p.index) ?? images.map((_, i) => i);

  // One libvips thread per image and as many images at once as there are cores: SVG
  // rasterising is single-threaded anyway, so this keeps every core busy. The setting is
  // process-wide (uploads use the same sharp), hence restored afterwards.
  const workers = Math.max(1, Math.min(availableParallelism(), 8));
  const previousConcurrency = sharp.concurrency();
  sharp.concurrency(1);
  try {
    let next = 0;
    const worker = async () => {
      while (next < images.length) {
        const at = next++;
        const image = images[at];
        if (image) await writeImage(image, indexes[at] ?? at, seed, outDir);
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    sharp.concurrency(previousConcurrency);
  }
  return images;
}

export interface RenderDemoPictureOptions {
  kind: DemoPictureKind;
  index: number;
  width: number;
  height: number;
  seed?: number;
}

/** The SVG of one picture: pure, deterministic for its options. */
export const composeDemoPicture = (options: RenderDemoPictureOptions): string =>
  composeSvg(options.width, options.height, options.kind, options.index, options.seed ?? 1);

/** One picture's source bitmap, a lossless PNG of the asked size, ready for any encoder. */
export async function renderDemoPicture(options: RenderDemoPictureOptions): Promise<Buffer> {
  const { data, raw } = await rasterise(composeDemoPicture(options));
  return sharp(data, { raw }).png({ compressionLevel: 3 }).toBuffer();
}

async function rasterise(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

async function writeImage(
  image: GeneratedImage,
  index: number,
  seed: number,
  outDir: string,
): Promise<void> {
  const dir = path.join(outDir, image.key);
  const files = demoImageFiles(image);
  const missing = (
    await Promise.all(
      files.map(async (file) => ((await exists(path.join(dir, file))) ? null : file)),
    )
  ).filter((file): file is string => file !== null);
  if (missing.length === 0) return;

  await mkdir(dir, { recursive: true });
  // Rasterise once (raw pixels, no PNG round trip), then resize them for each rendition.
  const { data, raw } = await rasterise(
    composeSvg(image.width, image.height, image.picture, index, seed),
  );

  await Promise.all(
    missing.map(async (file) => {
      const target = path.join(dir, file);
      // Written beside and renamed, so an interrupted run never leaves a half file that a
      // later run would take as done.
      const temp = `${target}.${process.pid}.tmp`;
      let pipeline = sharp(data, { raw });
      const match = /^w(\d+)\.webp$/.exec(file);
      if (match) pipeline = pipeline.resize({ width: Number(match[1]) });
      await pipeline.webp(WEBP).toFile(temp);
      await rename(temp, target);
    }),
  );
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

// ---- composition ---------------------------------------------------------------------------

interface Palette {
  from: string;
  to: string;
  accents: [string, string, string];
  ink: string;
}

// Soft colours drawn from the catalogue: shea, moringa, hibiscus, baobab, kikoy, beadwork...
const PALETTES: readonly Palette[] = [
  { from: '#f6efe3', to: '#e7d3b5', accents: ['#c98f54', '#8aa37b', '#f2c57c'], ink: '#6b4a2b' },
  { from: '#eef4ea', to: '#c9dcbf', accents: ['#5f8f4e', '#a7c59a', '#e9d8a6'], ink: '#2f4f2a' },
  { from: '#fbe9ec', to: '#f1bfc8', accents: ['#b8325a', '#e57f9b', '#f7d6a0'], ink: '#6d1d37' },
  { from: '#fdf3e1', to: '#f6d59f', accents: ['#d98b2b', '#f0b35e', '#7a9a6b'], ink: '#7a4a12' },
  { from: '#e8f1f5', to: '#bcd6e3', accents: ['#2f6f91', '#f09a5a', '#9cc5d6'], ink: '#1d4257' },
  { from: '#efe9f6', to: '#cdbfe3', accents: ['#7b5ea7', '#b59fd6', '#e8c1d0'], ink: '#3e2a5c' },
  { from: '#f3ece6', to: '#d6c2b0', accents: ['#6f4e37', '#a67c52', '#e4c9a8'], ink: '#3b2819' },
  { from: '#fcefe7', to: '#f4c7ad', accents: ['#c8553d', '#2a6f97', '#f2a65a'], ink: '#5c2315' },
  { from: '#eaf4f1', to: '#b7dcd3', accents: ['#2a9d8f', '#e9c46a', '#f4a261'], ink: '#174d46' },
  { from: '#f7f3e8', to: '#e2dcc2', accents: ['#9a8c4e', '#c2b280', '#6b8f71'], ink: '#4a4326' },
  { from: '#fff4f0', to: '#ffd6c9', accents: ['#e76f51', '#264653', '#e9c46a'], ink: '#5a2a1c' },
  { from: '#f1f0fa', to: '#c9cbe8', accents: ['#3d5a80', '#ee6c4d', '#98c1d9'], ink: '#1f2f4a' },
];

type Rng = () => number;

// mulberry32: tiny, fast and good enough for pictures.
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const pick = <T>(rng: Rng, items: readonly T[]): T => {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

type Motif = (rng: Rng, cx: number, cy: number, size: number, p: Palette) => string;

// Every motif is drawn in a box of `size` centred on (cx, cy), resting near cy + 0.42 size
// where the shadow goes. Shapes stay bold and few so the thing reads at 320 px wide.

const uid = (rng: Rng, prefix: string) => `${prefix}${Math.floor(rng() * 1e9)}`;
const rect = (x: number, y: number, w: number, h: number, rest: string) =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" ${rest}/>`;
const circle = (x: number, y: number, r: number, rest: string) =>
  `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" ${rest}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, rest: string) =>
  `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(rx)}" ry="${r1(ry)}" ${rest}/>`;
const accent = (p: Palette, i: number) => p.accents[((i % 3) + 3) % 3] ?? p.ink;

const WOODS = ['#8a5a33', '#a8723f', '#6e4526', '#b98552'] as const;
const BRASS = ['#c9a227', '#b8862b', '#d4af37'] as const;
const CLAYS = ['#b5603a', '#a0522d', '#c47a4f', '#8f4a2e'] as const;

const bottle: Motif = (rng, cx, cy, size, p) => {
  const w = size * between(rng, 0.34, 0.44);
  const h = size * between(rng, 0.72, 0.86);
  const neck = w * between(rng, 0.28, 0.38);
  const top = cy + size * 0.42 - h;
  const [body, cap, label] = p.accents;
  const style = Math.floor(rng() * 3);
  const parts = [
    rect(cx - w / 2, top + h * 0.2, w, h * 0.8, `rx="${r1(w * 0.18)}" fill="${body}"`),
    rect(cx - neck / 2, top + h * 0.08, neck, h * 0.14, `fill="${body}"`),
    rect(cx - w * 0.36, top + h * 0.46, w * 0.72, h * 0.3, `rx="${r1(w * 0.05)}" fill="${label}"`),
    rect(cx - w * 0.3, top + h * 0.56, w * 0.6, h * 0.03, `fill="${p.ink}" opacity="0.45"`),
    rect(cx - w * 0.3, top + h * 0.63, w * 0.4, h * 0.03, `fill="${p.ink}" opacity="0.3"`),
    rect(
      cx - w * 0.38,
      top + h * 0.25,
      w * 0.08,
      h * 0.66,
      `rx="${r1(w * 0.04)}" fill="#ffffff" opacity="0.35"`,
    ),
  ];
  if (style === 0) {
    // A dropper: a collar and a rubber bulb, as serums and face oils come.
    parts.push(
      rect(
        cx - neck * 0.7,
        top + h * 0.02,
        neck * 1.4,
        h * 0.1,
        `rx="${r1(neck * 0.15)}" fill="${p.ink}"`,
      ),
      ellipse(cx, top - h * 0.02, neck * 0.45, h * 0.08, `fill="${cap}"`),
    );
  } else if (style === 1) {
    // A pump with its spout, as lotions and washes come.
    parts.push(
      rect(
        cx - neck * 0.65,
        top + h * 0.02,
        neck * 1.3,
        h * 0.09,
        `rx="${r1(neck * 0.2)}" fill="${cap}"`,
      ),
      rect(cx - neck * 0.14, top - h * 0.08, neck * 0.28, h * 0.11, `fill="${cap}"`),
      rect(
        cx - neck * 0.35,
        top - h * 0.12,
        neck * 1.3,
        h * 0.05,
        `rx="${r1(h * 0.02)}" fill="${cap}"`,
      ),
    );
  } else {
    parts.push(
      rect(cx - neck * 0.65, top, neck * 1.3, h * 0.1, `rx="${r1(neck * 0.2)}" fill="${cap}"`),
    );
  }
  return parts.join('');
};

const jar: Motif = (rng, cx, cy, size, p) => {
  const w = size * between(rng, 0.6, 0.72);
  const h = size * between(rng, 0.42, 0.52);
  const lid = h * 0.24;
  const top = cy + size * 0.42 - h;
  const [body, lidColour, label] = p.accents;
  let ridges = '';
  for (let i = 1; i < 8; i++) {
    const x = cx - w * 0.53 + (w * 1.06 * i) / 8;
    ridges += rect(x, top + lid * 0.15, w * 0.012, lid * 0.7, `fill="${p.ink}" opacity="0.25"`);
  }
  return [
    rect(cx - w / 2, top + lid, w, h - lid, `rx="${r1(w * 0.1)}" fill="${body}"`),
    rect(
      cx - w * 0.44,
      top + lid * 1.2,
      w * 0.06,
      (h - lid) * 0.75,
      `rx="${r1(w * 0.03)}" fill="#ffffff" opacity="0.3"`,
    ),
    rect(cx - w * 0.53, top, w * 1.06, lid, `rx="${r1(lid * 0.25)}" fill="${lidColour}"`),
    ridges,
    ellipse(cx, top + lid + (h - lid) * 0.5, w * 0.28, (h - lid) * 0.26, `fill="${label}"`),
    ellipse(
      cx,
      top + lid + (h - lid) * 0.5,
      w * 0.2,
      (h - lid) * 0.03,
      `fill="${p.ink}" opacity="0.45"`,
    ),
  ].join('');
};

const leaf = (cx: number, cy: number, length: number, angle: number, colour: string) => {
  const w = length * 0.38;
  return (
    `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${r1(angle)})">` +
    `<path d="M0 0 C ${r1(w)} ${r1(-length * 0.3)} ${r1(w)} ${r1(-length * 0.75)} 0 ${r1(-length)} C ${r1(-w)} ${r1(-length * 0.75)} ${r1(-w)} ${r1(-length * 0.3)} 0 0 Z" fill="${colour}"/>` +
    `<path d="M0 0 L 0 ${r1(-length * 0.92)}" stroke="#ffffff" stroke-opacity="0.45" stroke-width="${r1(length * 0.02)}"/>` +
    `</g>`
  );
};

// Leaves are always some green, whatever the palette: a pink sprig would not read as a herb.
const GREENS = ['#4f7f3f', '#6b9a4b', '#3d6b35', '#85a85a'] as const;

const leaves: Motif = (rng, cx, cy, size, _p) => {
  const n = 5 + Math.floor(rng() * 3);
  const base = cy + size * 0.38;
  let out = '';
  for (let i = 0; i < n; i++) {
    const angle = -65 + (130 * i) / Math.max(1, n - 1) + between(rng, -8, 8);
    const colour = pick(rng, GREENS);
    out += leaf(cx, base, size * between(rng, 0.5, 0.78), angle, colour);
  }
  // A few loose leaves in front, as a tea or herb is shown spilled beside its pouch.
  for (let i = 0; i < 3; i++) {
    out += leaf(
      cx + (i - 1) * size * 0.3 + between(rng, -10, 10),
      base + size * 0.04,
      size * 0.16,
      between(rng, 60, 120) * (i % 2 ? 1 : -1),
      pick(rng, GREENS),
    );
  }
  return out;
};

// Folded cloth: a stack of 3-4 folded textiles seen from the front, each with a rounded fold
// edge and one pattern (kikoy stripes, shuka checks or a kanga border with dots).
const cloth: Motif = (rng, cx, cy, size, p) => {
  const layers = 3 + Math.floor(rng() * 2);
  const w = size * between(rng, 0.88, 1.0);
  const h = size * between(rng, 0.15, 0.18);
  const bottom = cy + size * 0.42;
  const pattern = Math.floor(rng() * 3);
  const shift = Math.floor(rng() * 3);
  let out = '';
  for (let i = 0; i < layers; i++) {
    const lw = w * (1 - i * 0.035);
    const x = cx - lw / 2 + between(rng, -0.025, 0.025) * size;
    const y = bottom - (i + 1) * h;
    const base = accent(p, i + shift);
    const second = accent(p, i + shift + 1);
    const id = uid(rng, 'c');
    const rx = h * 0.42;
    let motif = '';
    if (pattern === 0) {
      const band = lw / (8 + Math.floor(rng() * 5));
      for (let s = 0; s * band < lw; s++) {
        motif += rect(x + s * band, y, band * 0.34, h, `fill="${second}"`);
        motif += rect(
          x + s * band + band * 0.5,
          y,
          band * 0.08,
          h,
          `fill="${p.ink}" opacity="0.6"`,
        );
      }
    } else if (pattern === 1) {
      const band = h * 0.55;
      for (let s = 0; s * band < lw; s += 2) {
        motif += rect(x + s * band, y, band, h, `fill="${p.ink}" opacity="0.35"`);
      }
      motif += rect(x, y + h * 0.3, lw, h * 0.28, `fill="${p.ink}" opacity="0.3"`);
      motif += rect(x, y + h * 0.42, lw, h * 0.05, `fill="#ffffff" opacity="0.5"`);
    } else {
      motif += rect(x, y, lw, h * 0.22, `fill="${second}"`);
      motif += rect(x, y + h * 0.78, lw, h * 0.22, `fill="${second}"`);
      for (let s = 0; s < 14; s++) {
        motif += circle(
          x + ((s + 0.5) * lw) / 14,
          y + h * 0.5,
          h * 0.08,
          `fill="${p.ink}" opacity="0.7"`,
        );
      }
    }
    out +=
      `<clipPath id="${id}">${rect(x, y, lw, h, `rx="${r1(rx)}"`)}</clipPath>` +
      rect(x, y, lw, h, `rx="${r1(rx)}" fill="${base}"`) +
      `<g clip-path="url(#${id})">${motif}` +
      // The fold: light on the upper edge, shade underneath, so each layer reads as rounded.
      rect(x, y, lw, h * 0.14, `fill="#ffffff" opacity="0.35"`) +
      rect(x, y + h * 0.7, lw, h * 0.3, `fill="${p.ink}" opacity="0.22"`) +
      `</g>` +
      rect(
        x,
        y,
        lw,
        h,
        `rx="${r1(rx)}" fill="none" stroke="${p.ink}" stroke-opacity="0.35" stroke-width="${r1(h * 0.04)}"`,
      );
  }
  if (pattern === 0) {
    // Kikoy fringe: tassels hanging off the top layer's end.
    const y = bottom - layers * h;
    const x = cx + w * 0.4;
    for (let f = 0; f < 6; f++) {
      const fy = y + h * (0.2 + f * 0.13);
      out += `<path d="M ${r1(x)} ${r1(fy)} l ${r1(size * 0.1)} ${r1(h * 0.1)}" stroke="${accent(p, shift + 1)}" stroke-width="${r1(h * 0.06)}" stroke-linecap="round"/>`;
    }
  }
  return out;
};

const soap: Motif = (rng, cx, cy, size, p) => {
  const colours = [accent(p, 0), accent(p, 1), '#2e2623', '#f1e4cc', '#5a3e2b'];
  const bars = rng() < 0.45 ? 2 : 1;
  let out = '';
  for (let b = 0; b < bars; b++) {
    const w = size * (b === 0 ? 0.7 : 0.6);
    const t = w * 0.34; // top face, seen from above at an angle
    const d = w * 0.18; // thickness, the front face
    const x = cx - w / 2 + (b === 0 ? 0 : between(rng, -0.08, 0.08) * size);
    const y = cy + size * 0.42 - d - t - b * (d + t * 0.55);
    const colour = pick(rng, colours);
    out +=
      rect(x, y + t * 0.3, w, t * 0.7 + d, `rx="${r1(t * 0.4)}" fill="${colour}"`) +
      rect(x, y + t * 0.3, w, t * 0.7 + d, `rx="${r1(t * 0.4)}" fill="#000000" opacity="0.22"`) +
      rect(x, y, w, t, `rx="${r1(t * 0.4)}" fill="${colour}"`) +
      rect(
        x + w * 0.06,
        y + t * 0.08,
        w * 0.88,
        t * 0.2,
        `rx="${r1(t * 0.1)}" fill="#ffffff" opacity="0.25"`,
      ) +
      // The maker's stamp pressed into the top.
      ellipse(
        x + w / 2,
        y + t / 2,
        w * 0.28,
        t * 0.28,
        `fill="none" stroke="#000000" stroke-opacity="0.25" stroke-width="${r1(size * 0.012)}"`,
      ) +
      ellipse(x + w / 2, y + t / 2, w * 0.16, t * 0.12, `fill="#ffffff" opacity="0.18"`);
  }
  return out;
};

const bathbombs: Motif = (rng, cx, cy, size, p) => {
  const r = size * 0.2;
  const floor = cy + size * 0.42;
  const spots: Array<[number, number]> = [
    [cx - r * 1.05, floor - r],
    [cx + r * 1.05, floor - r],
    [cx, floor - r * 2.6],
  ];
  let out = '';
  spots.forEach(([x, y], i) => {
    out +=
      circle(x, y, r, `fill="${accent(p, i)}"`) +
      circle(x + r * 0.2, y + r * 0.25, r * 0.85, `fill="#000000" opacity="0.08"`) +
      circle(x - r * 0.35, y - r * 0.35, r * 0.3, `fill="#ffffff" opacity="0.4"`);
    // Petals and salt crystals pressed into the surface.
    for (let s = 0; s < 7; s++) {
      const a = rng() * Math.PI * 2;
      const d = Math.sqrt(rng()) * r * 0.75;
      out += circle(
        x + Math.cos(a) * d,
        y + Math.sin(a) * d,
        r * between(rng, 0.04, 0.08),
        `fill="${s % 2 ? '#ffffff' : p.ink}" opacity="0.6"`,
      );
    }
  });
  return out;
};

const basket: Motif = (rng, cx, cy, size, p) => {
  const w = size * between(rng, 0.66, 0.78);
  const h = size * between(rng, 0.5, 0.58);
  const top = cy + size * 0.42 - h;
  const bands = 5 + Math.floor(rng() * 4);
  const id = uid(rng, 'b');
  let stripes = '';
  for (let i = 0; i < bands; i++) {
    const y = top + (h * i) / bands;
    stripes += rect(cx - w, y, w * 2, h / bands / 2, `fill="${accent(p, i)}" opacity="0.9"`);
  }
  // The woven texture: short slanted stitches over the bands.
  for (let row = 0; row < bands * 2; row++) {
    const y = top + (h * row) / (bands * 2);
    for (let col = 0; col < 12; col++) {
      const x = cx - w / 2 + (w * (col + (row % 2) * 0.5)) / 12;
      stripes += `<path d="M ${r1(x)} ${r1(y)} l ${r1(w * 0.03)} ${r1(h / bands / 2)}" stroke="${p.ink}" stroke-opacity="0.18" stroke-width="${r1(size * 0.006)}"/>`;
    }
  }
  const outline =
    `M ${r1(cx - w / 2)} ${r1(top)} L ${r1(cx + w / 2)} ${r1(top)} ` +
    `L ${r1(cx + w * 0.38)} ${r1(top + h)} Q ${r1(cx)} ${r1(top + h * 1.06)} ${r1(cx - w * 0.38)} ${r1(top + h)} Z`;
  return [
    `<path d="M ${r1(cx - w * 0.32)} ${r1(top)} Q ${r1(cx)} ${r1(top - h * 0.75)} ${r1(cx + w * 0.32)} ${r1(top)}" fill="none" stroke="${p.ink}" stroke-width="${r1(size * 0.03)}" stroke-linecap="round"/>`,
    `<clipPath id="${id}"><path d="${outline}"/></clipPath>`,
    `<path d="${outline}" fill="#e3cf9f"/>`,
    `<g clip-path="url(#${id})">${stripes}</g>`,
    rect(cx - w * 0.52, top - h * 0.03, w * 1.04, h * 0.07, `rx="${r1(h * 0.03)}" fill="${p.ink}"`),
  ].join('');
};

// Beads: a bracelet (a ring of beads), a necklace (a hanging strand with a pendant) or a
// Maasai collar (concentric rings of beads, the neck opening at the top).
const beads: Motif = (rng, cx, cy, size, p) => {
  const style = Math.floor(rng() * 3);
  let out = '';
  const strand = (n: number, at: (t: number) => [number, number], r: number, offset: number) => {
    for (let i = 0; i < n; i++) {
      const [x, y] = at(i / (n - 1));
      out += circle(x, y, r, `fill="${accent(p, Math.floor((i + offset) / 2))}"`);
      out += circle(x - r * 0.3, y - r * 0.3, r * 0.3, `fill="#ffffff" opacity="0.45"`);
    }
  };
  if (style === 0) {
    for (let b = 0; b < 2; b++) {
      const ring = size * (b === 0 ? 0.3 : 0.22);
      const ox = cx + (b === 0 ? -1 : 1) * size * 0.12;
      const oy = cy + (b === 0 ? -0.05 : 0.12) * size;
      const n = b === 0 ? 22 : 18;
      const bead = ((Math.PI * 2 * ring) / n) * 0.48;
      const a0 = rng() * Math.PI;
      for (let i = 0; i < n; i++) {
        const a = a0 + (Math.PI * 2 * i) / n;
        out += circle(
          ox + Math.cos(a) * ring,
          oy + Math.sin(a) * ring * 0.8,
          bead,
          `fill="${accent(p, i + b)}"`,
        );
        out += circle(
          ox + Math.cos(a) * ring - bead * 0.3,
          oy + Math.sin(a) * ring * 0.8 - bead * 0.3,
          bead * 0.3,
          `fill="#ffffff" opacity="0.45"`,
        );
      }
    }
  } else if (style === 1) {
    // A U of beads laid flat, open at the top, the pendant hanging from its lowest bead.
    const rx = size * 0.3;
    const ry = size * 0.42;
    const oy = cy - size * 0.2;
    strand(
      30,
      (t) => {
        const a = Math.PI * (-0.12 + 1.24 * t);
        return [cx + Math.cos(a) * rx, oy + Math.sin(a) * ry];
      },
      size * 0.03,
      0,
    );
    const py = oy + ry + size * 0.03;
    out += `<path d="M ${r1(cx)} ${r1(py)} L ${r1(cx + size * 0.06)} ${r1(py + size * 0.09)} L ${r1(cx)} ${r1(py + size * 0.17)} L ${r1(cx - size * 0.06)} ${r1(py + size * 0.09)} Z" fill="${p.ink}"/>`;
  } else {
    const oy = cy - size * 0.08;
    for (let ring = 0; ring < 4; ring++) {
      const rad = size * (0.2 + ring * 0.07);
      const bead = size * 0.028;
      const n = Math.floor((Math.PI * 1.76 * rad) / (bead * 2.1));
      for (let i = 0; i < n; i++) {
        const a = Math.PI * (-0.38 + (1.76 * i) / (n - 1));
        out += circle(
          cx + Math.cos(a) * rad,
          oy + Math.sin(a) * rad,
          bead,
          `fill="${ring % 2 ? '#ffffff' : accent(p, ring / 2 + Math.floor(i / 6))}"`,
        );
      }
    }
    for (let i = 0; i < 9; i++) {
      const a = Math.PI * (0.15 + (0.7 * i) / 8);
      const rad = size * 0.44;
      const x = cx + Math.cos(a) * rad;
      const y = oy + Math.sin(a) * rad;
      out += `<path d="M ${r1(x)} ${r1(y)} L ${r1(x + Math.cos(a) * size * 0.06)} ${r1(y + Math.sin(a) * size * 0.06)}" stroke="${p.ink}" stroke-width="${r1(size * 0.008)}"/>`;
      out += circle(
        x + Math.cos(a) * size * 0.07,
        y + Math.sin(a) * size * 0.07,
        size * 0.016,
        `fill="${accent(p, i)}"`,
      );
    }
  }
  return out;
};

const earrings: Motif = (rng, cx, cy, size, p) => {
  const metal = pick(rng, BRASS);
  let out = '';
  for (const side of [-1, 1]) {
    const x = cx + side * size * 0.22;
    const top = cy - size * 0.4;
    out += `<path d="M ${r1(x)} ${r1(top + size * 0.16)} L ${r1(x)} ${r1(top + size * 0.06)} A ${r1(size * 0.06)} ${r1(size * 0.06)} 0 0 1 ${r1(x + size * 0.12)} ${r1(top + size * 0.06)}" fill="none" stroke="#8c8c8c" stroke-width="${r1(size * 0.01)}" stroke-linecap="round"/>`;
    out += circle(x, top + size * 0.17, size * 0.025, `fill="${accent(p, side + 1)}"`);
    // An Archimedean spiral of brass wire.
    const turns = 3.2;
    const sx = x;
    const sy = cy + size * 0.12;
    const maxR = size * 0.18;
    let d = '';
    for (let i = 0; i <= 90; i++) {
      const t = i / 90;
      const a = side * t * turns * Math.PI * 2 - Math.PI / 2;
      const r = t * maxR;
      d += `${i === 0 ? 'M' : 'L'} ${r1(sx + Math.cos(a) * r)} ${r1(sy + Math.sin(a) * r)} `;
    }
    out += `<path d="M ${r1(x)} ${r1(top + size * 0.19)} L ${r1(sx)} ${r1(sy - maxR)}" stroke="${metal}" stroke-width="${r1(size * 0.018)}"/>`;
    out += `<path d="${d}" fill="none" stroke="${metal}" stroke-width="${r1(size * 0.024)}" stroke-linecap="round"/>`;
    out += `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${r1(size * 0.007)}"/>`;
  }
  return out;
};

// A pair of leather sandals from above, a beaded strap across each.
const sandals: Motif = (rng, cx, cy, size, p) => {
  const leather = pick(rng, WOODS);
  const L = size * 0.86;
  const w = size * 0.3;
  const sole =
    `M 0 ${r1(-L / 2)} C ${r1(w * 0.55)} ${r1(-L / 2)} ${r1(w * 0.6)} ${r1(-L * 0.1)} ${r1(w * 0.42)} ${r1(L * 0.12)} ` +
    `C ${r1(w * 0.34)} ${r1(L * 0.3)} ${r1(w * 0.4)} ${r1(L / 2)} 0 ${r1(L / 2)} ` +
    `C ${r1(-w * 0.4)} ${r1(L / 2)} ${r1(-w * 0.34)} ${r1(L * 0.3)} ${r1(-w * 0.42)} ${r1(L * 0.12)} ` +
    `C ${r1(-w * 0.6)} ${r1(-L * 0.1)} ${r1(-w * 0.55)} ${r1(-L / 2)} 0 ${r1(-L / 2)} Z`;
  let out = '';
  for (const side of [-1, 1]) {
    const x = cx + side * size * 0.2;
    let strap = '';
    const rows = 3;
    for (let row = 0; row < rows; row++) {
      for (let i = 0; i < 11; i++) {
        const t = i / 10;
        const bx = -w * 0.55 + t * w * 1.1;
        const by = -L * 0.12 + row * size * 0.035 - Math.sin(t * Math.PI) * L * 0.06;
        strap += circle(bx, by, size * 0.018, `fill="${row === 1 ? '#ffffff' : accent(p, i)}"`);
      }
    }
    out +=
      `<g transform="translate(${r1(x)} ${r1(cy)}) rotate(${side * 8})">` +
      `<path d="${sole}" fill="${leather}"/>` +
      `<path d="${sole}" fill="#ffffff" opacity="0.15" transform="scale(0.86)"/>` +
      `<path d="M 0 ${r1(-L * 0.4)} L 0 ${r1(-L * 0.14)}" stroke="${p.ink}" stroke-width="${r1(size * 0.02)}"/>` +
      strap +
      `</g>`;
  }
  return out;
};

const bowl: Motif = (rng, cx, cy, size, p) => {
  const w = size * between(rng, 0.82, 0.95);
  const d = size * between(rng, 0.34, 0.42);
  const rim = cy + size * 0.42 - d;
  const ry = w * 0.13;
  const colour = rng() < 0.5 ? '#e8cdb8' : accent(p, 0);
  const id = uid(rng, 'w');
  const body = `M ${r1(cx - w / 2)} ${r1(rim)} A ${r1(w / 2)} ${r1(d)} 0 0 0 ${r1(cx + w / 2)} ${r1(rim)} Z`;
  let carving = '';
  if (rng() < 0.5) {
    for (let i = 0; i < 4; i++) {
      carving += rect(
        cx - w,
        rim + d * (0.18 + i * 0.2),
        w * 2,
        d * 0.07,
        `fill="${accent(p, i + 1)}"`,
      );
    }
  } else {
    // Carved petals around the side, as on Kisii soapstone.
    for (let i = 0; i < 7; i++) {
      const x = cx - w * 0.39 + (w * 0.78 * i) / 6;
      carving += ellipse(
        x,
        rim + d * 0.45,
        w * 0.04,
        d * 0.22,
        `fill="none" stroke="${p.ink}" stroke-opacity="0.45" stroke-width="${r1(size * 0.01)}"`,
      );
    }
  }
  return [
    ellipse(cx, rim + d * 0.96, w * 0.16, ry * 0.4, `fill="${colour}"`),
    `<clipPath id="${id}"><path d="${body}"/></clipPath>`,
    `<path d="${body}" fill="${colour}"/>`,
    `<g clip-path="url(#${id})">${carving}${ellipse(cx + w * 0.2, rim + d * 0.9, w * 0.5, d * 0.5, `fill="#000000" opacity="0.12"`)}</g>`,
    ellipse(cx, rim, w / 2, ry, `fill="${colour}"`),
    ellipse(cx, rim + ry * 0.08, w * 0.46, ry * 0.8, `fill="#000000" opacity="0.22"`),
  ].join('');
};

// A round-bellied clay pot (a nyungu, a diffuser or a cooking pot), incised round the shoulder.
const pot: Motif = (rng, cx, cy, size, p) => {
  const clay = pick(rng, CLAYS);
  const r = size * between(rng, 0.3, 0.34);
  const by = cy + size * 0.42 - r * 1.85;
  const bodyCy = by + r;
  const neck = r * 0.6;
  let zigzag = `M ${r1(cx - r * 0.85)} ${r1(bodyCy - r * 0.45)}`;
  for (let i = 1; i <= 12; i++) {
    zigzag += ` L ${r1(cx - r * 0.85 + (r * 1.7 * i) / 12)} ${r1(bodyCy - r * (i % 2 ? 0.32 : 0.45))}`;
  }
  let holes = '';
  if (rng() < 0.5) {
    for (let i = 0; i < 5; i++) {
      holes += circle(
        cx - r * 0.5 + (r * i) / 4,
        bodyCy + r * 0.1,
        r * 0.06,
        `fill="#2a1a10" opacity="0.7"`,
      );
    }
  }
  return [
    `<path d="M ${r1(cx - r * 0.55)} ${r1(bodyCy + r * 0.92)} L ${r1(cx + r * 0.55)} ${r1(bodyCy + r * 0.92)} L ${r1(cx + r * 0.5)} ${r1(bodyCy + r * 1.05)} L ${r1(cx - r * 0.5)} ${r1(bodyCy + r * 1.05)} Z" fill="${clay}"/>`,
    ellipse(cx, bodyCy, r, r * 0.95, `fill="${clay}"`),
    rect(cx - neck / 2, by - r * 0.55, neck, r * 0.6, `fill="${clay}"`),
    ellipse(cx, by - r * 0.55, neck * 0.75, r * 0.12, `fill="${clay}"`),
    ellipse(cx, by - r * 0.55, neck * 0.55, r * 0.07, `fill="#2a1a10" opacity="0.6"`),
    ellipse(cx + r * 0.3, bodyCy + r * 0.25, r * 0.7, r * 0.65, `fill="#000000" opacity="0.12"`),
    ellipse(cx - r * 0.45, bodyCy - r * 0.3, r * 0.16, r * 0.3, `fill="#ffffff" opacity="0.25"`),
    `<path d="${zigzag}" fill="none" stroke="${p.accents[2]}" stroke-width="${r1(size * 0.012)}"/>`,
    holes,
  ].join('');
};

// Wood from the carver's bench: a chopping board with a spoon or two lying against it.
const woodware: Motif = (rng, cx, cy, size, p) => {
  const wood = pick(rng, WOODS);
  const bw = size * 0.46;
  const bh = size * 0.7;
  const bx = cx - size * 0.12 - bw / 2;
  const by = cy + size * 0.42 - bh;
  let grain = '';
  for (let i = 0; i < 6; i++) {
    const x = bx + bw * (0.15 + i * 0.14);
    grain += `<path d="M ${r1(x)} ${r1(by + bh * 0.05)} q ${r1(bw * 0.05)} ${r1(bh * 0.45)} 0 ${r1(bh * 0.9)}" fill="none" stroke="#000000" stroke-opacity="0.15" stroke-width="${r1(size * 0.006)}"/>`;
  }
  let out =
    rect(
      bx + bw * 0.35,
      by - bh * 0.2,
      bw * 0.3,
      bh * 0.3,
      `rx="${r1(bw * 0.12)}" fill="${wood}"`,
    ) +
    circle(bx + bw / 2, by - bh * 0.1, bw * 0.06, `fill="${p.from}"`) +
    rect(bx, by, bw, bh, `rx="${r1(bw * 0.12)}" fill="${wood}"`) +
    grain +
    rect(
      bx + bw * 0.05,
      by + bh * 0.03,
      bw * 0.06,
      bh * 0.9,
      `rx="${r1(bw * 0.03)}" fill="#ffffff" opacity="0.18"`,
    );
  const spoons = 1 + Math.floor(rng() * 2);
  for (let s = 0; s < spoons; s++) {
    const colour = s === 0 ? pick(rng, WOODS) : '#c9a27a';
    const x = cx + size * (0.18 + s * 0.14);
    const y = cy + size * 0.05;
    out +=
      `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(between(rng, 10, 25))})">` +
      rect(
        -size * 0.03,
        -size * 0.05,
        size * 0.06,
        size * 0.5,
        `rx="${r1(size * 0.03)}" fill="${colour}"`,
      ) +
      ellipse(0, -size * 0.2, size * 0.1, size * 0.16, `fill="${colour}"`) +
      ellipse(0, -size * 0.21, size * 0.075, size * 0.12, `fill="#000000" opacity="0.15"`) +
      `</g>`;
  }
  return out;
};

// Soapstone coasters: a short stack and one standing up showing its carved flower.
const coasters: Motif = (rng, cx, cy, size, p) => {
  const stone = pick(rng, ['#ead5c3', '#dcc0ae', '#cfc6bb', '#e6c9c9']);
  const r = size * 0.26;
  const floor = cy + size * 0.42;
  let out = '';
  const sx = cx - size * 0.2;
  for (let i = 0; i < 4; i++) {
    const y = floor - r * 0.28 - i * r * 0.14;
    out += ellipse(sx, y + r * 0.07, r, r * 0.28, `fill="${stone}"`);
    out += ellipse(sx, y + r * 0.07, r, r * 0.28, `fill="#000000" opacity="0.15"`);
    out += ellipse(sx, y, r, r * 0.28, `fill="${stone}"`);
  }
  const fx = cx + size * 0.22;
  const fy = floor - r * 1.05;
  out += circle(fx + r * 0.06, fy + r * 0.04, r, `fill="#000000" opacity="0.15"`);
  out += circle(fx, fy, r, `fill="${stone}"`);
  const petals = 6 + Math.floor(rng() * 3);
  for (let i = 0; i < petals; i++) {
    const a = (360 * i) / petals;
    out += `<g transform="translate(${r1(fx)} ${r1(fy)}) rotate(${r1(a)})">${ellipse(0, -r * 0.42, r * 0.14, r * 0.34, `fill="${accent(p, i)}" opacity="0.85"`)}</g>`;
  }
  out += circle(fx, fy, r * 0.14, `fill="${p.ink}"`);
  return out;
};

// Recycled-glass tumblers: see-through, tinted, with the bubbles Kitengela glass is known for.
const glasses: Motif = (rng, cx, cy, size, p) => {
  const tints = ['#3f7fa6', '#4f9a6a', '#c98a2b', accent(p, 0)];
  const floor = cy + size * 0.42;
  let out = '';
  const spots = [
    { x: cx - size * 0.26, s: 0.85 },
    { x: cx + size * 0.26, s: 0.85 },
    { x: cx, s: 1 },
  ];
  for (const [i, spot] of spots.entries()) {
    const tint = tints[(i + Math.floor(rng() * tints.length)) % tints.length] ?? p.ink;
    const h = size * 0.55 * spot.s;
    const tw = size * 0.3 * spot.s;
    const bw = tw * 0.82;
    const top = floor - h - (i === 2 ? -size * 0.02 : size * 0.04);
    const body = `M ${r1(spot.x - tw / 2)} ${r1(top)} L ${r1(spot.x + tw / 2)} ${r1(top)} L ${r1(spot.x + bw / 2)} ${r1(top + h)} L ${r1(spot.x - bw / 2)} ${r1(top + h)} Z`;
    out += `<path d="${body}" fill="${tint}" opacity="0.6" stroke="${tint}" stroke-width="${r1(size * 0.012)}"/>`;
    out += rect(spot.x - bw / 2, top + h * 0.88, bw, h * 0.12, `fill="${tint}" opacity="0.8"`);
    out += ellipse(
      spot.x,
      top,
      tw / 2,
      tw * 0.1,
      `fill="#ffffff" opacity="0.35" stroke="${tint}" stroke-width="${r1(size * 0.01)}"`,
    );
    out += rect(
      spot.x - tw * 0.32,
      top + h * 0.12,
      tw * 0.08,
      h * 0.7,
      `fill="#ffffff" opacity="0.45"`,
    );
    for (let b = 0; b < 6; b++) {
      out += circle(
        spot.x + between(rng, -0.3, 0.3) * bw,
        top + between(rng, 0.2, 0.8) * h,
        size * 0.008,
        `fill="#ffffff" opacity="0.7"`,
      );
    }
  }
  return out;
};

// A carved wooden comb with long wide teeth, the kind used on natural hair.
const comb: Motif = (rng, cx, cy, size, p) => {
  const wood = pick(rng, WOODS);
  const w = size * 0.46;
  const top = cy - size * 0.42;
  const handleH = size * 0.36;
  const headH = size * 0.1;
  const teeth = 7;
  let out =
    rect(cx - w * 0.22, top, w * 0.44, handleH, `rx="${r1(w * 0.2)}" fill="${wood}"`) +
    circle(
      cx,
      top + handleH * 0.4,
      w * 0.1,
      `fill="none" stroke="${p.accents[2]}" stroke-width="${r1(size * 0.018)}"`,
    ) +
    rect(
      cx - w / 2,
      top + handleH - headH * 0.2,
      w,
      headH,
      `rx="${r1(headH * 0.3)}" fill="${wood}"`,
    );
  const toothW = (w / teeth) * 0.55;
  for (let i = 0; i < teeth; i++) {
    const x = cx - w / 2 + (w * (i + 0.5)) / teeth - toothW / 2;
    out += rect(
      x,
      top + handleH + headH * 0.6,
      toothW,
      size * 0.42,
      `rx="${r1(toothW / 2)}" fill="${wood}"`,
    );
  }
  out += rect(
    cx - w * 0.16,
    top + handleH * 0.08,
    w * 0.05,
    handleH * 0.8,
    `fill="#ffffff" opacity="0.2"`,
  );
  return `<g transform="rotate(${r1(between(rng, -12, 12))} ${r1(cx)} ${r1(cy)})">${out}</g>`;
};

// A woven sisal bath mitt: a mitten shape, cross-hatched, with a coloured cuff and a loop.
const mitt: Motif = (rng, cx, cy, size, p) => {
  const sisal = pick(rng, ['#d9c08f', '#cdb27a', '#e2cfa3']);
  const w = size * 0.44;
  const h = size * 0.62;
  const x = cx - w / 2 + size * 0.04;
  const y = cy + size * 0.42 - h - size * 0.06;
  const id = uid(rng, 'm');
  const shape =
    rect(x, y, w, h, `rx="${r1(w * 0.48)}"`) +
    `<ellipse cx="${r1(x - w * 0.05)}" cy="${r1(y + h * 0.55)}" rx="${r1(w * 0.16)}" ry="${r1(h * 0.22)}" transform="rotate(-25 ${r1(x - w * 0.05)} ${r1(y + h * 0.55)})"/>`;
  let weave = '';
  for (let i = -10; i < 20; i++) {
    const x0 = x - w * 0.4 + i * w * 0.08;
    weave += `<path d="M ${r1(x0)} ${r1(y)} l ${r1(h * 0.5)} ${r1(h)}" stroke="#6b5330" stroke-opacity="0.3" stroke-width="${r1(size * 0.006)}"/>`;
    weave += `<path d="M ${r1(x0 + h * 0.5)} ${r1(y)} l ${r1(-h * 0.5)} ${r1(h)}" stroke="#6b5330" stroke-opacity="0.2" stroke-width="${r1(size * 0.006)}"/>`;
  }
  return [
    `<clipPath id="${id}">${shape}</clipPath>`,
    `<g fill="${sisal}">${shape}</g>`,
    `<g clip-path="url(#${id})">${weave}</g>`,
    rect(
      x - w * 0.02,
      y + h * 0.9,
      w * 1.04,
      h * 0.14,
      `rx="${r1(h * 0.03)}" fill="${accent(p, 0)}"`,
    ),
    rect(x - w * 0.02, y + h * 0.95, w * 1.04, h * 0.035, `fill="${accent(p, 1)}"`),
    `<path d="M ${r1(x + w * 0.8)} ${r1(y + h * 1.03)} q ${r1(w * 0.3)} ${r1(h * 0.05)} ${r1(w * 0.2)} ${r1(-h * 0.2)}" fill="none" stroke="${p.ink}" stroke-width="${r1(size * 0.015)}"/>`,
  ].join('');
};

// A gift box with a ribbon and a bow.
const gift: Motif = (rng, cx, cy, size, p) => {
  const w = size * between(rng, 0.6, 0.7);
  const h = size * 0.46;
  const lid = h * 0.22;
  const top = cy + size * 0.42 - h;
  const [box, ribbon, lidColour] =
    rng() < 0.5 ? p.accents : [p.accents[2], p.accents[0], p.accents[2]];
  const band = w * 0.12;
  return [
    rect(cx - w / 2, top + lid, w, h - lid, `fill="${box}"`),
    rect(cx + w * 0.1, top + lid, w * 0.4, h - lid, `fill="#000000" opacity="0.08"`),
    rect(cx - w * 0.53, top, w * 1.06, lid, `rx="${r1(lid * 0.12)}" fill="${lidColour}"`),
    rect(cx - w * 0.53, top + lid * 0.8, w * 1.06, lid * 0.2, `fill="#000000" opacity="0.15"`),
    rect(cx - band / 2, top, band, h, `fill="${ribbon}"`),
    ellipse(
      cx - w * 0.14,
      top - lid * 0.45,
      w * 0.16,
      lid * 0.55,
      `fill="${ribbon}" transform="rotate(-18 ${r1(cx - w * 0.14)} ${r1(top - lid * 0.45)})"`,
    ),
    ellipse(
      cx + w * 0.14,
      top - lid * 0.45,
      w * 0.16,
      lid * 0.55,
      `fill="${ribbon}" transform="rotate(18 ${r1(cx + w * 0.14)} ${r1(top - lid * 0.45)})"`,
    ),
    ellipse(
      cx - w * 0.14,
      top - lid * 0.45,
      w * 0.08,
      lid * 0.25,
      `fill="#000000" opacity="0.2" transform="rotate(-18 ${r1(cx - w * 0.14)} ${r1(top - lid * 0.45)})"`,
    ),
    ellipse(
      cx + w * 0.14,
      top - lid * 0.45,
      w * 0.08,
      lid * 0.25,
      `fill="#000000" opacity="0.2" transform="rotate(18 ${r1(cx + w * 0.14)} ${r1(top - lid * 0.45)})"`,
    ),
    circle(cx, top - lid * 0.3, band * 0.6, `fill="${ribbon}"`),
  ].join('');
};

// A pumice stone: a grey pebble full of pores.
const stone: Motif = (rng, cx, cy, size, p) => {
  const rx = size * 0.36;
  const ry = size * 0.22;
  const y = cy + size * 0.42 - ry;
  let d = '';
  const n = 10;
  for (let i = 0; i <= n; i++) {
    const a = (Math.PI * 2 * (i % n)) / n;
    const k = i % n === 0 ? 1 : between(rng, 0.88, 1.08);
    d += `${i === 0 ? 'M' : 'L'} ${r1(cx + Math.cos(a) * rx * k)} ${r1(y + Math.sin(a) * ry * k)} `;
  }
  let pores = '';
  for (let i = 0; i < 26; i++) {
    const a = rng() * Math.PI * 2;
    const k = Math.sqrt(rng()) * 0.8;
    pores += circle(
      cx + Math.cos(a) * rx * k,
      y + Math.sin(a) * ry * k,
      size * between(rng, 0.008, 0.02),
      `fill="${p.ink}" opacity="0.45"`,
    );
  }
  return (
    `<path d="${d}Z" fill="#a39e94" stroke="#a39e94" stroke-width="${r1(size * 0.05)}" stroke-linejoin="round"/>` +
    ellipse(cx - rx * 0.25, y - ry * 0.35, rx * 0.4, ry * 0.25, `fill="#ffffff" opacity="0.18"`) +
    pores
  );
};

/** Every kind of the catalogue has a composer: a missing one fails to compile. */
const MOTIFS: Readonly<Record<DemoPicture, Motif>> = {
  jar,
  bottle,
  soap,
  bathbombs,
  leaves,
  cloth,
  beads,
  earrings,
  sandals,
  basket,
  bowl,
  pot,
  woodware,
  coasters,
  glasses,
  comb,
  mitt,
  gift,
  stone,
};

/** Kinds that have a composer: for tests and callers taking kinds from elsewhere. */
export const hasDemoComposer = (kind: string): boolean =>
  kind === 'banner' || Object.prototype.hasOwnProperty.call(MOTIFS, kind);

// A smaller thing beside the main one on about half the pictures, chosen so it never takes the
// picture's subject over: a sprig beside a jar, a second bottle beside a bottle.
const COMPANIONS: Partial<Record<DemoPicture, readonly DemoPicture[]>> = {
  jar: ['leaves', 'jar'],
  bottle: ['leaves', 'bottle'],
  soap: ['leaves'],
  bathbombs: ['leaves'],
  basket: ['basket'],
};

const BANNER_MOTIFS: readonly DemoPicture[] = [
  'bottle',
  'jar',
  'cloth',
  'basket',
  'beads',
  'soap',
  'leaves',
];

function composeSvg(
  width: number,
  height: number,
  kind: DemoPictureKind,
  index: number,
  seed: number,
): string {
  // The kind takes part in the randomness, so the first jar and the first bottle differ in
  // background and colour as much as two jars do.
  const kindNumber = kind === 'banner' ? 0 : DEMO_PICTURES.indexOf(kind) + 1;
  const rng = mulberry32(
    Math.imul(seed, 0x9e3779b1) ^
      Math.imul(index + 1, 0x85ebca6b) ^
      Math.imul(kindNumber, 0xc2b2ae35),
  );
  // Neighbouring images differ in palette even before randomness; the slow drift term keeps
  // every sixth image (the banners) from cycling through only two palettes.
  const paletteIndex =
    (index * 5 + Math.floor(index / BANNER_EVERY) + seed + kindNumber * 7) % PALETTES.length;
  const palette = PALETTES[paletteIndex] ?? PALETTES[0];
  if (!palette) throw new Error('no palette');
  const angle = between(rng, 0, 360);
  const x2 = r1(50 + Math.cos((angle * Math.PI) / 180) * 50);
  const y2 = r1(50 + Math.sin((angle * Math.PI) / 180) * 50);

  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="bg" x1="${r1(100 - x2)}%" y1="${r1(100 - y2)}%" x2="${x2}%" y2="${y2}%">` +
      `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>` +
      `<radialGradient id="glow" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>` +
      `<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>`,
  );

  const bokeh = 7 + Math.floor(rng() * 8);
  for (let i = 0; i < bokeh; i++) {
    const r = between(rng, 0.03, 0.16) * Math.min(width, height);
    parts.push(
      `<circle cx="${r1(between(rng, 0, width))}" cy="${r1(between(rng, 0, height))}" r="${r1(r)}" fill="${pick(rng, palette.accents)}" opacity="${r1(between(rng, 0.08, 0.3) * 100) / 100}"/>`,
    );
  }

  // A soft wave across the lower part: a table top or a horizon.
  const waveY = height * between(rng, 0.68, 0.8);
  parts.push(
    `<path d="M0 ${r1(waveY)} C ${r1(width * 0.3)} ${r1(waveY - height * 0.06)} ${r1(width * 0.7)} ${r1(waveY + height * 0.06)} ${width} ${r1(waveY - height * 0.02)} L ${width} ${height} L 0 ${height} Z" fill="${palette.ink}" opacity="0.12"/>`,
  );

  if (kind === 'banner') {
    // Things spread over the middle, a leaf framing each end.
    const n = 3 + Math.floor(rng() * 3);
    const size = height * 0.55;
    for (let i = 0; i < n; i++) {
      const cx = width * (0.24 + (0.52 * i) / (n - 1)) + between(rng, -20, 20);
      const motif = MOTIFS[BANNER_MOTIFS[(index + i) % BANNER_MOTIFS.length] ?? 'jar'];
      parts.push(
        shadow(cx, height * 0.5 + size * 0.42, size, palette),
        motif(rng, cx, height * 0.5, size, palette),
      );
    }
    parts.push(
      leaf(width * 0.03, height * 1.02, height * 0.6, between(rng, 10, 30), palette.accents[1]),
      leaf(width * 0.97, height * 1.02, height * 0.55, between(rng, -30, -10), palette.accents[0]),
    );
  } else {
    const size = Math.min(width, height) * 0.62;
    const cx = width / 2 + between(rng, -0.06, 0.06) * width;
    const cy = height * 0.5;
    const companions = COMPANIONS[kind];
    if (companions && rng() < 0.5) {
      const side = rng() < 0.5 ? -1 : 1;
      const small = MOTIFS[pick(rng, companions)];
      const sx = cx + side * size * 0.62;
      const ss = size * 0.5;
      parts.push(
        shadow(sx, cy + size * 0.42, ss, palette),
        small(rng, sx, cy + size * 0.42 - ss * 0.42, ss, palette),
      );
    }
    parts.push(
      shadow(cx, cy + size * 0.42, size, palette),
      MOTIFS[kind](rng, cx, cy, size, palette),
    );
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    parts.join('') +
    `</svg>`
  );
}

const shadow = (cx: number, cy: number, size: number, p: Palette) =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(size * 0.4)}" ry="${r1(size * 0.06)}" fill="${p.ink}" opacity="0.18"/>`;
