// The first load of `/` alone, as bench/run.mjs measures it (lib.mjs firstLoadAssets, fetched
// with `accept-encoding: gzip` and counted as sent), without
// the load tests and Lighthouse: a quick check that a change keeps zod and the form library out
// of the shopper's first load. `npm run build` first; `node bench/first-load.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { children, firstLoadAssets, startSoko } from './lib.mjs';

function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soko-first-load-'));
try {
  const base = await startSoko(dataDir);
  const html = (await rawGet(`${base}/`)).body.toString();
  let js = 0;
  let css = 0;
  for (const asset of firstLoadAssets(html)) {
    const res = await rawGet(`${base}${asset}`, { 'accept-encoding': 'gzip' });
    if (asset.endsWith('.css')) css += res.body.length;
    else js += res.body.length;
    console.log(
      `${asset}  ${(res.body.length / 1024).toFixed(1)} KB (${res.headers['content-encoding'] ?? 'identity'})`,
    );
  }
  console.log(
    `First load of / (as sent, gzip): JavaScript ${(js / 1024).toFixed(1)} KB, CSS ${(css / 1024).toFixed(1)} KB`,
  );
} finally {
  for (const child of children) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
