import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { Schemas } from '@/lib/api-schema';

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
  today: (date: string) => ['/task/todayTasks', { todayScheduledDate: date }] as const,
  list: (filters: TaskFilters, page: number) => {
    const query: Record<string, string | number> = { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
    for (const [name, value] of Object.entries(filters)) if (value.trim()) query[name] = value.trim();
    return ['/task/list', query] as const;
  },
} as const;

const isTaskKey = (key: unknown) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && path.startsWith('/task/');
};

/** Revalidates today's tasks and every page of the list after a write. */
export function useRevalidateTasks(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isTaskKey), [mutate]);
}

export function useTodayTasks(date: string) {
  const { signedIn } = useSession();
  return useSWR<Task[]>(signedIn ? taskKeys.today(date) : null);
}

/** One page of the filtered list; the previous page stays on screen while the next one loads. */
export function useTaskList(filters: TaskFilters, page: number, enabled = true) {
  const { signedIn } = useSession();
  return useSWR<TaskPage>(signedIn && enabled ? taskKeys.list(filters, page) : null, { keepPreviousData: true });
}

export function useSaveTask() {
  const revalidate = useRevalidateTasks();
  return useSWRMutation<Task, Error, string, { id?: string; fields: TaskFields }>('/task/save', async (_key, { arg }) => {
    const saved = arg.id ? await api.put<Task>(`/task/edit/${arg.id}`, arg.fields) : await api.post<Task>('/task/add', arg.fields);
    await revalidate();
    return saved;
  });
}

export const deleteTask = (id: string) => api.del<Schemas['Deleted']>(`/task/delete/${id}`);
