import { devices, expect, test, type Page } from './support/test';

async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(event);
  });
}

test('the install banner appears when the browser offers installation and stays dismissed for the session', async ({ page }) => {
  await page.goto('/breaks');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Install Breaktime' });
  await expect(banner).toBeHidden();

  await offerInstall(page);
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Not now' }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await offerInstall(page);
  await expect(banner).toBeHidden();
});

test('no banner once the app is installed', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('breaktime.installed', 'true'));
  await page.goto('/breaks');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await offerInstall(page);
  await expect(page.getByRole('region', { name: 'Install Breaktime' })).toBeHidden();
});

test.describe('on iOS Safari', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test('the banner explains Add to Home Screen after 1.5 s', async ({ page }) => {
    await page.goto('/breaks');
    const banner = page.getByRole('region', { name: 'Install Breaktime' });
    await expect(banner).toContainText('Add to Home Screen', { timeout: 5_000 });
    await banner.getByRole('button', { name: 'Got it' }).click();
    await expect(banner).toBeHidden();
  });
});

test('the app is installable: manifest, icons and a service worker that serves the shell offline', async ({ page, request, context }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Breaktime', display: 'standalone', start_url: '/' });
  for (const icon of manifest.icons as Array<{ src: string }>) expect((await request.get(icon.src)).ok()).toBe(true);

  await page.goto('/breaks');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Once the worker controls the page, the shell opens without a network.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await context.setOffline(false);
});
