import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';

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

export const feedKeys = { list: '/calendar/feeds' } as const;

export function useFeeds() {
  const { signedIn } = useSession();
  return useSWR<CalendarFeed[]>(signedIn ? feedKeys.list : null);
}

/** Create and revoke; the list reloads after each. */
export function useFeedActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      create: async (scope: FeedScope) => {
        const created = await api.post<CreatedFeed>(feedKeys.list, { scope } satisfies FeedInput);
        await mutate(feedKeys.list);
        return created;
      },
      revoke: async (id: string) => {
        await api.del<unknown>(`${feedKeys.list}/${encodeURIComponent(id)}`);
        await mutate(feedKeys.list);
      },
    }),
    [mutate],
  );
}
