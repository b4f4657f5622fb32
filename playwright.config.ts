import { createServer, type AddressInfo } from 'node:net';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the real built server (`npm run e2e` builds first). apps/web/e2e/global-setup.ts
// starts `node apps/server/dist/main.js` on a fresh data folder and stops it at the end.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Playwright loads this file in the runner and again in every worker. The runner picks the port;
// workers inherit it through the environment, so every process agrees on the base URL.
process.env.SOKO_E2E_PORT ??= String(await freePort());
const baseURL = `http://localhost:${process.env.SOKO_E2E_PORT}`;

export default defineConfig({
  testDir: './apps/web/e2e',
  outputDir: 'test-results',
  globalSetup: './apps/web/e2e/global-setup.ts',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Journeys assert what a user sees, not how fast (speed is `npm run bench`'s): on two shared
  // cores, with two browsers and the server, a lazy chunk (the footer) has taken over 5 s to
  // arrive and paint, so a wait is allowed twice Playwright's default before it fails.
  expect: { timeout: 10_000 },
  // These machines have two cores, shared by the server and the browsers.
  workers: 2,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Journeys stub API calls with page.route, which cannot see requests a service worker
    // answers; only offline.spec.ts lets the worker run (decision 016).
    serviceWorkers: 'block',
    // The system Chromium; Playwright never downloads a browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      // A mid-range Android phone (Chrome, touch) at a common small-phone size.
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
      },
    },
  ],
});
