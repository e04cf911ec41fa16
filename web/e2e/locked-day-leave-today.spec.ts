import { expect, newContext, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, enGb, expectNoSidewaysScroll, gotoWithoutChat, joinTeam, signInWithCookies, type Signed } from './support/records';
import type { APIRequestContext } from '@playwright/test';

/**
 * A new team's first week: a day of an approved month shows as locked (who approved it, when; nothing to change),
 * a member on leave today sees it on their Dashboard and the team sees the type, and the clock-out summary reads in
 * one unit style. At a phone's 390 x 844 and a desk's 1366 x 900.
 */
test.use({ timezoneId: 'UTC' });

const MINUTE = 60_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const hhmm = (at: Date) => at.toISOString().slice(11, 16);

async function deskSize(page: Page, project: string) {
  if (project === 'desktop') await page.setViewportSize({ width: 1366, height: 900 });
}

async function post(request: APIRequestContext, who: Signed, path: string, data: unknown, status = 201) {
  const response = await request.post(path, { headers: bearer(who), data });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as { data: Record<string, unknown> };
}

test('a day of an approved month is locked: who approved it and when, and no write controls', async ({
  browser,
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  await deskSize(page, testInfo.project.name);
  const adminAccount = uniqueAccount(testInfo, 'lock-admin');
  await createVerifiedAccount(request, adminAccount);
  const admin = await signInWithCookies(context, request, baseURL!, adminAccount);
  const member = await joinTeam(request, admin, uniqueAccount(testInfo, 'lock-member'));

  // The member's period yesterday (today on the 1st, early), the month submitted and approved by the admin.
  const now = new Date();
  const firstOfMonth = now.getUTCDate() === 1;
  const date = firstOfMonth ? isoDay(now) : isoDay(new Date(now.getTime() - 86_400_000));
  const period = firstOfMonth ? { start: '00:00', end: '00:01' } : { start: '08:00', end: '12:00' };
  await post(request, member, '/work/periods', { date, ...period, note: 'Forgot to clock in' });
  const month = date.slice(0, 7);
  await post(request, member, `/timesheets/${month}/submit`, {}, 200);
  await post(request, admin, `/timesheets/${month}/approve`, { userId: member.id }, 200);

  // The member's own day.
  const memberContext = await newContext(browser);
  const memberPage = await memberContext.newPage();
  await deskSize(memberPage, testInfo.project.name);
  await signInWithCookies(memberContext, request, baseURL!, member);
  await gotoWithoutChat(memberPage, '/working-time');
  const day = memberPage.getByRole('region', { name: 'Day' });
  const dateField = day.getByLabel('Date', { exact: true });
  await dateField.fill(enGb(date));
  await dateField.press('Tab');
  await expect(day.getByText(`${period.start === '08:00' ? '8:00 AM' : '12:00 AM'} –`, { exact: false })).toBeVisible();
  await expect(day.getByText('Locked', { exact: true })).toBeVisible();
  await expect(day.getByText(`Approved by ${admin.name} on ${enGb(isoDay(new Date()))}`)).toBeVisible();
  await expect(day.getByText("This month's timesheet is approved: its days can no longer be changed.")).toBeVisible();
  await expect(day.getByRole('button', { name: 'Add a period' })).toHaveCount(0);
  await expect(day.getByRole('button', { name: /^Edit the period from/ })).toHaveCount(0);
  await expect(day.getByRole('button', { name: /^Delete the period from/ })).toHaveCount(0);
  await expectNoSidewaysScroll(memberPage);

  // The approver viewing the member's day sees the same lock.
  await gotoWithoutChat(page, `/working-time?userId=${member.id}`);
  const adminDay = page.getByRole('region', { name: 'Day' });
  const adminDate = adminDay.getByLabel('Date', { exact: true });
  await adminDate.fill(enGb(date));
  await adminDate.press('Tab');
  await expect(adminDay.getByText(`Approved by ${admin.name} on ${enGb(isoDay(new Date()))}`)).toBeVisible();
  await expect(adminDay.getByRole('button', { name: /^Edit the period from/ })).toHaveCount(0);
  await memberContext.close();
});

test('a member on leave today sees it on the Dashboard; the team sees the type, not a break', async ({
  browser,
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  await deskSize(page, testInfo.project.name);
  const adminAccount = uniqueAccount(testInfo, 'leave-admin');
  await createVerifiedAccount(request, adminAccount);
  const admin = await signInWithCookies(context, request, baseURL!, adminAccount);
  const member = await joinTeam(request, admin, uniqueAccount(testInfo, 'leave-member'));
  const today = isoDay(new Date());
  const until = isoDay(new Date(Date.now() + 2 * 86_400_000));

  // A live break left running, then three sick days from today (Sick needs no approval).
  await post(request, member, '/break/start', { type: 'Lunch Break' });
  const types = await request.get('/leaves/types', { headers: bearer(member) });
  const sick = ((await types.json()) as { data: Array<{ _id: string; name: string }> }).data.find((type) => type.name === 'Sick')!;
  const leave = await post(request, member, '/leaves/add', { fromDate: today, toDate: until, reason: 'Flu', days: 0, typeId: sick._id });
  expect(leave.data['status']).toBe('approved');

  const memberContext = await newContext(browser);
  const memberPage = await memberContext.newPage();
  await deskSize(memberPage, testInfo.project.name);
  await signInWithCookies(memberContext, request, baseURL!, member);
  await gotoWithoutChat(memberPage, '/breaks');
  const card = memberPage.getByRole('region', { name: 'You are on leave today: Sick' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Your leave runs until ${enGb(until)}.`);
  // It comes first, above the working-time card.
  const cardBox = (await card.boundingBox())!;
  const workBox = (await memberPage.getByRole('region', { name: 'Working time' }).boundingBox())!;
  expect(cardBox.y).toBeLessThan(workBox.y);
  await expectNoSidewaysScroll(memberPage, 'the Dashboard');

  // Today's absentees, as a member: the type, no reason.
  await gotoWithoutChat(memberPage, '/on-leaves');
  const memberRow = memberPage.getByRole('list', { name: 'Members away today' }).getByRole('listitem', { name: member.name });
  await expect(memberRow.getByText('Sick', { exact: true })).toBeVisible();
  await expect(memberRow).not.toContainText('Flu');

  // As the admin: the type and the reason.
  await gotoWithoutChat(page, '/on-leaves');
  const adminRow = page.getByRole('list', { name: 'Members away today' }).getByRole('listitem', { name: member.name });
  await expect(adminRow.getByText('Sick', { exact: true })).toBeVisible();
  await expect(adminRow).toContainText('Flu');
  await expectNoSidewaysScroll(page, "today's absentees");

  // The board: on leave (with its type), not on a break.
  await gotoWithoutChat(page, '/on-breaks');
  await expect(page.getByText('Nobody is on a break right now.')).toBeVisible();
  const board = page.getByRole('list', { name: 'Everyone in the team and what they are doing now' });
  await expect(board.getByRole('listitem', { name: member.name })).toContainText(`On leave (Sick) until ${enGb(until)}`);
  await expect(board.getByRole('listitem', { name: member.name })).not.toContainText('On break');
  await memberContext.close();
});

test('the clock-out summary gives every duration in one style, in sentences that read right', async ({ page, context, request, baseURL }, testInfo) => {
  test.slow();
  await deskSize(page, testInfo.project.name);
  const account = uniqueAccount(testInfo, 'summary');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  const put = await request.put('/work/rules', { headers: bearer(signed), data: { preset: 'de' } });
  expect(put.status(), await put.text()).toBe(200);

  // On the clock for 6 h 40 with a 20-minute lunch an hour in: 6 h 20 worked, 10 minutes short of the 30 due.
  const at = new Date(Math.floor((Date.now() - (6 * 60 + 40) * MINUTE) / MINUTE) * MINUTE);
  await post(request, signed, '/work/start', { at: at.toISOString() });
  const lunch = new Date(at.getTime() + 60 * MINUTE);
  await post(request, signed, '/break/add', {
    startTime: hhmm(lunch),
    endTime: hhmm(new Date(lunch.getTime() + 20 * MINUTE)),
    createdDate: isoDay(lunch),
    type: 'Lunch Break',
    reason: '',
  });

  await gotoWithoutChat(page, '/breaks');
  await page.getByRole('region', { name: 'Working time' }).getByRole('button', { name: 'End work' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your day' });
  await expect(dialog.getByText(/^Worked 6 h 2\d min\. Breaks: 20 min of the 30 min due after 6 hours of work – 10 min short\.$/)).toBeVisible();
  await expect(dialog).not.toContainText('minutes short of');
  await expectNoSidewaysScroll(page, 'the clock-out summary');
});
