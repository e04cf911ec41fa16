import { expect, test, type Locator } from '@playwright/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { gotoWithoutChat, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

async function pickTime(group: Locator, hour: string, minute: string, period: 'AM' | 'PM') {
  await group.getByLabel('Hour').selectOption(hour);
  await group.getByLabel('Minute').selectOption(minute);
  await group.getByLabel('AM/PM').selectOption(period);
}

test('a break over 8 hours whose end is before its start says the end was taken as the next day', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'nextday');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/breaks');
  await page.getByRole('button', { name: 'Add break' }).click();
  const add = page.getByRole('dialog', { name: 'Add Break' });
  await pickTime(add.getByRole('group', { name: 'Start time' }), '10', '00', 'PM');
  await pickTime(add.getByRole('group', { name: 'End time' }), '6', '30', 'AM');
  await expect(add.getByText('Break cannot be more than 8 hours. The end time is before the start time, so it was taken as the next day.')).toBeVisible();
  // Same start and end on one day: the plain message, with no next-day note.
  await pickTime(add.getByRole('group', { name: 'Start time' }), '9', '00', 'AM');
  await pickTime(add.getByRole('group', { name: 'End time' }), '5', '30', 'PM');
  await expect(add.getByText('Break cannot be more than 8 hours.', { exact: true })).toBeVisible();
});
