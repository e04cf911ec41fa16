import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirmDelete } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { PAGE_SIZE } from '@/config/constants';
import { Spinner } from '@/components/ui/spinner';
import { readPrefilledRouteState, type TaskPrefill } from '@/lib/assistant-actions';
import { formatDate, todayIso } from '@/lib/format';
import { withPending } from '@/lib/offline/pending';
import type { QueuedWrite } from '@/lib/offline/queue';
import { useQueuedWrites } from '@/lib/offline/write';
import {
  DEFAULT_PRIORITY,
  DEFAULT_STATUS,
  deleteTask,
  emptyTaskFilters,
  useRevalidateTasks,
  useToggleTaskDone,
  useTaskList,
  useTodayTasks,
  type Task,
  type TaskFields,
  type TaskFilters as Filters,
} from '../api/tasks';
import { TaskDetailsDialog } from './task-details-dialog';
import { TaskFilters } from './task-filters';
import { TasksList } from './tasks-list';

// The form library loads with the first add or edit.
const TaskFormDialog = lazy(() => import('./task-form-dialog').then((module) => ({ default: module.TaskFormDialog })));

type Dialog = { kind: 'add'; prefill?: Partial<TaskPrefill> } | { kind: 'edit'; task: Task } | { kind: 'details'; task: Task };

function DialogSpinner() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60">
      <Spinner label={t('tasks.page.opening')} className="text-white" />
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-6">
      <Spinner label={label} />
    </div>
  );
}

function LoadError({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-sm text-red-700 dark:text-red-400">
      {message}
      <Button variant="secondary" size="sm" onClick={retry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Opens the add form with the assistant's proposal when the chat navigated here with one. */
function useAssistantPrefill(open: (dialog: Dialog) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const action = readPrefilledRouteState(location.state);
    if (action?.action !== 'createTask') return;
    const { action: _name, ...prefill } = action;
    open({ kind: 'add', prefill });
    void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate, open]);
}

/** A task added offline, as the lists show it until it is sent. */
function queuedTask(item: QueuedWrite): Task {
  const fields = item.body as TaskFields;
  return {
    ...fields,
    status: fields.status ?? DEFAULT_STATUS,
    priority: fields.priority ?? DEFAULT_PRIORITY,
    _id: '',
    createdDate: todayIso(new Date(item.queuedAt)),
    createdAt: item.queuedAt,
    updatedAt: item.queuedAt,
    userId: item.userId,
  };
}

/** Tasks: today's tasks, then every task with filters and pages of 20. */
export function TasksPage() {
  const { t } = useTranslation();
  const today = todayIso();
  const todayTasks = useTodayTasks(today);
  const [filters, setFilters] = useState<Filters>(emptyTaskFilters);
  const [page, setPage] = useState(1);
  const list = useTaskList(filters, page);
  const revalidate = useRevalidateTasks();
  const confirmDelete = useConfirmDelete();
  const toggleDone = useToggleTaskDone();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useAssistantPrefill(setDialog);
  const close = () => setDialog(null);

  const applyFilters = useCallback((next: Filters) => {
    setFilters((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    setPage(1);
  }, []);

  const queued = useQueuedWrites('task');
  const todayShown = withPending(todayTasks.data ?? [], queued, (item) => (item.body?.['scheduled'] === today ? queuedTask(item) : undefined));
  // Adds not synced yet head the first page of the unfiltered list.
  const unfiltered = page === 1 && JSON.stringify(filters) === JSON.stringify(emptyTaskFilters);
  const listShown = withPending(list.data?.tasks ?? [], queued, unfiltered ? queuedTask : undefined);

  const remove = async (task: Task) => {
    if (await confirmDelete(() => deleteTask(task))) await revalidate();
  };

  const handlers = {
    onView: (task: Task) => setDialog({ kind: 'details', task }),
    onEdit: (task: Task) => setDialog({ kind: 'edit', task }),
    onDelete: remove,
    onToggleDone: (task: Task) => void toggleDone(task),
  };

  const total = list.data?.totalCount ?? 0;
  // A delete can leave the last page empty: step back to the new last page.
  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (list.data && page > pages) setPage(pages);
  }, [list.data, total, page]);

  return (
    <div className="mx-auto max-w-5xl space-y-4 pb-20">
      <Card>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{t('tasks.page.today')}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">{formatDate(today)}</p>
          </div>
          <Button onClick={() => setDialog({ kind: 'add' })}>{t('tasks.addTask')}</Button>
        </div>
        {todayTasks.isLoading && todayShown.length === 0 ? (
          <Loading label={t('tasks.page.loadingToday')} />
        ) : todayTasks.error ? (
          <LoadError message={t('tasks.page.todayLoadError')} retry={() => void todayTasks.mutate()} />
        ) : (
          <TasksList label={t('tasks.page.today')} tasks={todayShown} empty={t('tasks.page.emptyToday')} {...handlers} />
        )}
      </Card>

      <Card>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('tasks.page.all')}</h2>
          {list.data && <p className="text-sm text-slate-600 dark:text-slate-400">{t('tasks.page.count', { count: total })}</p>}
        </div>
        <TaskFilters onChange={applyFilters} />
        <div className="mt-2" aria-busy={list.isValidating}>
          {list.isLoading && listShown.length === 0 ? (
            <Loading label={t('tasks.page.loading')} />
          ) : list.error ? (
            <LoadError message={t('tasks.page.listLoadError')} retry={() => void list.mutate()} />
          ) : (
            <TasksList label={t('tasks.page.all')} tasks={listShown} empty={t('tasks.page.emptyList')} showDate {...handlers} />
          )}
        </div>
        <Pagination total={total} page={page} onPageChange={setPage} />
      </Card>

      {dialog?.kind === 'details' && <TaskDetailsDialog task={dialog.task} onClose={close} onEdit={() => setDialog({ kind: 'edit', task: dialog.task })} />}
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <Suspense fallback={<DialogSpinner />}>
          <TaskFormDialog
            key={dialog.kind === 'edit' ? dialog.task._id : 'add'}
            editing={dialog.kind === 'edit' ? dialog.task : undefined}
            prefill={dialog.kind === 'add' ? dialog.prefill : undefined}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
