import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { signInWithCookies } from './support/records';

/*
 * On a phone Break Buddy is a bubble floating at the bottom right. It never hides a control the person is on: each
 * field, button and link reached with Tab (the page then scrolls it into view) lies clear of it, and the end of the
 * page scrolls up above it.
 */
test.use({ timezoneId: 'UTC' });

type Box = { left: number; top: number; right: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Tabs through the page's controls (main and footer) and lists those the bubble lies over once focused. */
async function controlsUnderBubble(page: Page): Promise<string[]> {
  const bubble = page.getByRole('button', { name: /^Open Break Buddy/ });
  await expect(bubble).toBeVisible();
  await page.locator('#main').focus();
  const covered: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || !element.closest('main, footer')) return null;
      const box = element.getBoundingClientRect();
      // A scrolling table that takes focus as a whole is taller than the screen: only a control can be clear of it.
      if (box.height > 120) return null;
      return {
        name: element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30) || element.id || element.tagName,
        box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
      };
    });
    if (!found) {
      if (await bubble.evaluate((button) => button === document.activeElement)) break;
      continue;
    }
    const bubbleBox = (await bubble.boundingBox())!;
    if (overlaps(found.box, { left: bubbleBox.x, top: bubbleBox.y, right: bubbleBox.x + bubbleBox.width, bottom: bubbleBox.y + bubbleBox.height })) {
      covered.push(found.name);
    }
  }
  // The page's end, scrolled to: what is last lies above the bubble too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bubbleBox = (await bubble.boundingBox())!;
  const last = await page.locator('footer').evaluate((footer) => {
    const controls = Array.from(footer.querySelectorAll('a, button')).map((element) => element.getBoundingClientRect());
    return controls.map((box) => ({ left: box.left, top: box.top, right: box.right, bottom: box.bottom }));
  });
  for (const box of last) {
    if (overlaps(box, { left: bubbleBox.x, top: bubbleBox.y, right: bubbleBox.x + bubbleBox.width, bottom: bubbleBox.y + bubbleBox.height })) {
      covered.push('a footer link at the end of the page');
    }
  }
  return covered;
}

test('on a phone the Break Buddy bubble covers no control the person is on', async ({ page, context, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the floating bubble of a phone');
  const account = uniqueAccount(testInfo, 'bubble');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  await page.goto('/breaks');
  await expect(page.getByRole('button', { name: 'Start break' })).toBeVisible();
  expect(await controlsUnderBubble(page), 'the Dashboard').toEqual([]);

  await page.getByRole('button', { name: 'Start break' }).click();
  await expect(page.getByRole('button', { name: 'End break' })).toBeVisible();
  expect(await controlsUnderBubble(page), 'the Dashboard on a break').toEqual([]);

  for (const path of ['/working-time', '/leaves', '/tasks']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
    expect(await controlsUnderBubble(page), path).toEqual([]);
  }
});
