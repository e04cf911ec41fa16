/**
 * Display formats of spec §9: dates day-month-year (en-GB), times in 12-hour form while the API stores
 * `YYYY-MM-DD` and 24-hour `HH:MM`.
 */
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * '2025-06-02' (or an RFC 3339 timestamp's date part) -> '02/06/2025', as en-GB writes it. Written out by hand: the
 * first Intl.DateTimeFormat a page builds costs tens of milliseconds of the first load's main thread (locale data).
 */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  // Through Date, so an impossible day rolls over (31 June -> 01/07) as the formatter did.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return `${pad2(date.getUTCDate())}/${pad2(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** '13:05' -> '1:05 PM'; '00:30' -> '12:30 AM'. */
export function formatTime(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  const hours = Number(match[1]);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${match[2]} ${suffix}`;
}

/** Today's date as the API writes it, in the browser's own time zone: 'YYYY-MM-DD'. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Long text in lists: cut at `max` characters with an ellipsis (meeting descriptions use 70). */
export function truncate(text: string, max: number): { text: string; truncated: boolean } {
  return text.length > max ? { text: `${text.slice(0, max)}…`, truncated: true } : { text, truncated: false };
}
