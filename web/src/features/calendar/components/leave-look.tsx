import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { safeColor, textColorOn } from '@/lib/color';
import { cn } from '@/lib/cn';
import { t as translate } from '@/lib/i18n';
import type { CalendarLeave, CalendarMember, CalendarStatus } from '../api/calendar';
import { formatLeaveDates, halfDayText } from '../utils/month';
import { leaveTypeName } from '@/lib/type-names';

const STATUSES: readonly string[] = ['pending', 'approved', 'declined', 'cancelled'];

/** 'Pending', 'Approved', … as a badge says it. */
export const statusLabel = (status: CalendarStatus): string => (STATUSES.includes(status) ? translate(`calendar.status.${status}`) : status);

const FALLBACK = '#64748b';

/**
 * An approved leave is a solid bar in its type's colour; a pending one is striped and outlined with a dashed border in
 * that colour, so the two differ without relying on colour alone.
 */
export function barStyle(color: string, status: CalendarStatus): CSSProperties {
  const safe = safeColor(color) ?? FALLBACK;
  if (status === 'approved') return { backgroundColor: safe, color: textColorOn(safe) };
  return {
    backgroundImage: `repeating-linear-gradient(135deg, ${safe}66 0 5px, ${safe}14 5px 10px)`,
    border: `2px dashed ${safe}`,
  };
}

/** A small sample of a bar, for the legend and the day list. */
export function Swatch({ color, status, className }: { color: string; status: CalendarStatus; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block h-3.5 w-6 shrink-0 rounded', status !== 'approved' && 'text-slate-900 dark:text-slate-100', className)}
      style={barStyle(color, status)}
    />
  );
}

const statusTones: Record<CalendarStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  declined: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  cancelled: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

export function StatusBadge({ status }: { status: CalendarStatus }) {
  useTranslation();
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', statusTones[status])}>
      {statusLabel(status)}
    </span>
  );
}

/** 'Vacation, pending, 2 June to 4 June' (and the half day): what a bar says to a screen reader and in its tooltip. */
export function describeLeave(leave: CalendarLeave): string {
  const status = STATUSES.includes(leave.status) ? translate(`calendar.statusInline.${leave.status}`) : leave.status;
  const values = { type: leaveTypeName(leave.typeName), status, dates: formatLeaveDates(leave) };
  return leave.halfDay
    ? translate('calendar.leave.describeHalf', { ...values, half: halfDayText(leave.halfDay) })
    : translate('calendar.leave.describe', values);
}

/** The leave a bar was pressed for, with its member. */
export interface SelectedLeave {
  member: CalendarMember;
  leave: CalendarLeave;
}

/**
 * One leave as the page lists it (the details of a pressed bar, a day of the phone list): who, the type with its
 * swatch, the status, the dates with the half day, and the reason when the answer carries one.
 */
export function LeaveSummary({ member, leave, small = false }: { member: CalendarMember; leave: CalendarLeave; small?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold break-words">{member.name}</span>
        <span className="inline-flex items-center gap-1.5">
          <Swatch color={leave.color} status={leave.status} className="w-4" />
          {leaveTypeName(leave.typeName)}
        </span>
        <StatusBadge status={leave.status} />
      </p>
      <p className={cn(small ? 'text-xs text-slate-600 dark:text-slate-400' : 'text-slate-700 dark:text-slate-300')}>
        {leave.halfDay ? t('calendar.leave.datesHalf', { dates: formatLeaveDates(leave), half: halfDayText(leave.halfDay) }) : formatLeaveDates(leave)}
      </p>
      {leave.reason && (
        <p className={cn('break-words text-slate-700 dark:text-slate-300', small && 'text-xs')}>{t('calendar.leave.reason', { reason: leave.reason })}</p>
      )}
    </>
  );
}
