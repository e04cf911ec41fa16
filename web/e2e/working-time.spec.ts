import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, enGb, expectNoSidewaysScroll, expectTouchTargets, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

// The server's "today" is the profile's zone (UTC for a new account); the browser runs in UTC too.
test.use({ timezoneId: 'UTC' });

const workCard = (page: Page) => page.getByRole('region', { name: 'Working time' });

/** IndexedDB's offline queue, as the app keeps it. */
async function storedPaths(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('breaktime-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('queue').objectStore('queue').get('writes');
          read.onsuccess = () => resolve(((read.result as Array<{ path: string }> | undefined) ?? []).map((item) => item.path));
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

test('start work, take a live break, end work: the day shows the period, the break and its totals', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'work');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/breaks');

  const card = workCard(page);
  await card.getByRole('button', { name: 'Start work' }).click();
  await expect(card).toContainText(/On the clock since \d{1,2}:\d{2} (AM|PM) · \d+ min worked/);
  // The working-time card sits above the live break control.
  const cardBox = await card.boundingBox();
  const breakBox = await page.getByRole('button', { name: 'Start break' }).boundingBox();
  expect(cardBox!.y).toBeLessThan(breakBox!.y);
  if (testInfo.project.name === 'phone') await expectTouchTargets(card);
  await expectNoSidewaysScroll(page);

  // "Take a break" starts the live break; the work card waits for it to end.
  await card.getByRole('button', { name: 'Take a break' }).click();
  await expect(page.getByRole('timer', { name: 'Time on break' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Take a break' })).toBeHidden();
  await page.getByRole('button', { name: 'End break' }).click();
  await expect(page.getByRole('button', { name: 'Start break' })).toBeVisible();

  await card.getByRole('button', { name: 'End work' }).click();
  await expect(page.getByText('Work ended')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Start work' })).toBeVisible();
  await expect(card.getByText('Today')).toBeVisible();
  await expect(card.getByText('Overtime')).toBeVisible();

  // The server has one closed period and no open one.
  const current = await request.get('/work/current', { headers: bearer(signed) });
  expect(((await current.json()) as { data: unknown }).data).toBeNull();
  const today = new Date().toISOString().slice(0, 10);
  const day = await request.get(`/work/day?date=${today}`, { headers: bearer(signed) });
  const data = ((await day.json()) as { data: { periods: unknown[]; breaks: unknown[]; target: number; worked: number; difference: number } }).data;
  expect(data.periods).toHaveLength(1);
  expect(data.breaks).toHaveLength(1);
  expect(data.difference).toBe(data.worked - data.target);

  // The Working time page shows the same day.
  await card.getByRole('link', { name: 'Working time and timesheets' }).click();
  await expect(page).toHaveURL(/\/working-time$/);
  const daySection = page.getByRole('region', { name: 'Day' });
  await expect(daySection.getByText('Work periods')).toBeVisible();
  await expect(daySection.getByRole('button', { name: /^Edit the period from/ })).toHaveCount(1);
  await expect(daySection).toContainText('Worked');
  await expect(daySection).toContainText('Target');
  await expect(daySection).toContainText('Difference');
  await expectNoSidewaysScroll(page);
});

test('offline: work started and ended reach the server once, with the taps’ times', async ({ page, context, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone journey');
  test.slow();
  const account = uniqueAccount(testInfo, 'work-offline');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);

  await gotoWithoutChat(page, '/breaks');
  const card = workCard(page);
  await expect(card.getByRole('button', { name: 'Start work' })).toBeEnabled();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(card.getByRole('button', { name: 'Start work' })).toBeEnabled();

  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await card.getByRole('button', { name: 'Start work' }).click();
  await expect(card).toContainText('On the clock since');
  await expect(card.getByText('Waiting to sync')).toBeVisible();
  await card.getByRole('button', { name: 'End work' }).click();
  await expect(card.getByRole('button', { name: 'Start work' })).toBeVisible();
  expect(await storedPaths(page)).toEqual(['/work/start', '/work/end']);

  await context.setOffline(false);
  await expect(page.getByText('2 changes synced.')).toBeVisible({ timeout: 20_000 });

  const today = new Date().toISOString().slice(0, 10);
  const day = await request.get(`/work/day?date=${today}`, { headers: bearer(signed) });
  const data = ((await day.json()) as { data: { periods: Array<{ source: string }>; open: unknown } }).data;
  expect(data.periods).toHaveLength(1);
  expect(data.periods[0]?.source).toBe('clock');
  expect(data.open).toBeNull();
});

test('an approver approves a month; its day shows locked, and a change of a period in it is refused with the message', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const adminAccount = uniqueAccount(testInfo, 'work-admin');
  await createVerifiedAccount(request, adminAccount);
  const admin = await signInWithCookies(context, request, baseURL!, adminAccount);
  const member = await joinTeam(request, admin, uniqueAccount(testInfo, 'work-member'));

  // The member recorded a period yesterday (today on the first of the month, early in the morning).
  const now = new Date();
  const firstOfMonth = now.getUTCDate() === 1;
  const date = firstOfMonth ? now.toISOString().slice(0, 10) : new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const added = await request.post('/work/periods', {
    headers: bearer(member),
    data: firstOfMonth
      ? { date, start: '00:00', end: '00:01', note: 'Forgot to clock in' }
      : { date, start: '08:00', end: '12:00', note: 'Forgot to clock in' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const submitted = await request.post(`/timesheets/${date.slice(0, 7)}/submit`, { headers: bearer(member) });
  expect(submitted.status(), await submitted.text()).toBe(200);

  await gotoWithoutChat(page, '/working-time');
  const team = page.getByRole('region', { name: "The team's timesheets" });
  await team.getByRole('button', { name: `Approve ${member.name}'s month` }).click();
  const approve = page.getByRole('dialog', { name: /^Approve the timesheet of/ });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(team).toContainText('Approved');

  // The admin opens the member's day and tries to change the period.
  await team.getByRole('button', { name: `View ${member.name}'s working time` }).click();
  await expect(page).toHaveURL(new RegExp(`userId=${member.id}`));
  const daySection = page.getByRole('region', { name: 'Day' });
  const dateField = daySection.getByLabel('Date', { exact: true });
  await dateField.fill(enGb(date));
  await dateField.press('Tab');
  // The day says it is locked and offers nothing to change; a change sent all the same is refused with the month.
  await expect(daySection.getByText('Locked', { exact: true })).toBeVisible();
  await expect(daySection.getByRole('button', { name: /^Edit the period from/ })).toHaveCount(0);
  const periodId = ((await added.json()) as { data: { _id: string } }).data._id;
  const refused = await request.put(`/work/periods/${periodId}?userId=${member.id}`, {
    headers: bearer(admin),
    data: { date, start: '07:30', end: '12:00', note: 'Corrected the start' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(
    `The timesheet of ${new Date(`${date}T12:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })} is approved and locked.`,
  );
});

test('on a phone the day’s and the month’s steps are 44 px squares, the day’s beside the date', async ({ page, context, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the day row of a phone');
  const account = uniqueAccount(testInfo, 'worksteps');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await gotoWithoutChat(page, '/working-time');
    const day = page.getByRole('region', { name: 'Day' });
    const date = day.getByLabel('Date');
    await expect(date).toBeVisible();
    const dateBox = (await date.boundingBox())!;
    for (const name of ['Previous day', 'Next day']) {
      const box = (await day.getByRole('button', { name }).boundingBox())!;
      expect(Math.round(box.width * 100) / 100, `${name} at ${width} px is too narrow to tap`).toBeGreaterThanOrEqual(44);
      expect(Math.round(box.height * 100) / 100, `${name} at ${width} px is too low to tap`).toBeGreaterThanOrEqual(44);
      // On the date's row, not a row of its own below it.
      expect(Math.abs(box.y + box.height / 2 - (dateBox.y + dateBox.height / 2)), `${name} at ${width} px is not beside the date`).toBeLessThan(4);
    }
    for (const name of ['Previous month', 'Next month']) {
      const box = (await page.getByRole('button', { name }).first().boundingBox())!;
      expect(Math.round(box.width * 100) / 100, `${name} at ${width} px is too narrow to tap`).toBeGreaterThanOrEqual(44);
    }
    await expectNoSidewaysScroll(page, `Working time at ${width} px`);
  }
});
