import { expect, test } from './support/test';

declare global {
  interface Window {
    preloadedAtParse?: string[];
    cspViolations?: string[];
  }
}

// What index.html's first script preloads for the address, as the HTML is read (vite.config.ts, preloadPages): the
// links present when the document has been parsed, before the app's own start could add any.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`));
    document.addEventListener(
      'DOMContentLoaded',
      () => {
        window.preloadedAtParse = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => new URL(link.href).pathname);
      },
      { once: true },
    );
  });
});

const chunk = (files: string[], name: string) => files.some((file) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(file));

test('a first visit preloads the chunks of the page at its address, within the CSP', async ({ page }) => {
  await page.goto('/archives');
  await expect(page.getByRole('heading', { level: 1, name: 'Archives | Reports' })).toBeVisible();
  const archives = await page.evaluate(() => ({ preloaded: window.preloadedAtParse ?? [], csp: window.cspViolations ?? [] }));
  expect(archives.csp).toEqual([]);
  expect(chunk(archives.preloaded, 'archives'), archives.preloaded.join(', ')).toBe(true);
  // Not the Dashboard's: its chunks are for `/` and /breaks.
  expect(chunk(archives.preloaded, 'breaks'), archives.preloaded.join(', ')).toBe(false);

  await page.goto('/');
  await expect(page).toHaveURL(/\/breaks$/);
  const home = await page.evaluate(() => ({ preloaded: window.preloadedAtParse ?? [], csp: window.cspViolations ?? [] }));
  expect(home.csp).toEqual([]);
  expect(chunk(home.preloaded, 'breaks'), home.preloaded.join(', ')).toBe(true);
  expect(chunk(home.preloaded, 'archives'), home.preloaded.join(', ')).toBe(false);
});
