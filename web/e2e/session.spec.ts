import { expect, test, type Page } from './support/test';
import {
  accountMenu,
  cookieValue,
  createVerifiedAccount,
  expiredJwt,
  jwtExpiryMs,
  navbar,
  sessionCookieNames,
  signInThroughDialog,
  uniqueAccount,
} from './support/helpers';

/**
 * The signed-in page's first reads go out after its first paint, when the account menu already shows: they are let
 * finish before a test changes the cookies under the page, or the page itself could refresh the session before the
 * test's reload does.
 */
const firstReadsDone = (page: Page) => page.waitForLoadState('networkidle');

test.describe('session', () => {
  test('an expired access token is refreshed before the next call, and the refresh token rotates', async ({ page, context, request, baseURL }, testInfo) => {
    const account = uniqueAccount(testInfo, 'expiry');
    await createVerifiedAccount(request, account);
    await page.goto('/breaks');
    await signInThroughDialog(page, account);
    await firstReadsDone(page);
    const firstRefresh = await cookieValue(context, 'refresh_token');

    // Replace the access token with one whose exp has passed.
    const { hostname } = new URL(baseURL!);
    await context.addCookies([{ name: 'access_token', value: expiredJwt(), domain: hostname, path: '/', sameSite: 'Lax' }]);

    const refreshed = page.waitForResponse((response) => response.url().endsWith('/auth/refresh-token') && response.request().method() === 'POST');
    const count = page.waitForResponse((response) => response.url().endsWith('/admin/get-count'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    // The member count is asked for only after the refresh, with the new token.
    const countResponse = await count;
    expect(countResponse.status()).toBe(200);
    expect(countResponse.request().headers()['authorization']).not.toContain(expiredJwt().split('.')[1]);

    await expect(accountMenu(page, account)).toBeVisible();
    const access = await cookieValue(context, 'access_token');
    expect(jwtExpiryMs(access!)).toBeGreaterThan(Date.now());
    expect(await cookieValue(context, 'refresh_token')).not.toBe(firstRefresh);
  });

  test('with no access token but a refresh token, the start-up refresh signs the user back in', async ({ page, context, request }, testInfo) => {
    const account = uniqueAccount(testInfo, 'startup');
    await createVerifiedAccount(request, account);
    await page.goto('/breaks');
    await signInThroughDialog(page, account);
    await firstReadsDone(page);

    await context.clearCookies({ name: 'access_token' });
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/auth/refresh-token'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(accountMenu(page, account)).toBeVisible();
    expect(await sessionCookieNames(context)).toContain('access_token');
  });

  test('a refresh token the server no longer accepts: alert, cookies cleared, signed out', async ({ page, context, request, baseURL }, testInfo) => {
    const account = uniqueAccount(testInfo, 'revoked');
    await createVerifiedAccount(request, account);
    await page.goto('/breaks');
    await signInThroughDialog(page, account);
    await firstReadsDone(page);

    const { hostname } = new URL(baseURL!);
    await context.clearCookies({ name: 'access_token' });
    await context.addCookies([{ name: 'refresh_token', value: 'not-a-valid-refresh-token', domain: hostname, path: '/', sameSite: 'Lax' }]);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.reload();
    await expect(navbar(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(alerts).toEqual(['logout and login again or clear your browser history']);
    expect(await sessionCookieNames(context)).toEqual([]);
  });
});
