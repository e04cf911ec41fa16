import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createVerifiedAccount, latestLink, type Account } from './helpers';

export interface Signed extends Account {
  accessToken: string;
  id: string;
}

/** Signs in through the API and answers the tokens, for calls a test makes itself. */
export async function apiLogin(request: APIRequestContext, account: Account): Promise<Signed> {
  const response = await request.post('/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { access_token: string; refresh_token: string; id: string; name: string } };
  return { ...account, accessToken: body.data.access_token, id: body.data.id };
}

/**
 * A signed-in browser without going through the sign-in dialog (the account journeys cover that): the cookies a
 * password sign-in sets, from a sign-in through the API.
 */
export async function signInWithCookies(context: BrowserContext, request: APIRequestContext, baseURL: string, account: Account): Promise<Signed> {
  const response = await request.post('/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { access_token: string; refresh_token: string; id: string; name: string } };
  const { hostname } = new URL(baseURL);
  const cookie = (name: string, value: string) => ({ name, value: encodeURIComponent(value), domain: hostname, path: '/', sameSite: 'Lax' as const });
  await context.addCookies([
    cookie('access_token', data.access_token),
    cookie('refresh_token', data.refresh_token),
    cookie('id', data.id),
    cookie('name', data.name),
    cookie('email', account.email),
  ]);
  return { ...account, accessToken: data.access_token, id: data.id };
}

export const bearer = (signed: Signed) => ({ Authorization: `Bearer ${signed.accessToken}` });

/** Invites `member` into `admin`'s team and accepts through the API; answers the member signed in afresh. */
export async function joinTeam(request: APIRequestContext, admin: Signed, member: Account): Promise<Signed> {
  await createVerifiedAccount(request, member);
  const invite = await request.post('/admin/invite', { headers: bearer(admin), data: { email: member.email, role: 'member' } });
  expect(invite.status(), await invite.text()).toBe(201);
  const link = await latestLink(request, member.email, '/accept-email-invitation');
  const token = new URL(link, 'http://placeholder').searchParams.get('token');
  const before = await apiLogin(request, member);
  const accept = await request.post('/admin/accept-email-invitation', { headers: bearer(before), data: { token } });
  expect(accept.status(), await accept.text()).toBe(200);
  // A new sign-in carries the new team.
  return apiLogin(request, member);
}

/** Today's date in the browser's zone, as the app sends it. */
export async function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

/** dd/mm/yyyy of a YYYY-MM-DD date, as the app shows dates (en-GB). */
export const enGb = (iso: string) => iso.split('-').reverse().join('/');

export async function expectNoSidewaysScroll(page: Page, where = 'the page') {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The signed-in main pages (spec §2), for the checks that walk them all. */
export const SIGNED_IN_PAGES = [
  '/breaks',
  '/working-time',
  '/tasks',
  '/archives',
  '/leaves',
  '/leaves/requests',
  '/calendar',
  '/meetings',
  '/administrators',
  '/on-breaks',
  '/on-leaves',
  '/settings',
] as const;

/** Confirms the generic delete question and closes the 'Deleted!' notice. */
export async function confirmDelete(page: Page) {
  const question = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(question).toContainText("You won't be able to revert this!");
  await question.getByRole('button', { name: 'Yes, delete it!' }).click();
  const done = page.getByRole('alertdialog', { name: 'Deleted!' });
  await expect(done).toContainText('Your record has been deleted.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
}

/**
 * Opens a page and closes Break Buddy's window, which starts open on wide screens in a column beside the page: the
 * journeys then see the page at its full width (panel-layout.spec.ts covers the page with the window open).
 */
export async function gotoWithoutChat(page: Page, path: string) {
  await page.goto(path);
  const close = page.getByRole('button', { name: 'Close Break Buddy' });
  await expect(close.or(page.getByRole('button', { name: /^Open Break Buddy/ }))).toBeVisible();
  if (await close.isVisible()) await close.click();
}

/** Every visible button, field and select inside `scope` is at least 44 px tall (checkboxes aside). */
export async function expectTouchTargets(scope: Locator) {
  const boxes = await scope
    .locator('button:visible, a:visible, input:visible, select:visible')
    .evaluateAll((elements) =>
      elements
        .filter((el) => (el as HTMLInputElement).type !== 'checkbox')
        .map((el) => ({ name: el.getAttribute('aria-label') || el.textContent?.trim() || el.id, height: el.getBoundingClientRect().height })),
    );
  expect(boxes.length).toBeGreaterThan(0);
  // 44 px, up to the layout's sub-pixel rounding on a 3x screen (43.99999 px is a 44 px box).
  for (const box of boxes) expect(box.height, `${box.name} is too small to tap`).toBeGreaterThanOrEqual(43.99);
}
