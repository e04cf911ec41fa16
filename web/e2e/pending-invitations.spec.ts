import { expect, test } from './support/test';
import { createVerifiedAccount, latestLink, uniqueAccount } from './support/helpers';
import { gotoWithoutChat, signInWithCookies } from './support/records';

test('an admin sees pending invitations with their expiry, sends one again and withdraws another', async ({ page, context, request, baseURL }, testInfo) => {
  const admin = uniqueAccount(testInfo, 'admin');
  await createVerifiedAccount(request, admin);
  await signInWithCookies(context, request, baseURL!, admin);
  const zoe = `zoe-${testInfo.project.name}-${Date.now()}@example.com`;
  const yan = `yan-${testInfo.project.name}-${Date.now()}@example.com`;

  await gotoWithoutChat(page, '/administrators');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  for (const [email, role] of [
    [zoe, 'Member'],
    [yan, 'HR'],
  ]) {
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Role').selectOption(role);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  }

  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  // Valid for 7 days from today, written day-month-year.
  const until = new Date(Date.now() + 7 * 86_400_000);
  const expiry = `${String(until.getUTCDate()).padStart(2, '0')}/${String(until.getUTCMonth() + 1).padStart(2, '0')}/${until.getUTCFullYear()}`;
  await expect(pending.getByRole('listitem', { name: zoe })).toContainText(`Member · Valid until ${expiry}`);
  await expect(pending.getByRole('listitem', { name: yan })).toContainText('HR · Valid until');

  // Sent again: a new link, and the first one no longer works.
  const firstLink = await latestLink(request, zoe, '/accept-email-invitation');
  await pending.getByRole('button', { name: `Send the invitation to ${zoe} again` }).click();
  await expect(page.getByText(`A new link went to ${zoe}, valid for 7 days.`)).toBeVisible();
  await expect.poll(() => latestLink(request, zoe, '/accept-email-invitation')).not.toBe(firstLink);

  // Withdrawn after a confirmation: gone from the list.
  await pending.getByRole('button', { name: `Withdraw the invitation to ${yan}` }).click();
  await page
    .getByRole('alertdialog', { name: `Withdraw the invitation to ${yan}?` })
    .getByRole('button', { name: 'Yes, withdraw' })
    .click();
  await expect(pending.getByRole('listitem', { name: yan })).toHaveCount(0);
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')).toHaveCount(1);
});
