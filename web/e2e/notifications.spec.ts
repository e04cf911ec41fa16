import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { decryptPush, fakePushService, runScheduler, shownNotifications, workerRegistration, type PushPayload } from './support/push';
import { apiLogin, bearer, expectNoSidewaysScroll, expectTouchTargets, gotoWithoutChat, signInWithCookies, type Signed } from './support/records';

// Reminders in the profile's zone (UTC for a new account); the browser runs in UTC too.
test.use({ timezoneId: 'UTC' });

/** Counts the app's permission requests: loading a page must make none. */
async function countPermissionRequests(context: BrowserContext) {
  await context.addInitScript(() => {
    const asks = { count: 0 };
    Object.defineProperty(window, '__permissionAsks', { value: asks });
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      asks.count += 1;
      return original(...args);
    };
  });
}

const permissionAsks = (page: Page) => page.evaluate(() => (window as unknown as { __permissionAsks: { count: number } }).__permissionAsks.count);

function notificationsCard(page: Page) {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Notifications', exact: true }) });
}

/** Starts a live break through the API; answers the instant it started. */
async function startBreak(request: APIRequestContext, signed: Signed): Promise<string> {
  const response = await request.post('/break/start', { headers: bearer(signed), data: { type: 'Coffee Break', reason: '' } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: { since: string } }).data.since;
}

/** Runs the reminder job as at `now` (the local server's dev route); answers what it sent to this user. */
/**
 * Headless Chromium cannot reach a real push service (and refuses push in an off-the-record context), so the page's
 * `PushManager` hands out a subscription to the fake service instead, with keys this test holds. Everything else is
 * the app's own flow: the permission request, the VAPID key, the subscribe call and the POST to the server.
 */
async function stubPushManager(context: BrowserContext, endpoint: string, p256dh: string, auth: string) {
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      let current: PushSubscription | null = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array;
        current = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { endpoint, p256dh, auth },
  );
}

/** The registration id of the app's service worker, as the DevTools protocol names it. */
test('Settings > Notifications: nothing asks on load; a tap on Push asks; the browser’s refusal to subscribe is shown', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const account = uniqueAccount(testInfo, 'push-ask');
  await createVerifiedAccount(request, account);
  await signInWithCookies(context, request, baseURL!, account);
  await countPermissionRequests(context);

  await gotoWithoutChat(page, '/settings');
  const card = notificationsCard(page);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Push is off on this device.')).toBeVisible();
  const breakReminder = card.getByRole('group', { name: 'Break reminder' });
  await expect(breakReminder.getByRole('switch', { name: 'On' })).toBeChecked();
  await expect(breakReminder.getByLabel('Minutes into the break')).toHaveValue('60');
  expect(await permissionAsks(page)).toBe(0);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  // Push is ticked by default: untick it and tick it again, the tap that turns this reminder's push on.
  const push = breakReminder.getByRole('checkbox', { name: 'Push' });
  await push.uncheck();
  expect(await permissionAsks(page)).toBe(0);
  await push.check();
  await expect.poll(() => permissionAsks(page)).toBe(1);
  // Headless Chromium answers the prompt itself, without a person: not granted.
  await expect(card.getByText(/Push is blocked in this browser’s settings|Push stays off: notifications were not allowed/)).toBeVisible();

  // Allowed in the browser's settings: the device button subscribes without asking again.
  await context.grantPermissions(['notifications']);
  await page.reload();
  await expect(card.getByText('Push is off on this device.')).toBeVisible();
  await card.getByRole('button', { name: 'Turn on push on this device' }).click();
  // Chromium refuses push subscriptions in an off-the-record profile, which every Playwright context is (and
  // has no push service to reach here anyway): the app says why.
  await expect(card.getByRole('alert')).toContainText('Push could not be turned on on this device: Registration failed');
  await expect(card.getByText('Push is off on this device.')).toBeVisible();
  expect(await permissionAsks(page)).toBe(0);

  if (testInfo.project.name === 'phone') {
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(card);
  }
});

test('a subscription reaches the server; a break past its reminder time is pushed and mailed, and the service worker shows it', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.slow();
  const account = uniqueAccount(testInfo, 'push');
  await createVerifiedAccount(request, account);
  const signed = await signInWithCookies(context, request, baseURL!, account);
  await context.grantPermissions(['notifications']);
  await countPermissionRequests(context);
  const service = await fakePushService();
  try {
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    const authSecret = randomBytes(16);
    await stubPushManager(context, service.endpoint, receiver.getPublicKey().toString('base64url'), authSecret.toString('base64url'));

    await gotoWithoutChat(page, '/settings');
    const card = notificationsCard(page);
    await expect(card.getByText('Push is off on this device.')).toBeVisible();
    await card.getByRole('button', { name: 'Turn on push on this device' }).click();
    await expect(card.getByText('Push is on for this device.')).toBeVisible();
    // Allowed in this context already: nothing to ask.
    expect(await permissionAsks(page)).toBe(0);

    // Save a shorter reminder: the form's values reach the server.
    const minutes = card.getByRole('group', { name: 'Break reminder' }).getByLabel('Minutes into the break');
    await minutes.fill('45');
    await card.getByRole('button', { name: 'Save notifications' }).click();
    await expect(page.getByText('Your notification settings have been updated.')).toBeVisible();
    const saved = await request.get('/notifications/settings', { headers: bearer(signed) });
    expect(((await saved.json()) as { data: { breakReminder: { minutes: number } } }).data.breakReminder.minutes).toBe(45);

    // A break 46 minutes old: the job pushes the reminder to this browser's subscription and mails it.
    const since = new Date(await startBreak(request, signed));
    const sent = await runScheduler(request, signed, new Date(since.getTime() + 46 * 60_000));
    expect(sent.filter((delivery) => delivery.kind === 'break').map((delivery) => [delivery.channel, delivery.outcome])).toEqual(
      expect.arrayContaining([
        ['push', 'delivered'],
        ['email', 'delivered'],
      ]),
    );
    expect(service.messages).toHaveLength(1);
    const text = decryptPush(service.messages[0]!, receiver, authSecret);
    const payload = JSON.parse(text) as PushPayload;
    expect(payload.kind).toBe('break');
    expect(payload.actions.map((action) => action.action)).toContain('end-break');

    // The service worker gets that payload (through DevTools: headless Chromium has no push service) and shows it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const worker = await workerRegistration(page);
    const deliver = () => worker.session.send('ServiceWorker.deliverPushMessage', { origin: worker.origin, registrationId: worker.registrationId, data: text });
    await deliver();
    // Under load the worker may still be starting when the first message comes; a message delivered again replaces the
    // notification of the same tag, so each poll that finds none delivers it once more.
    await expect
      .poll(
        async () => {
          const titles = (await shownNotifications(page)).map((shown) => shown.title);
          if (!titles.includes(payload.title)) await deliver().catch(() => undefined);
          return titles;
        },
        { timeout: 30_000, intervals: [500, 1_000, 2_000] },
      )
      .toContain(payload.title);
    const [shown] = await shownNotifications(page);
    expect(shown).toMatchObject({ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url });
    expect(shown!.actions).toContain('end-break');

    // Turn off on this device: the server forgets the subscription.
    await card.getByRole('button', { name: 'Turn off on this device' }).click();
    await expect(card.getByText('Push is off on this device.')).toBeVisible();

    // "End break now" opens the Dashboard with the action: the break ends, once.
    await page.goto('/breaks?action=end-break');
    await expect(page.getByText(/^Coffee Break: \d+ min\.$/)).toBeVisible();
    await expect(page).toHaveURL(/\/breaks$/);
    await expect(page.getByRole('button', { name: 'Start break' })).toBeVisible();
    const current = await request.get('/break/current', { headers: bearer(signed) });
    expect(((await current.json()) as { data: unknown }).data).toBeNull();

    // The next reminder is mailed only: no subscription is left.
    const next = new Date(await startBreak(request, signed));
    const later = await runScheduler(request, signed, new Date(next.getTime() + 46 * 60_000));
    expect(later.filter((delivery) => delivery.kind === 'break').map((delivery) => delivery.channel)).toEqual(['email']);
    expect(service.messages).toHaveLength(1);
  } finally {
    service.server.close();
  }
});

test('the reminder mail’s unsubscribe link stops those emails, without signing in', async ({ page, request }, testInfo) => {
  const account = uniqueAccount(testInfo, 'unsub');
  await createVerifiedAccount(request, account);
  const signed = await apiLogin(request, account);

  const since = new Date(await startBreak(request, signed));
  const sent = await runScheduler(request, signed, new Date(since.getTime() + 61 * 60_000));
  expect(sent).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'break', channel: 'email' })]));

  const outbox = (await (await request.get('/dev/outbox')).json()) as { data: { to: string; text: string; unsubscribe?: string | null }[] };
  const mail = outbox.data.filter((item) => item.to.toLowerCase().includes(account.email.toLowerCase()) && item.unsubscribe).at(-1);
  expect(mail, 'the break reminder mail').toBeTruthy();
  const link = /https?:\/\/\S+?\/unsubscribe\?token=[^\s)>"]+/.exec(mail!.text)?.[0];
  expect(link, 'the unsubscribe page link in the mail').toBeTruthy();
  const url = new URL(link!);

  await page.goto(url.pathname + url.search);
  await expect(page.getByText('Stop emails about break reminders?')).toBeVisible();
  await page.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(page.getByText('Done: you will no longer get these emails.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  if (testInfo.project.name === 'phone') await expectNoSidewaysScroll(page);

  const settings = (await (await request.get('/notifications/settings', { headers: bearer(signed) })).json()) as {
    data: { breakReminder: { email: boolean; push: boolean }; meetingReminder: { email: boolean } };
  };
  expect(settings.data.breakReminder).toMatchObject({ email: false, push: true });
  expect(settings.data.meetingReminder.email).toBe(true);
});
