import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

// The whole month fits a desk without sideways scroll (with Break Buddy's window open beside the page or closed);
// a phone lists only the days on which someone is away (and today), with one line when nobody is away that month.
test.use({ timezoneId: 'UTC' });

const monthTitle = (iso: string) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const longDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)).replace(',', '');
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

async function expectWholeMonthInView(page: Page, month: string, lastDay: string) {
  const grid = page.getByRole('region', { name: `Team calendar grid, ${monthTitle(`${month}-01`)}` });
  await expect(grid).toBeVisible();
  const overflow = await grid.evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow, 'the grid scrolls sideways').toBeLessThanOrEqual(0);
  const [gridBox, lastBox] = [await grid.boundingBox(), await grid.getByRole('columnheader', { name: new RegExp(`^${longDay(lastDay)}`) }).boundingBox()];
  expect(lastBox!.x + lastBox!.width).toBeLessThanOrEqual(gridBox!.x + gridBox!.width + 1);
  await expectNoSidewaysScroll(page);
}

test('on a desk, the whole month is in view, beside Break Buddy or not', async ({ page, context, request, baseURL }, testInfo) => {
  test.skip(isPhone(page), 'the grid is for wide screens');
  const account = uniqueAccount(testInfo, 'calmonth');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);

  // With Break Buddy's window as it opens on a wide screen.
  await page.goto('/calendar?month=2026-12');
  await expect(page.getByRole('heading', { level: 2, name: 'December 2026' })).toBeVisible();
  await expectWholeMonthInView(page, '2026-12', '2026-12-31');

  await gotoWithoutChat(page, '/calendar?month=2027-01');
  await expectWholeMonthInView(page, '2027-01', '2027-01-31');
});

test('on a phone, only the days with someone away and today are listed, and an empty month is one line', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.skip(!isPhone(page), 'the day list is for phones');
  const account = uniqueAccount(testInfo, 'calmonth');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/breaks');
  const today = await browserToday(page);
  const added = await request.post('/leaves/add', { headers: bearer(signed), data: { fromDate: today, toDate: today, reason: 'Dentist' } });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto(`/calendar?month=${today.slice(0, 7)}`);
  const days = page.getByRole('list', { name: `Days of ${monthTitle(today)}` });
  await expect(days.getByRole('listitem', { name: longDay(today) })).toContainText(account.name);
  await expect(days.locator(':scope > li')).toHaveCount(1);
  await expect(page.getByText('Nobody is away.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Next month' }).click();
  const next = page.getByRole('list', { name: /^Days of / });
  await expect(page.getByText(/^Nobody is away in /)).toBeVisible();
  await expect(next.locator(':scope > li')).toHaveCount(0);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'an empty month is short').toBeLessThan(2000);
});
