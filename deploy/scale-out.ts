// Soko scaled out on one machine, as compose.yaml runs it in containers: two server processes
// behind nginx (Debian's package, with deploy/nginx.conf itself), sharing a PostgreSQL database,
// Redis and an S3-compatible store (s3rver, the test one). The scale-out test and the mixed
// load benchmark start it from here; `npm run scale-out` starts it for a person to try.
//
// Needs nginx on the PATH (or /usr/sbin), a PostgreSQL server it may create a database on, and
// Redis. Every part listens on 127.0.0.1 only.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import { createScratchDatabase, startServer, type Server } from '../apps/server/test/processes';

const here = path.dirname(fileURLToPath(import.meta.url));
// The bucket deploy/nginx.conf serves pictures from.
const BUCKET = 'soko';
// Its own Redis database: rate limit counts are keys, and other tests sharing the server count
// under the same client address (127.0.0.1). Pub/sub is server-wide, which costs them nothing.
const REDIS_DATABASE = 9;

export type ScaleOut = {
  /** nginx: what a shopper's browser talks to (also PUBLIC_URL). */
  base: string;
  /** nginx's access log, in deploy/nginx.conf's format. */
  accessLog: string;
  /** The two processes, each also reachable directly. */
  processes: [Server, Server];
  databaseUrl: string;
  stop: () => Promise<void>;
};

export type ScaleOutOptions = {
  /** A PostgreSQL server the pair may create (and drop) its own database on. */
  adminDatabaseUrl: string;
  redisUrl: string;
  /** 'source' runs src/main.ts through tsx (tests); 'built' runs dist/main.js (benchmarks). */
  entry?: 'source' | 'built';
  /** More settings for both processes (rate limits, payments, log level). */
  env?: Record<string, string>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
    server.on('error', reject);
  });
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('nginx is not installed (Debian: apt-get install nginx)');
}

/** Replaces `from` in `text`, and fails loudly when deploy/nginx.conf no longer has it. */
function swap(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
  return text.replaceAll(from, to);
}

/**
 * deploy/nginx.conf with the compose service names replaced by the loopback addresses here, and
 * its files (the access log among them) kept in `dir`.
 */
async function nginxConfig(
  dir: string,
  port: number,
  apps: [number, number],
  s3Port: number,
): Promise<string> {
  let text = await readFile(path.join(here, 'nginx.conf'), 'utf8');
  text = swap(text, 'server app1:3000', `server 127.0.0.1:${apps[0]}`);
  text = swap(text, 'server app2:3000', `server 127.0.0.1:${apps[1]}`);
  text = swap(text, 'listen 8080;', `listen 127.0.0.1:${port};`);
  text = swap(text, 'http://minio:9000/', `http://127.0.0.1:${s3Port}/`);
  text = swap(
    text,
    'access_log /dev/stdout soko;',
    `access_log ${path.join(dir, 'access.log')} soko;`,
  );
  // Started by root, nginx's workers run as nobody: the temporary folders must be theirs too.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const name of temp) {
    await mkdir(path.join(dir, name), { recursive: true });
    await chmod(path.join(dir, name), 0o777);
  }
  const paths = temp.map((name) => `  ${name}_temp_path ${path.join(dir, name)};`).join('\n');
  text = swap(text, 'http {\n', `http {\n${paths}\n`);
  return `pid ${path.join(dir, 'nginx.pid')};\n${text}`;
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Starts the whole pair; `stop()` takes every part down and drops the database. */
export async function startScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'soko-scale-out-'));
  await chmod(dir, 0o755);
  const cleanups: Array<() => Promise<unknown>> = [() => rm(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const database = await createScratchDatabase(options.adminDatabaseUrl, 'soko_scale_out');
    cleanups.push(database.drop);

    const redisUrl = new URL(options.redisUrl);
    redisUrl.pathname = `/${REDIS_DATABASE}`;
    const redis = new Redis(redisUrl.toString());
    await redis.flushdb();
    await redis.quit();

    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    cleanups.push(() => s3.close());

    const [port, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl.toString(),
      JWT_SECRET: randomBytes(24).toString('hex'),
      PUBLIC_URL: base,
      TRUST_PROXY: 'true',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: `${base}/bucket`,
      ...(options.entry === 'built' ? { NODE_ENV: 'production' } : {}),
      ...options.env,
    };
    // Both at once, as an orchestrator restarts them: the start lock makes them take turns.
    const started = await Promise.allSettled(
      [portA, portB].map(async (appPort, index) => {
        const dataDir = path.join(dir, `app${index + 1}`);
        await mkdir(dataDir);
        return startServer({ ...shared, PORT: String(appPort), DATA_DIR: dataDir }, options.entry);
      }),
    );
    for (const result of started) {
      if (result.status === 'fulfilled')
        cleanups.push(() => stopChild(result.value.child, 'SIGTERM'));
    }
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const processes = started.map((result) => (result as PromiseFulfilledResult<Server>).value) as [
      Server,
      Server,
    ];

    const configPath = path.join(dir, 'nginx.conf');
    await writeFile(configPath, await nginxConfig(dir, port, [portA, portB], s3Port));
    const nginx = spawn(
      nginxBinary(),
      ['-e', 'stderr', '-p', dir, '-c', configPath, '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let nginxOutput = '';
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    cleanups.push(() => stopChild(nginx, 'SIGTERM'));
    await waitForHealth(base, nginx, () => nginxOutput);

    return {
      base,
      accessLog: path.join(dir, 'access.log'),
      processes,
      databaseUrl: database.url,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// `npm run scale-out`: the pair for a person to try, until Ctrl-C.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const adminDatabaseUrl =
    process.env.SCALE_OUT_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const pair = await startScaleOut({
    adminDatabaseUrl,
    redisUrl,
    entry: existsSync(path.join(here, '../apps/server/dist/main.js')) ? 'built' : 'source',
    // A trial of the layout: the demo shop, which a production start no longer seeds unasked.
    env: { SEED: process.env.SEED ?? 'demo' },
  });
  process.stdout.write(
    `Soko behind nginx: ${pair.base} (processes ${pair.processes.map((p) => p.base).join(', ')}; ` +
      `database ${pair.databaseUrl}). Ctrl-C stops everything and drops the database.\n`,
  );
  const end = () => void pair.stop().then(() => process.exit(0));
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}
