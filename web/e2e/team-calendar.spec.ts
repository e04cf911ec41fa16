import { expect, test, type APIRequestContext } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies, type Signed } from './support/records';

// A leave of today (approved at once: nobody else in the team could decide it) and a company day off this month show on
// the Team calendar: a bar in the grid on a wide screen, the day's entry in the list on a phone.
test.use({ timezoneId: 'UTC' });

const monthTitle = (iso: string) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const dayMonth = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const longDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)).replace(',', '');

/** Another day of the same month than `today`, for the holiday. */
const otherDayOfMonth = (today: string) => `${today.slice(0, 8)}${today.slice(8) === '01' ? '02' : '01'}`;

async function putHoliday(request: APIRequestContext, admin: Signed, date: string, name: string) {
  const response = await request.put('/team/holidays', {
    headers: bearer(admin),
    data: { year: Number(date.slice(0, 4)), country: null, region: null, holidays: [{ date, name }] },
  });
  expect(response.status(), `PUT /team/holidays: ${await response.text()}`).toBe(200);
}

test('the team calendar shows an approved leave on its day and the month’s holiday', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'calendar');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/breaks');
  const today = await browserToday(page);
  const holiday = otherDayOfMonth(today);
  await putHoliday(request, signed, holiday, 'Company picnic');
  const added = await request.post('/leaves/add', { headers: bearer(signed), data: { fromDate: today, toDate: today, reason: 'Dentist' } });
  expect(added.status(), await added.text()).toBe(201);

  // Through the navigation (the side navigation opens first on a phone).
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone) await page.getByRole('button', { name: 'Toggle side navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team calendar' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: monthTitle(today) })).toBeVisible();

  if (phone) {
    const days = page.getByRole('list', { name: `Days of ${monthTitle(today)}` });
    const day = days.getByRole('listitem', { name: longDay(today) });
    await expect(day).toContainText(account.name);
    await expect(day).toContainText('Vacation');
    await expect(day).toContainText('Approved');
    // The requester sees their own reason.
    await expect(day).toContainText('Reason: Dentist');
    await expect(days.getByRole('listitem', { name: longDay(holiday) })).toContainText('Holiday: Company picnic');
    await expect(page.getByRole('table')).toHaveCount(0);
  } else {
    const grid = page.getByRole('region', { name: `Team calendar grid, ${monthTitle(today)}` });
    const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: account.name }) });
    const bar = row.getByRole('button', { name: `Vacation, approved, ${dayMonth(today)}` });
    await expect(bar).toBeVisible();
    // The bar sits in today's column.
    const header = grid.getByRole('columnheader', { name: new RegExp(`^${longDay(today)}, today`) });
    await expect(header).toHaveAttribute('aria-current', 'date');
    const [barBox, headerBox] = [await bar.boundingBox(), await header.boundingBox()];
    expect(Math.abs(barBox!.x + barBox!.width / 2 - (headerBox!.x + headerBox!.width / 2))).toBeLessThan(headerBox!.width);
    await expect(grid.getByRole('columnheader', { name: new RegExp(`${longDay(holiday)}.*holiday: Company picnic`) })).toBeVisible();
    await expect(page.getByText('Holidays this month')).toBeVisible();
    await bar.click();
    await expect(page.getByRole('region', { name: 'Leave details' })).toContainText('Reason: Dentist');
  }

  // The member filter, and a month forward and back.
  await page.getByLabel('Member').selectOption({ label: account.name });
  await expect(page).toHaveURL(/member=/);
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByText(/^No leave in /)).toBeVisible();
  await page.getByRole('button', { name: 'This month' }).click();
  await expect(page.getByRole('heading', { level: 2, name: monthTitle(today) })).toBeVisible();

  // The year's holidays, read-only, under the calendar.
  const holidays = page.getByRole('heading', { level: 2, name: 'Public holidays' }).locator('xpath=ancestor::section[1]');
  await holidays.getByText(/^Show the 1 day off of/).click();
  await expect(holidays.getByRole('list', { name: `Holidays ${today.slice(0, 4)}` })).toContainText('Company picnic');
  await expectNoSidewaysScroll(page);
});
