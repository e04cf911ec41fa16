import { expect, test } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { browserToday, enGb, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

// An admin picks the team's country in the Admin Panel, adds a company day off and removes it again.
test.use({ timezoneId: 'UTC' });

test('an admin picks a country for the public holidays and adds a company day off', async ({ page, context, request, baseURL }, testInfo) => {
  const admin = uniqueAccount(testInfo, 'holidays');
  await createVerifiedAccount(request, admin);
  await signInWithCookies(context, request, baseURL!, admin);
  await gotoWithoutChat(page, '/administrators');
  const year = (await browserToday(page)).slice(0, 4);

  const card = page.getByRole('heading', { level: 2, name: 'Public holidays' }).locator('xpath=ancestor::section[1]');
  await expect(card.getByLabel('Country', { exact: true })).toBeVisible();

  // Germany; its regions come with it, and the whole country is the default.
  await card.getByLabel('Country', { exact: true }).selectOption('DE');
  await expect(card.getByLabel('Region', { exact: true })).toBeVisible();
  await expect(card.getByLabel('Region', { exact: true })).toHaveValue('');
  await card.getByRole('button', { name: 'Use these holidays' }).click();
  await expect(page.getByText(`for ${year} are in use.`)).toBeVisible();
  const list = card.getByRole('list', { name: `Holidays ${year}` });
  // New Year's Day and Christmas Day are public holidays all over Germany, whatever names the library gives them.
  await expect(list.getByRole('listitem').filter({ hasText: enGb(`${year}-01-01`) })).toContainText('Public holiday');
  await expect(list.getByRole('listitem').filter({ hasText: enGb(`${year}-12-25`) })).toContainText('Public holiday');
  const publicDays = await list.getByRole('listitem').count();
  expect(publicDays).toBeGreaterThanOrEqual(8);
  await expect(card.getByLabel('Country', { exact: true })).toHaveValue('DE');

  // A company day off joins the list (the whole list is sent each time).
  const add = card.getByRole('form', { name: 'Add a company day off' });
  const offsite = `${year}-08-13`;
  await add.getByLabel('Date').fill(offsite);
  await add.getByLabel('Name').fill('Team offsite');
  await add.getByRole('button', { name: 'Add day off' }).click();
  await expect(page.getByText(`Team offsite on ${enGb(offsite)} was added.`)).toBeVisible();
  const day = list.getByRole('listitem').filter({ hasText: 'Team offsite' });
  await expect(day).toContainText('Company day off');
  await expect(day).toContainText(enGb(offsite));
  await expect(list.getByRole('listitem')).toHaveCount(publicDays + 1);
  await expectNoSidewaysScroll(page);

  // It is there after a reload, with the country kept.
  await page.reload();
  await expect(day).toContainText('Company day off');
  await expect(card.getByLabel('Country', { exact: true })).toHaveValue('DE');

  // And it goes again.
  await day.getByRole('button', { name: `Remove Team offsite (${enGb(offsite)})` }).click();
  await expect(page.getByText('Team offsite was removed.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(publicDays);
});
