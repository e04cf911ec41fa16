import { Trans, useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { taskPriorityLabel, taskStatusLabel } from '../utils/task-labels';

const statusTones: Record<string, string> = {
  'To Do': 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  'In Progress': 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  'In Review': 'bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100',
  Completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  Invalid: 'bg-zinc-200 text-zinc-800 line-through dark:bg-zinc-800 dark:text-zinc-200',
  'On Hold': 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  Deferred: 'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-100',
  Blocked: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

const priorityTones: Record<string, string> = {
  Low: 'text-slate-700 dark:text-slate-300',
  Normal: 'text-slate-700 dark:text-slate-300',
  Important: 'text-sky-800 dark:text-sky-300',
  High: 'text-amber-800 dark:text-amber-300',
  Critical: 'text-orange-800 dark:text-orange-300',
  Urgent: 'text-red-700 dark:text-red-300',
  Blocker: 'text-red-800 dark:text-red-200 font-bold',
};

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

export function StatusBadge({ status }: { status: string }) {
  useTranslation();
  return <span className={cn(badge, statusTones[status] ?? statusTones['To Do'])}>{taskStatusLabel(status)}</span>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <span className={cn(badge, 'ring-1 ring-current/30', priorityTones[priority] ?? priorityTones.Normal)}>
      <Trans i18nKey="tasks.badges.priority" values={{ priority: taskPriorityLabel(priority) }} components={{ hidden: <span className="visually-hidden" /> }} />
    </span>
  );
}
