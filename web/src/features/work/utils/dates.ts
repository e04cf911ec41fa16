import { todayIso } from '@/lib/format';
import { addDaysIso } from '@/lib/iso-date';

/** Monday of the week of `iso` (the app's four languages start the week on Monday). */
export function mondayOf(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return addDaysIso(iso, -weekday);
}

/** This month, 'YYYY-MM'. */
export const thisMonth = (now: Date = new Date()) => todayIso(now).slice(0, 7);

/** First and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before or after 'YYYY-MM'. */
export function addMonths(month: string, months: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + months, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 'HH:MM' from minutes of a weekday's target (480 -> '8:00'), and back. */
export const hoursText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
export function parseHours(text: string): number | undefined {
  const match = /^\s*(\d{1,2})(?:[:h]\s*(\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2] ?? 0);
  return Number(match[2] ?? 0) < 60 && minutes <= 1440 ? minutes : undefined;
}

/** Signed hours of a balance change: '+1:30' or '1:30' -> 90, '-0:45' / '−0:45' -> -45, '2' -> 120; else undefined. */
export function parseSignedHours(text: string): number | undefined {
  const match = /^\s*([+\-−]?)\s*(\d{1,5})(?:[:h]\s*(\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[3] ?? 0);
  if (minutes >= 60) return undefined;
  const total = Number(match[2]) * 60 + minutes;
  return match[1] === '-' || match[1] === '−' ? -total : total;
}
