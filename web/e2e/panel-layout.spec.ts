import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, confirmDelete, expectNoSidewaysScroll, signInWithCookies, type Signed } from './support/records';

// The server's "today" is the profile's zone (UTC for a new account); the browser sends its own local date.
test.use({ timezoneId: 'UTC' });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const chat = (page: Page) => page.getByRole('region', { name: 'Break Buddy' });
const closeChat = (page: Page) => page.getByRole('button', { name: 'Close Break Buddy' });

/** The open window and its close button: everything Break Buddy draws on the screen. */
async function panelBoxes(page: Page): Promise<Box[]> {
  return [(await chat(page).boundingBox())!, (await closeChat(page).boundingBox())!];
}

/**
 * A control is clear of Break Buddy: scrolled into view, its box meets neither the window nor its button, and the
 * point a click aims at (its centre) belongs to the control itself, not to anything drawn over it.
 */
async function expectClearOfPanel(page: Page, control: Locator, name: string) {
  await control.scrollIntoViewIfNeeded();
  const box = (await control.boundingBox())!;
  for (const panel of await panelBoxes(page)) expect(overlaps(box, panel), `${name} lies under Break Buddy`).toBe(false);
  const hit = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && element.contains(top);
  });
  expect(hit, `a click on ${name} lands on something else`).toBe(true);
}

/** Clicks a row action after checking that the click reaches the page. */
async function clickRowAction(page: Page, control: Locator, name: string) {
  await expectClearOfPanel(page, control, name);
  await control.click();
}

/**
 * The docked window leaves the page its own column: every control of the top bar, the page and the footer ends left
 * of the window's edge, whatever the scroll position (the window is fixed, so a horizontal overlap would put the
 * control under it somewhere along the way). Checked again until it holds (for up to 5 s): the page's padding slides
 * to its new width over 200 ms after the window opens.
 */
async function expectPageBesidePanel(page: Page) {
  await expect(chat(page)).toBeVisible();
  await expect(async () => {
    const panelLeft = Math.min(...(await panelBoxes(page)).map((box) => box.x));
    const controls = await page
      .locator('header, main, footer')
      .locator('button:visible, a:visible, input:visible, select:visible, textarea:visible')
      .evaluateAll((elements) =>
        elements.map((element) => ({
          name: element.getAttribute('aria-label') || element.textContent?.trim() || element.id || element.tagName,
          right: element.getBoundingClientRect().right,
        })),
      );
    expect(controls.length).toBeGreaterThan(5);
    for (const control of controls) expect(control.right, `${control.name} reaches under Break Buddy`).toBeLessThanOrEqual(panelLeft);
  }).toPass({ timeout: 5_000 });
  await expectNoSidewaysScroll(page);
}

/** Answers the generic delete question with No, and closes the 'Cancelled' notice. */
async function cancelDelete(page: Page) {
  const question = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await question.getByRole('button', { name: 'No, cancel!' }).click();
  const cancelled = page.getByRole('alertdialog', { name: 'Cancelled' });
  await expect(cancelled).toContainText('Your record is safe.');
  await cancelled.getByRole('button', { name: 'OK' }).click();
  await expect(cancelled).toBeHidden();
}

async function closeDialog(page: Page, title: string, button: 'Close' | 'Cancel', contains?: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  if (contains) await expect(dialog).toContainText(contains);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function post(request: APIRequestContext, signed: Signed, path: string, data: object) {
  const response = await request.post(path, { headers: bearer(signed), data });
  expect(response.status(), await response.text()).toBe(201);
}

const breaks = [
  { startTime: '09:00', endTime: '09:15', type: 'Coffee Break', reason: 'Espresso', name: 'Coffee Break at 9:00 AM' },
  { startTime: '12:30', endTime: '13:15', type: 'Lunch Break', reason: 'Soup at the corner', name: 'Lunch Break at 12:30 PM' },
  { startTime: '16:00', endTime: '16:10', type: 'Refreshment', reason: '', name: 'Refreshment at 4:00 PM' },
];
const tasks = ['Write the release notes', 'Review the quarterly budget'];
const meetings = [
  {
    from: '10:00',
    to: '10:30',
    description: 'Stand-up with the whole team: yesterday, today, anything in the way, and the demo plan.',
    label: '10:00 AM – 10:30 AM',
  },
  {
    from: '14:00',
    to: '15:00',
    description: 'Design review of the new calendar screens, the holidays card and the feeds settings.',
    label: '2:00 PM – 3:00 PM',
  },
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1366, height: 900 },
]) {
  test(`with Break Buddy open at ${viewport.width}x${viewport.height}, every row action on breaks, tasks and meetings is reachable`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the panel docks beside the page from 768 px; phones keep the floating window');
    test.slow();
    await page.setViewportSize(viewport);
    const account = uniqueAccount(testInfo, `panel${viewport.width}`);
    await createVerifiedAccount(request, account);
    const signed = await signInWithCookies(context, request, baseURL!, account);

    await page.goto('/breaks');
    const today = await browserToday(page);
    for (const { name: _name, ...data } of breaks) await post(request, signed, '/break/add', { ...data, createdDate: today });
    for (const title of tasks) await post(request, signed, '/task/add', { title, description: `${title}, before Friday.`, scheduled: today });
    for (const { label: _label, ...data } of meetings) await post(request, signed, '/meeting/add', { ...data, scheduleDate: today });

    // Dashboard: the window is open by default (spec §9) and the page is laid out beside it.
    await page.goto('/breaks');
    const todayBreaks = page.getByRole('list', { name: "Today's breaks" });
    await expect(todayBreaks.getByRole('listitem')).toHaveCount(breaks.length);
    await expectPageBesidePanel(page);
    for (const item of breaks) {
      await clickRowAction(page, page.getByRole('button', { name: `Details of ${item.name}` }), `Details of ${item.name}`);
      await closeDialog(page, 'Break Details', 'Close', item.type);
      await clickRowAction(page, page.getByRole('button', { name: `Edit ${item.name}` }), `Edit ${item.name}`);
      await closeDialog(page, 'Edit Break', 'Cancel');
      await clickRowAction(page, page.getByRole('button', { name: `Delete ${item.name}` }), `Delete ${item.name}`);
      await cancelDelete(page);
    }
    const last = breaks.at(-1)!;
    await clickRowAction(page, page.getByRole('button', { name: `Delete ${last.name}` }), `Delete ${last.name}`);
    await confirmDelete(page);
    await expect(todayBreaks.getByRole('listitem')).toHaveCount(breaks.length - 1);
    await expect(chat(page)).toBeVisible();

    // Tasks: both lists, each task's three actions.
    await page.goto('/tasks');
    const lists = [page.getByRole('list', { name: "Today's tasks" }), page.getByRole('list', { name: 'All tasks' })];
    for (const list of lists) await expect(list.getByRole('listitem')).toHaveCount(tasks.length);
    await expectPageBesidePanel(page);
    for (const list of lists) {
      for (const title of tasks) {
        await clickRowAction(page, list.getByRole('button', { name: `Details of ${title}` }), `Details of ${title}`);
        await closeDialog(page, 'Task Details', 'Close', `${title}, before Friday.`);
        await clickRowAction(page, list.getByRole('button', { name: `Edit ${title}` }), `Edit ${title}`);
        await closeDialog(page, 'Edit Task', 'Cancel');
        await clickRowAction(page, list.getByRole('button', { name: `Delete ${title}` }), `Delete ${title}`);
        await cancelDelete(page);
      }
    }
    await clickRowAction(page, lists[1]!.getByRole('button', { name: `Delete ${tasks[1]}` }), `Delete ${tasks[1]}`);
    await confirmDelete(page);
    for (const list of lists) await expect(list.getByRole('listitem')).toHaveCount(tasks.length - 1);

    // Meetings: View All, Edit and Delete of each row.
    await page.goto('/meetings');
    const meetingList = page.getByRole('list', { name: 'Meetings' });
    await expect(meetingList.getByRole('listitem')).toHaveCount(meetings.length);
    await expectPageBesidePanel(page);
    for (const meeting of meetings) {
      const row = meetingList.getByRole('listitem', { name: new RegExp(`${meeting.label}$`) });
      await clickRowAction(page, row.getByRole('button', { name: 'View All' }), `View All of ${meeting.label}`);
      await closeDialog(page, 'Description', 'Close', meeting.description);
      await clickRowAction(page, row.getByRole('button', { name: 'Edit' }), `Edit ${meeting.label}`);
      await closeDialog(page, 'Edit Meeting', 'Cancel');
      await clickRowAction(page, row.getByRole('button', { name: 'Delete' }), `Delete ${meeting.label}`);
      await cancelDelete(page);
    }
    const first = meetingList.getByRole('listitem', { name: new RegExp(`${meetings[0]!.label}$`) });
    await clickRowAction(page, first.getByRole('button', { name: 'Delete' }), `Delete ${meetings[0]!.label}`);
    await confirmDelete(page);
    await expect(meetingList.getByRole('listitem')).toHaveCount(meetings.length - 1);

    // Closed, the window gives the page its width back; opened again, it docks again.
    const mainBefore = (await page.getByRole('main').boundingBox())!;
    await closeChat(page).click();
    await expect(chat(page)).toBeHidden();
    await expect.poll(async () => (await page.getByRole('main').boundingBox())!.width).toBeGreaterThan(mainBefore.width);
    await page.getByRole('button', { name: /^Open Break Buddy/ }).click();
    await expectPageBesidePanel(page);
  });
}

test("at 768 and 1024 px the pages sit beside the docked window, and the top bar's dropdown stays whole", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'tablet widths');
  test.slow();
  const account = uniqueAccount(testInfo, 'paneltablet');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await page.goto('/breaks');
  const today = await browserToday(page);
  for (const { name: _name, ...data } of breaks) await post(request, signed, '/break/add', { ...data, createdDate: today });
  for (const title of tasks) await post(request, signed, '/task/add', { title, description: `${title}, before Friday.`, scheduled: today });
  for (const { label: _label, ...data } of meetings) await post(request, signed, '/meeting/add', { ...data, scheduleDate: today });

  for (const viewport of [
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    for (const [path, lists, count] of [
      ['/breaks', ["Today's breaks"], breaks.length],
      ['/tasks', ["Today's tasks", 'All tasks'], tasks.length],
      ['/meetings', ['Meetings'], meetings.length],
    ] as const) {
      await page.goto(path);
      for (const list of lists) await expect(page.getByRole('list', { name: list }).getByRole('listitem')).toHaveCount(count);
      await expectPageBesidePanel(page);
      const actions = page.getByRole('main').getByRole('listitem').getByRole('button');
      for (let i = 0; i < (await actions.count()); i += 1) await expectClearOfPanel(page, actions.nth(i), `${path} row action ${i + 1}`);
    }
    // Below 1144 px the pinned sidebar would leave the page too little room beside the window: it is the drawer.
    await expect(page.locator('#sidebar')).toBeHidden();

    const toggle = page.getByRole('banner').getByRole('button', { name: 'Daily Checklist' });
    await toggle.click();
    const checklist = page.getByRole('region', { name: 'Daily Checklist' });
    await expect(checklist).toBeVisible();
    const box = (await checklist.boundingBox())!;
    expect(box.x, 'the checklist starts left of the window').toBeGreaterThanOrEqual(0);
    await toggle.click();
    await expect(checklist).toBeHidden();
  }
});

test('on a phone Break Buddy starts closed and, opened, floats over the page as before', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout');
  await page.goto('/meetings');
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  const mainWidth = (await page.getByRole('main').boundingBox())!.width;
  await expect(chat(page)).toBeHidden();
  await page.getByRole('button', { name: /^Open Break Buddy/ }).click();
  await expect(chat(page)).toBeVisible();
  // No column is reserved on a phone: the page keeps its width and the window floats above it.
  expect((await page.getByRole('main').boundingBox())!.width).toBe(mainWidth);
  const box = (await chat(page).boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSidewaysScroll(page);
});
