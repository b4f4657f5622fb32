// `npm run bench` (fourth part): the picture pipeline (apps/server/src/modules/media).
//
//  1. Pictures processed per second: the server's own renderImage (header check, decode, turn
//     upright, cap at 1600 px, WebP at the full size and each smaller width) over
//     BENCH_IMAGES photo-like JPEGs, two at a time (the machine's cores), for a 2 MB
//     2400x1600 photo and a 1000x750 one.
//  2. Upload to visible: one 2 MB photo POSTed to /api/media/upload of the real built server
//     (fresh demo data, PGlite, NODE_ENV=production), then a GET of the URL it answers with;
//     BENCH_UPLOAD_SAMPLES times, one at a time, median and worst reported.
//
// Prints a Markdown report and writes bench/images-results.json. Needs `npm run build` first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { children, percentile, root, round, startSoko } from './lib.mjs';

const imageCount = Number(process.env.BENCH_IMAGES ?? 60);
const uploadSamples = Number(process.env.BENCH_UPLOAD_SAMPLES ?? 10);
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * A JPEG that compresses like a photo (smooth light, fine grain), as close under 2 MB as the
 * quality steps allow. Solid or noise-only pictures would be far easier or harder than a photo.
 */
async function photo(width, height, seed, maxBytes) {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const light = 0.5 + 0.5 * Math.sin(x / 180 + seed) * Math.cos(y / 140);
      const grain = random() * 22;
      pixels[i] = 60 + light * 150 + grain;
      pixels[i + 1] = 40 + light * 120 + (x / width) * 60 + grain;
      pixels[i + 2] = 30 + (1 - light) * 110 + (y / height) * 50 + grain;
    }
  }
  for (let quality = 95; quality >= 50; quality -= 5) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels } })
      .jpeg({ quality })
      .toBuffer();
    if (!maxBytes || jpeg.length <= maxBytes) return jpeg;
  }
  throw new Error(`could not make a ${width}x${height} photo under ${maxBytes} bytes`);
}

async function rate(renderImage, inputs) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) await renderImage(inputs[next++]);
  };
  await Promise.all([worker(), worker()]);
  return inputs.length / ((performance.now() - started) / 1000);
}

function multipart(file) {
  const boundary = `----soko-bench-${Date.now()}`;
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="photo.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function uploadToVisible(base, photoBytes) {
  const signin = await fetch(`${base}/api/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // A blog picture: it needs no shop, and goes through exactly the same pipeline.
    body: JSON.stringify({ email: 'admin@soko.test', password: 'soko-demo-pass' }),
  });
  const { token } = await signin.json();
  const { body, contentType } = multipart(photoBytes);
  const times = [];
  let image;
  for (let i = 0; i < uploadSamples; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/media/upload?kind=blog`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    [image] = (await res.json()).images;
    const seen = await fetch(new URL(image.url, base));
    await seen.arrayBuffer();
    if (seen.status !== 200) throw new Error(`GET ${image.url} answered ${seen.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), worst: times.at(-1), image };
}

async function main() {
  const report = {
    machine: {
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      memoryGiB: round(os.totalmem() / 2 ** 30),
      node: process.version,
      sharp: sharp.versions.sharp,
      date: new Date().toISOString(),
    },
  };
  const { renderImage } = await tsImport(
    path.join(root, 'apps/server/src/modules/media/process.ts'),
    import.meta.url,
  );

  process.stderr.write('making test photos...\n');
  const big = await photo(2400, 1600, 1, MAX_BYTES);
  const bigInputs = Array.from({ length: imageCount }, () => big);
  const small = await photo(1000, 750, 2);
  const smallInputs = Array.from({ length: imageCount }, () => small);
  await rate(renderImage, bigInputs.slice(0, 4));
  report.pipeline = {
    images: imageCount,
    photo2MB: {
      size: '2400x1600',
      bytes: big.length,
      perSecond: round(await rate(renderImage, bigInputs)),
    },
    photoSmall: {
      size: '1000x750',
      bytes: small.length,
      perSecond: round(await rate(renderImage, smallInputs)),
    },
  };

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soko-bench-images-'));
  try {
    const base = await startSoko(dataDir, { RATE_LIMIT_UPLOADS: '1000000' });
    const visible = await uploadToVisible(base, big);
    report.uploadToVisible = {
      samples: uploadSamples,
      bytes: big.length,
      medianMs: round(visible.median),
      worstMs: round(visible.worst),
      stored: `${visible.image.width}x${visible.image.height}`,
    };
  } finally {
    for (const child of children) child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }

  writeFileSync(
    path.join(root, 'bench/images-results.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  const p = report.pipeline;
  const u = report.uploadToVisible;
  console.log(`Machine: ${report.machine.cpus}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}, sharp ${report.machine.sharp}

| pipeline (renderImage, 2 at a time, ${p.images} pictures) | input bytes | pictures/s |
| --- | ---: | ---: |
| 2 MB photo, ${p.photo2MB.size} -> 1600 + 320/640/960 WebP | ${p.photo2MB.bytes.toLocaleString('en')} | **${p.photo2MB.perSecond}** |
| photo ${p.photoSmall.size} -> 1000 + 320/640/960 WebP | ${p.photoSmall.bytes.toLocaleString('en')} | **${p.photoSmall.perSecond}** |

Upload to visible (one ${(u.bytes / 2 ** 20).toFixed(2)} MB photo, POST then GET of its URL, ${u.samples} times): median **${u.medianMs} ms**, worst ${u.worstMs} ms.`);
}

main().catch((error) => {
  for (const child of children) child.kill();
  console.error(error);
  process.exit(1);
});
