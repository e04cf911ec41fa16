import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jwtValidFor } from '@/testing/jwt';
import { api, fail, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { NotificationSettings } from '../api/notifications';
import { NotificationsSection } from './notifications-section';

const defaults: NotificationSettings = {
  breakReminder: { enabled: true, minutes: 60, push: true, email: true },
  meetingReminder: { enabled: true, minutes: 10, push: true, email: true },
  dailyAgenda: { enabled: false, time: '08:30', push: true, email: true },
  leaveRequested: { enabled: true, push: true, email: true },
  leaveDecided: { enabled: true, push: true, email: true },
  breakGuard: { enabled: true, push: true, email: true },
  meetingInvitation: { enabled: true, push: true, email: true },
  quietHours: { enabled: false, from: '22:00', to: '07:00' },
};

const VAPID_KEY = 'BLzbGkz_IGWYAcwYW8wRoxGMtjPXYzPAfGUq4a3ZFERB9DDOXpA_NEBfY9m5HARzxLD0aSzChvqXqwzdDc8O7A0';
const ENDPOINT = 'https://push.example.net/send/device-1';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const signIn = () => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r1', id: 'u1', name: 'Ana Smith', email: 'ana@example.com' });

/** The notification settings, the push key and the subscriptions, as the server keeps them. */
function serve({ vapid = true }: { vapid?: boolean } = {}) {
  let current = structuredClone(defaults);
  const puts: NotificationSettings[] = [];
  const subscriptions: unknown[] = [];
  const deletions: unknown[] = [];
  server.use(
    http.get(api('/notifications/settings'), () => ok(current)),
    http.put(api('/notifications/settings'), async ({ request }) => {
      const body = (await request.json()) as NotificationSettings;
      puts.push(body);
      current = body;
      return ok(current);
    }),
    http.get(api('/notifications/vapid-key'), () => (vapid ? ok({ publicKey: VAPID_KEY }) : fail(404, 'Push is not set up on this server.'))),
    http.post(api('/notifications/subscriptions'), async ({ request }) => {
      subscriptions.push(await request.json());
      return ok({ message: 'Subscribed' });
    }),
    http.delete(api('/notifications/subscriptions'), async ({ request }) => {
      deletions.push(await request.json());
      return ok({ message: 'Unsubscribed' });
    }),
  );
  return { puts, subscriptions, deletions };
}

/** Notification, PushManager and a service worker registration, as a browser that supports push has them. */
function fakePushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribeError,
}: { permission?: NotificationPermission; answer?: NotificationPermission; subscribeError?: Error } = {}) {
  const state = { permission };
  let subscription: PushSubscription | null = null;
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  const makeSubscription = (key: Uint8Array) => {
    const unsubscribe = vi.fn(async () => {
      subscription = null;
      return true;
    });
    return {
      endpoint: ENDPOINT,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' } }),
      unsubscribe,
    } as unknown as PushSubscription;
  };
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      if (subscribeError) throw subscribeError;
      subscription = makeSubscription(options.applicationServerKey as Uint8Array);
      return subscription;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return state.permission;
      },
      requestPermission,
    },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class PushManager {} });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { requestPermission, pushManager, subscription: () => subscription };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'Notification');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
});

const group = (name: string) => screen.getByRole('group', { name });

async function renderSection() {
  const view = renderWithProviders(<NotificationsSection installHelp={<p>Add it to the Home Screen from Share.</p>} />, { route: '/settings' });
  await screen.findByRole('form', { name: 'Notification settings' });
  return view;
}

describe('notification settings', () => {
  it('shows each reminder with its switch, minutes or time and channels, and asks for no permission on load', async () => {
    signIn();
    serve();
    const browser = fakePushBrowser();
    await renderSection();

    const breakReminder = group('Break reminder');
    expect(within(breakReminder).getByRole('switch', { name: 'On' })).toBeChecked();
    expect(within(breakReminder).getByLabelText('Minutes into the break')).toHaveValue(60);
    expect(within(breakReminder).getByRole('checkbox', { name: 'Push' })).toBeChecked();
    expect(within(breakReminder).getByRole('checkbox', { name: 'Email' })).toBeChecked();
    expect(within(group('Meeting reminder')).getByLabelText('Minutes before')).toHaveValue(10);
    expect(within(group('Daily agenda')).getByRole('switch', { name: 'On' })).not.toBeChecked();
    expect(within(group('Daily agenda')).getByLabelText('Time')).toHaveValue('8:30 AM');
    expect(within(group('Leave requests')).getByRole('switch', { name: 'On' })).toBeChecked();
    expect(within(group('Leave decisions')).getByRole('switch', { name: 'On' })).toBeChecked();
    expect(within(group('Quiet hours')).getByLabelText('From')).toHaveValue('10:00 PM');
    expect(within(group('Quiet hours')).getByLabelText('To')).toHaveValue('7:00 AM');
    expect(group('Quiet hours')).toHaveTextContent('If the end comes before the start, the quiet hours run overnight past midnight.');
    expect(group('Quiet hours')).not.toHaveTextContent('from after to');

    expect(await screen.findByText('Push is off on this device.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on push on this device' })).toBeEnabled();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('saves the whole settings value with the changes', async () => {
    signIn();
    const { puts } = serve();
    fakePushBrowser();
    const { user } = await renderSection();

    const minutes = within(group('Break reminder')).getByLabelText('Minutes into the break');
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(within(group('Meeting reminder')).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(group('Quiet hours')).getByRole('switch', { name: 'On' }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));

    expect(await screen.findByText('Your notification settings have been updated.')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        ...defaults,
        breakReminder: { ...defaults.breakReminder, minutes: 45 },
        meetingReminder: { ...defaults.meetingReminder, email: false },
        quietHours: { ...defaults.quietHours, enabled: true },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Save notifications' })).toBeDisabled();
  });

  it('turns the break and rest warnings off, and their email', async () => {
    signIn();
    const { puts } = serve();
    fakePushBrowser();
    const { user } = await renderSection();

    await user.click(within(group('Break and rest warnings')).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(group('Break and rest warnings')).getByRole('switch', { name: 'On' }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));

    expect(await screen.findByText('Your notification settings have been updated.')).toBeInTheDocument();
    expect(puts).toEqual([{ ...defaults, breakGuard: { enabled: false, push: true, email: false } }]);
  });

  it('turns the mail of meeting invitations off, keeping their push', async () => {
    signIn();
    const { puts } = serve();
    fakePushBrowser();
    const { user } = await renderSection();

    await user.click(within(group('Meeting invitations')).getByRole('checkbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));

    expect(await screen.findByText('Your notification settings have been updated.')).toBeInTheDocument();
    expect(puts).toEqual([{ ...defaults, meetingInvitation: { enabled: true, push: true, email: false } }]);
  });

  it('checks the minutes before sending', async () => {
    signIn();
    const { puts } = serve();
    fakePushBrowser();
    const { user } = await renderSection();

    const minutes = within(group('Break reminder')).getByLabelText('Minutes into the break');
    await user.clear(minutes);
    await user.type(minutes, '2');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));

    expect(await screen.findByText('Enter 5 to 480 minutes.')).toBeInTheDocument();
    expect(minutes).toHaveAccessibleDescription('Enter 5 to 480 minutes.');
    expect(puts).toEqual([]);
  });

  it('shows the server’s field errors under their fields', async () => {
    signIn();
    serve();
    fakePushBrowser();
    server.use(
      http.put(api('/notifications/settings'), () =>
        HttpResponse.json(
          {
            message: 'Some fields are not valid.',
            errors: { 'quietHours.to': 'Quiet hours must end at another time than they start.', 'dailyAgenda.time': 'Give the time as HH:MM.' },
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = await renderSection();

    await user.click(within(group('Daily agenda')).getByRole('switch', { name: 'On' }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));

    expect(await screen.findByText('Quiet hours must end at another time than they start.')).toBeInTheDocument();
    expect(within(group('Quiet hours')).getByLabelText('To')).toHaveAccessibleDescription('Quiet hours must end at another time than they start.');
    const agendaTime = within(group('Daily agenda')).getByLabelText('Time');
    expect(agendaTime).toHaveAccessibleDescription('Give the time as HH:MM.');
    expect(agendaTime).toHaveFocus();
    expect(screen.queryByText('Your notification settings have been updated.')).not.toBeInTheDocument();
  });
});

describe('push on this device', () => {
  it('turning a reminder’s Push on asks for permission, subscribes with the server’s key and sends the subscription; turning off removes it', async () => {
    signIn();
    const { subscriptions, deletions } = serve();
    const browser = fakePushBrowser();
    const { user } = await renderSection();
    await screen.findByText('Push is off on this device.');

    const push = within(group('Break reminder')).getByRole('checkbox', { name: 'Push' });
    await user.click(push);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(push);

    expect(await screen.findByText('Push is on for this device.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(subscriptions).toEqual([{ endpoint: ENDPOINT, keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' } }]);

    await user.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByText('Push is off on this device.')).toBeInTheDocument();
    expect(deletions).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.subscription()).toBeNull();
  });

  it('the device button turns push on too; a subscription already there shows as on at the next visit', async () => {
    signIn();
    const { subscriptions } = serve();
    const browser = fakePushBrowser({ permission: 'granted' });
    const first = await renderSection();
    await first.user.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect(await screen.findByText('Push is on for this device.')).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(subscriptions).toHaveLength(1);
    first.unmount();

    await renderSection();
    expect(await screen.findByText('Push is on for this device.')).toBeInTheDocument();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('opening the section shows the device’s push state in its line, announced only after the person turns push on', async () => {
    signIn();
    serve();
    fakePushBrowser({ permission: 'granted' });
    const { user } = await renderSection();
    const state = await screen.findByText('Push is off on this device.');
    expect(state).toBeVisible();
    // Not a notification: no status message or live region says it on opening.
    expect(screen.queryAllByRole('status').filter((s) => s.textContent?.includes('Push is'))).toEqual([]);
    expect(state.closest('[aria-live="polite"], [aria-live="assertive"], [role="alert"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Turn on push on this device' }));
    const on = await screen.findByText('Push is on for this device.');
    expect(on.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('turning a reminder on whose Push is ticked asks too', async () => {
    signIn();
    serve();
    const browser = fakePushBrowser();
    const { user } = await renderSection();
    await screen.findByText('Push is off on this device.');
    await user.click(within(group('Daily agenda')).getByRole('switch', { name: 'On' }));
    expect(await screen.findByText('Push is on for this device.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says push is blocked when the person refuses, and subscribes nothing', async () => {
    signIn();
    const { subscriptions } = serve();
    const browser = fakePushBrowser({ answer: 'denied' });
    const { user } = await renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect(await screen.findByText(/Push is blocked in this browser’s settings\./)).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(subscriptions).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Turn on push on this device' })).not.toBeInTheDocument();
  });

  it('says push is blocked from the start when notifications are denied', async () => {
    signIn();
    serve();
    fakePushBrowser({ permission: 'denied' });
    await renderSection();
    expect(await screen.findByText(/Push is blocked in this browser’s settings\./)).toBeInTheDocument();
  });

  it('says push is not set up when the server has no key', async () => {
    signIn();
    serve({ vapid: false });
    fakePushBrowser();
    await renderSection();
    expect(await screen.findByText('Push is not set up on this server. Reminders still come by email.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on push on this device' })).not.toBeInTheDocument();
  });

  it('shows why when the browser’s push service refuses the subscription', async () => {
    signIn();
    const { subscriptions } = serve();
    fakePushBrowser({ subscribeError: new DOMException('Registration failed - push service not available', 'AbortError') });
    const { user } = await renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Push could not be turned on on this device: Registration failed - push service not available.');
    expect(screen.getByText('Push is off on this device.')).toBeInTheDocument();
    expect(subscriptions).toEqual([]);
  });

  it('on an iPhone outside the Home Screen app, says push needs the app installed', async () => {
    signIn();
    serve();
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => IPHONE_SAFARI });
    await renderSection();
    expect(screen.getByText(/On iPhone and iPad, push needs the app installed to the Home Screen/)).toBeInTheDocument();
    expect(screen.getByText('Add it to the Home Screen from Share.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on push on this device' })).not.toBeInTheDocument();
  });

  it('says so when the browser has no push at all', async () => {
    signIn();
    serve();
    await renderSection();
    expect(screen.getByText('This browser cannot receive push notifications. Reminders still come by email.')).toBeInTheDocument();
  });
});
