import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, signInThroughDialog, uniqueAccount } from './support/helpers';
import { expectNoSidewaysScroll, SIGNED_IN_PAGES } from './support/records';

/*
 * Every word on the main pages comes from the catalogues: in the pseudo-language (the English catalogue with every
 * letter accented and 40% longer), a word in plain ASCII letters is text that skipped them. At phone width the
 * longer text must not make the page scroll sideways.
 */

const MONTHS_AND_DAYS = [
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ...['Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec'],
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
];

/** Words that are the same in every language; the pseudo-language writes dates as English does (Intl's names). */
const ALLOWED = new Set([
  ...MONTHS_AND_DAYS,
  // The name of the library the public holidays come from ('holidays 0.109').
  'holidays',
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
  // A country picker lists every country by the names Intl or the server gives (data, not catalogue text), and a
  // law's name ("Arbeitszeitgesetz (ArbZG)", "Working Time Regulations 1998") is a proper name, marked
  // `translate="no"`.
  const text = await page.evaluate(() => {
    const long = Array.from(document.querySelectorAll('select')).filter((select) => select.options.length > 40);
    const names = Array.from(document.querySelectorAll<HTMLElement>('[translate="no"]'));
    const hidden = [...long, ...names];
    for (const element of hidden) element.style.display = 'none';
    const shown = document.body.innerText;
    for (const element of hidden) element.style.display = '';
    return shown;
  });
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

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [role="status"]:has(.animate-spin)')).toHaveCount(0);
}

const SIGNED_OUT = ['/breaks', '/about', '/faq', '/how-to-schedule', '/privacy-policy', '/contact'];

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
      await expectNoSidewaysScroll(page, path);
    }
  });

  test('the signed-in pages show no text outside the catalogues and fit the width', async ({ page, request }, testInfo) => {
    const account = { ...uniqueAccount(testInfo, 'pseudo'), name: 'Ŕéñá Ţéšţ' };
    await createVerifiedAccount(request, account);
    await page.goto('/breaks');
    await signInThroughDialog(page, account);
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(`${path}?lang=pseudo`);
      await settle(page);
      expect(await untranslatedWords(page), `English left on ${path}`).toEqual([]);
      expect(await keysOnScreen(page), `catalogue keys on ${path}`).toEqual([]);
      await expectNoSidewaysScroll(page, path);
    }
  });
});
