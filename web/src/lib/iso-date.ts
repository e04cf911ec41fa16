/** Calendar arithmetic on the API's 'YYYY-MM-DD' dates, in UTC so no time zone or daylight-saving shift can move a day. */

function parts(iso: string): [number, number, number] | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Day number since 1970-01-01 of a real calendar date, or undefined ('2025-02-30' is not one). */
export function isoDayNumber(iso: string): number | undefined {
  const ymd = parts(iso);
  if (!ymd) return undefined;
  const [year, month, day] = ymd;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return Math.round(date.getTime() / 86_400_000);
}

/** A real calendar date written 'YYYY-MM-DD'. */
export const isIsoDate = (iso: string) => isoDayNumber(iso) !== undefined;

/** The date `days` after (or before, when negative) `iso`. */
export function addDaysIso(iso: string, days: number): string {
  const day = isoDayNumber(iso);
  if (day === undefined) return iso;
  return new Date((day + days) * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier), or undefined when either is not a date. */
export function daysBetweenIso(from: string, to: string): number | undefined {
  const start = isoDayNumber(from);
  const end = isoDayNumber(to);
  return start === undefined || end === undefined ? undefined : end - start;
}
