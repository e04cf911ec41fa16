import { expect, test, newContext } from './support/test';
import { createVerifiedAccount, latestLink, reloadAfter, uniqueAccount } from './support/helpers';
import { bearer, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

test('an admin invites a teammate, who accepts and appears with a role; the admin changes the role, then removes them', async ({
  browser,
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  // Two accounts, a mailed invitation and a second browser.
  test.slow();
  const admin = uniqueAccount(testInfo, 'admin');
  const mate = uniqueAccount(testInfo, 'invitee');
  await createVerifiedAccount(request, admin);
  await createVerifiedAccount(request, mate);
  const signedAdmin = await signInWithCookies(context, request, baseURL!, admin);

  await gotoWithoutChat(page, '/administrators');
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members.getByRole('listitem', { name: admin.name })).toContainText('Available');
  await expectNoSidewaysScroll(page);

  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(mate.email);
  await invite.getByLabel('Role').selectOption('Member');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${mate.email}.`)).toBeVisible();
  const link = await latestLink(request, mate.email, '/accept-email-invitation');

  // The teammate follows the mailed link in a browser of their own: sign-in opens, and after it they join.
  const mateContext = await newContext(browser, { viewport: page.viewportSize()! });
  const matePage = await mateContext.newPage();
  await matePage.goto(link);
  const signIn = matePage.getByRole('dialog', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(mate.email);
  await signIn.getByLabel('Password').fill(mate.password);
  await reloadAfter(matePage, () => signIn.getByRole('button', { name: 'Sign in' }).click());
  await expect(matePage.getByRole('status').filter({ hasText: /^You have joined/ })).toBeVisible();
  await matePage.getByRole('link', { name: 'See your team' }).click();
  const mateView = matePage.getByRole('list', { name: 'Team members' });
  await expect(mateView.getByRole('listitem')).toHaveCount(2);
  await expect(mateView.getByRole('listitem', { name: mate.name })).toContainText('Member');
  await expect(mateView.getByRole('listitem', { name: admin.name })).toContainText('Admin');
  // Only admins get the controls.
  await expect(matePage.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expect(matePage.getByRole('combobox')).toHaveCount(0);
  await mateContext.close();

  // The admin sees the new member with their role, and makes them HR.
  await gotoWithoutChat(page, '/administrators');
  const row = members.getByRole('listitem', { name: mate.name });
  const role = row.getByRole('combobox', { name: `Role of ${mate.name}` });
  await expect(role).toHaveValue('member');
  await expect(row).toContainText('Available');
  await role.selectOption('HR');
  await expect(page.getByText(`${mate.name} is now HR.`)).toBeVisible();
  const listed = await request.get('/admin/get', { headers: bearer(signedAdmin) });
  const team = ((await listed.json()) as { data: Array<{ email: string; role: string }> }).data;
  expect(team.find((member) => member.email === mate.email)?.role).toBe('hr');
  await page.reload();
  await expect(members.getByRole('combobox', { name: `Role of ${mate.name}` })).toHaveValue('hr');

  // And removes them again, after confirming.
  await members.getByRole('button', { name: `Remove ${mate.name}` }).click();
  await page
    .getByRole('alertdialog', { name: `Remove ${mate.name}?` })
    .getByRole('button', { name: 'Yes, remove' })
    .click();
  await expect(page.getByText(`${mate.name} has been removed from the team.`)).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveCount(1);
});

test('signed out, the team views offer to sign in', async ({ page }) => {
  await gotoWithoutChat(page, '/administrators');
  await expect(page.getByText('Sign in to see your team.')).toBeVisible();
  await gotoWithoutChat(page, '/on-breaks');
  await expect(page.getByText('Sign in to see who is on a break.')).toBeVisible();
  await gotoWithoutChat(page, '/on-leaves');
  await expect(page.getByText('Sign in to see who is away today.')).toBeVisible();
});

test('alone in a team: nobody on a break, nobody away', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'solo');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/on-breaks');
  await expect(page.getByText('Nobody is on a break right now.')).toBeVisible();
  await gotoWithoutChat(page, '/on-leaves');
  await expect(page.getByText('Nobody is away today.')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
