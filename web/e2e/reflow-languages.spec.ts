import { expect, test } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, expectNoSidewaysScroll, joinTeam, SIGNED_IN_PAGES, signInWithCookies } from './support/records';

/*
 * Longer words than English's: every signed-in page in each of the four languages, at 390 px (a common phone) and
 * 320 px (the narrowest, and WCAG's reflow width), reads without scrolling sideways; and the Dashboard's work figures
 * keep each value on one line ("5 Std. 51 Min.", not "5 Std. 51" over "Min.").
 */
test.use({ timezoneId: 'UTC', reducedMotion: 'reduce' });

const languages = ['en', 'de', 'fr', 'es'] as const;

test('every signed-in page fits 390 and 320 px in all four languages', async ({ page, context, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone widths');
  test.slow();
  const admin = uniqueAccount(testInfo, 'reflow-admin');
  await createVerifiedAccount(request, admin);
  const signed = await signInWithCookies(context, request, baseURL!, admin);
  await joinTeam(request, signed, uniqueAccount(testInfo, 'reflow-member'));
  await page.goto('/about');
  const today = await browserToday(page);
  const worked = await request.post('/work/periods', { headers: bearer(signed), data: { date: today, start: '00:00', end: '00:01', note: 'Early' } });
  expect(worked.ok(), await worked.text()).toBe(true);

  for (const language of languages) {
    const saved = await request.put('/user/profile', { headers: bearer(signed), data: { language } });
    expect(saved.ok(), await saved.text()).toBe(true);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of SIGNED_IN_PAGES) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main').locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page, `${path} in ${language} at ${width} px`);
        if (path === '/breaks') {
          const figures = page.getByRole('main').locator('dl dd');
          await expect(figures.first()).toBeVisible();
          const wrapped = await figures.evaluateAll((values) =>
            values
              .filter((value) => value.getBoundingClientRect().height > parseFloat(getComputedStyle(value).lineHeight) * 1.5)
              .map((value) => value.textContent),
          );
          expect.soft(wrapped, `figures wrapped in ${language} at ${width} px`).toEqual([]);
        }
      }
    }
  }
});
