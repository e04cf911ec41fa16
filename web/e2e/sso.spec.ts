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

  // Back in the app, signed in as the account with the same verified address, without a question: this tab started
  // the sign-in (its one-time nonce came back, and is used up).
  await expect(accountMenu(page, account)).toBeVisible();
  expect(await sessionCookieNames(context)).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'id', 'name']));
  // (The page reloads once signed in: read it when it stands still.)
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('breaktime.signInNonce')).catch(() => 'reloading')).toBeNull();
  // The cookie that bound the sign-in to this browser is gone with it.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('bt_sign_in_state');
});

test('a sign-in link made in another browser signs no one in there', async ({ browser, baseURL, request }, testInfo) => {
  // Someone starts single sign-on for their own account in their own browser and takes the provider's redirect
  // back to the API (the callback link with their code and state) instead of following it. The test provider
  // completes its sign-in page without a browser (`POST /test/complete`, infra/oidc/server.mjs).
  const attacker = uniqueAccount(testInfo, 'sso-attacker');
  const start = await request.get('/auth/oidc?nonce=the-attackers-own-nonce-01', { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  expect(start.headers()['set-cookie']).toMatch(/^bt_sign_in_state=[^;]+;.*HttpOnly/);
  const authorize = start.headers()['location']!;
  const completed = await request.post(`${new URL(authorize).origin}/test/complete`, { data: { url: authorize, login: attacker.email } });
  const { location: callback } = (await completed.json()) as { location: string };
  expect(callback).toContain('/auth/oidc/callback?');

  // Another person opens that link: their browser did not start the sign-in.
  const victim = await browser.newContext({ baseURL });
  const page = await victim.newPage();
  await page.goto(callback);
  await expect(page.getByText('This sign-in has expired. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/breaks$/);
  expect(await sessionCookieNames(victim)).toEqual([]);
  await victim.close();

  // The browser that started it still finishes it (the refused link did not use the sign-in up).
  const finished = await request.get(callback, { maxRedirects: 0 });
  const landing = new URL(finished.headers()['location']!);
  expect(landing.pathname).toBe('/auth/callback');
  expect(landing.searchParams.get('nonce')).toBe('the-attackers-own-nonce-01');
  expect(landing.searchParams.get('access_token')).toBeTruthy();
});

test('a callback with tokens this tab did not ask for names the account and waits for a yes', async ({ page, request, context }, testInfo) => {
  const account = uniqueAccount(testInfo, 'sso-confirm');
  await createVerifiedAccount(request, account);
  const login = await request.post('/auth/login', { data: { email: account.email, password: account.password } });
  const { data } = (await login.json()) as { data: { access_token: string; refresh_token: string; id: string; name: string } };
  const link = `/auth/callback?${new URLSearchParams({ access_token: data.access_token, refresh_token: data.refresh_token, name: data.name, id: data.id }).toString()}`;

  await page.goto(link);
  const question = page.getByRole('heading', { name: `Sign in as ${account.name}, ${account.email}?` });
  await expect(question).toBeVisible();
  // The tokens have left the address bar, and nothing is kept yet.
  await expect(page).toHaveURL(/\/auth\/callback$/);
  expect(await sessionCookieNames(context)).toEqual([]);
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(question).toBeHidden();
  expect(await sessionCookieNames(context)).toEqual([]);

  await page.goto(link);
  await page.getByRole('button', { name: 'Yes, sign in' }).click();
  await expect(accountMenu(page, account)).toBeVisible();

  // An error text that is not one of the server's messages is not shown.
  await page.goto(`/auth/callback?${new URLSearchParams({ error: 'Your account is locked: call +1 555 0100' }).toString()}`);
  await expect(page.getByText('Sign-in failed. Please try again.')).toBeVisible();
  await expect(page.getByText('555 0100')).toHaveCount(0);
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
