import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/*
 * Calendar feeds (iCalendar subscriptions), aliased from the document generated into `src/lib/api-types.ts`.
 */

/** `me`: the caller's own leaves and meetings; `team`: the team's approved absences (admins and HR). */
export type FeedScope = Schemas['FeedScope'];

/** A feed as `GET /calendar/feeds` lists it: never its address, which only its creation answers. */
export type CalendarFeed = Schemas['CalendarFeed'];

/** What `POST /calendar/feeds` answers (201), the one time the secret address is shown. */
export type CreatedFeed = Schemas['NewCalendarFeed'];

export type FeedInput = Schemas['FeedInput'];

export const feedKeys = { list: apiKey('/calendar/feeds') } as const;

export function useFeeds() {
  const { signedIn } = useSession();
  return useApi(signedIn && feedKeys.list);
}

/** Create and revoke; the list reloads after each. */
export function useFeedActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      create: async (scope: FeedScope) => {
        const created = await api.post('/calendar/feeds', { body: { scope } });
        await mutate(feedKeys.list);
        return created;
      },
      revoke: async (id: string) => {
        await api.del('/calendar/feeds/{id}', { params: { id } });
        await mutate(feedKeys.list);
      },
    }),
    [mutate],
  );
}
