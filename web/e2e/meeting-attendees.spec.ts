import { expect, test, newContext } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { apiLogin, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

test.use({ timezoneId: 'UTC' });

test('an organizer invites a teammate, who sees the meeting, answers and leaves it', async ({ page, context, browser, request, baseURL }, testInfo) => {
  const organizer = uniqueAccount(testInfo, 'organizer');
  await createVerifiedAccount(request, organizer);
  const admin = await apiLogin(request, organizer);
  const bea = { ...uniqueAccount(testInfo, 'attendee'), name: `Bea ${testInfo.project.name}` };
  await joinTeam(request, admin, bea);
  await signInWithCookies(context, request, baseURL!, organizer);

  // The organizer schedules it with a title, a video link and Bea.
  await gotoWithoutChat(page, '/meetings');
  await page.getByRole('button', { name: 'Schedule Meeting' }).click();
  const form = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await form.getByLabel('Title').fill('Quarterly review');
  await form.getByLabel('Start time').fill('23:00');
  await form.getByLabel('End time').fill('23:30');
  await form.getByLabel('Place or video link').fill('https://meet.example/q');
  await form.getByRole('group', { name: 'Attendees' }).getByLabel(bea.name).check();
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Meeting added successfully')).toBeVisible();
  const mine = page.getByRole('list', { name: 'Meetings' }).getByRole('listitem').filter({ hasText: 'Quarterly review' });
  await expect(mine).toContainText(`Organized by You. Attendees: ${bea.name} (not answered)`);
  await expect(mine.getByRole('button', { name: 'Edit' })).toBeVisible();

  // Bea, in her own browser: the meeting is in her list, with her answer buttons and no Edit or Delete.
  const beaContext = await newContext(browser, { timezoneId: 'UTC', viewport: page.viewportSize() ?? undefined });
  await signInWithCookies(beaContext, request, baseURL!, bea);
  const beaPage = await beaContext.newPage();
  await gotoWithoutChat(beaPage, '/meetings');
  const hers = beaPage.getByRole('list', { name: 'Meetings' }).getByRole('listitem').filter({ hasText: 'Quarterly review' });
  await expect(hers).toContainText(`Organized by ${organizer.name}. Attendees: You (not answered)`);
  await expect(hers.getByRole('link', { name: 'https://meet.example/q' })).toBeVisible();
  await expect(hers.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(hers.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await hers.getByRole('button', { name: 'Yes' }).click();
  await expect(hers.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  await expect(hers).toContainText('You (yes)');

  // Her Daily Agenda lists it too.
  await beaPage.getByRole('banner').getByRole('button', { name: 'Daily Agenda' }).click();
  await expect(beaPage.getByRole('dialog', { name: 'Daily Agenda' })).toContainText('Quarterly review');
  await beaPage.keyboard.press('Escape');

  // The organizer sees the answer.
  await page.reload();
  await expect(mine).toContainText(`${bea.name} (yes)`);

  // Bea leaves: it goes from her list, and the organizer's meeting no longer lists her.
  await hers.getByRole('button', { name: 'Leave' }).click();
  await beaPage.getByRole('alertdialog', { name: 'Leave this meeting?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(beaPage.getByText('You left the meeting.')).toBeVisible();
  await expect(hers).toHaveCount(0);
  await page.reload();
  await expect(mine).toBeVisible();
  await expect(mine).not.toContainText('Attendees');
  await beaContext.close();
});
