import { dateFormat } from '@/lib/format';
import { currentLanguage, formatLocale, t } from '@/lib/i18n';
import { addDaysIso, isoDayNumber } from '@/lib/iso-date';
import type { CalendarLeave, CalendarMember } from '../api/calendar';

type HalfDay = NonNullable<CalendarLeave['halfDay']>;

/** Months as the API writes them, `YYYY-MM`; days `YYYY-MM-DD`. Arithmetic in UTC, so no zone can move a day. */
export const isMonth = (value: string | null | undefined): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** The month of a `YYYY-MM-DD` day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The month `count` months after (before, when negative) `month`. */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every day of the month, the first to the last. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; monthOf(day) === month; day = addDaysIso(day, 1)) days.push(day);
  return days;
}

/** ISO weekday of a day: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(day: string): number {
  const number = isoDayNumber(day) ?? 0;
  return ((((number + 3) % 7) + 7) % 7) + 1;
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/*
 * Dates in the person's language, the formatter made when called (the language may change while the page is open).
 * English keeps the specification's forms: 'June 2026', 'Monday 1 June', 'Mon 1 Jun', '1 June', 'M'.
 */
const english = () => currentLanguage() === 'en';

/** 'June 2026' ('Juni 2026', 'juin 2026', 'junio de 2026'). */
export const formatMonth = (month: string) => dateFormat({ month: 'long', year: 'numeric' }).format(utc(`${month}-01`));
/** 'Monday 1 June' ('Montag, 1. Juni'). */
export const formatLongDay = (day: string) => {
  const text = dateFormat({ weekday: 'long', day: 'numeric', month: 'long' }).format(utc(day));
  return english() ? text.replace(',', '') : text;
};
/** 'Mon 1 Jun' ('Mo., 1. Juni'). */
export const formatShortDay = (day: string) => {
  const text = dateFormat({ weekday: 'short', day: 'numeric', month: 'short' }).format(utc(day));
  return english() ? text.replace(',', '') : text;
};
/** '1 June' ('1. Juni'). */
export const formatDayMonth = (day: string) => dateFormat({ day: 'numeric', month: 'long' }).format(utc(day));
/** 'M'. */
export const formatNarrowWeekday = (day: string) => dateFormat({ weekday: 'narrow' }).format(utc(day));

/** A heading's date with a capital first letter, as French and Spanish write months and weekdays in lower case ('Juin 2026'). */
export const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase(formatLocale()) + text.slice(1);

/** '2 June', or '2 June to 4 June'. */
export const formatLeaveDates = (leave: Pick<CalendarLeave, 'fromDate' | 'toDate'>) =>
  leave.fromDate === leave.toDate
    ? formatDayMonth(leave.fromDate)
    : t('calendar.dates.range', { from: formatDayMonth(leave.fromDate), to: formatDayMonth(leave.toDate) });

/** 'half day (morning)' or 'half day (afternoon)'. */
export const halfDayText = (half: HalfDay) => t(`calendar.halfDay.${half}`);

/** A member's row of the month grid: free days one by one, each leave one run of days (clipped to the month). */
export type RowCell = { kind: 'day'; day: string } | { kind: 'leave'; leave: CalendarLeave; days: string[] };

export function rowCells(leaves: readonly CalendarLeave[], days: readonly string[]): RowCell[] {
  const cells: RowCell[] = [];
  for (let index = 0; index < days.length;) {
    const day = days[index]!;
    const leave = leaves.find((item) => item.fromDate <= day && day <= item.toDate);
    if (!leave) {
      cells.push({ kind: 'day', day });
      index += 1;
      continue;
    }
    const run: string[] = [];
    while (index < days.length && days[index]! <= leave.toDate) run.push(days[index++]!);
    cells.push({ kind: 'leave', leave, days: run });
  }
  return cells;
}

/** Who is away on `day`, by member, in the calendar's order. */
export function awayOn(day: string, members: readonly CalendarMember[]): { member: CalendarMember; leave: CalendarLeave }[] {
  const away: { member: CalendarMember; leave: CalendarLeave }[] = [];
  for (const member of members) {
    for (const leave of member.leaves) if (leave.fromDate <= day && day <= leave.toDate) away.push({ member, leave });
  }
  return away;
}

/** The leave types of the month, once each, in order of first appearance (the legend). */
export function typesOf(members: readonly CalendarMember[]): { typeId: string; typeName: string; color: string }[] {
  const seen = new Map<string, { typeId: string; typeName: string; color: string }>();
  for (const member of members) {
    for (const { typeId, typeName, color } of member.leaves) if (!seen.has(typeId)) seen.set(typeId, { typeId, typeName, color });
  }
  return [...seen.values()];
}
