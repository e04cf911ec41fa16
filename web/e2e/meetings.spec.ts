import { expect, test, type APIRequestContext, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount, seeTextDuring } from './support/helpers';
import { bearer, browserToday, confirmDelete, enGb, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies, type Signed } from './support/records';

test.use({ timezoneId: 'UTC' });

const meetingList = (page: Page) => page.getByRole('list', { name: 'Meetings' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

async function addMeeting(request: APIRequestContext, signed: Signed, meeting: { from: string; to: string; scheduleDate: string; description: string }) {
  const response = await request.post('/meeting/add', { headers: bearer(signed), data: meeting });
  expect(response.status(), await response.text()).toBe(201);
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

test('pages through 45 meetings, 20 at a time', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'meetings-pages');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/meetings');
  await expect(page.getByText('No meetings scheduled for today.')).toBeVisible();
  const today = await browserToday(page);

  // 45 meetings today, ten minutes apart from 06:00, numbered in the order the list shows them.
  for (let i = 0; i < 45; i += 1) {
    const start = 6 * 60 + i * 10;
    await addMeeting(request, signed, { from: hhmm(start), to: hhmm(start + 5), scheduleDate: today, description: `Meeting ${i + 1}` });
  }
  await gotoWithoutChat(page, '/meetings');
  await expect(meetingList(page).getByRole('listitem')).toHaveCount(20);
  await expect(page.getByText('45 meetings in all')).toBeVisible();
  await expect(meetingList(page).getByText('Meeting 1', { exact: true })).toBeVisible();

  const narrow = testInfo.project.name === 'phone';
  const pageNumbers = pagination(page).getByRole('button', { name: /^Page / });
  await expect(pageNumbers).toHaveText(narrow ? ['1', '2'] : ['1', '2', '3']);
  await expect(pagination(page).getByRole('button', { name: 'Prev' })).toHaveCount(narrow ? 0 : 1);
  await expect(pagination(page).getByRole('button', { name: 'Next' })).toHaveCount(narrow ? 0 : 1);
  await expect(pagination(page).getByRole('button', { name: 'First' })).toBeDisabled();

  await pagination(page).getByRole('button', { name: 'Page 2' }).click();
  await expect(pagination(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(meetingList(page).getByText('Meeting 21', { exact: true })).toBeVisible();
  await expect(meetingList(page).getByRole('listitem')).toHaveCount(20);

  await pagination(page).getByRole('button', { name: 'Last' }).click();
  await expect(meetingList(page).getByRole('listitem')).toHaveCount(5);
  await expect(meetingList(page).getByText('Meeting 45', { exact: true })).toBeVisible();
  await expect(pagination(page).getByRole('button', { name: 'Last' })).toBeDisabled();
  if (!narrow) {
    await pagination(page).getByRole('button', { name: 'Prev' }).click();
    await expect(pagination(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  }
  await pagination(page).getByRole('button', { name: 'First' }).click();
  await expect(meetingList(page).getByText('Meeting 1', { exact: true })).toBeVisible();

  // 'All' reads /meeting/all: the same 45, latest first.
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(meetingList(page).getByText('Meeting 45', { exact: true })).toBeVisible();
  await expect(meetingList(page).getByRole('listitem')).toHaveCount(20);
  await expectNoSidewaysScroll(page);
});

test('schedule, view, edit and delete a meeting through the UI', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'meetings-crud');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/meetings');
  await expect(page.getByText('No meetings scheduled for today.')).toBeVisible();
  await page.getByRole('button', { name: 'Upcoming' }).click();
  await expect(page.getByText('No upcoming meetings found.')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByText('No meetings found.')).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  const today = await browserToday(page);

  await page.getByRole('button', { name: 'Schedule Meeting' }).click();
  const form = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await expect(form.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(form.getByLabel('Schedule date')).toHaveValue(enGb(today));
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(form.getByText('Start time is required.')).toBeVisible();
  await expect(form.getByText('End time is required.')).toBeVisible();

  const description = 'Quarterly planning with the whole team: goals, hiring, the roadmap and the budget for next year.';
  await form.getByLabel('Start time').fill('23:00');
  await form.getByLabel('End time').fill('23:30');
  await form.getByLabel('Description').fill(description);
  await seeTextDuring(page, 'Meeting added successfully', () => form.getByRole('button', { name: 'Schedule' }).click());
  await expect(form).toBeHidden();

  const row = meetingList(page).getByRole('listitem', { name: `${enGb(today)}, 11:00 PM – 11:30 PM` });
  await expect(row).toContainText(`${description.slice(0, 70)}…`);
  await row.getByRole('button', { name: 'View All' }).click();
  const full = page.getByRole('dialog', { name: 'Description' });
  await expect(full).toContainText(description);
  await full.getByRole('button', { name: 'Close', exact: true }).click();

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Meeting' });
  await expect(edit.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(edit.getByLabel('Start time')).toHaveValue('11:00 PM');
  await edit.getByLabel('End time').fill('23:45');
  await edit.getByLabel('Description').fill('Planning, shorter agenda');
  await seeTextDuring(page, 'Meeting updated successfully', () => edit.getByRole('button', { name: 'Update' }).click());
  const edited = meetingList(page).getByRole('listitem', { name: `${enGb(today)}, 11:00 PM – 11:45 PM` });
  await expect(edited).toContainText('Planning, shorter agenda');
  await expectNoSidewaysScroll(page);

  await edited.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await expect(page.getByText('No meetings scheduled for today.')).toBeVisible();
});

test('signed out, the meetings list is empty and scheduling asks to sign in', async ({ page }) => {
  await gotoWithoutChat(page, '/meetings');
  await expect(page.getByText('No meetings scheduled for today.')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Meeting' }).click();
  const form = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await form.getByLabel('Start time').fill('10:00');
  await form.getByLabel('End time').fill('11:00');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test("the Daily Agenda shows today's meetings, breaks and tasks, read-only", async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'agenda');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/meetings');
  const today = await browserToday(page);
  await addMeeting(request, signed, { from: '15:00', to: '15:30', scheduleDate: today, description: 'Design review' });
  const breakAdd = await request.post('/break/add', {
    headers: bearer(signed),
    data: { startTime: '12:00', endTime: '12:40', createdDate: today, type: 'Lunch Break', reason: 'Canteen' },
  });
  expect(breakAdd.status(), await breakAdd.text()).toBe(201);
  const taskAdd = await request.post('/task/add', { headers: bearer(signed), data: { title: 'Ship the release', description: 'Version 2', scheduled: today } });
  expect(taskAdd.status(), await taskAdd.text()).toBe(201);

  await page.getByRole('banner').getByRole('button', { name: 'Daily Agenda' }).click();
  const agenda = page.getByRole('dialog', { name: 'Daily Agenda' });
  await expect(agenda.getByRole('list', { name: "Today's meetings" })).toContainText('3:00 PM – 3:30 PM');
  await expect(agenda.getByRole('list', { name: "Today's meetings" })).toContainText('Design review');
  await expect(agenda.getByRole('list', { name: "Today's breaks" })).toContainText('Lunch Break');
  await expect(agenda.getByRole('list', { name: "Today's breaks" })).toContainText('12:00 PM – 12:40 PM (40 min)');
  await expect(agenda.getByRole('list', { name: "Today's tasks" })).toContainText('Ship the release');
  await expect(agenda.getByRole('button', { name: /edit|delete/i })).toHaveCount(0);

  // The accordions fold away and open again.
  const breaksSection = agenda.locator('summary', { hasText: 'Breaks' });
  await breaksSection.click();
  await expect(agenda.getByRole('list', { name: "Today's breaks" })).toBeHidden();
  await breaksSection.click();
  await expect(agenda.getByRole('list', { name: "Today's breaks" })).toBeVisible();
  await agenda.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(agenda).toBeHidden();
});
