import { defineConfig } from '@playwright/test';

// The real server, built app and a fresh embedded database for each run, in demo mode (demo accounts, development
// CAS); test hooks are on (NODE_ENV=test).
// A port of its own per run (chosen once, in the main process), so two runs on one machine do not collide.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
const port = Number(process.env.E2E_PORT);
// Workers re-read this file: the data dir is chosen once, in the main process, and inherited.
process.env.E2E_DATA_DIR ??= `.tmp/e2e-${process.pid}-${Date.now()}`;
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  // In CI a failed test runs once more and is reported as flaky (the list names it), so one timing slip on a loaded
  // machine does not hide the rest of the run; locally every failure stands.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalTeardown: './global-teardown.ts',
  outputDir: '../../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // The app's service worker (public/sw.js) serves a page kept from an earlier visit: each test sees the server's
    // current page instead, as its assertions expect; tests/e2e/service-worker.spec.ts turns the worker on.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  webServer: {
    command: `npx tsx server/main.ts`,
    cwd: '../..',
    url: `http://127.0.0.1:${port}/openapi.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'test',
      DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
