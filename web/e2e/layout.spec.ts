import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { joinTeam, signInWithCookies } from './support/records';

const pages = ['/breaks', '/about', '/faq', '/privacy-policy', '/how-to-schedule', '/contact', '/delete-account', '/signin', '/signup'];

test('every shell page fits a 375 px phone without sideways scrolling', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout');
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test('buttons and links in the top bar are at least 44 px square, and in dialogs at least 44 px tall', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'touch targets');
  await page.goto('/breaks');
  // The page's own signal before anything is measured: its heading, and the last of the top bar's buttons drawn.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  const targets = banner.locator('button:visible, a:visible');
  // Measured until it holds (for up to 5 s): fonts and the bar's icons may still be settling.
  await expect(async () => {
    const boxes = await targets.evaluateAll((elements) =>
      elements.map((el) => {
        const box = el.getBoundingClientRect();
        return { text: el.getAttribute('aria-label') || el.textContent, width: box.width, height: box.height };
      }),
    );
    // The menu, Daily Agenda, Daily Checklist, Sign In, Sign Up and the Configurator.
    expect(boxes.length).toBeGreaterThanOrEqual(6);
    for (const box of boxes) {
      // Rounded to a hundredth: layout can give 43.99997 px for a 44 px box (seen on the phone viewport).
      expect(Math.round(box.height * 100) / 100, `${box.text} is too small to tap`).toBeGreaterThanOrEqual(44);
      expect(Math.round(box.width * 100) / 100, `${box.text} is too narrow to tap`).toBeGreaterThanOrEqual(44);
    }
  }).toPass({ timeout: 5_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  for (const box of await dialog
    .locator('button:visible, a:visible, input:visible')
    .evaluateAll((elements) =>
      elements.map((el) => ({ text: el.textContent || el.getAttribute('aria-label') || el.getAttribute('type'), height: el.getBoundingClientRect().height })),
    )) {
    if (box.text === 'checkbox') continue;
    // Rounded to a hundredth: layout can give 43.99997 px for a 44 px box (seen on the phone viewport).
    expect(Math.round(box.height * 100) / 100, `${box.text} is too small to tap`).toBeGreaterThanOrEqual(44);
  }
});

test('the sidebar, breadcrumb, footer and dark mode', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/breaks$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Pages');
  const footer = page.getByRole('contentinfo');
  for (const [name, path] of [
    ['Contact', '/contact'],
    ['About', '/about'],
    ['Privacy', '/privacy-policy'],
    ['FAQ', '/faq'],
    ['Focus', '/how-to-schedule'],
  ]) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', path);
  }

  if (testInfo.project.name === 'phone') {
    await expect(page.locator('#sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Toggle side navigation' }).click();
  }
  const side = page.getByRole('complementary', { name: 'Side navigation' });
  await side.getByRole('link', { name: 'Meetings' }).click();
  await expect(page).toHaveURL(/\/meetings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  if (testInfo.project.name === 'phone') await expect(page.locator('#sidebar')).toBeHidden();

  await page.getByRole('button', { name: 'Display options' }).click();
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/breaks$/);
});

test('on the desk the icon rail folds back once a link is chosen, by pointer or keyboard, and leaves the page uncovered', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the icon rail of a desk beside the open Break Buddy');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/breaks');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Break Buddy' })).toBeVisible();
  const side = page.getByRole('complementary', { name: 'Side navigation' });
  const railWidth = async () => (await side.boundingBox())?.width ?? 0;
  /** The page's heading is what lies at its own left end (the rail expanded lies over it). */
  const headingUncovered = (name: string) =>
    page.getByRole('heading', { level: 1, name }).evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      return heading.contains(document.elementFromPoint(box.left + 4, box.top + box.height / 2));
    });
  await expect.poll(railWidth).toBeLessThan(100);

  // The pointer: the rail expands over the page while it is on it, and folds as a link is chosen, the pointer still there.
  const tasks = side.getByRole('link', { name: 'Tasks' });
  await tasks.hover();
  await expect.poll(railWidth).toBeGreaterThan(200);
  await tasks.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect.poll(railWidth).toBeLessThan(100);
  await expect.poll(() => headingUncovered('Tasks')).toBe(true);
  await page.mouse.move(800, 500);
  await expect.poll(railWidth).toBeLessThan(100);

  // The keyboard: back from the page into the rail (Shift+Tab) expands it; Enter on a link folds it, and the next Tab
  // is in the page, not the rail.
  const meetings = side.getByRole('link', { name: 'Meetings' });
  for (let i = 0; i < 30 && !(await meetings.evaluate((link) => link === document.activeElement)); i += 1) await page.keyboard.press('Shift+Tab');
  await expect(meetings).toBeFocused();
  await expect.poll(railWidth).toBeGreaterThan(200);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  await expect.poll(railWidth).toBeLessThan(100);
  await expect.poll(() => headingUncovered('Meetings')).toBe(true);
  await page.keyboard.press('Tab');
  expect(await side.evaluate((rail) => rail.contains(document.activeElement))).toBe(false);
  await expect.poll(railWidth).toBeLessThan(100);
});

test('a visitor gets a welcome on the Dashboard with Sign up and Sign in, and Sign Up in the top bar on any screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/breaks$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Welcome to Breaktime' })).toBeVisible();
  await expect(main).toContainText('Breaktime tracks your workday');
  // Not the signed-in dashboard's empty lists.
  await expect(main.getByRole('button', { name: 'Add break' })).toHaveCount(0);

  await main.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeHidden();
  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeHidden();

  // From the top bar, a phone's included: no detour through the side menu.
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible();
});

test('Escape closes a dialog, the display options and the phone menu; an outside click leaves a dialog open', async ({ page }, testInfo) => {
  await page.goto('/meetings');
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Display options' }).click();
  await expect(page.getByRole('complementary', { name: 'Display options' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary', { name: 'Display options' })).toBeHidden();

  if (testInfo.project.name === 'phone') {
    const toggle = page.getByRole('button', { name: 'Toggle side navigation' });
    await toggle.click();
    await expect(page.getByRole('complementary', { name: 'Side navigation' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#sidebar')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  }
});

test('on a phone the top bar is opaque over scrolled text and shows the signed-in name whole when it fits', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone top bar');
  const account = uniqueAccount(testInfo, 'name');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await page.goto('/faq');
  const bar = page.getByRole('banner');
  const menu = bar.getByRole('button', { name: account.name });
  await expect(menu).toBeVisible();
  const name = menu.getByText(account.name, { exact: true });
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth), `"${account.name}" is cut in the top bar`).toBe(true);

  // Scrolled, the page's text passes under the bar: the bar's own colour hides it.
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const background = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);
  const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(background)?.[1];
  expect(alpha === undefined ? 1 : Number(alpha), `the top bar's background ${background} lets the page show through`).toBe(1);
});

// The desk beside Break Buddy: with the sidebar pinned and the window docked, on the common laptop screens in both
// themes, every page of the side navigation keeps its controls in their cards and clear of the window, the top bar
// on one row, names in tables whole, and a dialog dims everything behind it (and Escape closes it).
const deskScreens = [
  { width: 1280, height: 800 },
  { width: 1366, height: 900 },
  { width: 1440, height: 900 },
];

for (const viewport of deskScreens) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`at ${viewport.width}x${viewport.height}, ${colorScheme}, with Break Buddy open, every page fits beside it`, async ({
      page,
      context,
      request,
      baseURL,
    }, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop', 'the window docks beside the page from 768 px');
      test.slow();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      const account = uniqueAccount(testInfo, `desk${viewport.width}${colorScheme}`);
      await createVerifiedAccount(request, account);
      const admin = await signInWithCookies(context, request, baseURL!, account);
      // A member whose name and address fit the page easily: Team Members and the leave balances show them whole.
      const stamp = Date.now().toString(36);
      await joinTeam(request, admin, {
        name: 'Maximiliane Rosenberger',
        email: `maximiliane.rosenberger.${stamp}@example.com`,
        password: 'first-pass1',
      });

      await page.goto('/breaks');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
      await expect(page.getByRole('region', { name: 'Break Buddy' })).toBeVisible();
      const links = page.getByRole('complementary', { name: 'Side navigation' }).getByRole('link');
      const targets = await links.evaluateAll((elements) =>
        elements.map((element) => (element as HTMLAnchorElement).pathname).filter((path, index, all) => path !== '/' || all.indexOf(path) === index),
      );
      const pages = targets.filter((path) => path !== '/');
      // Dashboard, Tasks, Archives, Leaves, Team calendar, Meetings, Team Members, on break, absentees, Leave requests, Profile.
      expect(pages.length, pages.join(', ')).toBeGreaterThanOrEqual(10);

      for (const path of ['/breaks', ...pages]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        // Every list has arrived: no spinner left.
        await expect(page.getByRole('main').locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
        await expectDeskLayout(page, path);
        await expectDialogDimsAll(page, path);
      }
    });
  }
}

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The rules of the desk layout, measured until they hold (for up to 5 s: the page's padding slides over 200 ms). */
async function expectDeskLayout(page: Page, path: string) {
  await expect(async () => {
    const found = await page.evaluate(() => {
      const rect = (element: Element): Rect => {
        const box = element.getBoundingClientRect();
        return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      };
      const visible = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      };
      const name = (element: Element) => element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || element.tagName;
      const problems: string[] = [];
      const chat = document.querySelector('section[aria-label="Break Buddy"]');
      const sidebar = document.getElementById('sidebar');
      const main = document.querySelector('main');
      const header = document.querySelector('header');
      if (!chat || !sidebar || !main || !header) return ['the chat, sidebar, main or header is missing'];
      const chatLeft = Math.min(rect(chat).left, rect(document.querySelector('button[aria-label="Close Break Buddy"]')!).left);
      const sidebarRight = rect(sidebar).right;

      const controls = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="switch"]';
      // Clear of Break Buddy and of the sidebar, and inside the card (section) that holds them.
      for (const element of Array.from(document.querySelectorAll(`header :is(${controls}), main :is(${controls}), footer :is(${controls})`))) {
        if (!visible(element) || element.closest('.sr-only, .visually-hidden')) continue;
        const box = rect(element);
        if (box.right > chatLeft + 0.5) problems.push(`${name(element)} reaches under Break Buddy (${box.right} > ${chatLeft})`);
        if (box.left < sidebarRight - 0.5) problems.push(`${name(element)} reaches under the sidebar (${box.left} < ${sidebarRight})`);
        const card = element.closest('main section');
        if (card) {
          const outer = rect(card);
          if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5) problems.push(`${name(element)} lies outside its card`);
        }
      }

      // The top bar keeps one row: the page name and every button share the menu button's row.
      const toggle = header.querySelector('button[aria-label="Toggle side navigation"]')!;
      const row = rect(toggle);
      const title = header.querySelector('h1')!;
      for (const element of [title, ...Array.from(header.querySelectorAll('button'))]) {
        if (!visible(element)) continue;
        const box = rect(element);
        if (box.top >= row.bottom || box.bottom <= row.top) problems.push(`${name(element)} is on a second row of the top bar`);
      }
      if (title.scrollWidth > title.clientWidth + 1) problems.push(`the page name "${title.textContent}" is cut`);

      // Nothing short enough to fit half the page is cut off (an ellipsis or hidden overflow): names, e-mails, dates.
      const room = main.clientWidth / 2;
      for (const element of Array.from(main.querySelectorAll('*'))) {
        if (!visible(element) || element.closest('.sr-only, .visually-hidden') || element.clientWidth <= 2) continue;
        const style = getComputedStyle(element);
        const clips = style.textOverflow === 'ellipsis' || ['hidden', 'clip'].includes(style.overflowX);
        const text = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        if (clips && text && element.scrollWidth > element.clientWidth + 1 && element.scrollWidth <= room) {
          problems.push(`"${element.textContent?.trim()}" is cut to ${element.clientWidth} of its ${element.scrollWidth} px`);
        }
      }
      if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push('the page scrolls sideways');
      return problems;
    });
    expect(found, `${path}: ${found.join('; ')}`).toEqual([]);
  }).toPass({ timeout: 5_000 });
}

/** The Daily Agenda dims the sidebar, the page and Break Buddy alike; Escape closes it. */
async function expectDialogDimsAll(page: Page, path: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Daily Agenda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Daily Agenda' });
  await expect(dialog).toBeVisible();
  const undimmed = await page.evaluate(() => {
    const centre = (element: Element | null) => {
      const box = element!.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    };
    const points = {
      'Break Buddy': centre(document.querySelector('section[aria-label="Break Buddy"]')),
      sidebar: centre(document.getElementById('sidebar')),
      'the top bar': { x: centre(document.querySelector('header')).x, y: 8 },
      'the bottom left corner': { x: 2, y: window.innerHeight - 2 },
    };
    return Object.entries(points)
      .filter(([, point]) => !document.elementFromPoint(point.x, point.y)?.closest('[data-static-backdrop]'))
      .map(([name]) => name);
  });
  expect(undimmed, `${path}: the dialog leaves ${undimmed.join(', ')} bright`).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
