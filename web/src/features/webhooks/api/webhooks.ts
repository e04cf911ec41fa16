import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/*
 * The team's chat webhooks (admins), aliased from the document generated into `src/lib/api-types.ts`. The feature
 * imports them from this file only.
 */

/** A hook as `GET /admin/webhooks` lists it: never with its secret. */
export type Webhook = Schemas['Webhook'];

/** The outcome of a hook's latest try: `nextAttempt` is set while a failed event will be tried again. */
export type LastDelivery = Schemas['LastDelivery'];

/** What `POST /admin/webhooks` answers (201): the only time the signing secret is shown. */
export type CreatedWebhook = Schemas['CreatedWebhook'];

export type WebhookFormat = 'slack' | 'teams' | 'generic';
export type WebhookEvent = 'leave.approved' | 'daily.absences' | 'break.started' | 'break.ended' | 'work.started' | 'work.ended';

/** The body of `POST /admin/webhooks`, with the values the form offers. */
export type WebhookInput = Required<Pick<Schemas['WebhookInput'], 'url'>> & { format: WebhookFormat; events: WebhookEvent[]; dailyAt?: string };

export const webhookKeys = { list: apiKey('/admin/webhooks') } as const;

/** Only admins may read the list (403 for everyone else): callers pass whether the viewer is one. */
export function useWebhooks(enabled = true) {
  const { signedIn } = useSession();
  return useApi(signedIn && enabled && webhookKeys.list);
}

/**
 * Adds a hook; the list then reloads from the server, so the secret lives only in the caller's state and never
 * reaches the (persisted) SWR cache.
 */
export function useAddWebhook() {
  return useSWRMutation(webhookKeys.list, (_key: unknown, { arg }: { arg: WebhookInput }) => api.post('/admin/webhooks', { body: arg }));
}

export function useRemoveWebhook() {
  return useSWRMutation(webhookKeys.list, (_key: unknown, { arg: id }: { arg: string }) => api.del('/admin/webhooks/{id}', { params: { id } }));
}
