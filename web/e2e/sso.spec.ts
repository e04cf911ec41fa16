import { expect, test } from './support/test';
import { accountMenu, createVerifiedAccount, openSignIn, sessionCookieNames, uniqueAccount } from './support/helpers';
import { gotoWithoutChat, signInWithCookies } from './support/records';

// Single sign-on against the local OpenID Connect provider that infra/scripts/e2e.sh starts (infra/oidc/server.mjs,
// the `oidc-provider` package), with the button text "Company account". Its sign-in page takes any address as the
// account, verified.
const LABEL = 'Company account';

test('the sign-in dialog offers single sign-on with its label', async ({ page }) => {
  await page.goto('/breaks');
  const dialog = await openSignIn(page);
  const sso = dialog.getByRole('link', { name: LABEL });
  await expect(sso).toBeVisible();
  await expect(sso).toHaveAttribute('href', /\/auth\/oidc$/);
  const providers = (await (await page.request.get('/auth/providers')).json()) as { data: { oidc?: { label: string } } };
  expect(providers.data.oidc).toEqual({ label: LABEL });
});

test("single sign-on through the provider's pages signs in to the account with that address", async ({ page, request, context }, testInfo) => {
  const account = uniqueAccount(testInfo, 'sso');
  await createVerifiedAccount(request, account);
  await page.goto('/breaks');
  const dialog = await openSignIn(page);
  await dialog.getByRole('link', { name: LABEL }).click();

  // The provider's own sign-in page.
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back in the app, signed in as the account with the same verified address.
  await expect(accountMenu(page, account)).toBeVisible();
  expect(await sessionCookieNames(context)).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'id', 'name']));
});

test("an admin requires single sign-on for the team's members in the Admin Panel", async ({ page, context, request, baseURL }, testInfo) => {
  const admin = uniqueAccount(testInfo, 'sso-admin');
  await createVerifiedAccount(request, admin);
  await signInWithCookies(context, request, baseURL!, admin);
  await gotoWithoutChat(page, '/administrators');

  await expect(page.getByRole('heading', { level: 2, name: 'Single sign-on' })).toBeVisible();
  const required = page.getByRole('checkbox', { name: 'Require single sign-on for members' });
  await expect(required).not.toBeChecked();
  await required.check();
  await expect(page.getByText('Members now sign in with single sign-on.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Require single sign-on for members' })).toBeChecked();
});
