import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { decryptPush, deliverToWorker, fakePushService, pushKeys, runScheduler, shownNotifications, type PushPayload } from './support/push';
import { apiLogin, bearer, expectNoSidewaysScroll, expectTouchTargets, gotoWithoutChat, joinTeam, signInWithCookies } from './support/records';

/*
 * Statutory break and rest rules with a live guard (the rules contract): an admin's rule set, the warning pushed
 * before a break falls due with its "Start break", the board's "Break due", and the day's summary at clock-out.
 */

// The server's "today" is the profile's zone (UTC for a new account); the browser runs in UTC too.
test.use({ timezoneId: 'UTC' });

const MINUTE = 60_000;

const workCard = (page: Page) => page.getByRole('region', { name: 'Working time' });

/** A member's row in the Currently on break page's "everyone now" list. */
const boardRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Everyone in the team and what they are doing now' }).getByRole('listitem', { name });

test('phone: a break falling due is pushed with Start break, which starts a live break, and the board’s Break due goes', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone journey');
  test.slow();

  // The admin puts the team under the German rules (ArbZG: 30 minutes after 6 hours).
  const adminAccount = uniqueAccount(testInfo, 'rules-admin');
  await createVerifiedAccount(request, adminAccount);
  const admin = await apiLogin(request, adminAccount);
  const put = await request.put('/work/rules', { headers: bearer(admin), data: { preset: 'de' } });
  expect(put.status(), await put.text()).toBe(200);
  expect(((await put.json()) as { data: { preset: string } }).data.preset).toBe('de');

  const memberAccount = uniqueAccount(testInfo, 'rules-member');
  const member = await joinTeam(request, admin, memberAccount);

  const service = await fakePushService();
  try {
    const keys = pushKeys();
    const subscribed = await request.post('/notifications/subscriptions', {
      headers: bearer(member),
      data: { endpoint: service.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(subscribed.status(), await subscribed.text()).toBeLessThan(300);

    // Clocked in 5 h 50 ago and no break since: past the warning at 5 h 45, ten minutes before the break is due.
    const at = new Date(Date.now() - (5 * 60 + 50) * MINUTE);
    const started = await request.post('/work/start', { headers: bearer(member), data: { at: at.toISOString() } });
    expect(started.status(), await started.text()).toBeLessThan(300);
    const guard = ((await started.json()) as { data: { guard: { breakDue: boolean; nextBreakAt: string | null } | null } }).data.guard;
    expect(guard?.breakDue).toBe(false);
    expect(new Date(guard!.nextBreakAt!).getTime()).toBe(at.getTime() - (at.getTime() % MINUTE) + 6 * 60 * MINUTE);

    // The job, run now, sends "Break due soon" by push at once (its time has passed), with its Start break action.
    const sent = await runScheduler(request, member, new Date());
    expect(sent.filter((delivery) => delivery.kind === 'breakGuard').map((delivery) => [delivery.channel, delivery.outcome])).toContainEqual([
      'push',
      'delivered',
    ]);
    const payloads = service.messages.map((message) => JSON.parse(decryptPush(message, keys.receiver, keys.authSecret)) as PushPayload);
    const payload = payloads.find((item) => item.title === 'Break due soon');
    expect(payload, `the break-due warning among ${JSON.stringify(payloads.map((item) => item.title))}`).toBeTruthy();
    expect(payload).toMatchObject({ kind: 'breakGuard', url: '/dashboard' });
    expect(payload!.tag).toMatch(/^breakGuard-/);
    expect(payload!.body).toContain('30 minutes after 6 hours of work');
    expect(payload!.actions).toContainEqual({ action: 'start-break', title: 'Start break' });

    // In the member's phone: the board marks them, the card says the break is due.
    await context.grantPermissions(['notifications']);
    await signInWithCookies(context, request, baseURL!, memberAccount);
    await gotoWithoutChat(page, '/on-breaks');
    await expect(boardRow(page, memberAccount.name).getByText('Break due', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await gotoWithoutChat(page, '/breaks');
    const card = workCard(page);
    await expect(card.getByText(/Break due in \d+ min/)).toBeVisible();
    await expectTouchTargets(card);

    // The service worker shows the warning with its Start break button.
    await deliverToWorker(page, JSON.stringify(payload), payload!.title);
    const shown = (await shownNotifications(page)).find((item) => item.title === payload!.title);
    expect(shown).toMatchObject({ body: payload!.body, tag: payload!.tag, url: '/dashboard' });
    expect(shown!.actions).toContain('start-break');

    // A tap on the notification itself opens its url, the Dashboard under its other name.
    await page.goto(payload!.url);
    await expect(page).toHaveURL(/\/breaks$/);

    // "Start break" opens the page the service worker opens for that action (public/push-sw.js): a live short break
    // starts, once, and the query is dropped.
    await page.goto('/breaks?action=start-break');
    await expect(page.getByRole('timer', { name: 'Time on break' })).toBeVisible();
    await expect(page).toHaveURL(/\/breaks$/);
    const current = await request.get('/break/current', { headers: bearer(member) });
    expect(((await current.json()) as { data: { type: string } | null }).data?.type).toBe('Short Break');
    await expect(workCard(page).getByText(/Break due (in \d+ min|now)/)).toBeHidden();

    // On a break, the board's Break due is gone.
    await gotoWithoutChat(page, '/on-breaks');
    const row = boardRow(page, memberAccount.name);
    await expect(row).toContainText('On break');
    await expect(row.getByText('Break due', { exact: true })).toBeHidden();
  } finally {
    service.server.close();
  }
});

test('desktop: an admin sets the rules; at clock-out the day’s summary offers a note and a break', async ({ page, context, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the desktop journey');
  test.slow();
  const account = uniqueAccount(testInfo, 'rules-desk');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);

  // Settings link to the rules, on the Working time page.
  await gotoWithoutChat(page, '/settings');
  await page.getByRole('link', { name: 'Break and rest rules' }).click();
  await expect(page).toHaveURL(/\/working-time#rules$/);
  const rules = page.getByRole('region', { name: 'Break and rest rules' });
  await expect(rules.getByRole('radio', { name: /^None/ })).toBeChecked();

  // Each preset shows its thresholds with the law's section.
  await rules.getByRole('radio', { name: /Germany \(ArbZG\)/ }).check();
  const thresholds = rules.getByRole('region', { name: 'Thresholds of Germany (ArbZG)' });
  await expect(thresholds).toContainText('30 min after more than 6 h of work; 45 min in all after more than 9 h');
  await expect(thresholds).toContainText('ArbZG § 4');
  await expect(thresholds).toContainText('at least 11 h between working days');
  const uk = rules.getByRole('radio', { name: /United Kingdom \(WTR 1998\)/ });
  await expect(uk).toHaveAccessibleName(/Working Time Regulations 1998/);
  await uk.check();
  await expect(rules.getByRole('region', { name: 'Thresholds of United Kingdom (WTR 1998)' })).toContainText('at least 11 h between working days');
  await expect(rules.getByRole('group', { name: 'Opted out of the 48-hour week' }).getByRole('checkbox', { name: account.name })).toBeVisible();

  // A copy into a custom set starts from the preset's numbers; a number out of range is refused under its field.
  await rules.getByRole('radio', { name: /Germany \(ArbZG\)/ }).check();
  await thresholds.getByRole('button', { name: 'Copy into a custom set' }).click();
  await expect(rules.getByRole('radio', { name: /^Custom/ })).toBeChecked();
  const tier = rules.getByLabel('Minutes of break (tier 1)');
  await expect(tier).toHaveValue('30');
  await expect(rules.getByLabel(/Daily maximum \(minutes\)/)).toHaveValue('600');
  await tier.fill('300');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules.getByText('Enter a whole number from 1 to 240.')).toBeVisible();

  // Saved as Germany.
  await rules.getByRole('radio', { name: /Germany \(ArbZG\)/ }).check();
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('The team’s rules have been saved.')).toBeVisible();
  await expect(rules.getByText(/^Last changed by/)).toBeVisible();
  const saved = await request.get('/work/rules', { headers: bearer(signed) });
  expect(((await saved.json()) as { data: { preset: string } }).data.preset).toBe('de');
  await expectNoSidewaysScroll(page);

  // Clocked in 6 h 10 ago without a break: the card says the break is due; clocking out shows the day's summary.
  const at = new Date(Date.now() - (6 * 60 + 10) * MINUTE);
  const started = await request.post('/work/start', { headers: bearer(signed), data: { at: at.toISOString() } });
  expect(started.status(), await started.text()).toBeLessThan(300);
  await gotoWithoutChat(page, '/breaks');
  const card = workCard(page);
  await expect(card.getByText('Break due now')).toBeVisible();
  await card.getByRole('button', { name: 'End work' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your day' });
  // The summary (its wording is the server's: "Worked 6 h 10, breaks …"), and the day's findings with their law.
  await expect(dialog.getByText(/^Worked 6 h \d+/)).toBeVisible();
  await expect(dialog).toContainText('ArbZG § 4');

  // "Add a note" notes the finding.
  await dialog.getByRole('button', { name: 'Add a note' }).first().click();
  const noteDialog = page.getByRole('dialog', { name: 'Add a note' });
  await noteDialog.getByRole('textbox', { name: 'Note' }).fill('Client call ran late');
  await noteDialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/^Note: Client call ran late/).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Edit note' }).first()).toBeVisible();

  // "Add a break" opens the add-break form for the day.
  await dialog.getByRole('button', { name: 'Add a break' }).click();
  const form = page.getByRole('dialog', { name: 'Add Break' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // The day's findings, with the note, on the Working time page (the period counts on the day it started).
  const day = at.toISOString().slice(0, 10);
  if (day === new Date().toISOString().slice(0, 10)) {
    await gotoWithoutChat(page, '/working-time');
    const daySection = page.getByRole('region', { name: 'Day' });
    await expect(daySection).toContainText('ArbZG § 4');
    await expect(daySection.getByText(/^Note: Client call ran late/).first()).toBeVisible();
    await expect(daySection.getByRole('button', { name: 'Edit note' }).first()).toBeVisible();
  }
});
