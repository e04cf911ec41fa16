import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, enGb, gotoWithoutChat, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC' });

async function openChecklist(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Daily Checklist' }).click();
  const panel = page.getByRole('region', { name: 'Daily Checklist' });
  await expect(panel).toBeVisible();
  return panel;
}

test('add, check, edit and delete checklist items through the UI', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'checklist');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/meetings');
  const panel = await openChecklist(page);
  await expect(panel.getByText('Nothing on your checklist for today yet.')).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Feature Tasks' })).toContainText('100 max');

  // Add: an empty task is refused, a real one lands under Today.
  const daily = panel.getByRole('form', { name: 'Add a task' });
  await daily.getByRole('button', { name: 'Add' }).click();
  await expect(daily.getByText('Task is required.')).toBeVisible();
  await daily.getByLabel('New task').fill('Review pull requests');
  await daily.getByLabel('New task').press('Enter');
  const todaySection = panel.getByRole('region', { name: 'Today' });
  const box = todaySection.getByRole('checkbox', { name: 'Review pull requests' });
  await expect(box).not.toBeChecked();
  await expect(daily.getByLabel('New task')).toHaveValue('');

  // Check and uncheck; the state is saved.
  await box.check();
  await expect(box).toBeChecked();
  await expect
    .poll(async () => {
      const response = await request.get('/daily-checklist/getCheckListWithTwoLatestDates', { headers: bearer(signed) });
      return ((await response.json()) as { data: { checkList: { status: boolean }[] } }).data.checkList[0]?.status;
    })
    .toBe(true);
  await box.uncheck();
  await expect(box).not.toBeChecked();

  // Edit in place: Enter saves the new text.
  await todaySection.getByRole('button', { name: 'Edit Review pull requests' }).click();
  const editor = todaySection.getByRole('textbox', { name: 'Edit task' });
  await editor.fill('Review pull requests before lunch');
  await editor.press('Enter');
  await expect(todaySection.getByRole('checkbox', { name: 'Review pull requests before lunch' })).toBeVisible();

  // Cancel leaves the text as it was.
  await todaySection.getByRole('button', { name: 'Edit Review pull requests before lunch' }).click();
  await todaySection.getByRole('textbox', { name: 'Edit task' }).fill('Something else');
  await todaySection.getByRole('button', { name: 'Cancel' }).click();
  await expect(todaySection.getByRole('checkbox', { name: 'Review pull requests before lunch' })).toBeVisible();

  // A feature task goes to the Feature Tasks panel.
  const features = panel.getByRole('region', { name: 'Feature Tasks' });
  await features.getByLabel('New feature task').fill('Export reports as PDF');
  await features.getByRole('button', { name: 'Add' }).click();
  await expect(features.getByRole('checkbox', { name: 'Export reports as PDF' })).toBeVisible();

  // The archived checklist finds both, and filters by text.
  await panel.getByRole('button', { name: 'Archived Checklist' }).click();
  const archive = page.getByRole('dialog', { name: 'Archived Checklist' });
  const archived = archive.getByRole('list', { name: 'Archived checklist items' });
  await expect(archived.getByRole('listitem')).toHaveCount(2);
  await expect(archived).toContainText(enGb(await browserToday(page)));
  await archive.getByLabel('Task').fill('PDF');
  await archive.getByRole('button', { name: 'Search' }).click();
  await expect(archived.getByRole('listitem')).toHaveCount(1);
  await expect(archived).toContainText('Export reports as PDF');
  await archive.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(archive).toBeHidden();

  // Delete asks 'Do you really want to delete {item}?'.
  await panel.getByRole('button', { name: 'Delete Review pull requests before lunch' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Do you really want to delete Review pull requests before lunch?');
  await question.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Review pull requests before lunch' })).toHaveCount(0);
  await expect(panel.getByText('Nothing on your checklist for today yet.')).toBeVisible();

  // Escape closes the panel.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('signed out, adding to the checklist asks to sign in', async ({ page }) => {
  await gotoWithoutChat(page, '/meetings');
  const panel = await openChecklist(page);
  await expect(panel.getByText('Sign in to keep your daily checklist.')).toBeVisible();
  await panel.getByLabel('New task').fill('Water the plants');
  await panel.getByLabel('New task').press('Enter');
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});
