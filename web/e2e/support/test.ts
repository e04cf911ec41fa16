import { test as base, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, with the browser's clock on the runner's when the suite runs on another day than today
 * (`E2E_NOW`, set by infra/scripts/e2e.sh, which runs the server and this runner under libfaketime). Chromium does
 * not start under libfaketime, so its pages get the same moment through Playwright's clock, which then runs on in
 * real time. A spec that installs a clock of its own (the offline journey's device running behind) still can.
 */
export const test = base.extend<{ runnersClock: void }>({
  runnersClock: [
    async ({ context }, use) => {
      await onRunnersClock(context);
      await use();
    },
    { auto: true },
  ],
});

/** A second person's browser context, on the same clock as the test's own (see `test` above). */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await onRunnersClock(context);
  return context;
}

async function onRunnersClock(context: BrowserContext): Promise<void> {
  if (process.env.E2E_NOW) await context.clock.install({ time: Date.now() });
}
