import { expect, test } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, gotoWithoutChat, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC' });

test('a task is completed with one tap from either list, kept after a reload, and undone with a second tap', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const account = uniqueAccount(testInfo, 'taskdone');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/tasks');
  const today = await browserToday(page);
  const added = await request.post('/task/add', {
    headers: bearer(signed),
    data: { title: 'Water the plants', description: 'All of them.', scheduled: today, status: 'In Review' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.reload();

  const todayList = page.getByRole('list', { name: "Today's tasks" });
  const allList = page.getByRole('list', { name: 'All tasks' });
  const todayBox = todayList.getByRole('checkbox', { name: 'Done: Water the plants' });
  const allBox = allList.getByRole('checkbox', { name: 'Done: Water the plants' });
  await expect(todayBox).not.toBeChecked();
  await expect(todayList).toContainText('In Review');

  await todayBox.click();
  await expect(todayBox).toBeChecked();
  await expect(allBox).toBeChecked();
  await expect(allList).toContainText('Completed');
  await page.reload();
  await expect(todayBox).toBeChecked();
  await expect(todayList).toContainText('Completed');

  await allBox.click();
  await expect(allBox).not.toBeChecked();
  await expect(todayBox).not.toBeChecked();
  await page.reload();
  await expect(allBox).not.toBeChecked();
  // Undone after a reload: the page no longer knows the status before, so the task is To Do again.
  await expect(allList).toContainText('To Do');

  await allBox.click();
  await expect(allBox).toBeChecked();
  await allBox.click();
  await expect(allBox).not.toBeChecked();
  // Undone on the same page: back to the status it had.
  await expect(allList).toContainText('To Do');
});
