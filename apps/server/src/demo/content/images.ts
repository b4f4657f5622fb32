// Demo pictures made on the spot: no downloads, no fonts (text rendering would depend on the
// fonts installed on the machine). Each picture is an SVG composed from a seeded random
// generator (soft gradient, bokeh, a bottle, jar, leaves, basket or beads), rasterised once
// by sharp and encoded to WebP at the full size and at the smaller widths the web app asks for.
import { access, mkdir, rename } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { mediaRenditionUrl, mediaRenditionWidths, mediaUrl } from '@soko/contract';
import sharp from 'sharp';

export type DemoImageKind = 'square' | 'banner';

export interface GeneratedImage {
  key: string;
  width: number;
  height: number;
  /** Path of the full-size rendition under the media route. */
  url: string;
  kind: DemoImageKind;
}

export interface GenerateDemoImagesOptions {
  count: number;
  outDir: string;
  /** Changes every picture; keys stay the same, so use a fresh outDir for a new seed. */
  seed?: number;
  /**
   * Every image of one kind, keyed `demo-square-01`/`demo-banner-01`.. so they never share a
   * folder with the default mix (`demo-01`..), where every sixth image (index 5, 11, ...) is a
   * banner and the rest are product pictures.
   */
  kind?: DemoImageKind;
}

const WEBP = { quality: 75, effort: 2 } as const;
const BANNER_EVERY = 6;

export const demoImageKey = (index: number, kind?: DemoImageKind): string =>
  `demo-${kind ? `${kind}-` : ''}${String(index + 1).padStart(2, '0')}`;

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

export async function generateDemoImages(
  options: GenerateDemoImagesOptions,
): Promise<GeneratedImage[]> {
  const { count, outDir, seed = 1, kind } = options;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`bad image count: ${count}`);
  const images: GeneratedImage[] = Array.from({ length: count }, (_, index) => {
    const shape = demoImageShape(index, kind);
    const key = demoImageKey(index, kind);
    const url = mediaUrl(key, shape.width, shape.height);
    return { key, url, ...shape };
  });

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
        const index = next++;
        const image = images[index];
        if (image) await renderImage(image, index, seed, outDir);
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    sharp.concurrency(previousConcurrency);
  }
  return images;
}

async function renderImage(
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
  const svg = composeSvg(image.width, image.height, image.kind, index, seed);
  // Rasterise once, then resize the raw pixels for each rendition.
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };

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

const bottle: Motif = (rng, cx, cy, size, p) => {
  const w = size * between(rng, 0.34, 0.46);
  const h = size * between(rng, 0.7, 0.9);
  const neck = w * between(rng, 0.28, 0.4);
  const top = cy - h / 2;
  const [body, cap, label] = p.accents;
  return [
    `<rect x="${r1(cx - w / 2)}" y="${r1(top + h * 0.18)}" width="${r1(w)}" height="${r1(h * 0.82)}" rx="${r1(w * 0.18)}" fill="${body}" opacity="0.92"/>`,
    `<rect x="${r1(cx - neck / 2)}" y="${r1(top + h * 0.06)}" width="${r1(neck)}" height="${r1(h * 0.16)}" fill="${body}"/>`,
    `<rect x="${r1(cx - neck * 0.65)}" y="${r1(top)}" width="${r1(neck * 1.3)}" height="${r1(h * 0.09)}" rx="${r1(neck * 0.2)}" fill="${cap}"/>`,
    `<rect x="${r1(cx - w * 0.36)}" y="${r1(top + h * 0.45)}" width="${r1(w * 0.72)}" height="${r1(h * 0.3)}" rx="${r1(w * 0.05)}" fill="${label}" opacity="0.95"/>`,
    `<rect x="${r1(cx - w * 0.36)}" y="${r1(top + h * 0.22)}" width="${r1(w * 0.08)}" height="${r1(h * 0.68)}" rx="${r1(w * 0.04)}" fill="#ffffff" opacity="0.35"/>`,
  ].join('');
};

const jar: Motif = (rng, cx, cy, size, p) => {
  const w = size * between(rng, 0.55, 0.7);
  const h = size * between(rng, 0.4, 0.5);
  const lid = h * 0.22;
  const top = cy - h / 2;
  const [body, lidColour, label] = p.accents;
  return [
    `<rect x="${r1(cx - w / 2)}" y="${r1(top + lid)}" width="${r1(w)}" height="${r1(h - lid)}" rx="${r1(w * 0.12)}" fill="${body}" opacity="0.9"/>`,
    `<rect x="${r1(cx - w * 0.53)}" y="${r1(top)}" width="${r1(w * 1.06)}" height="${r1(lid)}" rx="${r1(lid * 0.3)}" fill="${lidColour}"/>`,
    `<ellipse cx="${r1(cx)}" cy="${r1(top + lid + (h - lid) * 0.5)}" rx="${r1(w * 0.3)}" ry="${r1((h - lid) * 0.24)}" fill="${label}"/>`,
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

const leaves: Motif = (rng, cx, cy, size, p) => {
  const n = 3 + Math.floor(rng() * 4);
  const base = cy + size * 0.35;
  let out = '';
  for (let i = 0; i < n; i++) {
    const angle = -60 + (120 * i) / Math.max(1, n - 1) + between(rng, -10, 10);
    out += leaf(cx, base, size * between(rng, 0.45, 0.75), angle, p.accents[i % 3] ?? p.ink);
  }
  return out;
};

const basket: Motif = (rng, cx, cy, size, p) => {
  const w = size * between(rng, 0.6, 0.75);
  const h = size * between(rng, 0.45, 0.55);
  const top = cy - h / 2;
  const bands = 5 + Math.floor(rng() * 4);
  const id = `b${Math.floor(rng() * 1e9)}`;
  let stripes = '';
  for (let i = 0; i < bands; i++) {
    const y = top + (h * i) / bands;
    stripes += `<rect x="${r1(cx - w)}" y="${r1(y)}" width="${r1(w * 2)}" height="${r1(h / bands / 2)}" fill="${p.accents[i % 3] ?? p.ink}" opacity="0.85"/>`;
  }
  const path =
    `M ${r1(cx - w / 2)} ${r1(top)} L ${r1(cx + w / 2)} ${r1(top)} ` +
    `L ${r1(cx + w * 0.36)} ${r1(top + h)} Q ${r1(cx)} ${r1(top + h * 1.08)} ${r1(cx - w * 0.36)} ${r1(top + h)} Z`;
  return [
    `<clipPath id="${id}"><path d="${path}"/></clipPath>`,
    `<path d="${path}" fill="${p.to}"/>`,
    `<g clip-path="url(#${id})">${stripes}</g>`,
    `<path d="M ${r1(cx - w * 0.3)} ${r1(top)} Q ${r1(cx)} ${r1(top - h * 0.7)} ${r1(cx + w * 0.3)} ${r1(top)}" fill="none" stroke="${p.ink}" stroke-width="${r1(size * 0.025)}" stroke-linecap="round"/>`,
  ].join('');
};

const beads: Motif = (rng, cx, cy, size, p) => {
  const ring = size * between(rng, 0.28, 0.38);
  const n = 16 + Math.floor(rng() * 10);
  const bead = ((Math.PI * 2 * ring) / n) * 0.45;
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = (Math.PI * 2 * i) / n;
    out += `<circle cx="${r1(cx + Math.cos(a) * ring)}" cy="${r1(cy + Math.sin(a) * ring)}" r="${r1(bead)}" fill="${p.accents[i % 3] ?? p.ink}"/>`;
  }
  return (
    out + `<circle cx="${r1(cx)}" cy="${r1(cy + ring)}" r="${r1(bead * 1.8)}" fill="${p.ink}"/>`
  );
};

const MOTIFS: readonly Motif[] = [bottle, jar, leaves, basket, beads];

function composeSvg(
  width: number,
  height: number,
  kind: DemoImageKind,
  index: number,
  seed: number,
): string {
  const rng = mulberry32(Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));
  // Neighbouring images differ in palette and motif even before randomness; the slow drift
  // term keeps every sixth image (the banners) from cycling through only two palettes.
  const paletteIndex = (index * 5 + Math.floor(index / BANNER_EVERY) + seed) % PALETTES.length;
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
    // Objects spread over the middle, a leaf framing each end.
    const n = 3 + Math.floor(rng() * 3);
    const size = height * 0.55;
    for (let i = 0; i < n; i++) {
      const cx = width * (0.24 + (0.52 * i) / (n - 1)) + between(rng, -20, 20);
      const motif = MOTIFS[(index + i) % MOTIFS.length] ?? bottle;
      parts.push(shadow(cx, waveY, size, palette), motif(rng, cx, height * 0.5, size, palette));
    }
    parts.push(
      leaf(width * 0.03, height * 1.02, height * 0.6, between(rng, 10, 30), palette.accents[1]),
      leaf(width * 0.97, height * 1.02, height * 0.55, between(rng, -30, -10), palette.accents[0]),
    );
  } else {
    const size = Math.min(width, height) * 0.62;
    const cx = width / 2 + between(rng, -0.08, 0.08) * width;
    const cy = height * 0.5;
    const motif = MOTIFS[index % MOTIFS.length] ?? bottle;
    // A second, smaller object beside the main one on some pictures.
    if (rng() < 0.5) {
      const side = rng() < 0.5 ? -1 : 1;
      const small = MOTIFS[(index + 2) % MOTIFS.length] ?? jar;
      const sx = cx + side * size * 0.55;
      parts.push(
        shadow(sx, cy + size * 0.3, size * 0.5, palette),
        small(rng, sx, cy + size * 0.12, size * 0.5, palette),
      );
    }
    parts.push(shadow(cx, cy + size * 0.42, size, palette), motif(rng, cx, cy, size, palette));
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    parts.join('') +
    `</svg>`
  );
}

const shadow = (cx: number, cy: number, size: number, p: Palette) =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(size * 0.38)}" ry="${r1(size * 0.06)}" fill="${p.ink}" opacity="0.18"/>`;
