import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { t } from '@/lib/i18n';
import { deleteSubscription, fetchVapidKey, saveSubscription, type PushSubscriptionBody } from '../api/notifications';

/**
 * Where this browser stands with push:
 * - `checking`: reading the browser's subscription;
 * - `unsupported`: no service worker, Push API or notifications here;
 * - `needs-install`: an iPhone or iPad, where only the app added to the Home Screen receives push;
 * - `not-configured`: the server has no push key (404 from `/notifications/vapid-key`);
 * - `blocked`: notifications are denied in the browser's settings (only the person can change that);
 * - `off` / `on`: whether this browser holds a subscription.
 */
export type PushStatus = 'checking' | 'unsupported' | 'needs-install' | 'not-configured' | 'blocked' | 'off' | 'on';

/** How long to wait for the service worker before saying it is not running (a dev server has none). */
const WORKER_WAIT_MS = 10_000;

function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  // iPadOS presents itself as a Mac; only its touch screen tells them apart.
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Whether this browser can take push at all; iOS and iPadOS give the Push API only to Home Screen apps. */
export function pushSupport(): 'supported' | 'needs-install' | 'unsupported' {
  const apple = isAppleMobile(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  if (apple && !isStandalone()) return 'needs-install';
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!capable) return apple ? 'needs-install' : 'unsupported';
  return 'supported';
}

/** The VAPID key as `applicationServerKey` wants it. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/** What the server takes: endpoint and keys only (`toJSON()` adds `expirationTime`). */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' } };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A failure's message; DOMExceptions (what the Push API rejects with) are not Errors in every engine. */
const reason = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : t('notifications.push.unknownError');
};

/**
 * This browser's push subscription. Nothing here asks for permission until {@link PushDevice.turnOn} runs, which
 * callers do only on a person's tap (turning a reminder's Push on, or "Turn on push on this device").
 */
export interface PushDevice {
  status: PushStatus;
  busy: boolean;
  /** The last failure, in words. */
  error?: string;
  /** Asks for permission (first time only), subscribes with the server's key and sends the subscription. */
  turnOn: () => Promise<boolean>;
  /** Removes the subscription from the server and from the browser. */
  turnOff: () => Promise<void>;
}

export function usePushDevice(): PushDevice {
  const [support] = useState(pushSupport);
  const [status, setStatus] = useState<PushStatus>(support === 'supported' ? 'checking' : support);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (support !== 'supported') return;
    let active = true;
    const settle = (next: PushStatus) => {
      if (active) setStatus((now) => (now === 'checking' ? next : now));
    };
    if (Notification.permission === 'denied') {
      settle('blocked');
      return;
    }
    // Whether the server has a key at all decides what "off" means; the key itself is read again on turning on.
    fetchVapidKey()
      .then(async () => settle((await currentSubscription()) ? 'on' : 'off'))
      .catch((failure: unknown) => settle(failure instanceof ApiError && failure.status === 404 ? 'not-configured' : 'off'));
    return () => {
      active = false;
    };
  }, [support]);

  const turnOn = useCallback(async () => {
    if (support !== 'supported') return false;
    setBusy(true);
    setError(undefined);
    try {
      // First, while the tap still counts as one: browsers only show the permission prompt on a user gesture.
      const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
      if (permission !== 'granted') {
        setStatus(permission === 'denied' ? 'blocked' : 'off');
        if (permission !== 'denied') setError(t('notifications.push.notAllowed'));
        return false;
      }
      let key: string;
      try {
        key = await fetchVapidKey();
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 404) {
          setStatus('not-configured');
          return false;
        }
        throw failure;
      }
      const applicationServerKey = base64UrlToBytes(key);
      const registration = await withTimeout(navigator.serviceWorker.ready, WORKER_WAIT_MS, t('notifications.push.workerNotRunning'));
      let subscription = await registration.pushManager.getSubscription();
      // A subscription made for another key (the server's keys were made again) cannot be reused.
      if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
      try {
        await saveSubscription(subscriptionBody(subscription));
      } catch (failure) {
        // The server does not know it: a subscription only the browser holds would look "on" and never get anything.
        await subscription.unsubscribe().catch(() => false);
        throw failure;
      }
      setStatus('on');
      return true;
    } catch (failure) {
      console.error('Turning push on failed', failure);
      setError(t('notifications.push.turnOnFailed', { reason: reason(failure) }));
      setStatus((now) => (now === 'on' ? now : 'off'));
      return false;
    } finally {
      setBusy(false);
    }
  }, [support]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setError(undefined);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        try {
          await deleteSubscription(subscription.endpoint);
        } catch (failure) {
          // Already gone from the server (a push service's 410 removes it there): only the browser's copy is left.
          if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
        }
        await subscription.unsubscribe();
      }
      setStatus('off');
    } catch (failure) {
      console.error('Turning push off failed', failure);
      setError(t('notifications.push.turnOffFailed', { reason: reason(failure) }));
    } finally {
      setBusy(false);
    }
  }, []);

  return { status, busy, error, turnOn, turnOff };
}
