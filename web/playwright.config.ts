import { defineConfig, devices } from '@playwright/test';

// The suite runs against a server someone else started (the Makefile's e2e target starts the local
// server and sets E2E_BASE_URL). E2E_MOCK_API=1 starts the in-memory stand-in from e2e/support instead.
const mockPort = 4180;
// Under E2E_NOW the runner is under libfaketime (infra/scripts/e2e.sh); Chromium does not start under it, so the
// browser is launched without it and takes the runner's moment through Playwright's clock (e2e/support/test.ts).
const browserEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'LD_PRELOAD' && !entry[0].startsWith('FAKETIME'),
  ),
);
const baseURL = process.env.E2E_BASE_URL ?? (process.env.E2E_MOCK_API ? `http://127.0.0.1:${mockPort}` : 'http://127.0.0.1:8080');

export default defineConfig({
  testDir: './e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      env: browserEnv,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, userAgent: devices['Pixel 7'].userAgent },
    },
  ],
  webServer: process.env.E2E_MOCK_API
    ? { command: `node e2e/support/mock-api.mjs`, env: { PORT: String(mockPort) }, url: `${baseURL}/dev/outbox`, reuseExistingServer: false, timeout: 20_000 }
    : undefined,
});
