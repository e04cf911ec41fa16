import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { LeaveStatus, LeaveType } from '../api/types';
import { safeColor, statusLabel } from '../utils/status';
import { leaveTypeName } from '../utils/type-name';

const statusTones: Record<LeaveStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  declined: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  cancelled: 'bg-slate-200 text-slate-700 line-through decoration-slate-500/60 dark:bg-slate-800 dark:text-slate-300',
};

/** Where a leave request stands: Pending, Approved, Declined or Cancelled. */
export function LeaveStatusBadge({ status, className }: { status: LeaveStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', statusTones[status], className)}>
      <span className="visually-hidden">{t('leaves.status.prefix')} </span>
      {statusLabel(status)}
    </span>
  );
}

/** A colour dot in the type's colour. */
export function ColorDot({ color, className }: { color: string | undefined; className?: string }) {
  const safe = safeColor(color);
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20', !safe && 'bg-slate-400', className)}
      style={safe ? { backgroundColor: safe } : undefined}
    />
  );
}

/** The type of a leave: its name after a dot in its colour. */
export function LeaveTypeChip({ type, className }: { type: Pick<LeaveType, 'name' | 'color' | 'archived'>; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200',
        className,
      )}
    >
      <ColorDot color={type.color} />
      <span className="truncate">{leaveTypeName(type.name)}</span>
    </span>
  );
}
