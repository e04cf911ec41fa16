/** Break time arithmetic: times are stored 'HH:MM' (24 h) and shown in 12-hour form (spec §9). */
import { t } from '@/lib/i18n';

const MINUTES_PER_DAY = 24 * 60;

/** 'HH:MM' (24 h) -> minutes after midnight, or undefined when it is not a time. */
export function toMinutes(hhmm: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}

export const isTime = (hhmm: string) => toMinutes(hhmm) !== undefined;

/** Minutes from start to end; an end earlier than the start is on the next day. */
export function breakMinutes(startTime: string, endTime: string): number | undefined {
  const start = toMinutes(startTime);
  const end = toMinutes(endTime);
  if (start === undefined || end === undefined) return undefined;
  return (end - start + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** True when the end falls on the day after the start (an end earlier than the start). */
export function endsNextDay(startTime: string, endTime: string): boolean {
  const start = toMinutes(startTime);
  const end = toMinutes(endTime);
  return start !== undefined && end !== undefined && end < start;
}

/** 75 -> '1 h 15 min'; 45 -> '45 min' (in the person's language). */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('breaks.duration.minutes', { minutes });
  return minutes === 0 ? t('breaks.duration.hours', { hours }) : t('breaks.duration.hoursMinutes', { hours, minutes });
}

/** Elapsed time as a stopwatch reads it: '4:05' under an hour, '1:04:05' from an hour on. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
