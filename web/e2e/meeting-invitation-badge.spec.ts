import { expect, test, newContext, type Page } from './support/test';
import { createVerifiedAccount, latestLink, uniqueAccount } from './support/helpers';
import { apiLogin, bearer, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

// The phone at 390 x 844 (its project); the desk at 1366 x 900.
test.use({
  timezoneId: 'UTC',
  viewport: async ({ viewport }, use, testInfo) => use(testInfo.project.name === 'desktop' ? { width: 1366, height: 900 } : viewport),
});

/** The side navigation, opened from the menu button on a phone (it is a drawer there). */
async function sideNav(page: Page) {
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Toggle side navigation' }).click();
  return page.getByRole('complementary', { name: 'Side navigation' });
}

test('an invitation badges the Meetings link until answered, and the admin sees the pending leave requests', async ({ page, context, browser, request, baseURL }, testInfo) => {
  const organizer = uniqueAccount(testInfo, 'organizer');
  await createVerifiedAccount(request, organizer);
  const admin = await apiLogin(request, organizer);
  const bea = { ...uniqueAccount(testInfo, 'invitee'), name: `Bea ${testInfo.project.name}` };
  const member = await joinTeam(request, admin, bea);
  await signInWithCookies(context, request, baseURL!, organizer);

  // The organizer invites Bea.
  await gotoWithoutChat(page, '/meetings');
  await page.getByRole('button', { name: 'Schedule Meeting' }).click();
  const form = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await form.getByLabel('Title').fill('Sprint planning');
  await form.getByLabel('Start time').fill('23:00');
  await form.getByLabel('End time').fill('23:30');
  await form.getByRole('group', { name: 'Attendees' }).getByLabel(bea.name).check();
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Meeting added successfully')).toBeVisible();

  // Bea, in her own browser: Meetings shows 1, and her group is headed 'Team', not 'Admin | HR'.
  const beaContext = await newContext(browser, { timezoneId: 'UTC', viewport: page.viewportSize() ?? undefined });
  await signInWithCookies(beaContext, request, baseURL!, bea);
  const beaPage = await beaContext.newPage();
  await gotoWithoutChat(beaPage, '/about');
  let nav = await sideNav(beaPage);
  const meetings = nav.getByRole('link', { name: /^Meetings ?\(1 invitation waiting for your answer\)$/ });
  await expect(meetings).toBeVisible();
  await expect(meetings.locator('[data-badge]')).toHaveText('1');
  await expect(meetings.locator('[data-badge]')).toBeVisible();
  await expect(nav.getByRole('list', { name: 'Team' })).toBeVisible();
  await expect(nav.getByText('MANAGEMENT | Admin | HR')).toHaveCount(0);
  await testInfo.attach('meetings badge', { body: await beaPage.screenshot(), contentType: 'image/png' });

  // The invitation's mail: its Yes answers in the app, and the badge goes.
  const link = await latestLink(request, bea.email, '/meetings?meeting=');
  await gotoWithoutChat(beaPage, `${link}&answer=yes`);
  await expect(beaPage.getByText('You attend: Sprint planning.')).toBeVisible();
  const hers = beaPage.getByRole('list', { name: 'Meetings' }).getByRole('listitem').filter({ hasText: 'Sprint planning' });
  await expect(hers.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  nav = await sideNav(beaPage);
  await expect(nav.getByRole('link', { name: 'Meetings', exact: true })).toBeVisible();
  await expect(nav.locator('[data-badge]')).toHaveCount(0);

  // Bea asks for a day off: the admin's 'Leave requests' link counts it, under 'MANAGEMENT | Admin | HR'.
  const requested = await request.post('/leaves/add', { headers: bearer(member), data: { fromDate: '2031-06-02', toDate: '2031-06-02', reason: 'Family' } });
  expect(requested.status(), await requested.text()).toBe(201);
  await gotoWithoutChat(page, '/about');
  const adminNav = await sideNav(page);
  const group = adminNav.getByRole('list', { name: 'MANAGEMENT | Admin | HR' });
  await expect(group.getByRole('link', { name: 'Leave requests (1)' })).toBeVisible();
  await expect(group.getByRole('link', { name: /^Team Members \(2\)$/ })).toBeVisible();
  await beaContext.close();
});
