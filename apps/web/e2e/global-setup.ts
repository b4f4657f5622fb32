// Starts the real built server on a fresh embedded database for the run, and returns the
// teardown that stops it and deletes its data folder. Building is `npm run e2e`'s job.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOscu } from '../../server/test/fake-oscu';
import { FAKE_PUM_SETTINGS, startFakePickupMtaani } from '../../server/test/fake-pickup-mtaani';
import { E2E_ETIMS_PIN, E2E_ETIMS_PROJECTS, e2eEtimsSerial } from './etims-devices';
import { JOURNEY_ORDER_LIMITS } from './journey-limits';
import { startMailbox } from './mailbox';
import { startSmsInbox } from './sms-inbox';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
// WEB_DIST_DIR lets parallel runs each serve their own build (the server reads it too).
const webIndex = path.join(
  process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'),
  'index.html',
);
// A fresh data folder is migrated and seeded with the demo shop first: up to ~30 s.
const startTimeoutMs = 120_000;
const stopTimeoutMs = 15_000;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export default async function globalSetup() {
  const port = process.env.SOKO_E2E_PORT;
  if (!port) throw new Error('SOKO_E2E_PORT is unset: run the suite through playwright.config.ts');
  const baseURL = `http://localhost:${port}`;

  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file)) {
      throw new Error(
        `${path.relative(repoRoot, file)} is missing: run \`npm run e2e\`, which builds first.`,
      );
    }
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), 'soko-e2e-'));
  // The server's output goes to a file beside the traces: it is what explains a failed journey.
  const outputDir = path.join(repoRoot, 'test-results');
  mkdirSync(outputDir, { recursive: true });
  const logFile = path.join(outputDir, 'server.log');
  const log = createWriteStream(logFile);
  const recent: string[] = [];
  const remember = (chunk: Buffer) => {
    log.write(chunk);
    recent.push(...chunk.toString('utf8').split('\n'));
    recent.splice(0, Math.max(0, recent.length - 80));
  };

  // Never a developer's DATABASE_URL or REDIS_URL: a run must not seed or touch a real
  // database, and always starts from an empty embedded one.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  // The server's mail goes to a real SMTP server on loopback; journeys read it from files.
  const mailDir = path.join(dataDir, 'mail');
  const mailbox = await startMailbox(mailDir);
  process.env.SOKO_E2E_MAIL_DIR = mailDir;
  // Its SMS go to a fake of Africa's Talking on loopback; journeys read them from files too.
  const smsDir = path.join(dataDir, 'sms');
  const smsInbox = await startSmsInbox(smsDir);
  process.env.SOKO_E2E_SMS_DIR = smsDir;
  // Pick Up Mtaani is a fake on loopback too (decision 036): its agents, fees and packages.
  const carrier = await startFakePickupMtaani();
  // KRA's eTIMS too (decision 046): shops that turn it on have their receipts signed by a fake OSCU.
  const oscu = await startFakeOscu();
  for (const project of E2E_ETIMS_PROJECTS) {
    oscu.device({ tin: E2E_ETIMS_PIN, bhfId: '00', dvcSrlNo: e2eEtimsSerial(project) });
  }
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      HOST: 'localhost',
      PORT: port,
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED: 'demo',
      // The limits themselves are tested over HTTP; journeys sign in more than a person would.
      RATE_LIMIT_SIGNIN_PER_CLIENT: '600',
      RATE_LIMIT_SIGNIN_PER_EMAIL: '300',
      ...JOURNEY_ORDER_LIMITS,
      PAYMENTS: 'sandbox',
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'no-reply@soko.test',
      ...smsInbox.env,
      PICKUP_MTAANI_URL: carrier.url,
      PICKUP_MTAANI_API_KEY: FAKE_PUM_SETTINGS.apiKey,
      PICKUP_MTAANI_WEBHOOK_SECRET: FAKE_PUM_SETTINGS.webhookSecret,
      ETIMS_BASE_URL: oscu.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', remember);
  server.stderr.on('data', remember);
  let exited: string | undefined;
  server.once('exit', (code, signal) => {
    exited = signal ? `signal ${signal}` : `code ${code}`;
  });

  // If the runner dies without tearing down, the server must not outlive it.
  const killOnExit = () => {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (!exited) {
      server.kill('SIGTERM');
      if (!(await waitForExit(server, stopTimeoutMs))) {
        server.kill('SIGKILL');
        await waitForExit(server, 5_000);
      }
    }
    log.end();
    await mailbox.close();
    await smsInbox.close();
    await carrier.close();
    await oscu.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const teardown = async () => {
    // A server that died mid-run explains a wall of connection errors better than they do.
    if (exited) console.error(`The server exited during the run (${exited}); see ${logFile}`);
    await stop();
  };

  const deadline = Date.now() + startTimeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
      if (response.ok && body?.status === 'ok') {
        process.env.SOKO_E2E_DATA_DIR = dataDir;
        return teardown;
      }
      lastProblem = `HTTP ${response.status} ${JSON.stringify(body)}`;
    } catch (error) {
      // fetch() says only "fetch failed"; the cause names it (ECONNREFUSED while starting).
      const { message, cause } = error as Error & { cause?: { message?: string } };
      lastProblem = cause?.message ? `${message}: ${cause.message}` : message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const reason = exited
    ? `the server exited (${exited}) before it was healthy`
    : `GET /api/health did not answer {status:'ok'} within ${startTimeoutMs / 1000} s (last: ${lastProblem})`;
  await stop();
  throw new Error(
    `Could not start the Soko server for the e2e run: ${reason}.\n` +
      `Server output (full log in ${logFile}):\n${recent.join('\n')}`,
  );
}
