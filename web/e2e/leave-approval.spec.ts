import { expect, test, type Page, newContext } from './support/test';
import { createVerifiedAccount, seeTextDuring, uniqueAccount } from './support/helpers';
import { browserToday, enGb, expectNoSidewaysScroll, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

// Leave requests of a type that needs approval wait for an admin or HR: a new team's default type, Vacation, does.
test.use({ timezoneId: 'UTC' });

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const yourLeaves = (page: Page) => page.getByRole('list', { name: 'Your leaves' });
const pendingRequests = (page: Page) => page.getByRole('list', { name: 'Pending leave requests' });

/** Adds a leave of the default type through the dialog (Vacation, preselected) and answers its row. */
async function requestVacation(page: Page, from: string, to: string, reason: string) {
  await page.getByRole('button', { name: 'Add leave' }).click();
  const add = page.getByRole('dialog', { name: 'Add leave' });
  const type = add.getByLabel('Type', { exact: true });
  await expect(type.locator('option:checked')).toHaveText('Vacation');
  await expect(add.getByText('Needs approval;', { exact: false })).toBeVisible();
  await add.getByLabel('From date').fill(from);
  await add.getByLabel('To date').fill(to);
  // Before sending, what will happen for this person: the team has an admin who decides.
  await expect(add.getByText('Sent as a request: an admin or HR approves or declines it.', { exact: false })).toBeVisible();
  await add.getByLabel('Reason').fill(reason);
  await seeTextDuring(page, 'Leave requested: waiting for approval', () => add.getByRole('button', { name: 'Add leave' }).click());
  await expect(add).toBeHidden();
  return yourLeaves(page).getByRole('listitem').filter({ hasText: reason });
}

/** The Leave requests page through the side navigation (opened first on a phone). */
async function openLeaveRequests(page: Page) {
  await gotoWithoutChat(page, '/breaks');
  const toggle = page.getByRole('button', { name: 'Toggle side navigation' });
  if ((page.viewportSize()?.width ?? 1280) < 800) await toggle.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leave requests' })).toBeVisible();
}

test('a member requests leave, an admin approves one request and declines another with a comment', async ({
  browser,
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  // Two accounts, a mailed invitation and two browsers.
  test.slow();
  const admin = uniqueAccount(testInfo, 'approver');
  const member = uniqueAccount(testInfo, 'requester');
  await createVerifiedAccount(request, admin);
  const signedAdmin = await signInWithCookies(context, request, baseURL!, admin);
  // The admin invites the member, who accepts (the invitation journey itself is team.spec.ts's).
  await joinTeam(request, signedAdmin, member);

  // The member, in a browser of their own (the project's viewport and time zone apply to it too).
  const memberContext = await newContext(browser);
  await signInWithCookies(memberContext, request, baseURL!, member);
  const memberPage = await memberContext.newPage();
  await gotoWithoutChat(memberPage, '/leaves');
  const today = await browserToday(memberPage);

  // 1. A Vacation day today: it waits for a decision.
  const first = await requestVacation(memberPage, today, today, 'Family day');
  await expect(first).toContainText('Vacation');
  await expect(first).toContainText('Pending');
  await expect(first.getByRole('button', { name: /^Cancel request/ })).toBeVisible();
  await expectNoSidewaysScroll(memberPage);
  // Members have no requests page.
  await expect(memberPage.getByRole('link', { name: 'Leave requests' })).toHaveCount(0);
  await gotoWithoutChat(memberPage, '/leaves/requests');
  await expect(memberPage.getByText('Only team admins and HR can decide leave requests.')).toBeVisible();

  // Not an absence before it is approved.
  await gotoWithoutChat(page, '/on-leaves');
  await expect(page.getByText('Nobody is away today.')).toBeVisible();

  // 2. The admin approves it from Leave requests.
  await openLeaveRequests(page);
  const pending = pendingRequests(page).getByRole('listitem', { name: member.name });
  await expect(pending).toContainText('Vacation');
  await expect(pending).toContainText(enGb(today));
  await expect(pending).toContainText('1 day');
  await expect(pending).toContainText('Family day');
  await expect(pending).toContainText(`Requested ${enGb(today)}`);
  await expectNoSidewaysScroll(page);
  await pending.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText('Leave approved')).toBeVisible();
  await expect(page.getByText('No pending requests.')).toBeVisible();

  // The member sees it approved, by whom; it has started, so it can no longer be cancelled or edited.
  await gotoWithoutChat(memberPage, '/leaves');
  await expect(first).toContainText('Approved');
  await expect(first).toContainText(`Approved by ${admin.name}`);
  await expect(first.getByRole('button', { name: /^Cancel request/ })).toHaveCount(0);
  await expect(first.getByRole('button', { name: /^Edit leave/ })).toHaveCount(0);

  // It counts as an absence today.
  await gotoWithoutChat(page, '/on-leaves');
  const away = page.getByRole('list', { name: 'Members away today' });
  await expect(away.getByRole('listitem', { name: member.name })).toBeVisible();
  await expect(away.getByRole('listitem', { name: member.name })).toContainText('Family day');
  // And on the team calendar, as the member's approved Vacation.
  await gotoWithoutChat(page, '/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Team calendar' })).toBeVisible();
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`));
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    const day = page
      .getByRole('list', { name: `Days of ${month}` })
      .getByRole('listitem')
      .filter({ hasText: member.name })
      .first();
    await expect(day).toContainText('Vacation');
    await expect(day).toContainText('Approved');
  } else {
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: member.name }) });
    await expect(row.getByRole('button', { name: /^Vacation, approved, / })).toBeVisible();
  }

  // 3. A second request, next week, is declined with a comment.
  const from = plusDays(today, 7);
  const to = plusDays(from, 1);
  const second = await requestVacation(memberPage, from, to, 'Conference');
  await expect(second).toContainText('Pending');
  await expect(second).toContainText('2 days');

  await gotoWithoutChat(page, '/leaves/requests');
  const next = pendingRequests(page).getByRole('listitem', { name: member.name });
  await expect(next).toContainText(`${enGb(from)} – ${enGb(to)}`);
  await next.getByRole('button', { name: /^Decline/ }).click();
  const decline = page.getByRole('dialog', { name: 'Decline leave request' });
  await expect(decline).toContainText(member.name);
  await decline.getByLabel('Comment (optional)').fill('Release week, we need everyone.');
  await decline.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page.getByText('Leave declined')).toBeVisible();
  await expect(decline).toBeHidden();
  await expect(page.getByText('No pending requests.')).toBeVisible();

  await memberPage.reload();
  await expect(second).toContainText('Declined');
  await expect(second).toContainText(`Declined by ${admin.name}`);
  await expect(second).toContainText('Release week, we need everyone.');
  await expect(second.getByRole('button', { name: /^(Edit leave|Cancel request)/ })).toHaveCount(0);
  await memberContext.close();
});
