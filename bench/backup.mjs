// `npm run bench:backup`: `npm run backup` and `npm run restore` (decision 051) of a shop of
// BENCH_BACKUP_PRODUCTS products (default 100000) on the embedded database, each product with
// its own picture as the server stores one (a full-size WebP and its smaller renditions, of the
// demo picture's sizes, each product's bytes its own). Times the built CLI
// (apps/server/dist/backup.js) as an operator runs it, from start to exit. Writes
// bench/backup-results.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root, round } from './lib.mjs';

const productCount = Number(process.env.BENCH_BACKUP_PRODUCTS ?? 100_000);
const ts = (file) => tsImport(path.join(root, file), import.meta.url);
const { openPglite } = await ts('apps/server/src/platform/db.ts');
const { generateDemoImages } = await ts('apps/server/src/demo/content/images.ts');
const { seedDemo } = await ts('apps/server/src/demo/seed.ts');

const work = mkdtempSync(path.join(os.tmpdir(), 'soko-bench-backup-'));
const source = path.join(work, 'source');
const mediaDir = path.join(source, 'media');
const file = path.join(work, 'shop.tar.gz');
const target = path.join(work, 'restored');

try {
  console.log(`Building a shop of ${productCount} products with pictures in ${source} ...`);
  const database = await openPglite({ dataDir: path.join(source, 'pg') });
  await database.migrate();
  const images = await generateDemoImages({ count: 8, outDir: mediaDir });
  await database.db.transaction((tx) => seedDemo(tx, images, 10));
  // One demo picture's files, copied under a key of each product's own.
  const model = images.find((image) => image.kind === 'square') ?? images[0];
  const modelDir = path.join(mediaDir, model.key);
  const files = readdirSync(modelDir);
  const pictureBytes = files.reduce(
    (sum, name) => sum + statSync(path.join(modelDir, name)).size,
    0,
  );
  // Each product's files are its own bytes, as real pictures are: random bytes of the demo
  // picture's sizes (compressed WebP is as incompressible), so the archive's gzip cannot fold
  // 100,000 copies of one picture into one.
  const sizes = files.map((name) => statSync(path.join(modelDir, name)).size);
  for (let g = 1; g <= productCount; g++) {
    const dir = path.join(mediaDir, `bench-${g}`);
    await mkdir(dir);
    await Promise.all(
      files.map((name, i) => writeFile(path.join(dir, name), randomBytes(sizes[i] ?? 0))),
    );
  }
  const client = database.db.$client;
  await client.query(
    `insert into media (key, width, height, bytes)
     select 'bench-' || g, ${model.width}, ${model.height}, ${pictureBytes}
     from generate_series(1, ${productCount}) g`,
  );
  await client.query(
    `insert into products (shop_id, category_id, name, description, price_cents, type, image_urls,
                           stock, created_at)
     select c.shop_id, c.id, 'Bench product ' || g,
            repeat('A plain honest description of a bench product. ', 4),
            100 + (g * 7919) % 500000, 'Bench', array['/media/bench-' || g || '/${files.find((name) => name.startsWith(String(model.width))) ?? files[0]}'],
            1 + g % 40, now() - g * interval '1 second'
     from generate_series(1, ${productCount}) g
     cross join lateral (
       select id, shop_id from categories where deleted_at is null
       order by id offset (g % (select count(*) from categories where deleted_at is null)) limit 1
     ) c`,
  );
  await database.close();

  const cli = path.join(root, 'apps/server/dist/backup.js');
  const timed = (args, dataDir) => {
    const started = process.hrtime.bigint();
    const out = execFileSync(process.execPath, [cli, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' },
      encoding: 'utf8',
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    process.stdout.write(out);
    return round(seconds, 1);
  };
  const backupSeconds = timed(['backup', file], source);
  const restoreSeconds = timed(['restore', file], target);
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', file, 'manifest.json'], { maxBuffer: 1 << 30 }).toString(),
  );
  const results = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
    products: productCount,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    pictures: manifest.media.files,
    pictureMegabytes: round(manifest.media.bytes / 2 ** 20, 0),
    fileMegabytes: round(statSync(file).size / 2 ** 20, 0),
    backupSeconds,
    restoreSeconds,
  };
  console.log(results);
  writeFileSync(
    path.join(root, 'bench/backup-results.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log(
    `\n| products | rows | pictures (files, MB) | backup file | backup | restore |\n|---|---|---|---|---|---|\n` +
      `| ${productCount} | ${results.rows} | ${results.pictures}, ${results.pictureMegabytes} MB | ${results.fileMegabytes} MB | ${backupSeconds} s | ${restoreSeconds} s |`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
