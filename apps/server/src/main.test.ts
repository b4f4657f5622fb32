// The real entry point, started as a process: settings checked at start, the data folder lock,
// and a graceful stop that releases it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './demo/content/catalog';

const here = path.dirname(fileURLToPath(import.meta.url));
const mainTs = path.join(here, 'main.ts');
let dataDir: string;

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts main.ts; `env` overrides the defaults, and a key set to undefined is left unset. */
function start(env: Record<string, string | undefined>): Started {
  const merged: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    SEED: 'none',
    PORT: '0',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(predicate: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for the process to say it serves, and fails with its output if it ends first. */
async function waitForServing(run: Started, ms: number) {
  let ended = false;
  void run.exited.then(() => (ended = true));
  await waitFor(() => ended || /Soko is serving on/.test(run.output()), ms);
  if (ended) throw new Error(`Soko ended instead of serving:\n${run.output()}`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'soko-main-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// Generous time-outs: these start real processes, and on a busy 2-core machine (the rest of
// the suite starts servers too) a start can take far longer than alone.
describe('starting the server', () => {
  it('stops at once with a message naming a bad setting', async () => {
    const run = start({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Soko could not start[\s\S]*PORT/);
  });

  it('refuses a second process on one data folder, and a graceful stop releases it', async () => {
    const first = start({ DATA_DIR: dataDir });
    try {
      await waitForServing(first, 60_000);
      expect(existsSync(path.join(dataDir, 'soko.lock'))).toBe(true);

      const second = start({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/is in use by another Soko process \(pid \d+\)/);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'soko.lock'))).toBe(false);
    } finally {
      first.child.kill('SIGKILL');
    }
  }, 120_000);

  it('takes over a lock left by a process that died', async () => {
    await writeFile(path.join(dataDir, 'soko.lock'), '999999');
    const run = start({ DATA_DIR: dataDir });
    try {
      await waitForServing(run, 60_000);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  }, 120_000);

  // A first deploy must not open with the demo's admin and its published password (issue 29).
  it('seeds no demo accounts in a production start without SEED', async () => {
    const productionDir = await mkdtemp(path.join(os.tmpdir(), 'soko-main-production-'));
    const run = start({ DATA_DIR: productionDir, NODE_ENV: 'production', SEED: undefined });
    try {
      await waitForServing(run, 60_000);
      const port = /serving on http:\/\/localhost:(\d+)/.exec(run.output())?.[1];
      expect(port).toBeDefined();
      expect(run.output()).not.toMatch(/demo data just seeded|Demo accounts/);
      const signin = await fetch(`http://127.0.0.1:${port}/api/user/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@soko.test', password: DEMO_PASSWORD }),
      });
      expect(signin.status).toBe(401);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
      await rm(productionDir, { recursive: true, force: true });
    }
  }, 120_000);
});
