import { useTranslation } from 'react-i18next';
import { dateFormat, formatDate } from '@/lib/format';
import { formatWhen } from '@/lib/offline/format';
import { leaveTypeName } from '@/lib/type-names';
import type { DayCredit, WorkChange } from '../api/work';
import { differenceClass, formatDifference } from '@/lib/minutes';

/** A day's weekday and date: 'Mon 02/06/2025'. */
export function dayLabel(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${dateFormat({ weekday: 'short' }).format(new Date(Date.UTC(year, month - 1, day)))} ${formatDate(iso)}`;
}

/** 'June 2025' in the person's language. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return dateFormat({ month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** Monday to Sunday, short, in the person's language (2024-01-01 was a Monday). */
export const weekdayNames = () => Array.from({ length: 7 }, (_, index) => dateFormat({ weekday: 'short' }).format(new Date(Date.UTC(2024, 0, 1 + index))));

export function Difference({ minutes }: { minutes: number }) {
  return <span className={`font-medium tabular-nums ${differenceClass(minutes)}`}>{formatDifference(minutes)}</span>;
}

/** The badge of a day whose target a holiday or a leave credits. */
export function CreditBadge({ credit }: { credit: DayCredit }) {
  const { t } = useTranslation();
  const text = credit.holiday
    ? t('work.credit.holiday', { name: credit.holiday })
    : credit.leave
      ? credit.leave.half
        ? t('work.credit.halfLeave', { type: leaveTypeName(credit.leave.type) })
        : t('work.credit.leave', { type: leaveTypeName(credit.leave.type) })
      : undefined;
  if (!text) return null;
  return (
    <span className="inline-flex rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-900/50 dark:text-sky-100">{text}</span>
  );
}

const CHANGE_KEYS: Record<WorkChange['action'], string> = {
  created: 'work.changes.created',
  edited: 'work.changes.edited',
  deleted: 'work.changes.deletedBy',
  closed: 'work.changes.closed',
};

/** Who changed a period by hand, when, and what it was before. */
export function ChangeLine({ change }: { change: WorkChange }) {
  const { t } = useTranslation();
  const when = formatWhen(Date.parse(change.at));
  const previous = change.previous
    ? t('work.changes.previous', { date: formatDate(change.previous.date), start: change.previous.start, end: change.previous.end })
    : '';
  return (
    <li className="text-xs text-slate-600 dark:text-slate-300">
      {t(CHANGE_KEYS[change.action], { name: change.byName, when })}
      {previous && ` · ${previous}`}
      {change.note && ` · ${t('work.changes.note', { note: change.note })}`}
    </li>
  );
}

/** 'Worked 7 h 30 · target 8 h · −30 min'. */
export function Totals({ items }: { items: Array<{ label: string; value: React.ReactNode }> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      {items.map((item) => (
        <div key={item.label} className="min-w-0 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <dt className="text-xs font-semibold text-slate-600 dark:text-slate-300">{item.label}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
