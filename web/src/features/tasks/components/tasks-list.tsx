import { useTranslation } from 'react-i18next';
import { PendingActions, PendingBadge, PendingMessage } from '@/components/offline/pending-mark';
import { Button } from '@/components/ui/button';
import type { Pending } from '@/lib/offline/pending';
import { formatDate } from '@/lib/format';
import type { Task } from '../api/tasks';
import { PriorityBadge, StatusBadge } from './task-badges';

export interface TasksListProps {
  label: string;
  /** A task with a change not synced yet shows it, marked, with Discard instead of the usual actions. */
  tasks: readonly Pending<Task>[];
  empty: string;
  /** Shows each task's scheduled date (the full list; today's list leaves it out). */
  showDate?: boolean;
  /** Without handlers the list is read-only (the Daily Agenda). */
  onView?: (task: Task) => void;
  onEdit?: (task: Task) => void;
  onDelete?: (task: Task) => void;
  /** A checkbox on each row marks the task done, or undone with a second tap. */
  onToggleDone?: (task: Task) => void;
}

/** One row per task; where the list is narrow (a phone, or beside the docked chat) the actions wrap under the text. */
export function TasksList({ label, tasks, empty, showDate, onView, onEdit, onDelete, onToggleDone }: TasksListProps) {
  const { t } = useTranslation();
  if (tasks.length === 0) return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  return (
    <ul className="@container divide-y divide-slate-200 dark:divide-slate-800" aria-label={label}>
      {tasks.map((task) => (
        <li key={task._id} className="flex flex-col gap-2 py-3 @lg:flex-row @lg:items-center @lg:gap-4">
          <div className="flex min-w-0 flex-1 items-start gap-2">
            {onToggleDone && (
              <label className="-my-2 -ml-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center" title={t('tasks.list.done')}>
                <input
                  type="checkbox"
                  className="size-5 cursor-pointer accent-emerald-600 disabled:cursor-not-allowed"
                  aria-label={t('tasks.list.doneLabel', { title: task.title })}
                  checked={task.status === 'Completed'}
                  disabled={Boolean(task.pending) || !task._id}
                  onChange={() => onToggleDone(task)}
                />
              </label>
            )}
            <div className="min-w-0 flex-1">
              <p className={`font-medium break-words ${task.status === 'Completed' ? 'text-slate-500 line-through dark:text-slate-400' : ''}`}>{task.title}</p>
              <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
                <StatusBadge status={task.status} />
                <PriorityBadge priority={task.priority} />
                {showDate && <span>{t('tasks.list.scheduled', { date: formatDate(task.scheduled) })}</span>}
              </p>
              {task.description && <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600 dark:text-slate-400">{task.description}</p>}
              {task.pending && (
                <>
                  <PendingBadge item={task.pending} className="mt-1" />
                  <PendingMessage item={task.pending} />
                </>
              )}
            </div>
          </div>
          {task.pending && (onView || onEdit || onDelete) && (
            <span className="self-end @lg:self-center">
              <PendingActions item={task.pending} name={task.title} />
            </span>
          )}
          {!task.pending && (onView || onEdit || onDelete) && (
            <span className="flex gap-1 self-end @lg:self-center">
              {onView && (
                <Button variant="ghost" size="compact" aria-label={t('tasks.list.detailsOf', { title: task.title })} onClick={() => onView(task)}>
                  {t('common.details')}
                </Button>
              )}
              {onEdit && (
                <Button variant="ghost" size="compact" aria-label={t('tasks.list.edit', { title: task.title })} onClick={() => onEdit(task)}>
                  {t('common.edit')}
                </Button>
              )}
              {onDelete && (
                <Button
                  variant="ghost"
                  size="compact"
                  aria-label={t('tasks.list.delete', { title: task.title })}
                  onClick={() => onDelete(task)}
                  className="text-red-700 dark:text-red-400"
                >
                  {t('common.delete')}
                </Button>
              )}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
