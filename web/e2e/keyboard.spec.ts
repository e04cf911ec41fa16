import { expect, test, type Locator, type Page, newContext } from './support/test';
import { accountMenu, createVerifiedAccount, navbar, reloadAfter, uniqueAccount } from './support/helpers';
import { browserToday, enGb, joinTeam, signInWithCookies } from './support/records';

/*
 * The main journeys with the keyboard alone: Tab, Shift+Tab, Enter, Space, Escape and typing, never a click. Every
 * element that takes focus on the way shows it (an outline or a ring). Each dialog takes focus as it opens, keeps it
 * (Tab and Shift+Tab cycle inside), closes with Escape and gives focus back to the control that opened it. Pages are
 * opened by their address, as a person types it or follows a bookmark.
 */
test.use({ timezoneId: 'UTC' });

/** What has focus, and whether it shows: an outline, or a ring (a box-shadow with a spread) in a colour. */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { described: 'nothing (the page itself)', visible: false };
    const style = getComputedStyle(element);
    // A colour with no alpha, or an alpha of at least a half ("rgba(0, 0, 0, 0)" and faint tints do not count).
    const solid = (color: string) => {
      if (color === 'transparent') return false;
      const alpha = color.match(/(?:,|\/)\s*([\d.]+%?)\s*\)$/)?.[1];
      if (!alpha || !/^(rgba|hsla|oklab|oklch|lab|lch|color)\(/.test(color) || (color.startsWith('rgb(') && !color.includes('/'))) return true;
      return (alpha.endsWith('%') ? parseFloat(alpha) / 100 : parseFloat(alpha)) >= 0.5;
    };
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && solid(style.outlineColor);
    // "rgb(13, 148, 136) 0px 0px 0px 2px, ...": a layer with a spread (the 4th length) of a solid colour.
    const ring = style.boxShadow.split(/,(?![^(]*\))/).some((layer) => {
      const color = layer.match(/[a-z]+\([^)]*\)|#[0-9a-f]+/i)?.[0] ?? 'transparent';
      const lengths = layer.replace(color, '').match(/-?[\d.]+px/g) ?? [];
      return lengths.length >= 4 && parseFloat(lengths[3]!) >= 1 && solid(color);
    });
    const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || element.id || '';
    return { described: `${element.tagName.toLowerCase()} "${name}"`, visible: outline || ring };
  });
}

async function expectFocusVisible(page: Page) {
  const state = await focusState(page);
  expect(state.visible, `focus on ${state.described} shows no outline or ring`).toBe(true);
}

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus, checking that each stop on the way shows its focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  let wrapped = false;
  for (let i = 0; i < max; i += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // Past the last control focus leaves the page for the browser's own controls once, then starts again at the top.
    if (!wrapped && (await page.evaluate(() => document.activeElement === document.body || !document.hasFocus()))) {
      wrapped = true;
      continue;
    }
    await expectFocusVisible(page);
  }
  throw new Error(`${await target.evaluate((el) => el.outerHTML.slice(0, 120))} not reached in ${max} presses of Tab`);
}

/** Focus is inside the dialog as it opens, and stays there for more presses of Tab (and Shift+Tab) than it has stops. */
async function expectFocusKeptIn(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  const stops = await dialog.locator('a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `${key} left the dialog`).toBe(true);
      await expectFocusVisible(page);
    }
  }
}

/** Escape closes the dialog and focus is back on the control that opened it. */
async function expectEscapeReturnsTo(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => hasFocus(opener)).toBe(true);
  await expectFocusVisible(page);
}

/** Selects everything in the focused field and types over it. */
async function typeOver(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Break Buddy's window: open from 768 px; on phones its button opens it, from the keyboard. */
async function openChatByKeyboard(page: Page) {
  const chat = page.getByRole('region', { name: 'Break Buddy' });
  const launcher = page.getByRole('button', { name: /^Open Break Buddy/ });
  await expect(chat.or(launcher)).toBeVisible();
  if (await launcher.isVisible()) {
    await tabTo(page, launcher, { back: true });
    await page.keyboard.press('Enter');
  }
  await expect(chat).toBeVisible();
  return chat;
}

test('the skip link comes first and moves focus to the content; signing in by keyboard', async ({ page, request }, testInfo) => {
  const account = uniqueAccount(testInfo, 'keys-signin');
  await createVerifiedAccount(request, account);
  await page.goto('/about');
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();

  // The first Tab reaches "Skip to content", shown on screen while it has focus; Enter moves focus to the page.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect.poll(() => hasFocus(skip)).toBe(true);
  await expectFocusVisible(page);
  const box = (await skip.boundingBox())!;
  expect(box.width).toBeGreaterThan(40);
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  // The next Tab goes on from the content, not from the top bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main, footer')))).toBe(true);

  // Sign In: the dialog takes focus, keeps it, and Escape gives it back.
  const signInButton = navbar(page).getByRole('button', { name: 'Sign In' });
  await tabTo(page, signInButton, { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expectFocusKeptIn(page, dialog);
  await expectEscapeReturnsTo(page, dialog, signInButton);

  // Again, to sign in: email, Tab, password, Enter.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await tabTo(page, dialog.getByLabel('Password'));
  await page.keyboard.type(account.password);
  await reloadAfter(page, () => page.keyboard.press('Enter'));
  await expect(accountMenu(page, account)).toBeVisible();
});

test('live break, a break by the form, a task, the Daily Agenda and the Daily Checklist by keyboard', async ({ page, context, request, baseURL }, testInfo) => {
  test.slow();
  const account = uniqueAccount(testInfo, 'keys-records');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await page.goto('/breaks');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Start break' })).toBeEnabled();

  // A live break: Enter starts it, and focus lands on "End break", which Space ends.
  await tabTo(page, main.getByRole('button', { name: 'Start break' }));
  await page.keyboard.press('Enter');
  const endBreak = main.getByRole('button', { name: 'End break' });
  await expect(endBreak).toBeVisible();
  await expect.poll(() => hasFocus(endBreak)).toBe(true);
  await expectFocusVisible(page);
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Break ended' })).toBeVisible();
  await expect.poll(() => hasFocus(main.getByRole('button', { name: 'Start break' }))).toBe(true);

  // A break by the form: the dialog keeps focus, Escape returns it to "Add break"; then filled in and saved.
  const addBreak = main.getByRole('button', { name: 'Add break' });
  await tabTo(page, addBreak);
  await page.keyboard.press('Enter');
  const breakForm = page.getByRole('dialog', { name: 'Add Break' });
  await expectFocusKeptIn(page, breakForm);
  await expectEscapeReturnsTo(page, breakForm, addBreak);
  await page.keyboard.press('Enter');
  await expect(breakForm).toBeVisible();
  await tabTo(page, breakForm.getByLabel('Break type'));
  // A closed select changes with the arrow keys.
  await page.keyboard.press('ArrowDown');
  await expect(breakForm.getByLabel('Break type')).not.toHaveValue('');
  await tabTo(page, breakForm.getByLabel('Start time'));
  await typeOver(page, '10:00 AM');
  await tabTo(page, breakForm.getByLabel('End time'));
  await typeOver(page, '10:20 AM');
  await tabTo(page, breakForm.getByLabel('Reason'));
  await page.keyboard.type('Stretching');
  await tabTo(page, breakForm.getByRole('button', { name: 'Add break' }));
  await page.keyboard.press('Enter');
  await expect(breakForm).toBeHidden();
  await expect(page.getByRole('list', { name: "Today's breaks" })).toContainText('10:00 AM – 10:20 AM');

  // The Daily Agenda: a dialog like the others.
  const agendaButton = navbar(page).getByRole('button', { name: 'Daily Agenda' });
  await tabTo(page, agendaButton);
  await page.keyboard.press('Enter');
  const agenda = page.getByRole('dialog', { name: 'Daily Agenda' });
  await expect(agenda).toContainText('Stretching');
  await expectFocusKeptIn(page, agenda);
  await expectEscapeReturnsTo(page, agenda, agendaButton);

  // The Daily Checklist: a panel under its button; focus moves in, an item is added, Escape closes it and focus is
  // back on the button.
  const checklistButton = navbar(page).getByRole('button', { name: 'Daily Checklist' });
  await tabTo(page, checklistButton);
  await page.keyboard.press('Enter');
  const checklist = page.getByRole('region', { name: 'Daily Checklist' });
  await expect(checklist).toBeVisible();
  await expect.poll(() => checklist.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await tabTo(page, checklist.getByLabel('New task'));
  await page.keyboard.type('Water the plants');
  await page.keyboard.press('Enter');
  const item = checklist.getByRole('checkbox', { name: 'Water the plants' });
  await expect(item).toBeVisible();
  await tabTo(page, item);
  await page.keyboard.press('Space');
  await expect(item).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(checklist).toBeHidden();
  await expect.poll(() => hasFocus(checklistButton)).toBe(true);
  await expectFocusVisible(page);

  // A task.
  await page.goto('/tasks');
  const addTask = page.getByRole('main').getByRole('button', { name: 'Add task' });
  await tabTo(page, addTask);
  await page.keyboard.press('Enter');
  const taskForm = page.getByRole('dialog', { name: 'Add Task' });
  await expectFocusKeptIn(page, taskForm);
  await expectEscapeReturnsTo(page, taskForm, addTask);
  await page.keyboard.press('Enter');
  await tabTo(page, taskForm.getByLabel('Title'));
  await page.keyboard.type('Answer the survey');
  await tabTo(page, taskForm.getByLabel('Description'));
  await page.keyboard.type('Before Friday');
  await tabTo(page, taskForm.getByRole('button', { name: 'Add task' }));
  await page.keyboard.press('Enter');
  await expect(taskForm).toBeHidden();
  await expect(page.getByRole('list', { name: "Today's tasks" })).toContainText('Answer the survey');
});

test('a leave requested and approved, and a Break Buddy proposal saved, by keyboard', async ({ browser, page, context, request, baseURL }, testInfo) => {
  test.slow();
  const admin = uniqueAccount(testInfo, 'keys-approver');
  const member = uniqueAccount(testInfo, 'keys-requester');
  await createVerifiedAccount(request, admin);
  const signedAdmin = await signInWithCookies(context, request, baseURL!, admin);
  await joinTeam(request, signedAdmin, member);

  // The member asks for a day off in a week.
  const memberContext = await newContext(browser, { timezoneId: 'UTC', viewport: page.viewportSize() });
  await signInWithCookies(memberContext, request, baseURL!, member);
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/leaves');
  const today = await browserToday(memberPage);
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7);
  const inAWeek = enGb(day.toISOString().slice(0, 10));
  const addLeave = memberPage.getByRole('main').getByRole('button', { name: 'Add leave' }).first();
  await tabTo(memberPage, addLeave);
  await memberPage.keyboard.press('Enter');
  const leaveForm = memberPage.getByRole('dialog', { name: 'Add leave' });
  await expectFocusKeptIn(memberPage, leaveForm);
  await expectEscapeReturnsTo(memberPage, leaveForm, addLeave);
  await memberPage.keyboard.press('Enter');
  await tabTo(memberPage, leaveForm.getByLabel('From date'));
  await typeOver(memberPage, inAWeek);
  await tabTo(memberPage, leaveForm.getByLabel('To date'));
  await typeOver(memberPage, inAWeek);
  await tabTo(memberPage, leaveForm.getByLabel('Reason'));
  await memberPage.keyboard.type('Moving house');
  await tabTo(memberPage, leaveForm.getByRole('button', { name: 'Add leave' }));
  await memberPage.keyboard.press('Enter');
  await expect(leaveForm).toBeHidden();
  await expect(memberPage.getByRole('main')).toContainText('Moving house');
  await memberContext.close();

  // The admin approves it from Leave requests.
  await page.goto('/leaves/requests');
  const approve = page.getByRole('button', { name: new RegExp(`^Approve ${member.name}`) });
  await tabTo(page, approve);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Leave approved' })).toBeVisible();
  await expect(page.getByText('No pending requests.')).toBeVisible();

  // Break Buddy: a question typed in its field, its proposal saved from the dialog it opens.
  await page.goto('/meetings');
  const chat = await openChatByKeyboard(page);
  const input = chat.getByLabel('Message Break Buddy');
  await tabTo(page, input, { back: true });
  await page.keyboard.type('add buy milk to my checklist');
  await page.keyboard.press('Enter');
  const proposal = page.getByRole('dialog', { name: 'Add Checklist Item' });
  await expectFocusKeptIn(page, proposal);
  // Escape puts the proposal aside: focus goes back to Break Buddy, whose answer offers the form again.
  await page.keyboard.press('Escape');
  await expect(proposal).toBeHidden();
  await expect.poll(() => chat.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expectFocusVisible(page);
  const reopen = chat.getByRole('button', { name: 'Open the checklist form' }).last();
  await tabTo(page, reopen, { back: true });
  await page.keyboard.press('Enter');
  await expectFocusKeptIn(page, proposal);
  await expect(proposal.getByLabel('Task', { exact: true })).toHaveValue(/milk/);
  // The answer is in the conversation's live region.
  await expect(chat.getByRole('log')).toHaveAttribute('aria-live', 'polite');
  await tabTo(page, proposal.getByRole('button', { name: 'Add item' }));
  await page.keyboard.press('Enter');
  await expect(proposal).toBeHidden();
  await expect(page.getByRole('status')).toContainText(/added/i);
  // Focus is not lost to the page: it is back in Break Buddy.
  await expect.poll(() => chat.evaluate((element) => element.contains(document.activeElement))).toBe(true);
});
