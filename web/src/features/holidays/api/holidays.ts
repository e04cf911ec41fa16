import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKey, keyIn } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/*
 * The team's public holidays, aliased from the document generated into `src/lib/api-types.ts`. The feature imports
 * them from this file only.
 */

/** A region of a country whose holidays differ by region (German states, say). */
export type HolidayRegion = Schemas['Region'];

/** `GET /team/holidays/countries`: `regions` is empty when the whole country has the same holidays. */
export type HolidayCountry = Schemas['Country'];

/** Where a day off comes from: the country's public holidays, or one the team's admins added. */
export type HolidaySource = Schemas['HolidaySource'];

export type TeamHoliday = Schemas['TeamHoliday'];

/** `GET /team/holidays?year=` and what `PUT /team/holidays` answers; `library` names where the public days come from. */
export type TeamHolidays = Schemas['TeamHolidays'];

/**
 * The body of `PUT /team/holidays` (admins). Without `holidays` the year's list is reset to the country's (and
 * region's) public holidays; with it, the list is stored as given. The screens always send the year and the place.
 */
export type TeamHolidaysInput = Schemas['HolidaysInput'] & { year: number; country: string | null; region: string | null };

export const holidayKeys = {
  countries: apiKey('/team/holidays/countries'),
  year: (year: number) => apiKey('/team/holidays', { query: { year } }),
} as const;

export function useHolidayCountries(enabled = true) {
  const { signedIn } = useSession();
  // The list changes with the server's release only.
  return useApi(signedIn && enabled && holidayKeys.countries, { revalidateIfStale: false });
}

export function useTeamHolidays(year: number) {
  const { signedIn } = useSession();
  return useApi(signedIn && holidayKeys.year(year), { keepPreviousData: true });
}

/** The calendar shows the holidays of its month: its answers reload after a change. */
const isCalendarKey = (key: unknown) => keyIn(key, ['/leaves/calendar']);

/** An admin's change: the saved year replaces the cached one, and the calendar reloads. */
export function useSaveHolidays() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => async (body: TeamHolidaysInput) => {
      const saved = await api.put('/team/holidays', { body });
      await mutate(holidayKeys.year(body.year), saved, { revalidate: false });
      void mutate(isCalendarKey);
      return saved;
    },
    [mutate],
  );
}

/** The whole list as the PUT takes it, in date order. */
export const toHolidayList = (holidays: readonly { date: string; name: string }[]) =>
  [...holidays].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name)).map(({ date, name }) => ({ date, name }));
