import { expect, test, type Locator, type Page, newContext } from './support/test';
import { createVerifiedAccount, uniqueAccount, seeTextDuring } from './support/helpers';
import { browserToday, enGb, expectNoSidewaysScroll, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

// An admin gives a member 2 days for this year; a 3-working-day request is refused, a 1-day one waits, is approved
// and is taken. Vacation, a new team's default type, counts against the allowance and needs approval.
test.use({ timezoneId: 'UTC' });

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() || 7;

/**
 * A Monday whose Monday–Wednesday lie in `today`'s year: the next one, or an earlier one at the very end of December
 * (working days whatever weekday the test runs on, and counted against this year's allowance).
 */
function mondayThisYear(today: string): string {
  let monday = plusDays(today, 8 - isoWeekday(today));
  while (plusDays(monday, 2).slice(0, 4) !== today.slice(0, 4)) monday = plusDays(monday, -7);
  return monday;
}

const balanceCard = (page: Page, year: string) => page.getByRole('region', { name: `Leave balance ${year}` });
/** A figure of the balance card ('Pending 1'), not a longer number that starts the same way. */
const figure = (label: string, value: string) => new RegExp(`${label} ${value.replace('.', '\\.')}(\\s|$)`);

async function expectFigures(card: Locator, figures: Record<string, string>) {
  for (const [label, value] of Object.entries(figures)) await expect(card).toContainText(figure(label, value));
}

/** The member's row of the Balances card's table (a card of its own on a phone). */
const balanceRow = (page: Page, year: string, name: string) =>
  page
    .getByRole('table', { name: `Balances ${year}` })
    .getByRole('row')
    .filter({ hasText: name });

test('an admin sets an allowance; a request over it is refused, one within it waits, is approved and is taken', async ({
  browser,
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const admin = uniqueAccount(testInfo, 'balance-admin');
  const member = uniqueAccount(testInfo, 'balance-member');
  await createVerifiedAccount(request, admin);
  const signedAdmin = await signInWithCookies(context, request, baseURL!, admin);
  await joinTeam(request, signedAdmin, member);

  // 1. The admin gives the member 2 days for this year in the Admin Panel's Balances card.
  await gotoWithoutChat(page, '/administrators');
  const today = await browserToday(page);
  const year = today.slice(0, 4);
  const row = balanceRow(page, year, member.name);
  await expect(row).toContainText('25');
  await row.getByRole('button', { name: `Edit allowance of ${member.name}` }).click();
  const allowance = page.getByRole('dialog', { name: `Allowance of ${member.name}` });
  await allowance.getByLabel(`Allowance for ${year} (days)`).fill('2');
  await allowance.getByRole('button', { name: 'Save allowance' }).click();
  await expect(page.getByText(`${member.name}'s allowance for ${year} is now 2 days.`)).toBeVisible();
  await expect(allowance).toBeHidden();
  await expect(row.getByRole('cell').first()).toHaveText('2');
  await expect(row.getByRole('cell').nth(5)).toHaveText('2');
  await expectNoSidewaysScroll(page);

  // 2. The member sees the allowance on their Leaves page.
  const memberContext = await newContext(browser);
  await signInWithCookies(memberContext, request, baseURL!, member);
  const memberPage = await memberContext.newPage();
  await gotoWithoutChat(memberPage, '/leaves');
  const card = balanceCard(memberPage, year);
  await expectFigures(card, { Allowance: '2', 'Carried over': '0', Taken: '0', Planned: '0', Pending: '0', Remaining: '2' });
  await expectNoSidewaysScroll(memberPage);

  // 3. Three working days: the preview shows them, the server refuses them under To date.
  const monday = mondayThisYear(today);
  const wednesday = plusDays(monday, 2);
  await memberPage.getByRole('button', { name: 'Add leave' }).click();
  const add = memberPage.getByRole('dialog', { name: 'Add leave' });
  await expect(add.getByLabel('Type', { exact: true }).locator('option:checked')).toHaveText('Vacation');
  await add.getByLabel('From date').fill(monday);
  await add.getByLabel('To date').fill(wednesday);
  await add.getByLabel('Reason').fill('Long trip');
  await expect(add.getByText('Counts 3 working days · Balance after: -1 days')).toBeVisible();
  await expect(add.getByRole('group', { name: 'Half day' })).toHaveCount(0);
  await add.getByRole('button', { name: 'Add leave' }).click();
  const refusal = `This leave takes 3 working days but you have 2 working days left in ${year}.`;
  await expect(add.getByText(refusal)).toBeVisible();
  await expect(add.getByLabel('To date')).toHaveAttribute('aria-invalid', 'true');
  await expect(add).toBeVisible();

  // 4. One day instead: the half-day choice appears (a whole day stays chosen), it waits for approval.
  await add.getByLabel('To date').fill(monday);
  await expect(add.getByRole('radio', { name: 'Whole day' })).toBeChecked();
  await expect(add.getByText('Counts 1 working day · Balance after: 1 day')).toBeVisible();
  await expect(add.getByText(refusal)).toBeHidden();
  await add.getByLabel('Reason').fill('Dentist');
  await seeTextDuring(memberPage, 'Leave requested: waiting for approval', () => add.getByRole('button', { name: 'Add leave' }).click());
  await expect(add).toBeHidden();
  const leave = memberPage.getByRole('list', { name: 'Your leaves' }).getByRole('listitem').filter({ hasText: 'Dentist' });
  await expect(leave).toContainText('Pending');
  await expect(leave).toContainText('1 working day');
  await expect(leave).toContainText(enGb(monday));
  await expectFigures(card, { Allowance: '2', Taken: '0', Pending: '1', Remaining: '1' });
  await expectNoSidewaysScroll(memberPage);

  // 5. The admin approves it; the member's balance shows it taken.
  await gotoWithoutChat(page, '/leaves/requests');
  const pending = page.getByRole('list', { name: 'Pending leave requests' }).getByRole('listitem', { name: member.name });
  await expect(pending).toContainText('1 working day');
  await pending.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText('Leave approved')).toBeVisible();

  await memberPage.reload();
  await expect(leave).toContainText('Approved');
  // Approved days before today are taken, from today on planned.
  const [taken, planned] = monday < today ? ['1', '0'] : ['0', '1'];
  await expectFigures(card, { Allowance: '2', Taken: taken, Planned: planned, Pending: '0', Remaining: '1' });

  // The team's balances say the same.
  await gotoWithoutChat(page, '/administrators');
  await expect(row.getByRole('cell').nth(2)).toHaveText(taken);
  await expect(row.getByRole('cell').nth(3)).toHaveText(planned);
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await memberContext.close();
});
