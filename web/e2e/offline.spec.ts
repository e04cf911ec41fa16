import { expect, test, type Page } from './support/test';
import { createVerifiedAccount, navbar, uniqueAccount } from './support/helpers';
import { bearer, enGb, gotoWithoutChat, signInWithCookies } from './support/records';

// The journey of a phone with a bad connection (390x844). The server's "today" is the profile's zone (UTC for a
// new account); the browser runs in UTC too.
test.use({ timezoneId: 'UTC' });

interface Queued {
  key: string;
  path: string;
  body?: { at?: string };
}

/** The offline queue as the app keeps it in IndexedDB. */
async function storedQueue(page: Page): Promise<Queued[]> {
  return page.evaluate(
    () =>
      new Promise<Queued[]>((resolve, reject) => {
        const open = indexedDB.open('breaktime-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('queue').objectStore('queue').get('writes');
          read.onsuccess = () => resolve((read.result as Queued[] | undefined) ?? []);
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

const hhmm = (iso: string) => iso.slice(11, 16);
const unsynced = (page: Page) => navbar(page).getByRole('button', { name: /changes? not synced/ });

async function openChecklist(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Daily Checklist' }).click();
  const panel = page.getByRole('region', { name: 'Daily Checklist' });
  await expect(panel).toBeVisible();
  return panel;
}

async function closeChecklist(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Daily Checklist' })).toBeHidden();
}

test('offline: a break started and ended, a task added, the app reloaded; online again, each reaches the server once with the tap’s times', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone journey');
  test.slow();
  const account = uniqueAccount(testInfo, 'offline');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  // The device's clock runs 20 minutes behind the server's here, so the times the break is saved with can only
  // be the taps' (sent as `at`), not the moment the queue reached the server.
  await page.clock.install({ time: new Date(Date.now() - 20 * 60_000) });

  // Online first: the lists are fetched (and kept), the service worker takes control of the page.
  await gotoWithoutChat(page, '/tasks');
  await expect(page.getByText('You have not scheduled any tasks today')).toBeVisible();
  await gotoWithoutChat(page, '/breaks');
  await expect(page.getByText('You have not taken any breaks today')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker controls the pages opened after it was installed.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText('You have not taken any breaks today')).toBeVisible();
  const deviceToday = await page.evaluate(() => new Date().toISOString().slice(0, 10));

  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();

  // Start a break: the card runs the timer at once, marked as waiting to sync.
  await page.getByLabel('Break type').selectOption('Coffee Break');
  await page.getByRole('button', { name: 'Start break' }).click();
  const timer = page.getByRole('timer', { name: 'Time on break' });
  await expect(timer).toBeVisible();
  await expect(page.getByText('Waiting to sync').first()).toBeVisible();
  await expect(unsynced(page)).toHaveAccessibleName('1 change not synced');

  // Five minutes on the device's clock, then end it.
  await page.clock.fastForward('05:00');
  await expect(timer).toHaveText(/^5:0\d$/);
  await page.getByRole('button', { name: 'End break' }).click();
  await expect(page.getByRole('button', { name: 'Start break' })).toBeVisible();
  const todayBreaks = page.getByRole('list', { name: "Today's breaks" });
  await expect(todayBreaks).toContainText('Coffee Break');
  await expect(todayBreaks).toContainText('Waiting to sync');
  await expect(unsynced(page)).toHaveAccessibleName('2 changes not synced');

  // Add a task on the Tasks page, opened offline (the service worker serves the app).
  await page.goto('/tasks');
  await page.getByRole('button', { name: 'Add task' }).click();
  const add = page.getByRole('dialog', { name: 'Add Task' });
  await add.getByLabel('Title').fill('Call the supplier');
  await add.getByLabel('Description').fill('About the late delivery.');
  await add.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Saved on this device. It is sent when the connection is back.')).toBeVisible();
  const todayTasks = page.getByRole('list', { name: "Today's tasks" });
  await expect(todayTasks).toContainText('Call the supplier');
  await expect(todayTasks).toContainText('Waiting to sync');
  await expect(unsynced(page)).toHaveAccessibleName('3 changes not synced');

  // Reload, still offline: the app, the lists and the queue are all still there.
  await page.reload();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByText(/Lists last updated/)).toBeVisible();
  await expect(todayTasks).toContainText('Call the supplier');
  await expect(todayTasks).toContainText('Waiting to sync');
  await expect(unsynced(page)).toHaveAccessibleName('3 changes not synced');
  const queue = await storedQueue(page);
  expect(queue.map((item) => item.path)).toEqual(['/break/start', '/break/end', '/task/add']);
  const [startAt, endAt] = [queue[0]?.body?.at ?? '', queue[1]?.body?.at ?? ''];
  expect(Date.parse(endAt) - Date.parse(startAt)).toBeGreaterThanOrEqual(5 * 60_000);

  await page.goto('/breaks');
  await expect(todayBreaks).toContainText('Coffee Break');
  await expect(todayBreaks).toContainText('Waiting to sync');

  // Back online: the queue is sent in order and the marks go.
  await context.setOffline(false);
  await expect(page.getByText('3 changes synced.')).toBeVisible({ timeout: 20_000 });
  await expect(unsynced(page)).toBeHidden();
  await expect(page.getByText('You are offline.')).toBeHidden();
  await expect(todayBreaks).toContainText('Coffee Break');
  await expect(todayBreaks).not.toContainText('Waiting to sync');

  // The server has exactly one break, with the taps' times, and one task.
  const breaks = await request.get(`/break/todayBreaks?todayCreatedDate=${deviceToday}`, { headers: bearer(signed) });
  expect(breaks.status()).toBe(200);
  const saved = ((await breaks.json()) as { data: Array<{ type: string; live: boolean; startTime: string; endTime: string; duration: number }> }).data;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ type: 'Coffee Break', live: true, startTime: hhmm(startAt), endTime: hhmm(endAt) });
  expect(saved[0]!.duration).toBeGreaterThanOrEqual(5);
  expect(saved[0]!.startTime).not.toBe(hhmm(new Date().toISOString()));
  const current = await request.get('/break/current', { headers: bearer(signed) });
  expect(((await current.json()) as { data: unknown }).data).toBeNull();
  const tasks = await request.get('/task/list', { headers: bearer(signed) });
  const list = ((await tasks.json()) as { data: { totalCount: number; tasks: Array<{ title: string }> } }).data;
  expect(list.totalCount).toBe(1);
  expect(list.tasks[0]?.title).toBe('Call the supplier');
});

test('offline: a leave requested and a checklist item ticked, the app reloaded; online again, the server has one leave and the tick', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone journey');
  test.slow();
  const account = uniqueAccount(testInfo, 'offline-leave');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  const today = new Date().toISOString().slice(0, 10);
  const added = await request.post('/daily-checklist/add', {
    headers: bearer(signed),
    data: { task: 'Water the plants', status: false, createdDate: today, isFeature: false },
  });
  expect(added.status()).toBe(201);
  const from = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  const range = `${enGb(from)} – ${enGb(to)}`;

  // Online first: the leaves, their types and the checklist are fetched (and kept); the worker takes control.
  await gotoWithoutChat(page, '/leaves');
  await expect(page.getByText('You have not recorded any leaves.')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText('You have not recorded any leaves.')).toBeVisible();
  const panel = await openChecklist(page);
  await expect(panel.getByRole('checkbox', { name: 'Water the plants' })).not.toBeChecked();
  await closeChecklist(page);

  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();

  // Request a leave: it waits in the list with the dates entered; its days and approval come with the sync.
  await page.getByRole('button', { name: 'Add leave' }).click();
  const add = page.getByRole('dialog', { name: 'Add leave' });
  await add.getByLabel('From date').fill(from);
  await add.getByLabel('To date').fill(to);
  await add.getByLabel('Reason').fill('Family visit');
  await add.getByRole('button', { name: 'Add leave' }).click();
  await expect(page.getByText('Days and approval are worked out when it syncs.').first()).toBeVisible();
  await expect(add).toBeHidden();
  const leaves = page.getByRole('list', { name: 'Your leaves' });
  await expect(leaves).toContainText(range);
  await expect(leaves).toContainText('Waiting to sync');
  await expect(unsynced(page)).toHaveAccessibleName('1 change not synced');

  // Tick the checklist item.
  const offlinePanel = await openChecklist(page);
  await offlinePanel.getByRole('checkbox', { name: 'Water the plants' }).check();
  await expect(offlinePanel.getByRole('checkbox', { name: 'Water the plants' })).toBeChecked();
  await expect(offlinePanel.getByText('Waiting to sync')).toBeVisible();
  await expect(unsynced(page)).toHaveAccessibleName('2 changes not synced');
  await closeChecklist(page);

  // Reload, still offline: both still wait.
  await page.reload();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(leaves).toContainText(range);
  await expect(leaves).toContainText('Waiting to sync');
  await expect(leaves).toContainText('Days and approval are worked out when it syncs.');
  await expect(unsynced(page)).toHaveAccessibleName('2 changes not synced');
  const reloadedPanel = await openChecklist(page);
  await expect(reloadedPanel.getByRole('checkbox', { name: 'Water the plants' })).toBeChecked();
  await expect(reloadedPanel.getByText('Waiting to sync')).toBeVisible();
  expect((await storedQueue(page)).map((item) => item.path)).toEqual(['/leaves/add', expect.stringMatching(/^\/daily-checklist\/edit\//)]);
  await closeChecklist(page);

  // Back online: both are sent, the server's leave replaces the waiting one.
  await context.setOffline(false);
  await expect(page.getByText('2 changes synced.')).toBeVisible({ timeout: 20_000 });
  await expect(unsynced(page)).toBeHidden();
  await expect(leaves).toContainText(range);
  await expect(leaves).not.toContainText('Waiting to sync');
  await expect(leaves).not.toContainText('Days and approval are worked out when it syncs.');
  await expect(leaves).toContainText('2 days');

  const list = await request.get('/leaves/list', { headers: bearer(signed) });
  const saved = ((await list.json()) as { data: { totalCount: number; leaves: Array<{ fromDate: string; toDate: string; reason: string }> } }).data;
  expect(saved.totalCount).toBe(1);
  expect(saved.leaves[0]).toMatchObject({ fromDate: from, toDate: to, reason: 'Family visit' });
  const checklist = await request.get('/daily-checklist/getCheckListWithTwoLatestDates', { headers: bearer(signed) });
  const items = ((await checklist.json()) as { data: { checkList: Array<{ task: string; status: boolean }> } }).data.checkList;
  expect(items).toEqual([expect.objectContaining({ task: 'Water the plants', status: true })]);
});

test.describe('an answer lost after the server wrote', () => {
  // Requests the service worker would pass on are not all seen by page.route: this journey does without it.
  test.use({ serviceWorkers: 'block' });

  test('is sent again with the same key and replayed: no second record', async ({ page, context, request, baseURL }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone journey');
    const account = uniqueAccount(testInfo, 'lost');
    await createVerifiedAccount(request, account);
    const signed = await signInWithCookies(context, request, baseURL!, account);
    await gotoWithoutChat(page, '/tasks');
    await expect(page.getByText('You have not scheduled any tasks today')).toBeVisible();

    const sent: { key: string | undefined; status: number; replayed?: string }[] = [];
    await page.route('**/task/add', async (route) => {
      const key = route.request().headers()['idempotency-key'];
      const response = await route.fetch();
      sent.push({ key, status: response.status(), replayed: response.headers()['idempotency-replayed'] });
      // The first answer never arrives: the server wrote the task, the phone does not know.
      if (sent.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });

    await page.getByRole('button', { name: 'Add task' }).click();
    const add = page.getByRole('dialog', { name: 'Add Task' });
    await add.getByLabel('Title').fill('Book the meeting room');
    await add.getByLabel('Description').fill('For Thursday.');
    await add.getByRole('button', { name: 'Add task' }).click();

    await expect.poll(() => sent.length).toBe(2);
    expect(sent[0]).toMatchObject({ status: 201 });
    expect(sent[1]).toMatchObject({ key: sent[0]!.key, status: 201, replayed: 'true' });
    const todayTasks = page.getByRole('list', { name: "Today's tasks" });
    await expect(todayTasks.getByText('Book the meeting room')).toHaveCount(1);
    await expect(todayTasks).not.toContainText('Waiting to sync');

    const tasks = await request.get('/task/list', { headers: bearer(signed) });
    expect(((await tasks.json()) as { data: { totalCount: number } }).data.totalCount).toBe(1);
  });
});
