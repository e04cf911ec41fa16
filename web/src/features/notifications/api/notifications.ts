import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';

/** The person's reminders and notices, in their profile's time zone (`GET /notifications/settings`). */
export type NotificationSettings = Schemas['NotificationSettings'];
export type ReminderKind = Schemas['ReminderKind'];
export type UnsubscribeInfo = Schemas['UnsubscribeInfo'];
/** What `POST /notifications/subscriptions` takes: the browser's `PushSubscription.toJSON()`, endpoint and keys. */
export type PushSubscriptionBody = Schemas['PushSubscription'];

/** The Settings card's anchor: `/settings#notifications`. */
export const NOTIFICATIONS_ID = 'notifications';

export const notificationKeys = {
  settings: '/notifications/settings',
  vapidKey: '/notifications/vapid-key',
} as const;

export function useNotificationSettings() {
  const { signedIn } = useSession();
  return useSWR<NotificationSettings>(signedIn ? notificationKeys.settings : null);
}

/** Saves the whole settings value; the answer becomes the cached one. */
export function useSaveNotificationSettings() {
  return useSWRMutation(
    notificationKeys.settings,
    (_key: string, { arg }: { arg: NotificationSettings }) => api.put<NotificationSettings>(notificationKeys.settings, arg),
    { populateCache: true, revalidate: false },
  );
}

/** The deployment's VAPID public key (base64url); an ApiError with status 404 when push is not set up. */
export const fetchVapidKey = () => api.get<Schemas['VapidKey']>(notificationKeys.vapidKey, { auth: false }).then((answer) => answer.publicKey);

export const saveSubscription = (subscription: PushSubscriptionBody) =>
  api.post<Schemas['Message']>('/notifications/subscriptions', subscription satisfies PushSubscriptionBody);

export const deleteSubscription = (endpoint: string) =>
  api.del<Schemas['Message']>('/notifications/subscriptions', { body: { endpoint } satisfies Schemas['EndpointBody'] });

/** What an email's unsubscribe link stops; changes nothing. */
export const readUnsubscribe = (token: string) => api.get<UnsubscribeInfo>('/notifications/unsubscribe', { auth: false, query: { token } });

/** Turns off email of the link's kind (a repeat changes nothing). */
export const confirmUnsubscribe = (token: string) => api.post<UnsubscribeInfo>('/notifications/unsubscribe', undefined, { auth: false, query: { token } });
