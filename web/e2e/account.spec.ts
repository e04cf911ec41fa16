import { expect, test } from './support/test';
import {
  accountMenu,
  cookieValue,
  createVerifiedAccount,
  latestLink,
  navbar,
  reloadAfter,
  sessionCookieNames,
  signOut,
  uniqueAccount,
} from './support/helpers';

test('sign up, verify from the outbox, sign in, stay signed in across a reload, sign out', async ({ page, context, request }, testInfo) => {
  const account = uniqueAccount(testInfo, 'signup');

  await page.goto('/');
  await expect(page).toHaveURL(/\/breaks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Sign up from the sign-in dialog (the two dialogs switch to each other).
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Sign up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign Up' });
  await signUp.getByLabel('Name').fill(account.name);
  await signUp.getByLabel('Email').fill(account.email);
  await signUp.getByLabel('Password').fill(account.password);
  await signUp.getByRole('button', { name: 'Sign up' }).click();

  const sent = page.getByRole('alertdialog', { name: 'Verification email sent!' });
  await expect(sent).toContainText(account.email);
  await sent.getByRole('button', { name: 'OK' }).click();
  await expect(signUp).toBeHidden();

  // Signing in before verifying offers to resend the verification email.
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  const early = page.getByRole('dialog', { name: 'Sign In' });
  await early.getByLabel('Email').fill(account.email);
  await early.getByLabel('Password').fill(account.password);
  await early.getByRole('button', { name: 'Sign in' }).click();
  const notActive = page.getByRole('alertdialog', { name: 'Email Not Active' });
  await expect(notActive).toContainText('Your email is not active. Do you want to resend the verification email?');
  await notActive.getByRole('button', { name: 'Cancel' }).click();
  await early.getByRole('button', { name: 'Close dialog' }).click();

  // Follow the verification link the server mailed.
  await page.goto(await latestLink(request, account.email, '/verify-new-email'));
  await expect(page.getByRole('status').filter({ hasNotText: /^$/ }).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await reloadAfter(page, () => dialog.getByRole('button', { name: 'Sign in' }).click());
  await expect(accountMenu(page, account)).toBeVisible();
  expect(await sessionCookieNames(context)).toEqual(['access_token', 'refresh_token', 'id', 'name', 'email']);
  expect(await cookieValue(context, 'email')).toBe(account.email);

  // Signed in: Profile appears in the side navigation, and Team Members shows the count.
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Toggle side navigation' }).click();
  const side = page.getByRole('complementary', { name: 'Side navigation' });
  await expect(side.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(side.getByRole('link', { name: /^Team Members \(\d+\)$/ })).toBeVisible();

  await page.reload();
  await expect(accountMenu(page, account)).toBeVisible();

  await signOut(page, account);
  expect(await sessionCookieNames(context)).toEqual([]);
});

test('remember me restores the email the next time the dialog opens', async ({ page, request }, testInfo) => {
  const account = uniqueAccount(testInfo, 'remember');
  await createVerifiedAccount(request, account);
  await page.goto('/breaks');
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByText('Remember me').click();
  await reloadAfter(page, () => dialog.getByRole('button', { name: 'Sign in' }).click());
  await signOut(page, account);

  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' }).getByLabel('Email')).toHaveValue(account.email);
});

test('a wrong password shows the server message under the form', async ({ page, request }, testInfo) => {
  const account = uniqueAccount(testInfo, 'wrongpass');
  await createVerifiedAccount(request, account);
  await page.goto('/breaks');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(dialog.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  // The static backdrop: clicking outside leaves the dialog open.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
});

test('a social sign-in the server has not configured is not offered', async ({ page }) => {
  // The local server runs without GitHub or Google credentials: GET /auth/providers says both are off, and their
  // routes answer 404 with the reason. (Single sign-on is on under infra/scripts/e2e.sh: web/e2e/sso.spec.ts.)
  await page.goto('/breaks');
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const providers = await page.request.get('/auth/providers');
  expect(await providers.json()).toMatchObject({ data: { github: false, google: false } });
  await expect(dialog.getByRole('link', { name: /Continue with/ })).toHaveCount(0);
  const github = await page.request.get('/auth/github', { maxRedirects: 0 });
  expect(github.status()).toBe(404);
  expect(await github.json()).toEqual({ message: 'GitHub sign-in is not configured.' });
});

test('a failed social sign-in returns to the app with an error', async ({ page }) => {
  await page.goto('/auth/callback?error=The%20provider%20refused%20the%20sign-in.');
  await expect(page.getByText('Error handling login callback.')).toBeVisible();
  // Not one of the server's messages: the link's own text is not shown.
  await expect(page.getByText('Sign-in failed. Please try again.')).toBeVisible();
  await expect(page.getByText('The provider refused the sign-in.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/breaks$/);
});
