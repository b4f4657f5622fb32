import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PICTURES } from './catalog';
import {
  composeDemoPicture,
  demoImageFiles,
  describeDemoImages,
  generateDemoImages,
  hasDemoComposer,
  renderDemoPicture,
  type DemoPictureKind,
  type GeneratedImage,
} from './images';

let outDir: string;
let images: GeneratedImage[];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'soko-demo-images-'));
  // Six images: the default mix makes the sixth a banner and the third a 4:3 picture.
  images = await generateDemoImages({ count: 6, outDir });
});

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

const fullPath = (image: GeneratedImage) =>
  path.join(outDir, image.key, `${image.width}x${image.height}.webp`);

describe('generateDemoImages', () => {
  it('describes each image with a stable key and its media url', () => {
    expect(images.map((i) => i.key)).toEqual([
      'demo-01',
      'demo-02',
      'demo-03',
      'demo-04',
      'demo-05',
      'demo-06',
    ]);
    for (const image of images) {
      expect(image.key).toMatch(/^[A-Za-z0-9-]+$/);
      expect(image.url).toBe(`/media/${image.key}/${image.width}x${image.height}.webp`);
    }
    expect(images.map((i) => [i.kind, i.width, i.height, i.picture])).toEqual([
      ['square', 1200, 1200, 'bottle'],
      ['square', 1200, 1200, 'jar'],
      ['square', 1200, 900, 'leaves'],
      ['square', 1200, 1200, 'basket'],
      ['square', 1200, 1200, 'beads'],
      ['banner', 1600, 600, 'banner'],
    ]);
  });

  it('writes WebP files at the full size and at smaller widths, keeping the aspect ratio', async () => {
    for (const image of images) {
      const files = await readdir(path.join(outDir, image.key));
      expect(files.sort()).toEqual(demoImageFiles(image).sort());
      expect(files).toEqual(
        expect.arrayContaining([
          `${image.width}x${image.height}.webp`,
          'w320.webp',
          'w640.webp',
          'w960.webp',
        ]),
      );
      for (const file of files) {
        const meta = await sharp(path.join(outDir, image.key, file)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        const width = file.startsWith('w') ? Number(file.slice(1, -'.webp'.length)) : image.width;
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * image.height) / image.width));
      }
      const size = (await stat(fullPath(image))).size;
      expect(size).toBeGreaterThan(2_000);
      expect(size).toBeLessThan(300_000);
    }
  });

  it('makes every picture different', async () => {
    const contents = await Promise.all(images.map((image) => readFile(fullPath(image))));
    const distinct = new Set(contents.map((c) => c.toString('base64')));
    expect(distinct.size).toBe(images.length);
    // Not only different bytes: the pictures differ in colour too.
    const means = await Promise.all(
      images.map(async (image) => {
        const { channels } = await sharp(fullPath(image)).stats();
        return channels.map((c) => Math.round(c.mean)).join(',');
      }),
    );
    expect(new Set(means).size).toBe(images.length);
  });

  it('skips files that already exist and fills in missing ones', async () => {
    const first = images[0];
    if (!first) throw new Error('no image');
    const before = await stat(fullPath(first));
    const small = path.join(outDir, first.key, 'w320.webp');
    await rm(small);

    const again = await generateDemoImages({ count: 6, outDir });

    expect(again).toEqual(images);
    expect((await stat(fullPath(first))).mtimeMs).toBe(before.mtimeMs);
    expect((await sharp(small).metadata()).width).toBe(320);
    for (const image of images) {
      expect((await readdir(path.join(outDir, image.key))).sort()).toEqual(
        demoImageFiles(image).sort(),
      );
    }
  });

  it('is deterministic for a seed and changes with it', async () => {
    const a = path.join(outDir, 'seed-a');
    const b = path.join(outDir, 'seed-b');
    const [one] = await generateDemoImages({ count: 1, outDir: a, seed: 7 });
    await generateDemoImages({ count: 1, outDir: b, seed: 8 });
    if (!one) throw new Error('no image');
    const file = `${one.width}x${one.height}.webp`;
    const fromA = await readFile(path.join(a, one.key, file));
    expect(fromA.equals(await readFile(path.join(outDir, 'demo-01', file)))).toBe(false);
    expect(fromA.equals(await readFile(path.join(b, one.key, file)))).toBe(false);
    await rm(a, { recursive: true });
    await generateDemoImages({ count: 1, outDir: a, seed: 7 });
    expect(fromA.equals(await readFile(path.join(a, one.key, file)))).toBe(true);
  });

  it('makes banners on request under their own keys', async () => {
    const dir = path.join(outDir, 'banners');
    const banners = await generateDemoImages({ count: 2, outDir: dir, kind: 'banner' });
    expect(banners.map((b) => [b.key, b.kind, b.width, b.height])).toEqual([
      ['demo-banner-01', 'banner', 1600, 600],
      ['demo-banner-02', 'banner', 1600, 600],
    ]);
    const meta = await sharp(path.join(dir, 'demo-banner-02', 'w960.webp')).metadata();
    expect([meta.width, meta.height]).toEqual([960, 360]);
  });
});

describe('pictures of a kind', () => {
  it('renders every kind as a PNG of the asked size, each kind looking different', async () => {
    const kinds: DemoPictureKind[] = [...DEMO_PICTURES, 'banner'];
    const pixels = new Map<string, string>();
    for (const kind of kinds) {
      const png = await renderDemoPicture({ kind, index: 0, width: 240, height: 180 });
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height], kind).toEqual(['png', 240, 180]);
      // Small enough to compare: two kinds drawing the same thing would give the same pixels.
      const tiny = await sharp(png).resize(24, 18).raw().toBuffer();
      pixels.set(kind, tiny.toString('base64'));
    }
    expect(new Set(pixels.values()).size).toBe(kinds.length);
  });

  it('draws the thing over the background: the middle differs from a plain backdrop', async () => {
    const svg = composeDemoPicture({ kind: 'cloth', index: 0, width: 400, height: 400 });
    // The thing's shapes come after the wave, the last part of the backdrop.
    expect(svg.split('fill="url(#bg)"').length).toBe(2);
    const png = await renderDemoPicture({ kind: 'cloth', index: 0, width: 400, height: 400 });
    const { channels } = await sharp(png)
      .extract({ left: 100, top: 150, width: 200, height: 150 })
      .stats();
    // Folded, patterned cloth: strong contrast where a soft gradient would have almost none.
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(25);
  });

  it('is deterministic for a kind, index and seed', () => {
    const a = composeDemoPicture({ kind: 'soap', index: 1, width: 300, height: 300 });
    expect(composeDemoPicture({ kind: 'soap', index: 1, width: 300, height: 300 })).toBe(a);
    expect(composeDemoPicture({ kind: 'soap', index: 2, width: 300, height: 300 })).not.toBe(a);
    expect(
      composeDemoPicture({ kind: 'soap', index: 1, width: 300, height: 300, seed: 2 }),
    ).not.toBe(a);
  });

  it('knows a composer for every catalogue kind and none for made-up ones', () => {
    for (const kind of DEMO_PICTURES) expect(hasDemoComposer(kind), kind).toBe(true);
    expect(hasDemoComposer('banner')).toBe(true);
    expect(hasDemoComposer('spaceship')).toBe(false);
    expect(hasDemoComposer('toString')).toBe(false);
  });

  it('writes the pictures asked for under keys of their kind', async () => {
    const dir = path.join(outDir, 'kinds');
    const made = await generateDemoImages({
      outDir: dir,
      pictures: [
        { kind: 'cloth', index: 0 },
        { kind: 'cloth', index: 2 },
        { kind: 'banner', index: 0 },
      ],
    });
    expect(made.map((m) => [m.key, m.picture, m.kind, m.width, m.height])).toEqual([
      ['demo-cloth-01', 'cloth', 'square', 1200, 1200],
      ['demo-cloth-03', 'cloth', 'square', 1200, 900],
      ['demo-banner-01', 'banner', 'banner', 1600, 600],
    ]);
    expect(describeDemoImages({ pictures: [{ kind: 'cloth', index: 2 }] })).toEqual([made[1]]);
    for (const image of made) {
      expect((await readdir(path.join(dir, image.key))).sort()).toEqual(
        demoImageFiles(image).sort(),
      );
    }
  });
});
