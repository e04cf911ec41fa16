/** Dates as the API writes them, `YYYY-MM-DD`, computed in the browser's own calendar. */
import { t } from '@/lib/i18n';

export interface DateRange {
  from: string;
  to: string;
}

/** The range's messages, each read in the language of the moment it is called. */
export const rangeMessages = {
  empty: () => t('archives.range.empty'),
  reversed: () => t('archives.range.reversed'),
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

function parse(value: string): Date {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

export function addDays(value: string, days: number): string {
  const date = parse(value);
  date.setDate(date.getDate() + days);
  return iso(date);
}

/** Whole months back or forward; the 31st of a shorter month becomes its last day. */
export function addMonths(value: string, months: number): string {
  const date = parse(value);
  const day = date.getDate();
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(day, lastDay));
  return iso(target);
}

export type PresetId = '7d' | '30d' | '6m' | '12m' | '2y' | '5y';

export interface Preset {
  id: PresetId;
  /** Read in the language of the moment. */
  readonly label: string;
  range: (today: string) => DateRange;
}

const preset = (id: PresetId, label: () => string, range: Preset['range']): Preset => ({
  id,
  get label() {
    return label();
  },
  range,
});

/** The picker's presets (spec §5): each ends today and counts today as its last day. */
export const presets: Preset[] = [
  preset(
    '7d',
    () => t('archives.presets.last7Days'),
    (today) => ({ from: addDays(today, -6), to: today }),
  ),
  preset(
    '30d',
    () => t('archives.presets.days', { count: 30 }),
    (today) => ({ from: addDays(today, -29), to: today }),
  ),
  preset(
    '6m',
    () => t('archives.presets.months', { count: 6 }),
    (today) => ({ from: addDays(addMonths(today, -6), 1), to: today }),
  ),
  preset(
    '12m',
    () => t('archives.presets.months', { count: 12 }),
    (today) => ({ from: addDays(addMonths(today, -12), 1), to: today }),
  ),
  preset(
    '2y',
    () => t('archives.presets.years', { count: 2 }),
    (today) => ({ from: addDays(addMonths(today, -24), 1), to: today }),
  ),
  preset(
    '5y',
    () => t('archives.presets.years', { count: 5 }),
    (today) => ({ from: addDays(addMonths(today, -60), 1), to: today }),
  ),
];

/** What is wrong with a range, by field, or nothing. */
export function rangeProblem({ from, to }: DateRange): { field: 'from' | 'to'; message: string } | undefined {
  if (!from && !to) return { field: 'from', message: rangeMessages.empty() };
  if (from && to && to < from) return { field: 'to', message: rangeMessages.reversed() };
  return undefined;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
