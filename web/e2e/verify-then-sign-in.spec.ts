import { expect, test } from './support/test';
import { accountMenu, latestLink, reloadAfter, uniqueAccount } from './support/helpers';

test('after the mailed link, signing in from the same page lands on the Dashboard with the address filled in; the used link later says it is already verified', async ({
  page,
  request,
}, testInfo) => {
  const account = uniqueAccount(testInfo, 'verify');
  const signup = await request.post('/user/signup', { data: { name: account.name, email: account.email, password: account.password } });
  expect(signup.status()).toBe(201);
  const link = await latestLink(request, account.email, '/verify-new-email');

  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'Your email has been verified' })).toBeVisible();
  // The spent token has left the address bar, so the reload after signing in cannot post it again.
  await expect(page).not.toHaveURL(/token=/);

  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await reloadAfter(page, () => dialog.getByRole('button', { name: 'Sign in' }).click());
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/(breaks)?$/);
  await expect(accountMenu(page, account)).toBeVisible();
  await expect(page.getByText('This link is invalid or has already been used.')).toHaveCount(0);

  // Opening the used link again while signed in: already verified, not an error.
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'This link has already been used: your email address is verified.' })).toBeVisible();
  await expect(page.getByText('This link is invalid or has already been used.')).toHaveCount(0);
});
