import { formatDate, formatTime, todayIso } from '../format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Local HH:MM of an instant. */
export const localHhmm = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** '9:41 AM' today, '02/06/2025 9:41 AM' another day. */
export function formatWhen(ms: number): string {
  const date = new Date(ms);
  const day = todayIso(date);
  return day === todayIso() ? formatTime(localHhmm(date)) : `${formatDate(day)} ${formatTime(localHhmm(date))}`;
}
