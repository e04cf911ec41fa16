import { expect, test } from './support/test';
import { accountMenu, createVerifiedAccount, latestLink, navbar, signInThroughDialog, uniqueAccount } from './support/helpers';

test('forgot password: the mailed link leads to a new password that signs in', async ({ page, request }, testInfo) => {
  const account = uniqueAccount(testInfo, 'reset');
  await createVerifiedAccount(request, account);
  const newPassword = 'second-pass2';

  await page.goto('/breaks');
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  const success = page.getByRole('alertdialog', { name: 'Success' });
  await expect(success).toContainText('Password reset link has been sent to your email.');
  await success.getByRole('button', { name: 'OK' }).click();

  await page.goto(await latestLink(request, account.email, '/verify-reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('New password', { exact: true }).fill('12345');
  await form.getByLabel('Confirm new password').fill('12345');
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(form.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(account.email);
  await signIn.getByLabel('Password').fill(account.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn.getByRole('alert')).not.toBeEmpty();
  await signIn.getByRole('button', { name: 'Close dialog' }).click();

  await signInThroughDialog(page, account, newPassword);
  await expect(accountMenu(page, account)).toBeVisible();
});
