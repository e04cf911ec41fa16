import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Download, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, enGb, expectNoSidewaysScroll, gotoWithoutChat, joinTeam, signInWithCookies, type Signed } from './support/records';

test.use({ timezoneId: 'UTC' });

const daysBefore = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

async function post(request: APIRequestContext, signed: Signed, path: string, data: object) {
  const response = await request.post(path, { headers: bearer(signed), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
}

/** The file's lines with the quotes around its text cells taken off (no cell here holds a quote of its own). */
async function csvLines(download: Download): Promise<string[]> {
  const text = await readFile((await download.path())!, 'utf8');
  return text.trim().replaceAll('"', '').split(/\r?\n/);
}

/** A chart's canvas: the chart is drawn once its frame comes onto the screen. */
async function chartCanvas(page: Page, chartName: string) {
  const figure = page.getByRole('figure', { name: chartName });
  await figure.scrollIntoViewIfNeeded();
  return figure.locator('canvas');
}

/** Whether a chart's canvas has anything drawn on it. */
async function hasDrawing(page: Page, chartName: string) {
  const canvas = await chartCanvas(page, chartName);
  await expect(canvas).toBeVisible();
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const pixels = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  });
}

test('archives with a preset range: summary, charts, records and CSV downloads', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'archives');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/archives');
  const today = await browserToday(page);
  const tenDaysAgo = daysBefore(today, 10);

  await post(request, signed, '/break/add', { startTime: '12:00', endTime: '12:45', createdDate: today, type: 'Lunch Break', reason: 'Canteen' });
  await post(request, signed, '/break/add', { startTime: '15:00', endTime: '15:15', createdDate: today, type: 'Coffee Break', reason: '' });
  await post(request, signed, '/break/add', {
    startTime: '10:00',
    endTime: '10:20',
    createdDate: tenDaysAgo,
    type: 'Coffee Break',
    reason: 'Long call, then coffee',
  });
  await post(request, signed, '/task/add', { title: 'Ship the release', description: 'Version 2', scheduled: today, status: 'Completed', priority: 'High' });
  await post(request, signed, '/task/add', { title: 'Plan the next sprint', description: 'Backlog', scheduled: tenDaysAgo });
  await post(request, signed, '/meeting/add', { from: '09:00', to: '09:30', scheduleDate: tenDaysAgo, description: 'Retrospective' });
  await post(request, signed, '/daily-checklist/add', { task: 'Water the plants', status: true, createdDate: today, isFeature: false });

  // The last 7 days by default: only today's breaks.
  await gotoWithoutChat(page, '/archives');
  await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
  const breaksStat = page.locator('dl > div', { hasText: 'Breaks' });
  await expect(breaksStat).toContainText('2');
  await expect(breaksStat).toContainText('1 h 00 min');

  // A preset applies at once and widens the report to ten days ago.
  await page.getByRole('button', { name: '30 Days' }).click();
  await expect(page.getByRole('button', { name: '30 Days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Start date')).toHaveValue(enGb(daysBefore(today, 29)));
  await expect(page.getByLabel('End date')).toHaveValue(enGb(today));
  await expect(breaksStat).toContainText('3');
  await expect(breaksStat).toContainText('1 h 20 min');
  await expect(page.locator('dl > div', { hasText: 'Tasks' })).toContainText('1 completed');

  // The charts are drawn.
  await expect.poll(() => hasDrawing(page, 'Break minutes per day')).toBe(true);
  await expect.poll(() => hasDrawing(page, 'Break minutes per type')).toBe(true);
  await expect.poll(() => hasDrawing(page, 'Tasks per status')).toBe(true);
  await expect(await chartCanvas(page, 'Tasks per priority')).toBeVisible();

  // The breaks of the range, latest first.
  const breaks = page.getByRole('table', { name: 'Breaks' });
  await expect(breaks.getByRole('row')).toHaveCount(4);
  await expect(breaks.getByRole('row').nth(1)).toContainText(enGb(today));
  await expect(breaks.getByRole('row').nth(3)).toContainText(enGb(tenDaysAgo));
  await expect(breaks).toContainText('10:00 AM – 10:20 AM');
  await expectNoSidewaysScroll(page);

  // The CSV of the range, earliest first, with the server's file name.
  const from = daysBefore(today, 29);
  const breaksCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Breaks CSV' }).click();
  const breaksFile = await breaksCsv;
  expect(breaksFile.suggestedFilename()).toBe(`breaks-${from}-${today}.csv`);
  const rows = await csvLines(breaksFile);
  expect(rows[0]).toBe('date,startTime,endTime,durationMinutes,type,reason,id');
  expect(rows).toHaveLength(4);
  expect(rows[1]).toMatch(new RegExp(`^${tenDaysAgo},10:00,10:20,20,Coffee Break,"?Long call, then coffee"?,`));
  expect(rows.slice(2).map((row) => row.split(',').slice(0, 5).join(','))).toEqual([
    `${today},12:00,12:45,45,Lunch Break`,
    `${today},15:00,15:15,15,Coffee Break`,
  ]);

  // Another record type: its table and its CSV.
  await page.getByRole('tab', { name: 'Tasks' }).click();
  const tasks = page.getByRole('table', { name: 'Tasks' });
  await expect(tasks.getByRole('row')).toHaveCount(3);
  await expect(tasks).toContainText('Ship the release');
  await expect(tasks).toContainText('Completed');
  const tasksCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Tasks CSV' }).click();
  const taskRows = await csvLines(await tasksCsv);
  expect(taskRows[0]).toBe('scheduled,title,description,status,priority,createdDate,id');
  expect(taskRows.slice(1).map((row) => row.split(',').slice(0, 5).join(','))).toEqual([
    `${tenDaysAgo},Plan the next sprint,Backlog,To Do,Normal`,
    `${today},Ship the release,Version 2,Completed,High`,
  ]);

  await page.getByRole('tab', { name: 'Leaves' }).click();
  await expect(page.getByText('No leaves in this range.')).toBeVisible();
});

test("the range picker's rules", async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'archives-range');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/archives?from=2025-06-01&to=2025-06-30');
  const start = page.getByLabel('Start date');
  const end = page.getByLabel('End date');
  await expect(start).toHaveAttribute('max', '2025-06-30');
  await expect(end).toHaveAttribute('min', '2025-06-01');

  await start.fill('');
  await end.fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Select at least one date.')).toBeVisible();

  await start.fill('2025-06-20');
  await end.fill('2025-06-10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('End date cannot be earlier than start date.')).toBeVisible();

  await end.fill('2025-06-25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/from=2025-06-20&to=2025-06-25/);
  await expect(page.getByText('20/06/2025 to 25/06/2025')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Breaks' }).getByText('No breaks in this range.')).toBeVisible();
});

test("an admin reads a team member's archives", async ({ page, context, request, baseURL }, testInfo) => {
  const adminAccount = uniqueAccount(testInfo, 'archives-admin');
  await createVerifiedAccount(request, adminAccount);
  const admin = await signInWithCookies(context, request, baseURL!, adminAccount);
  const member = await joinTeam(request, admin, uniqueAccount(testInfo, 'archives-member'));
  await gotoWithoutChat(page, '/archives');
  const today = await browserToday(page);
  await post(request, member, '/break/add', { startTime: '11:00', endTime: '11:25', createdDate: today, type: 'Refreshment', reason: 'Tea' });

  await expect(page.getByRole('tabpanel', { name: 'Breaks' }).getByText('No breaks in this range.')).toBeVisible();
  await page.getByLabel('Team member').selectOption({ label: member.name });
  const breaks = page.getByRole('table', { name: 'Breaks' });
  await expect(breaks).toContainText('Refreshment');
  await expect(breaks).toContainText('11:00 AM – 11:25 AM');
  await expect(page.locator('dl > div', { hasText: 'Breaks' })).toContainText('25 min');

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Breaks CSV' }).click();
  const rows = await csvLines(await csv);
  expect(rows).toHaveLength(2);
  expect(rows[1]).toMatch(new RegExp(`^${today},11:00,11:25,25,Refreshment,Tea,`));

  await page.getByLabel('Team member').selectOption({ label: 'Me' });
  await expect(page.getByRole('tabpanel', { name: 'Breaks' }).getByText('No breaks in this range.')).toBeVisible();
});

test('a member sees their own working time in the archives', async ({ page, context, request, baseURL }, testInfo) => {
  const adminAccount = uniqueAccount(testInfo, 'archives-work-admin');
  await createVerifiedAccount(request, adminAccount);
  const admin = await signInWithCookies(context, request, baseURL!, adminAccount);
  const memberAccount = uniqueAccount(testInfo, 'archives-work-member');
  const member = await joinTeam(request, admin, memberAccount);
  await gotoWithoutChat(page, '/archives');
  const yesterday = daysBefore(await browserToday(page), 1);
  await post(request, admin, '/work/periods', { date: yesterday, start: '08:00', end: '17:00', note: 'Forgot to clock in' });
  await post(request, member, '/work/periods', { date: yesterday, start: '09:00', end: '12:30', note: 'Forgot to clock in' });

  await signInWithCookies(context, request, baseURL!, memberAccount);
  await gotoWithoutChat(page, '/archives');
  const table = page.getByRole('table', { name: 'Working time' });
  await table.scrollIntoViewIfNeeded();
  await expect(table.getByRole('row', { name: new RegExp(member.name) })).toContainText('3 h 30');
  // Only their own row: no totals line, nobody else's time.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).not.toContainText(admin.name);
  await expect(page.getByRole('figure', { name: 'Worked and target hours per member' })).toBeVisible();
});
