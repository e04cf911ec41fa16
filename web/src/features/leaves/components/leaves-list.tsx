import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import type { Leave } from '../api/leaves';
import { formatDays } from '../utils/days';

export const NO_LEAVES = 'You have not recorded any leaves.';

function when(leave: Leave, today: string): { label: string; tone: string } {
  if (leave.toDate < today) return { label: 'Past', tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300' };
  if (leave.fromDate > today) return { label: 'Upcoming', tone: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100' };
  return { label: 'Today', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100' };
}

export interface LeavesListProps {
  leaves: readonly Leave[];
  today: string;
  onEdit?: (leave: Leave) => void;
  onDelete?: (leave: Leave) => void;
}

export function LeavesList({ leaves, today, onEdit, onDelete }: LeavesListProps) {
  if (leaves.length === 0) return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{NO_LEAVES}</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Your leaves">
      {leaves.map((leave) => {
        const range = leave.fromDate === leave.toDate ? formatDate(leave.fromDate) : `${formatDate(leave.fromDate)} – ${formatDate(leave.toDate)}`;
        const status = when(leave, today);
        return (
          <li key={leave._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                <span>{range}</span>
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{formatDays(leave.days)}</span>
                <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', status.tone)}>{status.label}</span>
              </p>
              <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600 dark:text-slate-400">{leave.reason}</p>
            </div>
            {(onEdit || onDelete) && (
              <span className="flex gap-1 self-end sm:self-center">
                {onEdit && (
                  <Button variant="ghost" size="compact" aria-label={`Edit leave ${range}`} onClick={() => onEdit(leave)}>
                    Edit
                  </Button>
                )}
                {onDelete && (
                  <Button
                    variant="ghost"
                    size="compact"
                    aria-label={`Delete leave ${range}`}
                    onClick={() => onDelete(leave)}
                    className="text-red-700 dark:text-red-400"
                  >
                    Delete
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
