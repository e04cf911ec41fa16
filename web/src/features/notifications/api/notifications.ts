import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/** The person's reminders and notices, in their profile's time zone (`GET /notifications/settings`). */
export type NotificationSettings = Schemas['NotificationSettings'];
export type ReminderKind = Schemas['ReminderKind'];
export type UnsubscribeInfo = Schemas['UnsubscribeInfo'];
/** What `POST /notifications/subscriptions` takes: the browser's `PushSubscription.toJSON()`, endpoint and keys. */
export type PushSubscriptionBody = Schemas['PushSubscription'];

/** The Settings card's anchor: `/settings#notifications`. */
export const NOTIFICATIONS_ID = 'notifications';

export const notificationKeys = {
  settings: apiKey('/notifications/settings'),
} as const;

export function useNotificationSettings() {
  const { signedIn } = useSession();
  return useApi(signedIn && notificationKeys.settings);
}

/** Saves the whole settings value; the answer becomes the cached one. */
export function useSaveNotificationSettings() {
  return useSWRMutation(
    notificationKeys.settings,
    (_key: unknown, { arg }: { arg: NotificationSettings }) => api.put('/notifications/settings', { body: arg }),
    { populateCache: true, revalidate: false },
  );
}

/** The deployment's VAPID public key (base64url); an ApiError with status 404 when push is not set up. */
export const fetchVapidKey = () => api.get('/notifications/vapid-key', { auth: false }).then((answer) => answer.publicKey);

export const saveSubscription = (subscription: PushSubscriptionBody) => api.post('/notifications/subscriptions', { body: subscription });

export const deleteSubscription = (endpoint: string) => api.del('/notifications/subscriptions', { body: { endpoint } });

/** What an email's unsubscribe link stops; changes nothing. */
export const readUnsubscribe = (token: string) => api.get('/notifications/unsubscribe', { auth: false, query: { token } });

/** Turns off email of the link's kind (a repeat changes nothing). */
export const confirmUnsubscribe = (token: string) => api.post('/notifications/unsubscribe', { auth: false, query: { token } });
