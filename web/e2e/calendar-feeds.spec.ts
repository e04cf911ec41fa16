import { expect, test } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { bearer, browserToday, expectNoSidewaysScroll, gotoWithoutChat, signInWithCookies } from './support/records';

// A feed of one's own leaves and meetings: its address is shown once, a calendar app (here a plain GET) reads the leave from it, and
// once revoked it answers 404.
test.use({ timezoneId: 'UTC' });

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('a feed of my leaves: shown once, read by a calendar app, revoked', async ({ page, context, request, baseURL }, testInfo) => {
  const account = uniqueAccount(testInfo, 'feeds');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await gotoWithoutChat(page, '/breaks');
  const from = plusDays(await browserToday(page), 14);
  const to = plusDays(from, 1);
  const added = await request.post('/leaves/add', { headers: bearer(signed), data: { fromDate: from, toDate: to, reason: 'Mountains' } });
  expect(added.status(), await added.text()).toBe(201);
  const meeting = await request.post('/meeting/add', {
    headers: bearer(signed),
    data: { scheduleDate: from, from: '10:00', to: '10:30', description: 'Planning with the team' },
  });
  expect(meeting.status(), await meeting.text()).toBe(201);

  // Settings links to the feeds on the calendar page.
  await gotoWithoutChat(page, '/settings');
  await page.getByRole('link', { name: 'Manage calendar feeds' }).click();
  await expect(page).toHaveURL(/\/calendar#subscribe$/);
  const section = page.getByRole('heading', { level: 2, name: 'Subscribe in your calendar app' }).locator('xpath=ancestor::section[1]');
  await expect(section.getByText('No feeds yet.')).toBeVisible();
  // The admin of a team of one may also subscribe to the team.
  await expect(section.getByRole('button', { name: 'Create team feed' })).toBeVisible();

  await section.getByRole('button', { name: 'Create my feed' }).click();
  const shown = section.getByRole('region', { name: 'New feed address' });
  await expect(shown).toContainText('it will not be shown again');
  const url = await shown.getByLabel('Feed address').inputValue();
  expect(url).toMatch(/^https?:\/\/.+\.ics$/);
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // What a calendar app reads: an iCalendar document with the leave, all-day from its first day.
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(from.replaceAll('-', ''));
  expect(ics).toMatch(/Vacation/);
  // The leave is all-day (a date), the meeting a timed event (10:00 UTC in this browser's zone).
  expect(ics).toContain(`DTSTART;VALUE=DATE:${from.replaceAll('-', '')}`);
  expect(ics).toContain('Planning with the team');
  expect(ics).toContain(`DTSTART:${from.replaceAll('-', '')}T100000Z`);

  // Once dismissed, the address is gone for good: the list names the feed only.
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await page.reload();
  const feeds = section.getByRole('list', { name: 'Your feeds' });
  await expect(feeds.getByRole('listitem')).toHaveCount(1);
  await expect(feeds).toContainText('My leaves and meetings');
  await expect(page.getByLabel('Feed address')).toHaveCount(0);
  expect(await page.content()).not.toContain(url);

  // Revoked, the address answers 404.
  await feeds.getByRole('button', { name: /^Revoke My leaves and meetings feed/ }).click();
  await page.getByRole('alertdialog', { name: 'Revoke this feed?' }).getByRole('button', { name: 'Yes, revoke it' }).click();
  await expect(section.getByText('No feeds yet.')).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});
