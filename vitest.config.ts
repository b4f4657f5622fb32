import { defineConfig } from 'vitest/config';

// The server suite runs on the embedded database always, and a second time on PostgreSQL when
// TEST_DATABASE_URL is set: races and row locks only exist there (PGlite is one connection).
const serverProject = (db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${db}`,
    include: ['apps/server/src/**/*.test.ts'],
    // Tests that never touch the database run once, in the PGlite project.
    exclude:
      db === 'postgres'
        ? [
            'apps/server/src/main.test.ts',
            // Lints source: nothing to do with the database.
            'apps/server/src/architecture.test.ts',
            'apps/server/src/platform/database-down.test.ts',
            // Starts real processes on both databases itself.
            'apps/server/src/modules/orders/durability.test.ts',
            'apps/server/src/demo/content/**',
          ]
        : [
            // Needs a database with logins to refuse.
            'apps/server/src/platform/database-refused.test.ts',
            // Needs a database server to lose and terminate connections.
            'apps/server/src/platform/database-restart.test.ts',
            'apps/server/src/modules/health/ready-database.test.ts',
          ],
    environment: 'node',
    env: { SOKO_TEST_DB: db },
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      // Two processes behind nginx on PostgreSQL, Redis and S3 (issue 17): needs both servers.
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
        ? [
            {
              test: {
                name: 'scale-out',
                include: ['deploy/**/*.test.ts'],
                environment: 'node' as const,
                testTimeout: 60_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});
