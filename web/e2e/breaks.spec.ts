import { expect, test, type Locator, type Page, newContext } from './support/test';
import { createVerifiedAccount, uniqueAccount, seeTextDuring } from './support/helpers';
import { bearer, confirmDelete, expectNoSidewaysScroll, expectTouchTargets, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

// The server's "today" is the profile's zone (UTC for a new account); the browser sends its own local date.
test.use({ timezoneId: 'UTC' });

/** Types a time into a time field, as a person would (12-hour, with AM or PM). */
async function pickTime(field: Locator, hour: string, minute: string, period: 'AM' | 'PM') {
  await field.fill(`${hour}:${minute} ${period}`);
}

const todayList = (page: Page) => page.getByRole('list', { name: "Today's breaks" });

test('start and end a live break; a teammate sees it while it runs; it lands in today’s list', async ({
  browser,
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  // Two accounts, an invitation and a second browser: more set-up than most journeys.
  test.slow();
  const owner = uniqueAccount(testInfo, 'breaker');
  await createVerifiedAccount(request, owner);
  const signed = await signInWithCookies(context, request, baseURL!, owner);
  const teammate = await joinTeam(request, signed, uniqueAccount(testInfo, 'mate'));

  await gotoWithoutChat(page, '/breaks');
  await expect(page.getByText('You have not taken any breaks today')).toBeVisible();
  const start = page.getByRole('button', { name: 'Start break' });
  await expect(start).toBeVisible();
  // The phone user's main action: big and in view without scrolling.
  const box = (await start.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(56);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  if (testInfo.project.name === 'phone') expect(box.width).toBeGreaterThanOrEqual(300);
  await expectNoSidewaysScroll(page);

  await page.getByLabel('Break type').selectOption('Coffee Break');
  await page.getByLabel('Reason (optional)').fill('Espresso with the team');
  await start.click();

  const timer = page.getByRole('timer', { name: 'Time on break' });
  await expect(timer).toBeVisible();
  await expect(page.getByText('On break', { exact: true })).toBeVisible();
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!, { timeout: 5000 });

  // The teammate sees the owner on break (GET /admin/onBreak), with the type.
  const onBreak = await request.get('/admin/onBreak', { headers: bearer(teammate) });
  expect(onBreak.status()).toBe(200);
  const members = ((await onBreak.json()) as { data: Array<{ name: string; type: string; userId: string }> }).data;
  expect(members).toEqual([expect.objectContaining({ userId: signed.id, name: owner.name, type: 'Coffee Break' })]);

  // And on the Currently on break page, in a browser of their own.
  const mateContext = await newContext(browser, { viewport: page.viewportSize()!, timezoneId: 'UTC' });
  await signInWithCookies(mateContext, request, baseURL!, teammate);
  const matePage = await mateContext.newPage();
  await matePage.goto('/on-breaks');
  const row = matePage.getByRole('list', { name: 'Members on a break' }).getByRole('listitem', { name: owner.name });
  await expect(row).toContainText('Coffee Break');
  await expect(row).toContainText('Espresso with the team');

  // A reload keeps the running break (it lives on the server).
  await gotoWithoutChat(page, '/breaks');
  await expect(page.getByRole('timer', { name: 'Time on break' })).toBeVisible();

  await page.getByRole('button', { name: 'End break' }).click();
  await expect(page.getByText(/^Coffee Break: \d+ min\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start break' })).toBeVisible();
  await expect(todayList(page).getByRole('listitem')).toHaveCount(1);
  await expect(todayList(page)).toContainText('Coffee Break');
  await expect(todayList(page)).toContainText('Espresso with the team');
  // "1 minute", "2 minutes": the total in the plural it takes.
  await expect(page.getByText(/^(1 minute|([2-9]|[1-9]\d+) minutes)$/)).toBeVisible();

  const after = await request.get('/admin/onBreak', { headers: bearer(teammate) });
  expect(((await after.json()) as { data: unknown[] }).data).toEqual([]);
  await matePage.reload();
  await expect(matePage.getByText('Nobody is on a break right now.')).toBeVisible();
  await mateContext.close();
});

test('add, edit and delete a break through the dialog', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'breaklog');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/breaks');
  await expect(page.getByText('You have not taken any breaks today')).toBeVisible();

  await page.getByRole('button', { name: 'Add break' }).click();
  const add = page.getByRole('dialog', { name: 'Add Break' });
  await add.getByLabel('Break type').selectOption('Lunch Break');
  await pickTime(add.getByLabel('Start time'), '12', '30', 'PM');
  await pickTime(add.getByLabel('End time'), '12', '30', 'PM');
  await expect(add.getByText('Break duration must be greater than 0 minutes')).toBeVisible();
  await pickTime(add.getByLabel('End time'), '1', '15', 'PM');
  await expect(add.getByLabel('Duration (minutes)')).toHaveValue('45');
  await add.getByLabel('Reason').fill('Soup at the corner');
  await expectNoSidewaysScroll(page);
  await seeTextDuring(page, 'Break added successfully', () => add.getByRole('button', { name: 'Add break' }).click());
  await expect(add).toBeHidden();
  await expect(todayList(page)).toContainText('12:30 PM – 1:15 PM');
  await expect(page.getByText('45 minutes', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Lunch Break at 12:30 PM' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Break' });
  await expect(edit.getByLabel('End time')).toHaveValue('1:15 PM');
  await pickTime(edit.getByLabel('End time'), '1', '30', 'PM');
  await expect(edit.getByLabel('Duration (minutes)')).toHaveValue('60');
  await seeTextDuring(page, 'Break updated successfully', () => edit.getByRole('button', { name: 'Save changes' }).click());
  await expect(todayList(page)).toContainText('12:30 PM – 1:30 PM');
  await expect(page.getByText('60 minutes', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Details of Lunch Break at 12:30 PM' }).click();
  const details = page.getByRole('dialog', { name: 'Break Details' });
  await expect(details).toContainText('1:30 PM');
  await expect(details).toContainText('60 minutes');
  await expect(details).toContainText('Soup at the corner');
  await details.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('button', { name: 'Delete Lunch Break at 12:30 PM' }).click();
  await confirmDelete(page);
  await expect(page.getByText('You have not taken any breaks today')).toBeVisible();
  await expect(page.getByText('0 minutes', { exact: true })).toBeVisible();
});

test('the dashboard, tasks and leaves fit a 375 px phone with touch targets of 44 px', async ({ page, context, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout');
  test.slow();
  const account = uniqueAccount(testInfo, 'narrow');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  const headers = bearer(signed);
  const today = new Date().toISOString().slice(0, 10);
  const long = 'A rather long reason without many breaks in it to see that nothing pushes the page sideways at all';
  for (const data of [
    { startTime: '09:00', endTime: '09:15', createdDate: today, type: 'Picking kids from School', reason: long },
    { startTime: '23:30', endTime: '00:10', createdDate: today, type: 'Coffee Break', reason: '' },
  ])
    expect((await request.post('/break/add', { headers, data })).status()).toBe(201);
  expect((await request.post('/task/add', { headers, data: { title: long, description: long, scheduled: today, priority: 'Blocker' } })).status()).toBe(201);
  expect((await request.post('/leaves/add', { headers, data: { fromDate: today, toDate: today, reason: long } })).status()).toBe(201);
  expect((await request.post('/break/start', { headers, data: { type: 'Social Media Break', reason: long } })).status()).toBe(201);
  await page.setViewportSize({ width: 375, height: 812 });

  for (const [path, add, dialog] of [
    ['/breaks', 'Add break', 'Add Break'],
    ['/tasks', 'Add task', 'Add Task'],
    ['/leaves', 'Add leave', 'Add leave'],
  ] as const) {
    await gotoWithoutChat(page, path);
    await expect(page.getByRole('main').getByRole('list').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(page.getByRole('main'));
    await page.getByRole('button', { name: add }).click();
    const form = page.getByRole('dialog', { name: dialog });
    await expect(form).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(form);
  }
});
