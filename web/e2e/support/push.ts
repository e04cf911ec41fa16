import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Signed } from './records';

/*
 * Push in the journeys, as notifications.spec.ts does it: a push service on loopback that keeps each message, a
 * subscription whose keys the test holds, RFC 8291 decryption, the scheduler driven at a chosen instant, and the
 * service worker given a message through the DevTools protocol (headless Chromium has no push service).
 */

export interface Delivery {
  kind: string;
  channel: string;
  outcome: string;
  title: string;
  userId: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: string;
  actions: { action: string; title: string }[];
}

/** A push service on loopback (the local server accepts it with DEV_ROUTES=1), answering 201 like a real one. */
export async function fakePushService(): Promise<{ server: Server; endpoint: string; messages: Buffer[] }> {
  const messages: Buffer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      messages.push(Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, endpoint: `http://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`, messages };
}

/** A subscription's keys, held by the test: the receiver's key pair and the auth secret. */
export function pushKeys() {
  const receiver = createECDH('prime256v1');
  receiver.generateKeys();
  const authSecret = randomBytes(16);
  return { receiver, authSecret, p256dh: receiver.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') };
}

/** Decrypts an RFC 8291 (aes128gcm) message with the subscription's private key and auth secret, as a browser does. */
export function decryptPush(message: Buffer, receiver: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = message.subarray(0, 16);
  const idLength = message[20]!;
  const senderKey = message.subarray(21, 21 + idLength);
  const sealed = message.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end], 'the last record’s delimiter').toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Runs the reminder job as at `now` (the local server's dev route); answers what it sent to this user. */
export async function runScheduler(request: APIRequestContext, signed: Signed, now: Date): Promise<Delivery[]> {
  const response = await request.post('/dev/scheduler/run', { data: { now: now.toISOString() } });
  expect(response.status(), await response.text()).toBe(200);
  const { sent } = ((await response.json()) as { data: { sent: Delivery[] } }).data;
  return sent.filter((delivery) => delivery.userId === signed.id);
}

/** The registration id of the app's service worker, as the DevTools protocol names it. */
export async function workerRegistration(page: Page) {
  const session = await page.context().newCDPSession(page);
  const scope = new URL('/', page.url()).href;
  const registrationId = new Promise<string>((resolve) => {
    session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await session.send('ServiceWorker.enable');
  return { session, registrationId: await registrationId, origin: new URL(page.url()).origin };
}

/** The notifications the service worker shows now. */
export async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      tag: shown.tag,
      url: (shown.data as { url?: string } | null)?.url,
      actions: (shown as Notification & { actions?: { action: string }[] }).actions?.map((action) => action.action) ?? [],
    }));
  });
}

/** Gives the page's service worker a push message and waits until it shows it (a cold worker may miss the first). */
export async function deliverToWorker(page: Page, text: string, title: string) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const worker = await workerRegistration(page);
  const deliver = () => worker.session.send('ServiceWorker.deliverPushMessage', { origin: worker.origin, registrationId: worker.registrationId, data: text });
  await deliver();
  await expect
    .poll(
      async () => {
        const titles = (await shownNotifications(page)).map((shown) => shown.title);
        if (!titles.includes(title)) await deliver().catch(() => undefined);
        return titles;
      },
      { timeout: 30_000, intervals: [500, 1_000, 2_000] },
    )
    .toContain(title);
}
