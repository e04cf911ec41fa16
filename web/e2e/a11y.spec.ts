import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { createVerifiedAccount, navbar, uniqueAccount } from './support/helpers';
import { bearer, browserToday, expectNoSidewaysScroll, joinTeam, SIGNED_IN_PAGES, signInWithCookies, type Signed } from './support/records';

/*
 * WCAG 2.1 AA with axe-core in a real browser: every page and every dialog, on the desktop and phone projects, in the
 * light and the dark theme (the theme follows prefers-color-scheme until someone picks one in Display options). Each
 * check is soft, so one run lists every page's findings. Rules switched off: none (see web/README.md).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe's best practices too: heading order, one main landmark, content inside landmarks, unique landmark names. */
const TAGS = [...WCAG_TAGS, 'best-practice'];

// axe reads colours as drawn: with motion reduced, no element is measured halfway through a fade (a row coming in
// read 3.9:1 mid-transition once). The reduced-motion check further down turns it on by itself as well.
test.use({ timezoneId: 'UTC', reducedMotion: 'reduce' });

/** Waits until no animation or transition is running (a dialog slides in; its colours are half-way meanwhile). */
async function settle(page: Page) {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

/** Runs axe over the page (or only `scope`) and records each violation, one line per element. */
async function audit(page: Page, what: string, scope?: string) {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} | ${node.failureSummary?.replace(/\s+/g, ' ').slice(0, 300)}`,
    ),
  );
  expect.soft(found, `axe on ${what}`).toEqual([]);
}

/** Opens a page and waits until its records are drawn (no loading spinner left). */
async function visit(page: Page, path: string, ready?: (page: Page) => Locator) {
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  if (ready) await expect(ready(page).first()).toBeVisible();
}

/** Break Buddy starts open from 768 px; on phones it is a button. Answers the chat window, opened. */
async function openChat(page: Page) {
  const chat = page.getByRole('region', { name: 'Break Buddy' });
  const launcher = page.getByRole('button', { name: /^Open Break Buddy/ });
  await expect(chat.or(launcher)).toBeVisible();
  if (await launcher.isVisible()) await launcher.click();
  await expect(chat).toBeVisible();
  return chat;
}

async function closeChatIfOpen(page: Page) {
  const close = page.getByRole('button', { name: 'Close Break Buddy' });
  await expect(close.or(page.getByRole('button', { name: /^Open Break Buddy/ }))).toBeVisible();
  if (await close.isVisible()) await close.click();
}

async function post(request: APIRequestContext, signed: Signed, path: string, data: object) {
  const response = await request.post(path, { headers: bearer(signed), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

const daysBefore = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/** An admin with a member in the team and records of every kind: breaks, a live break, tasks, leaves, meetings. */
async function seedTeam(page: Page, request: APIRequestContext, baseURL: string, label: string) {
  const admin = uniqueAccount(test.info(), `${label}-admin`);
  const member = uniqueAccount(test.info(), `${label}-member`);
  await createVerifiedAccount(request, admin);
  const signedAdmin = await signInWithCookies(page.context(), request, baseURL, admin);
  const signedMember = await joinTeam(request, signedAdmin, member);
  await page.goto('/about');
  const today = await browserToday(page);
  const earlier = daysBefore(today, 3);
  await post(request, signedAdmin, '/break/add', { startTime: '10:00', endTime: '10:15', createdDate: today, type: 'Coffee Break', reason: 'Short one' });
  await post(request, signedAdmin, '/break/add', { startTime: '12:00', endTime: '12:45', createdDate: today, type: 'Lunch Break', reason: 'Canteen' });
  await post(request, signedAdmin, '/break/add', { startTime: '15:00', endTime: '15:20', createdDate: earlier, type: 'Social Media Break', reason: '' });
  await post(request, signedAdmin, '/task/add', { title: 'Ship the release', description: 'Version 2', scheduled: today, priority: 'High' });
  await post(request, signedAdmin, '/task/add', {
    title: 'Plan the sprint',
    description: 'Backlog',
    scheduled: today,
    status: 'Completed',
    priority: 'Blocker',
  });
  await post(request, signedAdmin, '/task/add', { title: 'Tidy the wiki', description: 'Old pages', scheduled: earlier, priority: 'Low' });
  await post(request, signedAdmin, '/meeting/add', { from: '09:00', to: '09:30', scheduleDate: today, description: 'Stand-up' });
  await post(request, signedAdmin, '/daily-checklist/add', { task: 'Water the plants', status: true, createdDate: today, isFeature: false });
  await post(request, signedAdmin, '/leaves/add', { fromDate: today, toDate: today, reason: 'Dentist' });
  await post(request, signedMember, '/leaves/add', { fromDate: daysBefore(today, -6), toDate: daysBefore(today, -7), reason: 'Family days' });
  await post(request, signedMember, '/break/start', { type: 'Coffee Break', reason: '' });
  return { admin, member, signedAdmin, signedMember, today };
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('signed-out pages', async ({ page }) => {
      await visit(page, '/', (p) => navbar(p).getByRole('button', { name: 'Sign In' }));
      await audit(page, 'the dashboard, signed out');
      for (const [path, heading] of [
        ['/signin', 'Sign In'],
        ['/signup', 'Sign Up'],
        ['/contact', 'Contact'],
        ['/about', 'About'],
        ['/faq', 'FAQ'],
        ['/privacy-policy', 'Privacy Policy'],
        ['/how-to-schedule', 'How to schedule'],
      ] as const) {
        await visit(page, path, (p) => p.getByRole('heading', { name: new RegExp(heading.split(' ')[0]!, 'i') }));
        await audit(page, `${path}, signed out`);
      }
      // Forgot password, on the sign-in page.
      await visit(page, '/signin', (p) => p.getByRole('button', { name: 'Forgot password?' }));
      await page.getByRole('main').getByRole('button', { name: 'Forgot password?' }).click();
      await expect(page.getByRole('main').getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
      await audit(page, 'the forgot-password page');
    });

    test('signed-out dialogs', async ({ page }) => {
      await visit(page, '/breaks', (p) => navbar(p).getByRole('button', { name: 'Sign In' }));
      await navbar(page).getByRole('button', { name: 'Sign In' }).click();
      const signIn = page.getByRole('dialog', { name: 'Sign In' });
      await expect(signIn).toBeVisible();
      await audit(page, 'the Sign In dialog');
      // Errors shown in the form are part of it too.
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await audit(page, 'the Sign In dialog with errors');

      await signIn.getByRole('button', { name: 'Forgot password?' }).click();
      await expect(page.getByRole('dialog', { name: 'Forgot Password' })).toBeVisible();
      await audit(page, 'the Forgot Password dialog');
      await page.keyboard.press('Escape');

      await navbar(page).getByRole('button', { name: 'Sign Up' }).click();
      const signUp = page.getByRole('dialog', { name: 'Sign Up' });
      await expect(signUp).toBeVisible();
      await audit(page, 'the Sign Up dialog');
      // Leaving the first field shows its error and moves the link down under the pointer: pressed from the keyboard.
      await signUp.getByRole('button', { name: 'Terms and Conditions' }).press('Enter');
      await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
      await audit(page, 'the Terms and Conditions dialog');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      // Display options and the side navigation.
      await navbar(page).getByRole('button', { name: 'Display options' }).click();
      await expect(page.locator('#configurator')).toBeVisible();
      await audit(page, 'Display options');
      await page.keyboard.press('Escape');

      // Contact us, from the side navigation.
      await visit(page, '/about');
      if (test.info().project.name === 'phone') await navbar(page).getByRole('button', { name: 'Toggle side navigation' }).click();
      await page.getByRole('complementary', { name: 'Side navigation' }).getByRole('button', { name: 'Support | Feedback' }).click();
      await expect(page.getByRole('dialog', { name: 'Contact Us' })).toBeVisible();
      await audit(page, 'the Contact Us dialog');
      await page.getByRole('dialog', { name: 'Contact Us' }).getByRole('button', { name: 'Send' }).click();
      await audit(page, 'the Contact Us dialog with errors');
    });

    test('signed-in pages', async ({ page, request, baseURL }) => {
      test.slow();
      await seedTeam(page, request, baseURL!, `pages-${scheme}`);
      const pages: Array<[string, (p: Page) => Locator]> = [
        ['/breaks', (p) => p.getByRole('list', { name: "Today's breaks" }).getByRole('listitem')],
        ['/tasks', (p) => p.getByRole('list', { name: "Today's tasks" }).getByRole('listitem')],
        ['/archives', (p) => p.getByRole('table', { name: 'Breaks' })],
        ['/leaves', (p) => p.getByText('Dentist')],
        ['/leaves/requests', (p) => p.getByText('Family days')],
        ['/calendar', (p) => p.getByRole('main').getByRole('heading').first()],
        ['/meetings', (p) => p.getByRole('list', { name: 'Meetings' }).getByRole('listitem')],
        ['/administrators', (p) => p.getByRole('main').getByText(/E2E pages-.*-member/)],
        ['/on-breaks', (p) => p.getByRole('main').getByText(/E2E pages-.*-member/)],
        ['/on-leaves', (p) => p.getByRole('main').getByText(/E2E pages-.*-admin/)],
        ['/settings', (p) => p.getByRole('main').getByRole('heading').first()],
        ['/about', (p) => p.getByRole('main').getByRole('heading').first()],
      ];
      for (const [path, ready] of pages) {
        await visit(page, path, ready);
        if (path === '/archives') {
          // Every chart drawn: they start as the frames come on screen.
          await expect(async () => {
            for (let i = 0; i < 4; i += 1) await page.getByRole('figure').nth(i).scrollIntoViewIfNeeded();
            await expect(page.locator('figure canvas')).toHaveCount(4, { timeout: 1_000 });
          }).toPass();
        }
        await audit(page, `${path}, signed in`);
        if (path === '/archives') {
          // Each chart's figures, as a table under it.
          const figures = page.getByRole('main').getByText('Show the figures');
          await expect(figures).toHaveCount(4);
          for (let i = 0; i < 4; i += 1) await figures.nth(i).click();
          await expect(page.getByRole('table', { name: 'Break minutes per type' })).toContainText('Lunch Break');
          await expect(page.getByRole('table', { name: 'Tasks per priority' })).toContainText('Blocker');
          await audit(page, "the archives' chart figures");
        }
      }
      // With Break Buddy closed too (the page takes the full width), and the archives' other tabs.
      await visit(page, '/breaks', (p) => p.getByRole('list', { name: "Today's breaks" }).getByRole('listitem'));
      await closeChatIfOpen(page);
      await audit(page, '/breaks without Break Buddy');
      // The side navigation's other looks, chosen in Display options (dark is the default).
      for (const sidebarType of ['light', 'transparent']) {
        await page.evaluate((type) => {
          const stored = JSON.parse(localStorage.getItem('breaktime.preferences') ?? '{}') as Record<string, unknown>;
          localStorage.setItem('breaktime.preferences', JSON.stringify({ ...stored, sidebarType: type }));
        }, sidebarType);
        await visit(page, '/breaks', (p) => p.getByRole('list', { name: "Today's breaks" }).getByRole('listitem'));
        if (test.info().project.name === 'phone') await navbar(page).getByRole('button', { name: 'Toggle side navigation' }).click();
        await expect(page.getByRole('complementary', { name: 'Side navigation' })).toBeVisible();
        await audit(page, `/breaks with the ${sidebarType} side navigation`);
      }
    });

    test('signed-in dialogs', async ({ page, request, baseURL }) => {
      test.slow();
      const { signedAdmin, today } = await seedTeam(page, request, baseURL!, `dialogs-${scheme}`);
      await post(request, signedAdmin, '/break/start', { type: 'Coffee Break', reason: '' });

      // Breaks: the live break card, the form, details and the delete question.
      await visit(page, '/breaks', (p) => p.getByRole('list', { name: "Today's breaks" }).getByRole('listitem'));
      await closeChatIfOpen(page);
      await page.getByRole('main').getByRole('button', { name: 'Add break' }).click();
      const addBreak = page.getByRole('dialog', { name: 'Add Break' });
      await expect(addBreak).toBeVisible();
      await audit(page, 'the Add Break dialog');
      await addBreak.getByRole('button', { name: 'Add break' }).click();
      await audit(page, 'the Add Break dialog with errors');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Details of Lunch Break/ }).click();
      await expect(page.getByRole('dialog', { name: 'Break Details' })).toBeVisible();
      await audit(page, 'the Break Details dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Delete Lunch Break/ }).click();
      await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
      await audit(page, 'the delete question');
      await page.getByRole('alertdialog').getByRole('button', { name: 'No, cancel!' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Cancelled' })).toBeVisible();
      await audit(page, 'the Cancelled notice');
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();

      // The Daily Agenda and the Daily Checklist.
      await navbar(page).getByRole('button', { name: 'Daily Agenda' }).click();
      await expect(page.getByRole('dialog', { name: 'Daily Agenda' })).toContainText('Stand-up');
      await audit(page, 'the Daily Agenda');
      await page.keyboard.press('Escape');
      await navbar(page).getByRole('button', { name: 'Daily Checklist' }).click();
      const checklist = page.getByRole('region', { name: 'Daily Checklist' });
      await expect(checklist.getByRole('checkbox', { name: 'Water the plants' })).toBeVisible();
      await audit(page, 'the Daily Checklist panel');
      await checklist.getByRole('button', { name: 'Archived Checklist' }).click();
      await expect(page.getByRole('dialog', { name: 'Archived Checklist' })).toBeVisible();
      await audit(page, 'the Archived Checklist dialog');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      // Tasks: form and details.
      await visit(page, '/tasks', (p) => p.getByRole('list', { name: "Today's tasks" }).getByRole('listitem'));
      await page.getByRole('main').getByRole('button', { name: 'Add task' }).click();
      const addTask = page.getByRole('dialog', { name: 'Add Task' });
      await expect(addTask).toBeVisible();
      await audit(page, 'the Add Task dialog');
      await addTask.getByRole('button', { name: 'Add task' }).click();
      await audit(page, 'the Add Task dialog with errors');
      await page.keyboard.press('Escape');
      await page.getByRole('list', { name: "Today's tasks" }).getByRole('button', { name: 'Details of Ship the release' }).click();
      await expect(page.getByRole('dialog', { name: 'Task Details' })).toBeVisible();
      await audit(page, 'the Task Details dialog');
      await page.keyboard.press('Escape');

      // Leaves: the request form.
      await visit(page, '/leaves', (p) => p.getByText('Dentist'));
      await page.getByRole('main').getByRole('button', { name: 'Add leave' }).first().click();
      const addLeave = page.getByRole('dialog', { name: 'Add leave' });
      await expect(addLeave).toBeVisible();
      await audit(page, 'the Add leave dialog');
      await page.keyboard.press('Escape');

      // Leave requests: the decline dialog.
      await visit(page, '/leaves/requests', (p) => p.getByText('Family days'));
      await page
        .getByRole('button', { name: /^Decline/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /Decline/ })).toBeVisible();
      await audit(page, 'the Decline dialog');
      await page.keyboard.press('Escape');

      // Meetings: the form and its calendar.
      await visit(page, '/meetings', (p) => p.getByRole('list', { name: 'Meetings' }).getByRole('listitem'));
      await page.getByRole('main').getByRole('button', { name: 'Schedule Meeting' }).click();
      const meeting = page.getByRole('dialog', { name: 'Schedule Meeting' });
      await expect(meeting).toBeVisible();
      await audit(page, 'the Schedule Meeting dialog');
      await meeting.getByRole('button', { name: 'Schedule' }).click();
      await audit(page, 'the Schedule Meeting dialog with errors');
      await meeting.getByRole('button', { name: 'Open calendar' }).click();
      await expect(meeting.getByRole('dialog', { name: 'Schedule date: calendar' })).toBeVisible();
      await audit(page, 'the meeting date calendar');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      // Break Buddy: the chat and a proposal it pre-fills.
      await visit(page, '/meetings', (p) => p.getByRole('list', { name: 'Meetings' }).getByRole('listitem'));
      const chat = await openChat(page);
      await audit(page, 'Break Buddy');
      await chat.getByLabel('Message Break Buddy').fill('add milk to my checklist');
      await chat.getByRole('button', { name: 'Send' }).click();
      const proposal = page.getByRole('dialog', { name: 'Add Checklist Item' });
      await expect(proposal).toBeVisible();
      await audit(page, "Break Buddy's checklist proposal");
      await page.keyboard.press('Escape');
      await expect(proposal).toBeHidden();
      await expect(chat.getByLabel('Message Break Buddy')).toBeEnabled();
      await chat.getByLabel('Message Break Buddy').fill('coffee break from 3 to 3:15 pm today');
      await chat.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Break' })).toBeVisible();
      await audit(page, "Break Buddy's break proposal");
      await page.keyboard.press('Escape');
      await audit(page, 'Break Buddy after answers');
      expect(today).toBeTruthy();
    });
  });
}

/**
 * Reflow (WCAG 1.4.10): at 320 CSS px wide, what a 1280 px window shows at 400% zoom (and a 640 px one at 200%),
 * every main page reads without scrolling sideways. On the desktop project: the phone project is 390 px wide already.
 */
test('320 px wide: no page scrolls sideways', async ({ page, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one narrow run is enough');
  test.slow();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/breaks', '/about', '/faq', '/privacy-policy', '/how-to-schedule', '/contact', '/signin', '/signup']) {
    await visit(page, path);
    await settle(page);
    await expectNoSidewaysScroll(page);
  }
  await seedTeam(page, request, baseURL!, 'reflow');
  for (const path of SIGNED_IN_PAGES) {
    await visit(page, path);
    await settle(page);
    await expectNoSidewaysScroll(page);
  }
  // A dialog at that width.
  await visit(page, '/tasks', (p) => p.getByRole('list', { name: "Today's tasks" }).getByRole('listitem'));
  await page.getByRole('main').getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Task' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

/**
 * Resize text (WCAG 1.4.4): with text at 200% (the root font size doubled, as a browser's font-size setting does), the
 * main pages still fit a 1280 px window: nothing is pushed off to the side.
 */
test('text at 200%: the main pages still fit the window', async ({ page, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the window of a desktop; a phone with doubled text is a known gap');
  test.slow();
  await seedTeam(page, request, baseURL!, 'text200');
  for (const path of [...SIGNED_IN_PAGES, '/about', '/faq']) {
    await visit(page, path);
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await settle(page);
    await expectNoSidewaysScroll(page);
  }
});

/** prefers-reduced-motion: dialogs appear without sliding, and nothing loops (the unread badge, the typing dots). */
test('less motion when the system asks for it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await visit(page, '/breaks', (p) => navbar(p).getByRole('button', { name: 'Sign In' }));
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  // The dialog's slide-in lasts 1 ms instead of 180 ms, the duration the stylesheet gives it.
  expect(await page.getByRole('dialog', { name: 'Sign In' }).evaluate((element) => getComputedStyle(element).animationDuration)).toBe('0.001s');
  const moving = await page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const timing = animation.effect?.getTiming();
      return { name: (animation as CSSAnimation).animationName ?? 'transition', duration: Number(timing?.duration ?? 0), iterations: timing?.iterations };
    }),
  );
  for (const animation of moving) {
    expect(animation.duration, `${animation.name} runs for ${animation.duration} ms`).toBeLessThanOrEqual(1);
    expect(animation.iterations, `${animation.name} loops`).not.toBe(Infinity);
  }
});

/** A notification stays while the pointer rests on it (WCAG 2.2.1), and goes its usual time after the pointer leaves. */
test('a notification waits while the pointer is on it', async ({ page, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a pointer that hovers');
  const account = uniqueAccount(testInfo, 'toast');
  await createVerifiedAccount(request, account);
  await signInWithCookies(page.context(), request, baseURL!, account);
  await visit(page, '/breaks');
  await page.getByRole('main').getByRole('button', { name: 'Start break' }).click();
  await page.getByRole('main').getByRole('button', { name: 'End break' }).click();
  const toast = page.getByRole('status').getByText('Break ended');
  await expect(toast).toBeVisible();
  await toast.hover();
  // Longer than the 5 s a notification shows for.
  await page.waitForTimeout(6_500);
  await expect(toast).toBeVisible();
  await page.mouse.move(5, 700);
  await expect(toast).toBeHidden({ timeout: 8_000 });
});
