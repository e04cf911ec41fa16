import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { browserToday, enGb, gotoWithoutChat, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC' });

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const balance = (page: Page, year: string) => page.getByRole('region', { name: `Leave balance ${year}` });

test("the team's only approver is told before sending that the leave is approved at once; a future one is planned, not taken, and has one way to remove it", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const account = uniqueAccount(testInfo, 'alone');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/leaves');
  const today = await browserToday(page);
  // A weekday two to three weeks ahead, in this year when there is room, so that it counts in the card shown.
  let from = plusDays(today, 14);
  while ([0, 6].includes(new Date(`${from}T00:00:00Z`).getUTCDay())) from = plusDays(from, 1);
  const year = from.slice(0, 4);

  await page.getByRole('button', { name: 'Add leave' }).click();
  const add = page.getByRole('dialog', { name: 'Add leave' });
  await add.getByLabel('From date').fill(from);
  await add.getByLabel('To date').fill(from);
  await expect(add.getByText("Approved at once: you are the team's only approver.", { exact: false })).toBeVisible();
  await expect(add.getByText(/needs approval by an admin or HR/i)).toHaveCount(0);
  await add.getByLabel('Reason').fill('Dentist');
  await add.getByRole('button', { name: 'Add leave' }).click();
  await expect(add).toBeHidden();

  if (year === today.slice(0, 4)) {
    await expect(balance(page, year)).toContainText('Taken 0');
    await expect(balance(page, year)).toContainText('Planned 1');
  }
  // Approved at once, nobody decided: the leave is the person's own to edit or delete; no "Cancel request" beside it.
  const row = page.getByRole('list', { name: 'Your leaves' }).getByRole('listitem').filter({ hasText: 'Dentist' });
  await expect(row.getByRole('button', { name: `Delete leave ${enGb(from)}` })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
});
