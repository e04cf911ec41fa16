import { expect, test } from './support/test';
import { accountMenu, cookieValue, createVerifiedAccount, uniqueAccount } from './support/helpers';
import { apiLogin, bearer, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

test('change the name and the time zone; both are kept', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'profile');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  const renamed = { ...account, name: `Renamed ${testInfo.project.name}` };

  await gotoWithoutChat(page, '/settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('Name')).toHaveValue(account.name);
  await expect(profile.getByLabel('Time zone')).toHaveValue('UTC');
  await expectNoSidewaysScroll(page);

  await profile.getByLabel('Name').fill(renamed.name);
  await profile.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  // The navbar follows at once.
  await expect(accountMenu(page, renamed)).toBeVisible();
  expect(decodeURIComponent((await cookieValue(context, 'name')) ?? '')).toBe(renamed.name);

  const answer = await request.get('/user/profile', { headers: bearer(signed) });
  expect(((await answer.json()) as { data: { name: string; timeZone: string } }).data).toMatchObject({ name: renamed.name, timeZone: 'Asia/Tokyo' });

  await page.reload();
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Name')).toHaveValue(renamed.name);
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
});

test('change the password: this sign-in carries on, the new password works', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'newpass');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  const before = await cookieValue(context, 'refresh_token');

  await gotoWithoutChat(page, '/settings');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('wrong-pass1');
  await form.getByLabel('New password', { exact: true }).fill('second-pass2');
  await form.getByLabel('Confirm new password').fill('second-pass2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Current password is incorrect.')).toBeVisible();

  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect.poll(() => cookieValue(context, 'refresh_token')).not.toBe(before);

  // Still signed in after a reload, on the fresh tokens.
  await page.reload();
  await expect(accountMenu(page, account)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
  await apiLogin(request, { ...account, password: 'second-pass2' });
});
