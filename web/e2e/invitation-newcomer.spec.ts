import { expect, test } from './support/test';
import { accountMenu, createVerifiedAccount, latestLink, reloadAfter, uniqueAccount } from './support/helpers';
import { apiLogin, bearer } from './support/records';

test('a newcomer opens the invitation, signs up with the invited address filled in and is in the team once verified', async ({ page, request }, testInfo) => {
  test.slow();
  const admin = uniqueAccount(testInfo, 'admin');
  const newcomer = uniqueAccount(testInfo, 'newcomer');
  await createVerifiedAccount(request, admin);
  const signedAdmin = await apiLogin(request, admin);
  const invited = await request.post('/admin/invite', { headers: bearer(signedAdmin), data: { email: newcomer.email, role: 'member' } });
  expect(invited.status()).toBe(201);
  const invitation = await latestLink(request, newcomer.email, '/accept-email-invitation');

  // Signed out, the link opens Sign Up with the invited address, and says what happens.
  await page.goto(invitation);
  const signUp = page.getByRole('dialog', { name: 'Sign Up' });
  await expect(signUp.getByLabel('Email')).toHaveValue(newcomer.email);
  await signUp.getByLabel('Name').fill(newcomer.name);
  await signUp.getByLabel('Password').fill(newcomer.password);
  await signUp.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Verification email sent!' })).toContainText('you join the team that invited you');

  // The verification link, and only that: the invitation link is not needed again.
  const verify = await latestLink(request, newcomer.email, '/verify-new-email');
  await page.goto(verify);
  await expect(page.getByRole('status').filter({ hasText: 'you have joined' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn.getByLabel('Email')).toHaveValue(newcomer.email);
  await signIn.getByLabel('Password').fill(newcomer.password);
  await reloadAfter(page, () => signIn.getByRole('button', { name: 'Sign in' }).click());
  await expect(accountMenu(page, newcomer)).toBeVisible();

  const members = await request.get('/admin/get', { headers: bearer(signedAdmin) });
  const names = ((await members.json()) as { data: { name: string }[] }).data.map((m) => m.name);
  expect(names).toEqual(expect.arrayContaining([admin.name, newcomer.name]));
});

test('an invitation to an address with an account opens Sign In with it filled in', async ({ page, request }, testInfo) => {
  const admin = uniqueAccount(testInfo, 'admin');
  const existing = uniqueAccount(testInfo, 'existing');
  await createVerifiedAccount(request, admin);
  await createVerifiedAccount(request, existing);
  const signedAdmin = await apiLogin(request, admin);
  await request.post('/admin/invite', { headers: bearer(signedAdmin), data: { email: existing.email, role: 'hr' } });
  const invitation = await latestLink(request, existing.email, '/accept-email-invitation');

  await page.goto(invitation);
  await expect(page.getByText(/You have been invited to join/)).toContainText(`Sign in as ${existing.email}`);
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn.getByLabel('Email')).toHaveValue(existing.email);
  await signIn.getByLabel('Password').fill(existing.password);
  await reloadAfter(page, () => signIn.getByRole('button', { name: 'Sign in' }).click());
  await expect(page.getByRole('status').filter({ hasText: /^You have joined/ })).toBeVisible();
});
