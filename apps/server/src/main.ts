// Starts Soko: settings, data folder lock, database + migrations, demo data, HTTP server, and
// a graceful stop on SIGINT/SIGTERM (in-flight requests finish, the database closes cleanly).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { openPglite, openPostgres, type Database } from './platform/db';
import { acquireDataDirLock, DataDirLockedError } from './platform/lock-file';
import { resolveJwtSecret } from './platform/secrets';
import { ensureAdmin } from './modules/auth';
import { DEMO_ACCOUNTS_TEXT, seedDemoIfEmpty } from './demo/seed';
import { applyDefaultCommission } from './modules/ledger';

function fail(message: string): never {
  process.stderr.write(`\nSoko could not start.\n${message}\n\n`);
  process.exit(1);
}

async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl)
    return { database: await openPostgres(config.databaseUrl), release: () => {} };
  const release = acquireDataDirLock(config.dataDir);
  try {
    return { database: await openPglite({ dataDir: path.join(config.dataDir, 'pg') }), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, '../../web/dist');
  config.jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`The database could not be opened: ${(error as Error).message}`);
  }
  const { database, release } = opened;

  const seeded = await database.whileAlone(async () => {
    await database.migrate();
    // Before the demo's past orders are written: the ledger credits them at this rate.
    await applyDefaultCommission(database.db, config.defaultCommissionBps);
    const wrote = config.seed === 'demo' ? await seedDemoIfEmpty(database.db, config) : false;
    if (config.admin) await ensureAdmin(database.db, config.admin, config.passwordHashCost);
    return wrote;
  });

  const app = await buildApp({ config, database });
  if (database.kind === 'pglite' && config.nodeEnv === 'production') {
    app.log.warn(
      'Running on the embedded database (PGlite) in production: it has no fsync, so an OS crash ' +
        'or power cut can lose recent writes. Set DATABASE_URL to run on PostgreSQL.',
    );
  }
  if (config.seed === 'demo' && config.nodeEnv === 'production') {
    app.log.warn(
      'SEED=demo in production: the demo accounts (admin@soko.test among them) have a published ' +
        'password. Use it only to try Soko; a real shop starts without SEED.',
    );
  }
  if (config.payments.includes('sandbox') && config.nodeEnv === 'production') {
    app.log.warn(
      'Online payments use the built-in sandbox in production: anyone can press its Pay button ' +
        'and no money moves. Set PAYMENTS=pesapal (PESAPAL_*), mpesa (MPESA_*) or both to take real payments.',
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      release();
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    release();
    fail(`Could not listen on port ${config.port}: ${(error as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(
    `\nSoko is serving on http://localhost:${port} (database: ${database.kind}` +
      `${seeded ? ', demo data just seeded' : ''}).\n${config.seed === 'demo' ? DEMO_ACCOUNTS_TEXT : ''}\n`,
  );
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
