import { useEffect, useState } from 'react';
import { formatDate, formatTime } from '@/lib/format';
import { t } from '@/lib/i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 instant as the browser's local 12-hour time ('2:05 PM'), with the date when it is not today. */
export function localClock(instant: string, now: Date = new Date()): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const time = formatTime(`${date.getHours()}:${pad(date.getMinutes())}`);
  const sameDay = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return sameDay ? time : `${formatDate(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`)} ${time}`;
}

/** '5 min', '1 h 20 min' from an RFC 3339 instant to now (at least a minute). */
export function elapsed(instant: string, now: number = Date.now()): string {
  const start = new Date(instant).getTime();
  if (Number.isNaN(start)) return '';
  const minutes = Math.max(1, Math.floor((now - start) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('team.duration.minutes', { minutes });
  return rest === 0 ? t('team.duration.hours', { hours }) : t('team.duration.hoursMinutes', { hours, minutes: rest });
}

/** The current time, ticking every `intervalMs`, for running durations. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
