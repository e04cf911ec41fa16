import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { gotoWithoutChat, signInWithCookies } from './support/records';

// Day one is not in the red: a person's target starts the day they joined the team, so on the day of signing up the
// Dashboard's week asks for today's target only, not Monday's and Tuesday's too, and the overtime balance is not
// negative. An admin who sets an earlier start date in the Admin Panel moves the figures with it.
test.use({ timezoneId: 'UTC' });

const DESK = { width: 1366, height: 900 };

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'desktop') await page.setViewportSize(DESK);
});

/** The texts of a tile of the Dashboard's figures ("Today", "This week"): worked, "of <target>", difference. */
async function tile(page: Page, name: string): Promise<string[]> {
  const figure = page.locator('dl[aria-label="Time worked"] > div').filter({ has: page.locator('dt', { hasText: name }) });
  await expect(figure).toHaveCount(1);
  return figure.locator('dd').allInnerTexts();
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const typed = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

test('on the day of signing up the week asks for today’s target only, and a start date set by the admin moves it', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const account = uniqueAccount(testInfo, 'dayone');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  await gotoWithoutChat(page, '/');
  const figures = page.locator('dl[aria-label="Time worked"]');
  await expect(figures).toBeVisible();
  const today = await tile(page, 'Today');
  const week = await tile(page, 'This week');
  // Nothing worked yet: the week's target and difference are today's (8 h on a weekday, none on a weekend), not
  // the days of the week before the account existed.
  expect(week, `week ${week.join(' | ')} against today ${today.join(' | ')}`).toEqual(today);
  const balance = figures.locator('dd').last();
  await expect(balance).not.toHaveText(/^−/);
  await figures.screenshot({ path: testInfo.outputPath('figures-day-one.png') });

  // The Admin Panel shows the first day with a target: the day of joining. The admin moves it a week back.
  await gotoWithoutChat(page, '/administrators');
  const row = page.getByRole('listitem', { name: account.name });
  const now = new Date();
  await expect(row.getByText(new RegExp(`^Targets from `))).toBeVisible();
  await row.getByRole('button', { name: `Change the start date of ${account.name}` }).click();
  const field = row.getByRole('textbox', { name: `Start date of ${account.name}` });
  await field.fill('31/02/2026x');
  await row.getByRole('button', { name: 'Save start date' }).click();
  await expect(row.getByText(/Invalid date format|Choose a date/)).toBeVisible();
  const weekAgo = iso(new Date(now.getTime() - 7 * 86_400_000));
  await field.fill(typed(weekAgo));
  await row.getByRole('button', { name: 'Save start date' }).click();
  await expect(page.getByText(`Start date of ${account.name} saved.`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Change the start date of ${account.name}` })).toBeVisible();
  await row.screenshot({ path: testInfo.outputPath('admin-start-date.png') });

  // The seven days before today hold five working days of 8 h: the balance is 40 h behind.
  await gotoWithoutChat(page, '/');
  await expect(figures.locator('dd').last()).toHaveText('−40 h');
});
