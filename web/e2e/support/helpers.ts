import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

export interface Account {
  name: string;
  email: string;
  password: string;
}

interface Mail {
  to: string | string[];
  subject: string;
  link?: string;
}

/** A fresh address per test, project and run, so runs never collide on the same server. */
export function uniqueAccount(testInfo: TestInfo, label = 'user'): Account {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    name: `E2E ${label} ${testInfo.project.name}`,
    email: `e2e-${label}-${testInfo.project.name}-${stamp}@example.com`,
    password: 'first-pass1',
  };
}

const sentTo = (mail: Mail, email: string) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to.toLowerCase().includes(email.toLowerCase()));

/** The newest mail to `email` whose link contains `linkPart`, waiting for it to arrive in the local outbox. */
export async function latestLink(request: APIRequestContext, email: string, linkPart: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/outbox');
        expect(response.ok()).toBe(true);
        const mails = ((await response.json()) as { data: Mail[] }).data;
        found = mails.filter((mail) => sentTo(mail, email) && mail.link?.includes(linkPart)).at(-1)?.link;
        return found;
      },
      { message: `a mail to ${email} with a ${linkPart} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  // The mailed link carries the server's public URL; follow its path on the server under test.
  const url = new URL(found!, 'http://placeholder');
  return url.pathname + url.search;
}

/** Signs up and verifies through the API, for journeys that start from an existing account. */
export async function createVerifiedAccount(request: APIRequestContext, account: Account): Promise<void> {
  const signup = await request.post('/user/signup', { data: { name: account.name, email: account.email, password: account.password } });
  expect(signup.status(), await signup.text()).toBeLessThan(300);
  const link = await latestLink(request, account.email, '/verify-new-email');
  const token = new URL(link, 'http://placeholder').searchParams.get('token');
  const verify = await request.post('/user/verify-email', { data: { token } });
  expect(verify.status(), await verify.text()).toBeLessThan(300);
}

export function navbar(page: Page) {
  return page.getByRole('banner');
}

export function accountMenu(page: Page, account: Account) {
  return navbar(page).getByRole('button', { name: account.name });
}

export async function openSignIn(page: Page) {
  await navbar(page).getByRole('button', { name: 'Sign In' }).click();
  return page.getByRole('dialog', { name: 'Sign In' });
}

export async function signInThroughDialog(page: Page, account: Account, password = account.password) {
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(password);
  // Success reloads the page about 100 ms later; wait for that reload, not just the first re-render.
  await reloadAfter(page, () => dialog.getByRole('button', { name: 'Sign in' }).click());
  await expect(accountMenu(page, account)).toBeVisible();
}

/** Runs an action that makes the app reload the page, and waits until the reloaded page has loaded. */
export async function reloadAfter(page: Page, action: () => Promise<unknown>) {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

export async function signOut(page: Page, account: Account) {
  await accountMenu(page, account).click();
  await reloadAfter(page, () => page.getByRole('menuitem', { name: 'Sign out' }).click());
  await expect(navbar(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
}

export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name)?.value;
}

export async function sessionCookieNames(context: BrowserContext): Promise<string[]> {
  const names = new Set((await context.cookies()).map((cookie) => cookie.name));
  return ['access_token', 'refresh_token', 'id', 'name', 'email'].filter((name) => names.has(name));
}

/** A JWT-shaped token that expired an hour ago; the app reads only its `exp`. */
export function expiredJwt(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'expired', exp: Math.floor(Date.now() / 1000) - 3600 })}.c2lnbmF0dXJl`;
}

export function jwtExpiryMs(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
  return payload.exp * 1000;
}

/**
 * Runs `action` and waits until `text` has appeared on the page, watched from before the action (a MutationObserver):
 * a success toast shows for 1.5 s, which an assertion polling once a second on a busy machine can miss.
 */
export async function seeTextDuring(page: Page, text: string, action: () => Promise<unknown>): Promise<void> {
  const flag = `__seen_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ([key, wanted]) => {
      const flags = window as unknown as Record<string, boolean>;
      flags[key] = false;
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes(wanted)) {
          flags[key] = true;
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [flag, text] as const,
  );
  await action();
  await page.waitForFunction((key) => (window as unknown as Record<string, boolean>)[key] === true, flag, { timeout: 10_000 });
}
