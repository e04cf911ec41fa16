import { expect, test, type Locator } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { gotoWithoutChat, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

/** Types a time into a time field, as a person would (12-hour, with AM or PM). */
async function pickTime(field: Locator, hour: string, minute: string, period: 'AM' | 'PM') {
  await field.fill(`${hour}:${minute} ${period}`);
}

test('a break over 8 hours whose end is before its start says the end was taken as the next day', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'nextday');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/breaks');
  await page.getByRole('button', { name: 'Add break' }).click();
  const add = page.getByRole('dialog', { name: 'Add Break' });
  await pickTime(add.getByLabel('Start time'), '10', '00', 'PM');
  await pickTime(add.getByLabel('End time'), '6', '30', 'AM');
  await expect(add.getByText('Break cannot be more than 8 hours. The end time is before the start time, so it was taken as the next day.')).toBeVisible();
  // Same start and end on one day: the plain message, with no next-day note.
  await pickTime(add.getByLabel('Start time'), '9', '00', 'AM');
  await pickTime(add.getByLabel('End time'), '5', '30', 'PM');
  await expect(add.getByText('Break cannot be more than 8 hours.', { exact: true })).toBeVisible();
});

test('every form shows dates day-month-year and times in 12-hour form in an American browser, with one control each', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const account = uniqueAccount(testInfo, 'alike');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  // The break form: one field per time, no hour, minute or AM/PM selects; the date as the product writes it.
  await gotoWithoutChat(page, '/breaks');
  await page.getByRole('button', { name: 'Add break' }).click();
  const add = page.getByRole('dialog', { name: 'Add Break' });
  await expect(add.getByLabel('Hour')).toHaveCount(0);
  await expect(add.getByLabel('Date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await add.getByLabel('Start time').fill('13:05');
  await add.getByLabel('End time').fill('1:35 pm');
  await add.getByLabel('End time').blur();
  await expect(add.getByLabel('Start time')).toHaveValue('1:05 PM');
  await expect(add.getByLabel('End time')).toHaveValue('1:35 PM');
  await expect(add.getByLabel('Duration (minutes)')).toHaveValue('30');
  await add.getByRole('button', { name: 'Cancel' }).click();

  // The meeting form: the same time control, and a date typed or picked from the month grid.
  await gotoWithoutChat(page, '/meetings');
  await page.getByRole('button', { name: 'Schedule Meeting' }).click();
  const meeting = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await meeting.getByLabel('Schedule date').fill('26/11/2031');
  await meeting.getByLabel('Start time').fill('9:30 AM');
  await meeting.getByLabel('End time').fill('10:15');
  await meeting.getByLabel('End time').blur();
  await expect(meeting.getByLabel('End time')).toHaveValue('10:15 AM');
  await meeting.getByRole('button', { name: 'Open calendar' }).click();
  const calendar = meeting.getByRole('dialog', { name: 'Schedule date: calendar' });
  await calendar.getByRole('button', { name: /28 November 2031/ }).click();
  await expect(calendar).toBeHidden();
  await expect(meeting.getByLabel('Schedule date')).toHaveValue('28/11/2031');
  await meeting.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Meeting added successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Upcoming' }).click();
  await expect(page.getByRole('list', { name: 'Meetings' })).toContainText('28/11/2031');
  await expect(page.getByRole('list', { name: 'Meetings' })).toContainText('9:30 AM – 10:15 AM');

  // The leave form: both dates day-month-year, whatever the browser's locale.
  await gotoWithoutChat(page, '/leaves');
  await page
    .getByRole('button', { name: /Add leave/i })
    .first()
    .click();
  const leave = page.getByRole('dialog', { name: 'Add leave' });
  await leave.getByLabel('From date').fill('2031-12-01');
  await leave.getByLabel('From date').blur();
  await expect(leave.getByLabel('From date')).toHaveValue('01/12/2031');
});
