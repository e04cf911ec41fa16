/**
 * Display formats of spec §9 in English: dates day-month-year (en-GB), times in 12-hour form while the API stores
 * `YYYY-MM-DD` and 24-hour `HH:MM`. German, French and Spanish take their own formats from `Intl` (24-hour times).
 */
import { currentLanguage, formatLocale, type Language } from './i18n';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
/** One formatter per language and options: building one costs milliseconds (locale data). */
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** A date formatter in the person's language (dates are UTC midnights: `new Date(Date.UTC(...))`). */
export function dateFormat(options: Intl.DateTimeFormatOptions, language: Language = currentLanguage()): Intl.DateTimeFormat {
  return cached(`d:${language}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(formatLocale(language), { timeZone: 'UTC', ...options }));
}

/** A number in the person's language (`1,5` in German). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, language: Language = currentLanguage()): string {
  return cached(`n:${language}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(formatLocale(language), options)).format(value);
}

/** The first day of the week in the person's language: 0 Sunday, 1 Monday (Monday for all four of the app's). */
export function weekStartsOn(language: Language = currentLanguage()): 0 | 1 {
  try {
    const info = (new Intl.Locale(formatLocale(language)) as Intl.Locale & { getWeekInfo?: () => { firstDay: number } }).getWeekInfo?.();
    if (info) return info.firstDay === 7 ? 0 : 1;
  } catch {
    // Older engines: the languages the app has all start on Monday.
  }
  return 1;
}

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
  const language = currentLanguage();
  if (language !== 'en') return dateFormat({ day: '2-digit', month: '2-digit', year: 'numeric' }, language).format(date);
  return `${pad2(date.getUTCDate())}/${pad2(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** '13:05' -> '1:05 PM'; '00:30' -> '12:30 AM' in English; '13:05' in German, French and Spanish. */
export function formatTime(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  if (currentLanguage() !== 'en') return `${pad2(Number(match[1]))}:${match[2]}`;
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
