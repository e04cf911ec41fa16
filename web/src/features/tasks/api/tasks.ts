import { useCallback, useRef } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE_SIZE } from '@/config/constants';
import { apiKey, apiWrite, keyUnder, type Query } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { t } from '@/lib/i18n';
import { sendOrQueue, type WriteOutcome } from '@/lib/offline/write';
import type { Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';

export type TaskStatus = Schemas['TaskStatus'];
export type TaskPriority = Schemas['TaskPriority'];

/** Spec §4: the first of each list is the default; each lists every value of the document, in the screen's order. */
export const TASK_STATUSES = [
  'To Do',
  'In Progress',
  'In Review',
  'Completed',
  'Invalid',
  'On Hold',
  'Deferred',
  'Blocked',
] as const satisfies readonly TaskStatus[];
export const TASK_PRIORITIES = ['Normal', 'Important', 'Critical', 'Low', 'High', 'Urgent', 'Blocker'] as const satisfies readonly TaskPriority[];
export const DEFAULT_STATUS: TaskStatus = 'To Do';
export const DEFAULT_PRIORITY: TaskPriority = 'Normal';

/** Fails to compile when the document gains a status or priority the lists above lack. */
type Unlisted<All, Listed extends readonly All[]> = Exclude<All, Listed[number]>;
true satisfies [Unlisted<TaskStatus, typeof TASK_STATUSES>, Unlisted<TaskPriority, typeof TASK_PRIORITIES>] extends [never, never] ? true : false;

export const isTaskStatus = (value: string): value is TaskStatus => (TASK_STATUSES as readonly string[]).includes(value);
export const isTaskPriority = (value: string): value is TaskPriority => (TASK_PRIORITIES as readonly string[]).includes(value);

export type Task = Schemas['Task'];

/** The body of the add and edit calls. */
export type TaskFields = Schemas['TaskCreate'];

/** Filters of the full list (`GET /task/list`); empty ones are left out of the query. */
export interface TaskFilters {
  status: string;
  priority: string;
  title: string;
  scheduledFrom: string;
  scheduledTo: string;
  createdDateFrom: string;
  createdDateTo: string;
}

export const emptyTaskFilters: TaskFilters = {
  status: '',
  priority: '',
  title: '',
  scheduledFrom: '',
  scheduledTo: '',
  createdDateFrom: '',
  createdDateTo: '',
};

export type TaskPage = Schemas['TaskList'];

export const taskKeys = {
  today: (date: string) => apiKey('/task/todayTasks', { query: { todayScheduledDate: date } }),
  list: (filters: TaskFilters, page: number) => {
    const query: Record<string, string | number> = { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
    for (const [name, value] of Object.entries(filters)) if (value.trim()) query[name] = value.trim();
    // The filters' names are the query's; status and priority come from selects of the document's values.
    return apiKey('/task/list', { query: query as Query<'/task/list', 'get'> });
  },
} as const;

const isTaskKey = (key: unknown) => keyUnder(key, '/task/');

/** Revalidates today's tasks and every page of the list after a write. */
export function useRevalidateTasks(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isTaskKey), [mutate]);
}

export function useTodayTasks(date: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && taskKeys.today(date));
}

/** One page of the filtered list; the previous page stays on screen while the next one loads. */
export function useTaskList(filters: TaskFilters, page: number, enabled = true) {
  const { signedIn } = useSession();
  return useApi(signedIn && enabled && taskKeys.list(filters, page), { keepPreviousData: true });
}

interface SaveArg {
  id?: string;
  fields: TaskFields;
  /** The task as shown when the edit began (a queued edit checks the server still has it). */
  base?: Task;
}

/** Adds a task, or edits one when `id` is given; without a connection the write is queued and sent later. */
export function useSaveTask() {
  const revalidate = useRevalidateTasks();
  return useSWRMutation<WriteOutcome<Task>, Error, string, SaveArg>('task:save', async (_key, { arg }) => {
    const outcome = await sendOrQueue(
      arg.id
        ? {
            kind: 'task',
            action: 'edit',
            request: apiWrite.put('/task/edit/{id}', { params: { id: arg.id }, body: arg.fields }),
            recordId: arg.id,
            base: arg.base,
            label: t('tasks.queue.edit', { title: arg.fields.title }),
          }
        : { kind: 'task', action: 'add', request: apiWrite.post('/task/add', { body: arg.fields }), label: t('tasks.queue.add', { title: arg.fields.title }) },
    );
    if (!outcome.queued) await revalidate();
    return outcome;
  });
}

/** Deletes a task (queued without a connection). */
export const deleteTask = (task: Task) =>
  sendOrQueue({
    kind: 'task',
    action: 'delete',
    request: apiWrite.del('/task/delete/{id}', { params: { id: task._id } }),
    recordId: task._id,
    label: t('tasks.queue.delete', { title: task.title }),
  });

/** The same task with another status, in whichever shape a task key holds (today's array or a list page). */
function withStatus(data: unknown, id: string, status: TaskStatus): unknown {
  const patch = (tasks: Task[]) => tasks.map((task) => (task._id === id ? { ...task, status } : task));
  if (Array.isArray(data)) return patch(data as Task[]);
  if (data && typeof data === 'object' && Array.isArray((data as TaskPage).tasks)) return { ...(data as TaskPage), tasks: patch((data as TaskPage).tasks) };
  return data;
}

/**
 * Marks a task done with one tap, or, tapped again, back to the status it had before (To Do when this page did
 * not see it). Every list shows the new status at once; the edit route then saves it (queued without a
 * connection), and a refused save puts the lists back as the server has them.
 */
export function useToggleTaskDone(): (task: Task) => Promise<void> {
  const { mutate } = useSWRConfig();
  const before = useRef(new Map<string, TaskStatus>());
  return useCallback(
    async (task: Task) => {
      const done = task.status === 'Completed';
      const status: TaskStatus = done ? (before.current.get(task._id) ?? DEFAULT_STATUS) : 'Completed';
      if (!done) before.current.set(task._id, task.status);
      await mutate(isTaskKey, (data: unknown) => withStatus(data, task._id, status), { revalidate: false });
      const fields: TaskFields = { title: task.title, description: task.description, scheduled: task.scheduled, priority: task.priority, status };
      try {
        const outcome = await sendOrQueue({
          kind: 'task',
          action: 'edit',
          request: apiWrite.put('/task/edit/{id}', { params: { id: task._id }, body: fields }),
          recordId: task._id,
          base: task,
          label: t('tasks.queue.edit', { title: task.title }),
        });
        if (!outcome.queued) await mutate(isTaskKey);
      } catch {
        await mutate(isTaskKey);
      }
    },
    [mutate],
  );
}
