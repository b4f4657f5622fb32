// What the benchmark scripts share: free ports, starting processes and waiting for them, and
// latency percentiles.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Every process started, so a script can stop them all when it ends, however it ends. */
export const children = [];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function start(command, args, env, readyPattern, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk.toString();
      if (readyPattern.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}:\n${output}`));
    });
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const round = (n, digits = 1) => Number(n.toFixed(digits));

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux everywhere we run). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds a process has used so far (user + system, from /proc/<pid>/stat), or NaN
 * where there is no /proc. The fields after the command name (which may hold spaces) are counted
 * from its closing parenthesis: utime and stime are the 12th and 13th.
 */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** The fields of /proc/<pid>/stat after the command name, or null when the process is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds used so far by a process and every process under it: each one's user and
 * system time, and what its children that have ended and been waited for used (cutime and
 * cstime, the 14th and 15th fields). NaN where there is no /proc.
 */
export function treeCpuMs(pid) {
  const own = statFields(pid);
  if (!own) return NaN;
  const ticks = (fields) =>
    Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields) parentOf.set(Number(entry), { parent: Number(fields[1]), fields });
  }
  let total = ticks(own);
  const under = new Set([pid]);
  // Parents have lower ids than their children almost always; loop until nothing is added.
  for (let added = true; added;) {
    added = false;
    for (const [id, { parent, fields }] of parentOf) {
      if (!under.has(id) && under.has(parent)) {
        under.add(id);
        total += ticks(fields);
        added = true;
      }
    }
  }
  return (total * 1000) / TICKS_PER_SECOND;
}

/** CPU milliseconds used so far by every PostgreSQL process on this machine (NaN without /proc). */
export function postgresCpuMs() {
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
          total += cpuMs(entry);
      } catch {
        // Gone meanwhile.
      }
    }
  } catch {
    return NaN;
  }
  return total;
}

/**
 * The built server (npm run build first) on a free port with fresh demo data on PGlite, as a
 * shop in production runs; `env` adds or overrides settings. Stopped with the other children.
 */
export async function startSoko(dataDir, env = {}) {
  return (await startSokoProcess(dataDir, env)).base;
}

/** startSoko, with Node options before the server's file, answering its process too. */
export async function startSokoProcess(dataDir, env = {}, nodeOptions = []) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  process.stderr.write(`starting Soko on ${base} (fresh demo data)...\n`);
  const server = await start(
    process.execPath,
    [...nodeOptions, 'apps/server/dist/main.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED: 'demo', // a production start seeds nothing unless asked (decision 029)
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    /Soko is serving on/,
  );
  return { base, server };
}

/**
 * The files a page's HTML has the browser fetch for its first load: its scripts, stylesheets
 * and modulepreload links, and the app's entry that apps/web/start/start.js imports once the
 * page is painted (its data-entry, decision 024): later, but still part of the first load.
 */
export function firstLoadAssets(html) {
  const linked = html.matchAll(
    /<(?:script[^>]*\bsrc|link[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref)="([^"]+)"/g,
  );
  const started = html.matchAll(/<script[^>]*\bdata-entry="([^"]+)"/g);
  return [...new Set([...linked, ...started].map((m) => m[1]))];
}
