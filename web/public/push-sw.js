/*
 * Push for the service worker workbox generates (imported by it through `importScripts`, vite.config.ts).
 * The server sends JSON: {title, body, url, tag, kind, actions: [{action, title}]}, where `url` is a path of the app.
 */
const END_BREAK_URL = '/breaks?action=end-break';
/** A break-and-rest warning's "Start break": the Dashboard starts a live break (a short break) from the query. */
const START_BREAK_URL = '/breaks?action=start-break';

/** Where a notification's action button leads; the notification's own `url` for a tap on it. */
const ACTION_URLS = { 'end-break': END_BREAK_URL, 'start-break': START_BREAK_URL };

/** A meeting invitation's Yes and No: its own address (the meeting) with the answer, which the Meetings page sends. */
const ANSWER_ACTIONS = { 'meeting-yes': 'yes', 'meeting-no': 'no' };

/** A path of this app, or the Dashboard: a payload never sends the person to another site. */
function appUrl(path) {
  try {
    const url = new URL(path || '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let payload = {};
  if (event.data) {
    try {
      payload = event.data.json() || {};
    } catch {
      payload = { body: event.data.text() };
    }
  }
  const actions = Array.isArray(payload.actions)
    ? payload.actions.filter((item) => item && typeof item.action === 'string' && typeof item.title === 'string')
    : [];
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: typeof payload.url === 'string' ? payload.url : '/', kind: payload.kind },
    actions: actions.slice(0, 2),
  };
  if (typeof payload.tag === 'string' && payload.tag) {
    // The same reminder again replaces the last one, and still alerts.
    options.tag = payload.tag;
    options.renotify = true;
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Breaktime';
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const own = (event.notification.data && event.notification.data.url) || '/';
  const path = Object.prototype.hasOwnProperty.call(ACTION_URLS, event.action)
    ? ACTION_URLS[event.action]
    : Object.prototype.hasOwnProperty.call(ANSWER_ACTIONS, event.action)
      ? `${own}${own.includes('?') ? '&' : '?'}answer=${ANSWER_ACTIONS[event.action]}`
      : own;
  const target = appUrl(path);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // Focus first: only the click itself allows it.
        const focused = await open.focus();
        try {
          const navigated = await (focused || open).navigate(target);
          if (navigated) return;
        } catch {
          // A window this worker does not control cannot be navigated: open the page in a new one instead.
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
