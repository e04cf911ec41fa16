import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount, seeTextDuring } from './support/helpers';
import { browserToday, confirmDelete, enGb, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC' });

const todayTasks = (page: Page) => page.getByRole('list', { name: "Today's tasks" });
const allTasks = (page: Page) => page.getByRole('list', { name: 'All tasks' });

async function showFilters(page: Page) {
  const toggle = page.getByRole('search', { name: 'Filter tasks' }).getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('add, edit, filter and delete a task through the UI', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'tasks');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/tasks');
  await expect(page.getByText('You have not scheduled any tasks today')).toBeVisible();
  await expect(page.getByText('No Tasks Found')).toBeVisible();
  await expectNoSidewaysScroll(page);
  const today = await browserToday(page);

  await page.getByRole('button', { name: 'Add task' }).click();
  const add = page.getByRole('dialog', { name: 'Add Task' });
  await expect(add.getByLabel('Status')).toHaveValue('To Do');
  await expect(add.getByLabel('Priority')).toHaveValue('Normal');
  await expect(add.getByLabel('Scheduled date')).toHaveValue(enGb(today));
  await add.getByRole('button', { name: 'Add task' }).click();
  await expect(add.getByText('Title is required.')).toBeVisible();
  await expect(add.getByText('Description is required.')).toBeVisible();
  await add.getByLabel('Title').fill('Send the weekly report');
  await add.getByLabel('Description').fill('Numbers from the dashboard, two charts.');
  await add.getByLabel('Priority').selectOption('High');
  await seeTextDuring(page, 'Task added successfully', () => add.getByRole('button', { name: 'Add task' }).click());
  await expect(add).toBeHidden();
  await expect(todayTasks(page)).toContainText('Send the weekly report');
  await expect(todayTasks(page)).toContainText('To Do');
  await expect(allTasks(page)).toContainText(`Scheduled ${enGb(today)}`);

  await todayTasks(page).getByRole('button', { name: 'Edit Send the weekly report' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Priority')).toHaveValue('High');
  await edit.getByLabel('Title').fill('Send the monthly report');
  await edit.getByLabel('Status').selectOption('Completed');
  await seeTextDuring(page, 'Task updated successfully', () => edit.getByRole('button', { name: 'Save changes' }).click());
  await expect(todayTasks(page)).toContainText('Send the monthly report');
  await expect(todayTasks(page)).toContainText('Completed');

  await todayTasks(page).getByRole('button', { name: 'Details of Send the monthly report' }).click();
  const details = page.getByRole('dialog', { name: 'Task Details' });
  await expect(details).toContainText('Numbers from the dashboard, two charts.');
  await expect(details).toContainText(enGb(today));
  await details.getByRole('button', { name: 'Close', exact: true }).click();

  // The filters reach the server: a status that matches nothing, then the task's own.
  await showFilters(page);
  const search = page.getByRole('search', { name: 'Filter tasks' });
  await search.getByLabel('Status').selectOption('Blocked');
  await expect(allTasks(page)).toBeHidden();
  await expect(page.getByText('No Tasks Found')).toBeVisible();
  await search.getByLabel('Status').selectOption('Completed');
  await search.getByLabel('Search by title').fill('MONTHLY');
  await expect(allTasks(page).getByRole('listitem')).toHaveCount(1);
  await search.getByLabel('Scheduled from').fill(today);
  await search.getByLabel('Scheduled to').fill('2000-01-01');
  await expect(search.getByText('End date cannot be earlier than start date.')).toBeVisible();
  await search.getByRole('button', { name: 'Clear filters' }).click();
  await expect(allTasks(page).getByRole('listitem')).toHaveCount(1);

  await allTasks(page).getByRole('button', { name: 'Delete Send the monthly report' }).click();
  await confirmDelete(page);
  await expect(page.getByText('You have not scheduled any tasks today')).toBeVisible();
  await expect(page.getByText('No Tasks Found')).toBeVisible();
});
