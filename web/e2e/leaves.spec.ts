import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount, seeTextDuring } from './support/helpers';
import { browserToday, confirmDelete, enGb, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC' });

const leaves = (page: Page) => page.getByRole('list', { name: 'Your leaves' });

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('add, edit and delete a leave through the UI', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'leaves');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/leaves');
  await expect(page.getByText('You have not recorded any leaves.')).toBeVisible();
  const from = plusDays(await browserToday(page), 7);
  const to = plusDays(from, 2);

  await page.getByRole('button', { name: 'Add leave' }).click();
  const add = page.getByRole('dialog', { name: 'Add leave' });
  await add.getByLabel('From date').fill(from);
  await expect(add.getByText('Invalid Dates - Please provide both From and To dates.')).toBeVisible();
  await add.getByLabel('To date').fill(from);
  await expect(add.getByLabel('Days')).toHaveValue('1');
  await add.getByLabel('To date').fill(to);
  await expect(add.getByLabel('Days')).toHaveValue('3');
  await expect(add.getByText('Invalid Dates - Please provide both From and To dates.')).toBeHidden();
  await add.getByRole('button', { name: 'Add leave' }).click();
  await expect(add.getByText('Reason is required.')).toBeVisible();
  await add.getByLabel('Reason').fill('Family wedding');
  await expectNoSidewaysScroll(page);
  await seeTextDuring(page, 'Leave added successfully', () => add.getByRole('button', { name: 'Add leave' }).click());
  await expect(add).toBeHidden();
  const range = `${enGb(from)} – ${enGb(to)}`;
  await expect(leaves(page)).toContainText(range);
  await expect(leaves(page)).toContainText('3 days');
  await expect(leaves(page)).toContainText('Upcoming');

  // An overlapping second leave is refused by the server, shown in the failure toast.
  await page.getByRole('button', { name: 'Add leave' }).click();
  const overlap = page.getByRole('dialog', { name: 'Add leave' });
  await overlap.getByLabel('From date').fill(to);
  await overlap.getByLabel('To date').fill(to);
  await overlap.getByLabel('Reason').fill('Again');
  await overlap.getByRole('button', { name: 'Add leave' }).click();
  await expect(page.getByText('You already have a leave on some of these dates.')).toBeVisible();
  await overlap.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Edit leave ${range}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit leave' });
  await expect(edit.getByLabel('Days')).toHaveValue('3');
  await edit.getByLabel('To date').fill(from);
  await expect(edit.getByLabel('Days')).toHaveValue('1');
  await edit.getByLabel('Reason').fill('Family wedding, one day only');
  await seeTextDuring(page, 'Leave updated successfully', () => edit.getByRole('button', { name: 'Save changes' }).click());
  await expect(leaves(page)).toContainText('1 day');
  await expect(leaves(page)).toContainText('Family wedding, one day only');

  await page.getByRole('button', { name: `Delete leave ${enGb(from)}` }).click();
  await confirmDelete(page);
  await expect(page.getByText('You have not recorded any leaves.')).toBeVisible();
});
