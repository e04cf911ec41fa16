import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, signInThroughDialog, uniqueAccount } from './support/helpers';

/*
 * Every word on the main pages comes from the catalogues: in the pseudo-language (the English catalogue with every
 * letter accented and 40% longer), a word in plain ASCII letters is text that skipped them. At phone width the
 * longer text must not make the page scroll sideways.
 */

/** Words that are the same in every language, and what the page shows from data rather than the catalogues. */
const ALLOWED = new Set([
  'Breaktime',
  'Break',
  'Buddy',
  'GitHub',
  'Google',
  'AM',
  'PM',
  'OK',
  'PDF',
  'CSV',
  'ICS',
  'iCalendar',
  'English',
  'Deutsch',
  'Français',
  'Español',
]);

/** The plain-ASCII words in the page's visible text, e-mail addresses and the signed-in person's name aside. */
async function untranslatedWords(page: Page, alsoAllowed: readonly string[] = []): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const words = text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .split(/[^A-Za-z\u00C0-\u024F\u1E00-\u1EFF]+/)
    .filter((word) => /^[A-Za-z]{3,}$/.test(word));
  return [...new Set(words.filter((word) => !ALLOWED.has(word) && !alsoAllowed.includes(word)))];
}

/** A catalogue key on screen (`breaks.form.title`) is a key the catalogue lacks. */
async function keysOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' '));
  return text.match(/\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+(\.[a-zA-Z]+)*\b/g) ?? [];
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [role="status"]:has(.animate-spin)')).toHaveCount(0);
}

const SIGNED_OUT = ['/breaks', '/about', '/faq', '/how-to-schedule', '/privacy-policy', '/contact'];
const SIGNED_IN = [
  '/breaks',
  '/tasks',
  '/archives',
  '/leaves',
  '/leaves/requests',
  '/calendar',
  '/meetings',
  '/administrators',
  '/on-breaks',
  '/on-leaves',
  '/settings',
];

test.describe('pseudo-language at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.skip(({ isMobile }) => !isMobile, 'a phone-width check: the phone project runs it');

  test('the signed-out pages show no text outside the catalogues and fit the width', async ({ page }) => {
    for (const path of SIGNED_OUT) {
      await page.goto(`${path}?lang=pseudo`);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await untranslatedWords(page), `English left on ${path}`).toEqual([]);
      expect(await keysOnScreen(page), `catalogue keys on ${path}`).toEqual([]);
      await noSidewaysScroll(page);
    }
  });

  test('the signed-in pages show no text outside the catalogues and fit the width', async ({ page, request }, testInfo) => {
    const account = { ...uniqueAccount(testInfo, 'pseudo'), name: 'Ŕéñá Ţéšţ' };
    await createVerifiedAccount(request, account);
    await page.goto('/breaks');
    await signInThroughDialog(page, account);
    for (const path of SIGNED_IN) {
      await page.goto(`${path}?lang=pseudo`);
      await settle(page);
      expect(await untranslatedWords(page), `English left on ${path}`).toEqual([]);
      expect(await keysOnScreen(page), `catalogue keys on ${path}`).toEqual([]);
      await noSidewaysScroll(page);
    }
  });
});
