import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { apiLogin, bearer, expectNoSidewaysScroll, joinTeam, signInWithCookies } from './support/records';

/*
 * The names a team starts with in German: the default break types and the starting leave types are stored by their
 * English names, and a German reader sees them in German on Working time, the team board and the leaves list, while
 * a break type and a leave type the team named itself stay as named. At phone size (390 x 844) and at a desk
 * (1366 x 900).
 */
type Tree = { [key: string]: string | Tree };
const DE = JSON.parse(readFileSync(new URL('../src/locales/de.json', import.meta.url), 'utf8')) as Tree;
const L = (key: string): string => {
  const text = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), DE);
  if (typeof text !== 'string') throw new Error(`no German message for ${key}`);
  return text;
};

const COFFEE = L('breaks.defaultTypes.coffeeBreak');
const SICK = L('leaves.startingTypes.sick');

// The server's "today" is the profile's zone (UTC for a new account); the browser runs in UTC too.
test.use({ locale: 'de-DE', timezoneId: 'UTC' });

/** Opens a page and closes Break Buddy's window (open beside the page on wide screens), in German. */
async function gotoWithoutChat(page: Page, path: string) {
  await page.goto(path);
  const close = page.getByRole('button', { name: L('assistant.launcher.close') });
  await expect(close.or(page.getByRole('button', { name: new RegExp(`^${L('assistant.launcher.open')}`) }))).toBeVisible();
  if (await close.isVisible()) await close.click();
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function notEnglish(page: Page, where: string) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const stored of ['Coffee Break', 'Vacation', 'Sick']) expect(text, `${stored} on ${where}`).not.toContain(stored);
}

test('German: default break and leave types read German on Working time, the team board and the leaves; the team’s own stay', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  if (testInfo.project.name !== 'phone') await page.setViewportSize({ width: 1366, height: 900 });
  const adminAccount = uniqueAccount(testInfo, 'names-admin');
  await createVerifiedAccount(request, adminAccount);
  const admin = await apiLogin(request, adminAccount);
  const call = async (method: 'post' | 'put', path: string, data: unknown, who = admin) => {
    const response = await request[method](path, { headers: bearer(who), data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return ((await response.json()) as { data: { _id?: string } }).data;
  };
  await call('put', '/user/profile', { language: 'de' });
  await call('put', '/type/edit', { type: ['Coffee Break', 'Lunch Break', 'Standup walk'] });

  // The admin's day: a period with a default break and the team's own, and a sick day (a starting type).
  const today = todayUtc();
  await call('post', '/work/periods', { date: today, start: '09:00', end: '12:00', note: 'Nachgetragen' });
  const aBreak = (type: string, startTime: string, endTime: string) => ({ type, startTime, endTime, createdDate: today, reason: '', isClosed: true, isModal: false });
  await call('post', '/break/add', aBreak('Coffee Break', '10:15', '10:30'));
  await call('post', '/break/add', aBreak('Standup walk', '11:00', '11:10'));
  await call('post', '/leaves/add', { fromDate: today, toDate: today, reason: 'Erkältung', typeId: '00000000000000000000000002' });
  const parental = await call('post', '/leaves/types', { name: 'Parental leave', color: '#0ea5e9', paid: true, countsAgainstAllowance: false, needsApproval: false });
  const tomorrow = dayAfter(today);
  await call('post', '/leaves/add', { fromDate: tomorrow, toDate: tomorrow, reason: 'Kita', typeId: parental._id });

  // A member on a live coffee break.
  const member = await joinTeam(request, admin, uniqueAccount(testInfo, 'names-member'));
  await call('post', '/break/start', { type: 'Coffee Break' }, member);

  await signInWithCookies(context, request, baseURL!, adminAccount);

  // Working time: the day's breaks and its leave credit.
  await gotoWithoutChat(page, '/working-time');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const breaks = page.getByRole('heading', { name: L('work.day.breaks'), exact: true }).locator('xpath=..');
  await expect(breaks.getByRole('listitem').filter({ hasText: `${COFFEE}: ` })).toContainText('10:15');
  await expect(breaks.getByRole('listitem').filter({ hasText: 'Standup walk: ' })).toContainText('11:00');
  await expect(page.getByText(L('work.credit.leave').replace('{{type}}', SICK), { exact: true }).first()).toBeVisible();
  await notEnglish(page, 'Working time');
  await expectNoSidewaysScroll(page, 'Working time');

  // The team board: the member is on a coffee break.
  await gotoWithoutChat(page, '/on-breaks');
  await expect(page.getByText(L('team.status.onBreakType').replace('{{type}}', COFFEE), { exact: false }).first()).toBeVisible();
  await expect(page.getByText(COFFEE, { exact: true }).first()).toBeVisible();
  await notEnglish(page, 'the team board');
  await expectNoSidewaysScroll(page, 'the team board');

  // The leaves: the sick day in German, the team's own type as named.
  await gotoWithoutChat(page, '/leaves');
  await expect(page.getByText(SICK, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Parental leave', { exact: true }).first()).toBeVisible();
  await notEnglish(page, 'the leaves');
  await expectNoSidewaysScroll(page, 'the leaves');
});
