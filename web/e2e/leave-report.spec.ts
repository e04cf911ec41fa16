import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, newContext } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, expectNoSidewaysScroll, gotoWithoutChat, joinTeam, signInWithCookies, type Signed } from './support/records';

// The Leave days report of the Archives: approved leave in working days per member and type, for admins the team's, for
// a member their own, and its CSV.
test.use({ timezoneId: 'UTC' });

const SICK = '00000000000000000000000002';

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() || 7;

async function addLeave(request: APIRequestContext, signed: Signed, data: object) {
  const response = await request.post('/leaves/add', { headers: bearer(signed), data });
  expect(response.status(), await response.text()).toBe(201);
}

test('the leave days report: per member and type, with totals and a CSV', async ({ browser, page, context, request, baseURL }, testInfo) => {
  test.slow();
  const admin = uniqueAccount(testInfo, 'report-admin');
  const member = uniqueAccount(testInfo, 'report-member');
  await createVerifiedAccount(request, admin);
  const signedAdmin = await signInWithCookies(context, request, baseURL!, admin);
  const signedMember = await joinTeam(request, signedAdmin, member);

  await gotoWithoutChat(page, '/breaks');
  const today = await browserToday(page);
  // The Monday of two weeks ago: Monday–Tuesday is the admin's vacation (approved at once, nobody else could decide
  // it), Wednesday the member's sick day (Sick needs no approval). A pending vacation of the member is not counted.
  const monday = plusDays(today, -(isoWeekday(today) - 1) - 14);
  await addLeave(request, signedAdmin, { fromDate: monday, toDate: plusDays(monday, 1), reason: 'Trip' });
  await addLeave(request, signedMember, { fromDate: plusDays(monday, 2), toDate: plusDays(monday, 2), reason: 'Flu', typeId: SICK });
  await addLeave(request, signedMember, { fromDate: plusDays(monday, 3), toDate: plusDays(monday, 3), reason: 'Waiting' });
  const from = plusDays(monday, -7);
  const to = today;

  await gotoWithoutChat(page, `/archives?from=${from}&to=${to}`);
  const table = page.getByRole('table', { name: 'Leave days' });
  await expect(table.getByRole('rowheader', { name: admin.name })).toBeVisible();
  const adminRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: admin.name }) });
  const memberRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: member.name }) });
  const totalRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total', exact: true }) });
  // Columns: Vacation, Sick, Total.
  await expect(adminRow.getByRole('cell')).toHaveText(['2', '–', '2']);
  await expect(memberRow.getByRole('cell')).toHaveText(['–', '1', '1']);
  await expect(totalRow.getByRole('cell')).toHaveText(['2', '1', '3']);
  await expectNoSidewaysScroll(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Leave days CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`leave-days-${from}-${to}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines.length).toBeGreaterThanOrEqual(3);
  expect(csv).toContain(admin.name);
  expect(csv).toContain(member.name);
  expect(csv).toContain('Vacation');
  expect(csv).toContain('Sick');

  // The member sees their own row only.
  const memberContext = await newContext(browser);
  await signInWithCookies(memberContext, request, baseURL!, member);
  const memberPage = await memberContext.newPage();
  await gotoWithoutChat(memberPage, `/archives?from=${from}&to=${to}`);
  const own = memberPage.getByRole('table', { name: 'Leave days' });
  await expect(own.getByRole('rowheader', { name: member.name })).toBeVisible();
  await expect(own.getByRole('rowheader', { name: admin.name })).toHaveCount(0);
  await expectNoSidewaysScroll(memberPage);
  await memberContext.close();
});
