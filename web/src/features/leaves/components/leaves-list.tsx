import { useTranslation } from 'react-i18next';
import { PendingActions, PendingBadge, PendingMessage } from '@/components/offline/pending-mark';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { t as translate } from '@/lib/i18n';
import type { Pending } from '@/lib/offline/pending';
import type { Leave } from '../api/leaves';
import type { LeaveType } from '../api/types';
import { leaveLength } from '../utils/days';
import { canCancelLeave, canEditLeave } from '../utils/status';
import { LeaveStatusBadge, LeaveTypeChip } from './leave-badges';

function when(leave: Leave, today: string): { label: string; tone: string } {
  if (leave.toDate < today) return { label: translate('leaves.list.past'), tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300' };
  if (leave.fromDate > today) return { label: translate('leaves.list.upcoming'), tone: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100' };
  return { label: translate('leaves.list.today'), tone: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100' };
}

export const leaveRange = (leave: Pick<Leave, 'fromDate' | 'toDate'>) =>
  leave.fromDate === leave.toDate ? formatDate(leave.fromDate) : `${formatDate(leave.fromDate)} – ${formatDate(leave.toDate)}`;

/** Who decided the request and when, e.g. 'Declined by Grace Hopper on 03/06/2025' (approved or declined leaves only). */
function decisionLine(leave: Leave): string | undefined {
  if (leave.status !== 'approved' && leave.status !== 'declined') return undefined;
  if (!leave.decidedByName && !leave.decidedAt) return undefined;
  const by = leave.decidedByName ? 'By' : '';
  const on = leave.decidedAt ? 'On' : '';
  return translate(`leaves.list.decision.${leave.status}${by}${on}`, {
    name: leave.decidedByName,
    date: leave.decidedAt ? formatDate(leave.decidedAt) : undefined,
  });
}

export interface LeavesListProps {
  /**
   * A leave with a change not synced yet shows it, marked, with Discard instead of the usual actions; a request or
   * edit waiting shows the dates entered without days or status, which the server works out when it syncs.
   */
  leaves: readonly Pending<Leave>[];
  today: string;
  /** The team's types by id, for each leave's name and colour. */
  types?: ReadonlyMap<string, LeaveType>;
  onEdit?: (leave: Leave) => void;
  onDelete?: (leave: Leave) => void;
  onCancel?: (leave: Leave) => void;
}

export function LeavesList({ leaves, today, types, onEdit, onDelete, onCancel }: LeavesListProps) {
  const { t } = useTranslation();
  if (leaves.length === 0) return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('leaves.list.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('leaves.page.title')}>
      {leaves.map((leave) => {
        const range = leaveRange(leave);
        const timing = when(leave, today);
        const type = types?.get(leave.typeId);
        const pending = leave.pending;
        // A queued request or edit: the server has not worked out its days and approval yet.
        const unsettled = pending !== undefined && pending.action !== 'delete';
        const decided = unsettled ? undefined : decisionLine(leave);
        const edit = !pending && onEdit && canEditLeave(leave);
        // One way to remove a leave in each state: a request or a leave an approver granted is cancelled (its days go
        // back); a leave nobody had to approve (the spec's own), a declined or a cancelled one is deleted.
        const selfApproved = leave.status === 'approved' && !leave.decidedBy;
        const cancel = !pending && onCancel && !selfApproved && canCancelLeave(leave, today);
        const remove = !cancel && onDelete;
        const cancelLabel = leave.status === 'pending' ? t('leaves.list.cancelRequest') : t('leaves.list.cancelLeave');
        const closed = leave.status === 'declined' || leave.status === 'cancelled';
        return (
          <li key={leave._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                <span className={cn(closed && 'text-slate-600 dark:text-slate-400')}>{range}</span>
                {!unsettled && <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{leaveLength(leave)}</span>}
                {type && <LeaveTypeChip type={type} />}
                {!unsettled && <LeaveStatusBadge status={leave.status} />}
                {!closed && <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', timing.tone)}>{timing.label}</span>}
              </p>
              <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600 dark:text-slate-400">{leave.reason}</p>
              {pending && (
                <>
                  <PendingBadge item={pending} className="mt-1" />
                  {unsettled && pending.status === 'waiting' && (
                    <p className="text-sm text-slate-600 dark:text-slate-400">{t('leaves.list.workedOutOnSync')}</p>
                  )}
                  <PendingMessage item={pending} />
                </>
              )}
              {(decided || leave.comment) && (
                <div className="mt-1.5 rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60">
                  {decided && <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{decided}</p>}
                  {leave.comment && (
                    <p className="break-words text-slate-800 dark:text-slate-200">
                      <span className="visually-hidden">{t('leaves.list.commentPrefix')} </span>
                      {t('leaves.list.comment', { comment: leave.comment })}
                    </p>
                  )}
                </div>
              )}
            </div>
            {pending && (onEdit || onDelete || onCancel) && (
              <span className="self-end sm:self-center">
                <PendingActions item={pending} name={t('leaves.list.pendingName', { range })} />
              </span>
            )}
            {!pending && (edit || cancel || remove) && (
              <span className="flex flex-wrap justify-end gap-1 self-end sm:self-center">
                {edit && (
                  <Button variant="ghost" size="compact" aria-label={t('leaves.list.editLabel', { range })} onClick={() => onEdit(leave)}>
                    {t('common.edit')}
                  </Button>
                )}
                {cancel && (
                  <Button
                    variant="ghost"
                    size="compact"
                    aria-label={leave.status === 'pending' ? t('leaves.list.cancelRequestLabel', { range }) : t('leaves.list.cancelLeaveLabel', { range })}
                    onClick={() => onCancel(leave)}
                  >
                    {cancelLabel}
                  </Button>
                )}
                {remove && (
                  <Button
                    variant="ghost"
                    size="compact"
                    aria-label={t('leaves.list.deleteLabel', { range })}
                    onClick={() => onDelete(leave)}
                    className="text-red-700 dark:text-red-400"
                  >
                    {t('common.delete')}
                  </Button>
                )}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
